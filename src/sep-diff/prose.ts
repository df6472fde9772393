/**
 * Proposed wording against a page: the proposal block parsed as the page is, the page's section
 * it is about found (by heading, by a named section, else by the stretch that aligns best), and
 * the two compared unit by unit.
 */
import type { RootContent, Heading as MdastHeading } from 'mdast';
import { toString } from '../vendor/markdown.js';
import type { CodeBlock, MarkdownPage } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { TextFile } from '../core/text-file.js';
import type { Finding } from '../core/finding.js';
import { headingSlug } from '../model/anchors.js';
import { readMarkdownPage } from '../sources/markdown.js';
import { matchScore, MATCH_RATIO } from './align.js';
import { compareStretch, finding, type StretchOptions } from './compare.js';
import type { ProseProposal } from './proposals.js';
import { unitsOf, type Region, type Unit } from './units.js';

/** What one proposal was compared with, and how much of it matched. */
export interface ComparedTarget {
  /** The page path, or `schema.ts Declaration.member`. */
  target: string;
  /** The section compared, when one was found. */
  section?: string;
  /** Where the proposal starts in the SEP. */
  proposal: Location;
  /** Units of the proposal, and how many of them found a counterpart. */
  units: number;
  matched: number;
}

interface Parsed {
  nodes: RootContent[];
  region: Region;
}

/** Parses a proposal block as MDX (placeholders such as `<name>` kept as text), else as Markdown. */
export function parseBlock(sep: MarkdownPage, block: CodeBlock): Parsed | undefined {
  let value = block.value;
  // A diff proposes its added and context lines: the removed lines and hunk headers go, and the
  // one-character prefix is cut (columns move by one, lines through `lineOf`).
  let lineOf = (line: number) => line - 1;
  let shift = 0;
  if (block.lang?.toLowerCase() === 'diff') {
    const kept: { text: string; index: number }[] = [];
    value.split('\n').forEach((text, index) => {
      if (!/^(-|@@|\\)/.test(text)) kept.push({ text: text.slice(1), index });
    });
    value = kept.map((k) => k.text).join('\n');
    lineOf = (line) => kept[line - 1]?.index ?? 0;
    shift = 1;
  }
  const region = (file: TextFile): Region => ({
    source: file,
    map: (line, column) => block.locate(lineOf(line), column - 1 + shift),
  });
  const attempts: [string, 'mdx' | 'md'][] = [
    [value, 'mdx'],
    // `<name>` with no closing tag is a placeholder, not JSX: the same-length brackets keep every column.
    [
      value.replace(/<([A-Za-z][\w-]*)>/g, (m, name: string) => (value.includes(`</${name}>`) ? m : `⟨${name}⟩`)),
      'mdx',
    ],
    [value, 'md'],
  ];
  for (const [text, syntax] of attempts) {
    const page = readMarkdownPage(new TextFile(sep.path, text), syntax);
    // An MDX attempt that only read as plain Markdown is a failed attempt: the next one is tried.
    if (page.tree && !page.parseError) return { nodes: page.tree.children, region: region(page.file) };
  }
  return undefined;
}

const normalHeading = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const isHeading = (n: RootContent): n is MdastHeading => n.type === 'heading';
const SKIP = new Set(['html', 'yaml', 'mdxjsEsm', 'mdxFlowExpression', 'thematicBreak']);

/** The nodes of a section: the heading at `i` and what follows up to a heading as high or higher. */
function sectionAt(children: RootContent[], i: number): RootContent[] {
  const depth = (children[i] as MdastHeading).depth;
  let end = i + 1;
  while (end < children.length && !(isHeading(children[end]) && (children[end] as MdastHeading).depth <= depth)) end++;
  return children.slice(i, end);
}

export function compareProse(
  sep: MarkdownPage,
  p: ProseProposal,
  /** The SEP states requirement levels with RFC 2119 keywords (see `StretchOptions.keywords`). */
  keywords = true,
): { findings: Finding[]; compared?: ComparedTarget } {
  const proposalAt = p.block.location;
  if (!p.page) {
    return {
      findings: [
        finding(
          'target',
          `The SEP proposes wording for ${p.named}, but the spec has no such page${p.lookedFor ? ` (${p.lookedFor})` : ''}`,
          p.namedAt,
          [{ ...proposalAt, message: 'the proposed wording' }],
        ),
      ],
    };
  }
  const page = p.page;
  // A page read as plain Markdown after an MDX error is not what the site shows: not compared.
  if (!page.tree || page.parseError) {
    const where = page.parseError?.location ?? { file: page.path, line: 1, column: 1 };
    const why = page.parseError?.message ?? 'it could not be parsed';
    return {
      findings: [
        finding(
          'target',
          `The page the SEP proposes wording for does not parse, so it was not compared: ${why}`,
          where,
          [{ ...proposalAt, message: 'the proposed wording' }],
        ),
      ],
    };
  }
  const parsed = parseBlock(sep, p.block);
  if (!parsed) return { findings: [] };
  const pageRegion: Region = { source: page.file, map: (line, column) => ({ file: page.path, line, column }) };
  const children = page.tree.children;
  const content = parsed.nodes.filter((n) => !SKIP.has(n.type));
  const sepHeading = content[0] && isHeading(content[0]) ? content[0] : undefined;
  const pageStart: Location = { file: page.path, line: 1, column: 1 };

  const located = namedSection(children, content, sepHeading, parsed.region, pageRegion, p.section);
  let { docNodes, section } = located;
  const { sepNodes, headingAt } = located;
  let mode = located.mode;
  const sepUnits = unitsOf(sepNodes, parsed.region);
  if (!sepUnits.length) return { findings: [] };
  let anchor = pageStart;
  let docUnits: Unit[] | undefined;
  if (docNodes) {
    if (headingAt?.position)
      anchor = { file: page.path, line: headingAt.position.start.line, column: headingAt.position.start.column };
  } else {
    // Best alignment: the stretch of the page (a heading and what follows it up to the next heading) most like the proposal.
    const best = bestStretch(children, sepUnits, pageRegion);
    if (!best) {
      return {
        findings: [
          finding('target', `None of the wording the SEP proposes for this page is in it`, pageStart, [
            { ...proposalAt, message: 'the proposed wording' },
          ]),
        ],
        compared: { target: page.path, proposal: proposalAt, units: sepUnits.length, matched: 0 },
      };
    }
    docNodes = best.nodes;
    docUnits = best.units;
    section = best.heading;
    anchor = best.anchor;
    mode = 'fragment';
  }
  docUnits ??= unitsOf(docNodes, pageRegion);
  const r = compareStretch(sepUnits, docUnits, { mode, anchor, docName: 'page', keywords, proposal: true });
  return {
    findings: r.findings,
    compared: { target: page.path, section, proposal: proposalAt, units: sepUnits.length, matched: r.matched },
  };
}

/** The page's section a proposal names: by its first heading, else by the section named beside the path; none found: `docNodes` absent. */
function namedSection(
  children: RootContent[],
  content: RootContent[],
  sepHeading: MdastHeading | undefined,
  sepRegion: Region,
  pageRegion: Region,
  hint: string | undefined,
): {
  docNodes?: RootContent[];
  sepNodes: RootContent[];
  mode: StretchOptions['mode'];
  section?: string;
  headingAt?: RootContent;
} {
  if (sepHeading) {
    const wanted = normalHeading(toString(sepHeading));
    const same = children.flatMap((n, i) => (isHeading(n) && normalHeading(toString(n)) === wanted ? [i] : []));
    // A heading used more than once (such as "Example"): the section whose wording aligns best.
    const bodyUnits = same.length > 1 ? unitsOf(content.slice(1), sepRegion) : [];
    const i =
      same.length > 1
        ? maxBy(same, (k) => stretchScore(unitsOf(sectionAt(children, k).slice(1), pageRegion), bodyUnits))
        : same[0];
    if (i !== undefined)
      return {
        docNodes: sectionAt(children, i).slice(1),
        sepNodes: content.slice(1),
        mode: 'section',
        section: toString(children[i]),
        headingAt: children[i],
      };
    return { sepNodes: content, mode: 'section' };
  }
  if (hint) {
    const i = children.findIndex(
      (n) =>
        isHeading(n) &&
        (normalHeading(toString(n)) === normalHeading(hint) || headingSlug(toString(n)) === hint.toLowerCase()),
    );
    if (i >= 0)
      return {
        docNodes: sectionAt(children, i).slice(1),
        sepNodes: content,
        mode: 'fragment',
        section: toString(children[i]),
        headingAt: children[i],
      };
  }
  return { sepNodes: content, mode: 'section' };
}

/** How much of the proposal a stretch holds: the sum, over proposal units, of their best match there. */
function stretchScore(docUnits: Unit[], sepUnits: Unit[]): number {
  let score = 0;
  for (const s of sepUnits) {
    let top = 0;
    for (const d of docUnits) if (d.kind === s.kind) top = Math.max(top, matchScore(s, d));
    if (top >= MATCH_RATIO) score += top;
  }
  return score;
}

function maxBy<T>(items: T[], score: (item: T) => number): T {
  let best = items[0];
  let top = -Infinity;
  for (const item of items) {
    const v = score(item);
    if (v > top) [best, top] = [item, v];
  }
  return best;
}

function bestStretch(
  children: RootContent[],
  sepUnits: Unit[],
  region: Region,
): { nodes: RootContent[]; units: Unit[]; heading?: string; anchor: Location } | undefined {
  const starts = [0, ...children.flatMap((n, i) => (isHeading(n) && i > 0 ? [i] : []))];
  let best: { nodes: RootContent[]; units: Unit[]; heading?: string; anchor: Location; score: number } | undefined;
  starts.forEach((start, k) => {
    const nodes = children.slice(start, starts[k + 1] ?? children.length);
    const units = unitsOf(nodes, region);
    const score = stretchScore(units, sepUnits);
    if (score > 0 && (!best || score > best.score)) {
      const first = nodes[0];
      best = {
        nodes,
        units,
        score,
        heading: first && isHeading(first) ? toString(first) : undefined,
        anchor: {
          file: region.source.path,
          line: first?.position?.start.line ?? 1,
          column: first?.position?.start.column ?? 1,
        },
      };
    }
  });
  return best;
}

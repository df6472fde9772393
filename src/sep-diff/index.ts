/**
 * sep-diff: compares what a SEP proposes with what the spec says. Pure over the loaded model:
 * the SEP page, the target pages and schema.ts come from `loadSpec` (or, for a SEP outside the
 * root, from the command's own read of that one file).
 */
import type { RootContent, Heading as MdastHeading } from 'mdast';
import { toString } from '../vendor/markdown.js';
import type { JsDoc, JsDocLine, MarkdownPage } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { TextFile } from '../core/text-file.js';
import { headingSlug } from '../model/anchors.js';
import { readMarkdownPage } from '../sources/markdown.js';
import { runRules, sortFindings, type RunOptions } from '../engine/run.js';
import { extractClaims } from '../consistency/engine.js';
import { projectVocabulary } from '../consistency/vocabulary.js';
import { derivation, type Project } from '../project/project.js';
import { codesIn, conditionsIn } from '../consistency/text.js';
import { allRules } from '../rules/index.js';
import { withSeverities } from '../rules/registry.js';
import type { Finding } from '../core/finding.js';
import type { Rule } from '../core/rule.js';
import { matchScore, MATCH_RATIO } from './align.js';
import { compareStretch, finding, quote, type StretchOptions } from './compare.js';
import { findProposals, targetVersion, type JsDocProposal, type ProseProposal } from './proposals.js';
import { checkMessages, exampleMessages, exampleTemplates, findTemplates } from './templates.js';
import { unitsOf, type Region, type Unit } from './units.js';

export interface SepDiffOptions {
  /** Rules whose findings join the report: `prose/*` ones located in the SEP, `consistency/*` ones on the files it changes. Default: all registered rules. */
  rules?: Rule[];
  /** Findings of those rules already computed on this spec (to compare many SEPs with one run). */
  ruleFindings?: Finding[];
  /** Options for running those rules: the config's severities, which apply to sep-diff's own kinds too (the vocabulary is the project's). */
  runOptions?: RunOptions;
}

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

export interface SepDiffResult {
  sep: string;
  /** The SEP's status line (Draft, Accepted, Final, ...), when it has one. */
  status?: string;
  compared: ComparedTarget[];
  /** JSDoc proposals for declarations or members that the target schema.ts does not have. */
  unknownDeclarations: string[];
  templates: number;
  messagesChecked: number;
  changedFiles: string[];
  findings: Finding[];
}

/** Rule ids whose findings sep-diff reports, by prefix. */
const PROSE = 'prose/';
const CONSISTENCY = 'consistency/';

export function sepDiff(project: Project, sep: MarkdownPage, options: SepDiffOptions = {}): SepDiffResult {
  const { spec } = project;
  const { prose, jsdoc, changedFiles } = findProposals(spec, sep);
  const findings: Finding[] = [];
  const compared: ComparedTarget[] = [];
  const unknownDeclarations: string[] = [];

  for (const p of prose) {
    const r = compareProse(sep, p);
    findings.push(...r.findings);
    if (r.compared) compared.push(r.compared);
  }

  const version = targetVersion(spec, changedFiles);
  for (const p of jsdoc) {
    const decl = version?.schemaTs?.byName.get(p.declaration);
    const target = p.member ? decl?.members.find((m) => m.name === p.member) : decl;
    const name = p.member ? `${p.declaration}.${p.member}` : p.declaration;
    if (!target || !version?.schemaTs) {
      unknownDeclarations.push(name);
      continue;
    }
    if (!changedFiles.includes(version.schemaTs.file.path)) changedFiles.push(version.schemaTs.file.path);
    const r = compareJsDoc(p, target.jsdoc, target.location);
    findings.push(...r.findings);
    compared.push({ target: `${version.schemaTs.file.path} ${name}`, proposal: p.jsdoc.location, units: r.units, matched: r.matched });
  }

  // Message templates (stated, or read from the SEP's example messages) against the example
  // messages of the target pages and, for stated templates, of the SEP itself.
  const stated = findTemplates(sep);
  const own = exampleMessages(sep.codeBlocks);
  const templates = [...stated, ...exampleTemplates(own, stated)];
  let messagesChecked = 0;
  if (templates.length) {
    const allPages = spec.versions.flatMap((v) => v.pages);
    const pages = changedFiles.map((f) => allPages.find((pg) => pg.path === f)).filter((pg): pg is MarkdownPage => !!pg);
    for (const page of pages) {
      const messages = exampleMessages(page.codeBlocks);
      messagesChecked += messages.length;
      findings.push(...checkMessages(templates, messages, 'docs'));
    }
    if (stated.length) {
      messagesChecked += own.length;
      findings.push(...checkMessages(stated, own, 'sep'));
    }
  }

  findings.push(...fromRules(project, sep, changedFiles, options));
  const status = /^\s*[-*]\s*\*\*Status\*\*:?\s*(.+?)\s*$/m.exec(sep.file.text)?.[1].replace(/\*\*/g, '');
  return { sep: sep.path, status, compared, unknownDeclarations, templates: templates.length, messagesChecked, changedFiles, findings: sortFindings(withSeverities(findings, options.runOptions?.severities)) };
}

// ---------------------------------------------------------------------------
// Findings of other rules

/** The findings of a set of rules on the project, run once per set (many SEPs compared with one project). */
const ruleRuns = derivation('sep-diff rule runs', (_rules: Rule[]) => new Map<RunOptions | undefined, Finding[]>());

function fromRules(project: Project, sep: MarkdownPage, changedFiles: string[], options: SepDiffOptions): Finding[] {
  let all = options.ruleFindings;
  if (!all) {
    const rules = options.rules ?? allRules;
    const byOptions = project.derive(ruleRuns, rules);
    all = byOptions.get(options.runOptions);
    if (!all) {
      const reporting = rules.filter((r) => r.meta.id.startsWith(PROSE) || r.meta.id.startsWith(CONSISTENCY));
      all = runRules(project, reporting, { ...options.runOptions, knownRules: allRules.map((r) => r.meta.id) }).findings;
      byOptions.set(options.runOptions, all);
    }
  }
  const changed = new Set(changedFiles);
  const mentioned = sepMentions(project, sep);
  return all.filter((f) => {
    if (f.rule.startsWith(PROSE)) return f.file === sep.path;
    if (f.rule.startsWith(CONSISTENCY)) return (changed.has(f.file) || f.related.some((r) => changed.has(r.file))) && mentioned(f);
    return false;
  });
}

/**
 * Whether a consistency finding is about something the SEP speaks of: the failure condition of
 * the claim it sits on, or, for a code finding without a claim, the code. A SEP about icons does
 * not inherit the error-reporting drift of the schema.ts it also edits.
 */
function sepMentions(project: Project, sep: MarkdownPage): (f: Finding) => boolean {
  const claims = extractClaims(project).claims;
  const conditions = new Set(conditionsIn(sep.file.text, projectVocabulary(project)).map((c) => c.id));
  const codes = new Set(codesIn(sep.file.text));
  return (f) => {
    const claim = claims.find((c) => c.location.file === f.file && c.location.line === f.line && c.location.column === f.column);
    if (claim) return conditions.has(claim.condition.id);
    return codesIn(f.message).some((code) => codes.has(code));
  };
}

// ---------------------------------------------------------------------------
// Prose

interface Parsed {
  nodes: RootContent[];
  region: Region;
}

/** Parses a proposal block as MDX (placeholders such as `<name>` kept as text), else as Markdown. */
function parseBlock(sep: MarkdownPage, p: ProseProposal): Parsed | undefined {
  let value = p.block.value;
  // A diff proposes its added and context lines: the removed lines and hunk headers go, and the
  // one-character prefix is cut (columns move by one, lines through `lineOf`).
  let lineOf = (line: number) => line - 1;
  let shift = 0;
  if (p.block.lang?.toLowerCase() === 'diff') {
    const kept: { text: string; index: number }[] = [];
    value.split('\n').forEach((text, index) => {
      if (!/^(-|@@|\\)/.test(text)) kept.push({ text: text.slice(1), index });
    });
    value = kept.map((k) => k.text).join('\n');
    lineOf = (line) => kept[line - 1]?.index ?? 0;
    shift = 1;
  }
  const region = (file: TextFile): Region => ({ source: file, map: (line, column) => p.block.locate(lineOf(line), column - 1 + shift) });
  const attempts: [string, 'mdx' | 'md'][] = [
    [value, 'mdx'],
    // `<name>` with no closing tag is a placeholder, not JSX: the same-length brackets keep every column.
    [value.replace(/<([A-Za-z][\w-]*)>/g, (m, name: string) => (value.includes(`</${name}>`) ? m : `⟨${name}⟩`)), 'mdx'],
    [value, 'md'],
  ];
  for (const [text, syntax] of attempts) {
    const page = readMarkdownPage(new TextFile(sep.path, text), syntax);
    if (page.tree) return { nodes: page.tree.children, region: region(page.file) };
  }
  return undefined;
}

const normalHeading = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const isHeading = (n: RootContent): n is MdastHeading => n.type === 'heading';
const SKIP = new Set(['html', 'yaml', 'mdxjsEsm', 'mdxFlowExpression', 'thematicBreak']);

/** The nodes of a section: the heading at `i` and what follows up to a heading as high or higher. */
function sectionAt(children: RootContent[], i: number): RootContent[] {
  const depth = (children[i] as MdastHeading).depth;
  let end = i + 1;
  while (end < children.length && !(isHeading(children[end]) && (children[end] as MdastHeading).depth <= depth)) end++;
  return children.slice(i, end);
}

function compareProse(sep: MarkdownPage, p: ProseProposal): { findings: Finding[]; compared?: ComparedTarget } {
  const proposalAt = p.block.location;
  if (!p.page) {
    return {
      findings: [finding('target', `The SEP proposes wording for ${p.named}, but the spec has no such page${p.lookedFor ? ` (${p.lookedFor})` : ''}`, p.namedAt, [{ ...proposalAt, message: 'the proposed wording' }])],
    };
  }
  const page = p.page;
  if (!page.tree) {
    const where = page.parseError?.location ?? { file: page.path, line: 1, column: 1 };
    const why = page.parseError?.message ?? 'it could not be parsed';
    return { findings: [finding('target', `The page the SEP proposes wording for does not parse, so it was not compared: ${why}`, where, [{ ...proposalAt, message: 'the proposed wording' }])] };
  }
  const parsed = parseBlock(sep, p);
  if (!parsed) return { findings: [] };
  const pageRegion: Region = { source: page.file, map: (line, column) => ({ file: page.path, line, column }) };
  const children = page.tree.children;
  const content = parsed.nodes.filter((n) => !SKIP.has(n.type));
  const sepHeading = content[0] && isHeading(content[0]) ? content[0] : undefined;
  const pageStart: Location = { file: page.path, line: 1, column: 1 };

  let docNodes: RootContent[] | undefined;
  let sepNodes = content;
  let mode: StretchOptions['mode'] = 'section';
  let section: string | undefined;
  let headingAt: RootContent | undefined;
  if (sepHeading) {
    const wanted = normalHeading(toString(sepHeading));
    const same = children.flatMap((n, i) => (isHeading(n) && normalHeading(toString(n)) === wanted ? [i] : []));
    // A heading used more than once (such as "Example"): the section whose wording aligns best.
    const bodyUnits = same.length > 1 ? unitsOf(content.slice(1), parsed.region) : [];
    const i = same.length > 1 ? maxBy(same, (k) => stretchScore(unitsOf(sectionAt(children, k).slice(1), pageRegion), bodyUnits)) : same[0];
    if (i !== undefined) {
      docNodes = sectionAt(children, i).slice(1);
      sepNodes = content.slice(1);
      section = toString(children[i]);
      headingAt = children[i];
    }
  }
  if (!docNodes && p.section && !sepHeading) {
    const hint = p.section;
    const i = children.findIndex((n) => isHeading(n) && (normalHeading(toString(n)) === normalHeading(hint) || headingSlug(toString(n)) === hint.toLowerCase()));
    if (i >= 0) {
      docNodes = sectionAt(children, i).slice(1);
      section = toString(children[i]);
      headingAt = children[i];
      mode = 'fragment';
    }
  }
  const sepUnits = unitsOf(sepNodes, parsed.region);
  if (!sepUnits.length) return { findings: [] };
  let anchor = pageStart;
  let docUnits: Unit[] | undefined;
  if (docNodes) {
    if (headingAt?.position) anchor = { file: page.path, line: headingAt.position.start.line, column: headingAt.position.start.column };
  } else {
    // Best alignment: the stretch of the page (a heading and what follows it up to the next heading) most like the proposal.
    const best = bestStretch(children, sepUnits, pageRegion);
    if (!best) {
      return {
        findings: [
          finding('target', `None of the wording the SEP proposes for this page is in it`, pageStart, [{ ...proposalAt, message: 'the proposed wording' }]),
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
  const r = compareStretch(sepUnits, docUnits, { mode, anchor, docName: 'page' });
  return { findings: r.findings, compared: { target: page.path, section, proposal: proposalAt, units: sepUnits.length, matched: r.matched } };
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

function bestStretch(children: RootContent[], sepUnits: Unit[], region: Region): { nodes: RootContent[]; units: Unit[]; heading?: string; anchor: Location } | undefined {
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
        anchor: { file: region.source.path, line: first?.position?.start.line ?? 1, column: first?.position?.start.column ?? 1 },
      };
    }
  });
  return best;
}

// ---------------------------------------------------------------------------
// JSDoc

/** Block tags whose text is prose that a SEP may propose; others (`@example`, `@category`, ...) are not wording. */
const PROSE_TAGS = new Set(['deprecated', 'remarks']);

interface Segment {
  /** `summary`, or a tag name. */
  name: string;
  lines: JsDocLine[];
}

/**
 * A comment cut into its summary (the lines before the first block tag) and its prose tags,
 * each with its lines located in the comment.
 */
function segmentsOf(jsdoc: JsDoc): Segment[] {
  const segments: Segment[] = [{ name: 'summary', lines: [] }];
  let inFence = false;
  for (const line of jsdoc.lines) {
    if (/^\s*```/.test(line.text)) inFence = !inFence;
    const tag = !inFence && /^\s*@(\w+)\s*/.exec(line.text);
    if (tag) {
      // The tag's text starts after `@name `: its first line is cut there, its location moved along.
      const cut = tag[0].length;
      segments.push({ name: tag[1], lines: [{ text: line.text.slice(cut), location: { ...line.location, column: line.location.column + cut } }] });
    } else {
      segments.at(-1)!.lines.push(line);
    }
  }
  return segments.filter((seg) => seg.name === 'summary' || PROSE_TAGS.has(seg.name));
}

/** A segment parsed as Markdown, its units located line by line in the comment. */
function segmentUnits(seg: Segment | undefined, fallback: Location): Unit[] {
  if (!seg) return [];
  const file = new TextFile(fallback.file, seg.lines.map((l) => l.text).join('\n'));
  const page = readMarkdownPage(file, 'md');
  if (!page.tree) return [];
  const region: Region = {
    source: file,
    map: (line, column) => {
      const l = seg.lines[line - 1]?.location ?? fallback;
      return { file: l.file, line: l.line, column: l.column + column - 1 };
    },
  };
  return unitsOf(page.tree.children, region);
}

/** Compares the proposed comment's summary and prose tags with the model's, segment by segment. */
function compareJsDoc(p: JsDocProposal, model: JsDoc | undefined, declaredAt: Location): { findings: Finding[]; units: number; matched: number } {
  const modelSegments = model ? segmentsOf(model) : [];
  const anchor = model?.location ?? declaredAt;
  const out = { findings: [] as Finding[], units: 0, matched: 0 };
  for (const seg of segmentsOf(p.jsdoc)) {
    const sepUnits = segmentUnits(seg, p.jsdoc.location);
    if (!sepUnits.length) continue;
    const theirs = modelSegments.find((m) => m.name === seg.name);
    if (!theirs && seg.name !== 'summary') {
      out.findings.push(
        finding('missing', `The JSDoc in schema.ts has no @${seg.name} tag; the SEP proposes one: ${quote(sepUnits.map((u) => u.plain).join(' '))}`, anchor, [
          { ...seg.lines[0].location, message: `the SEP’s @${seg.name} tag` },
        ]),
      );
      out.units += sepUnits.length;
      continue;
    }
    const docUnits = segmentUnits(theirs, anchor);
    const docName = seg.name === 'summary' ? 'JSDoc in schema.ts' : `@${seg.name} tag in schema.ts`;
    const r = compareStretch(sepUnits, docUnits, { mode: 'whole', anchor: theirs?.lines[0]?.location ?? anchor, docName });
    out.findings.push(...r.findings);
    out.units += sepUnits.length;
    out.matched += r.matched;
  }
  return out;
}

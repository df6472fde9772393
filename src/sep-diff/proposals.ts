/**
 * Finds what a SEP proposes: fenced Markdown blocks whose preceding sentence or heading names a
 * target page, TypeScript blocks that give JSDoc for named declarations, and the files the SEP
 * says it changes.
 */
import type { Code, Heading as MdastHeading, Nodes, Paragraph } from 'mdast';
import { visit } from '../vendor/markdown.js';
import type { CodeBlock, JsDoc, MarkdownPage, Spec, SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { TextFile } from '../core/text-file.js';
import { readSchemaSource } from '../sources/schema-ts.js';
import { sentenceSpans } from '../util/sentences.js';

export interface ProseProposal {
  block: CodeBlock;
  /** The target as the SEP names it. */
  named: string;
  /** Where the SEP names it. */
  namedAt: Location;
  /** The page, when the spec has it. */
  page?: MarkdownPage;
  /** The page path looked for, when the SEP named it without its version folder. */
  lookedFor?: string;
  /** A section named beside the target, such as `(Error Handling)`, or a `#fragment`. */
  section?: string;
}

export interface JsDocProposal {
  block: CodeBlock;
  declaration: string;
  member?: string;
  /** The proposed comment; its locations are already in the SEP. */
  jsdoc: JsDoc;
}

export interface Proposals {
  prose: ProseProposal[];
  jsdoc: JsDocProposal[];
  /** Repository paths the SEP writes out that name files of the spec, in order of first mention. */
  changedFiles: string[];
}

const MARKDOWN_LANGS = new Set(['', 'md', 'markdown', 'mdx']);
// A `diff` block naming a page proposes its `+` and context lines (sep-diff reads it so).
const TS_LANGS = new Set(['ts', 'typescript']);

/**
 * A repository path of a spec file as a SEP writes it (`docs/specification/draft/server/tools.mdx`);
 * not inside a URL (a link to a file on GitHub cites the current text, it does not change it).
 */
const REPO_PATH = /(?<![\w/.-])(?:docs\/specification|schema)\/[\w.\-/]+\.(?:mdx|md|ts|json)/g;
/** A docs page named without the `docs/specification/` prefix, or as a site URL with `/specification/`. */
const PAGE_MENTION = /(?:\/specification\/)?(?:[\w.-]+\/)+[\w.-]+\.mdx?\b|\/specification\/[\w.\-/]+(?:#[\w-]+)?/g;

export function findProposals(spec: Spec, sep: MarkdownPage): Proposals {
  const prose: ProseProposal[] = [];
  const jsdoc: JsDocProposal[] = [];
  const changed: string[] = [];
  if (!sep.tree) return { prose, jsdoc, changedFiles: changed };

  const blocksByOffset = new Map(sep.codeBlocks.map((b) => [`${b.location.line}:${b.location.column}`, b]));
  let lastHeading: MdastHeading | undefined;
  let previousFlow: Nodes | undefined;
  visit(sep.tree, (node: Nodes) => {
    if (node.type === 'heading') lastHeading = node;
    if (node.type === 'code') {
      const block = blocksByOffset.get(`${node.position?.start.line}:${node.position?.start.column}`);
      const lang = (node.lang ?? '').toLowerCase();
      if (block && (MARKDOWN_LANGS.has(lang) || lang === 'diff')) {
        const sentence =
          previousFlow?.type === 'paragraph' && adjacent(sep, previousFlow, node) ? previousFlow : undefined;
        const target = targetOf(spec, sep, sentence) ?? targetOf(spec, sep, lastHeading);
        if (target) prose.push({ block, ...target });
      } else if (block && TS_LANGS.has(lang) && node.value.includes('/**')) {
        jsdoc.push(...jsdocProposals(sep, block, node));
      }
    }
    // The flow node just before a code block: its sentence may name the target.
    if (
      node.type === 'paragraph' ||
      node.type === 'code' ||
      node.type === 'heading' ||
      node.type === 'list' ||
      node.type === 'table'
    ) {
      previousFlow = node;
    }
  });

  for (const m of sep.file.text.matchAll(REPO_PATH)) {
    const p = m[0].replace(/[.]+$/, '');
    if (isSpecFile(spec, p) && !changed.includes(p)) changed.push(p);
  }
  for (const p of prose) if (p.page && !changed.includes(p.page.path)) changed.push(p.page.path);
  return { prose, jsdoc, changedFiles: changed };
}

/** Whether only blank space (and list or quote markers) separates two nodes. */
function adjacent(sep: MarkdownPage, before: Nodes, after: Nodes): boolean {
  const from = before.position?.end.offset;
  const to = after.position?.start.offset;
  return from !== undefined && to !== undefined && /^[\s>]*$/.test(sep.file.text.slice(from, to));
}

/** The page a paragraph's last sentence (or a heading) names, with the section named beside it. */
function targetOf(
  spec: Spec,
  sep: MarkdownPage,
  node: Paragraph | MdastHeading | undefined,
): Omit<ProseProposal, 'block'> | undefined {
  if (!node?.position) return undefined;
  const raw = sep.file.text.slice(node.position.start.offset, node.position.end.offset);
  const spans = node.type === 'paragraph' ? sentenceSpans(raw) : [{ start: 0, end: raw.length }];
  const last = spans.at(-1);
  if (!last) return undefined;
  const sentence = raw.slice(last.start, last.end);
  const links = [...sentence.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ text: m[1], index: m.index! + 2 }));
  const mentions = [...sentence.matchAll(PAGE_MENTION)].map((m) => ({ text: m[0], index: m.index! }));
  for (const mention of [...mentions, ...links]) {
    const resolved = resolvePage(spec, mention.text);
    if (!resolved) continue;
    const offset = node.position.start.offset! + last.start + mention.index;
    // "(Error Handling)" or "(in `User Interaction Model` section)" at the end of the sentence.
    const paren = /\(([^()]+)\)\s*:?\s*$/.exec(sentence.replace(/[*_]+/g, ''));
    const hint = paren && (/`([^`]+)`/.exec(paren[1])?.[1] ?? paren[1]);
    return {
      named: resolved.named,
      namedAt: sep.file.location(offset),
      page: resolved.page,
      lookedFor: resolved.lookedFor,
      section: resolved.fragment ?? hint?.trim(),
    };
  }
  return undefined;
}

/**
 * The page a mention names: a repository path, a path under a version folder, or a site URL.
 * A mention that looks like a docs path but matches no page is still returned (without a page),
 * so that sep-diff can say the target is missing.
 */
function resolvePage(
  spec: Spec,
  mention: string,
): { named: string; page?: MarkdownPage; fragment?: string; lookedFor?: string } | undefined {
  const [withoutHash, fragment] = mention.replace(/\?[^#]*/, '').split('#');
  let p = withoutHash.replace(/^https?:\/\/[^/]+/, '').replace(/^\/?(?:[^ ]*?\/blob\/[^/]+\/)?/, '');
  const site = /(?:^|\/)specification\/(.+)$/.exec(p);
  if (site && !p.startsWith('docs/')) p = `docs/specification/${site[1]}`;
  const pages = spec.versions.flatMap((v) => v.pages);
  // `draft/server/tools.mdx`: a path from a version folder.
  if (/^(\d{4}-\d{2}-\d{2}|draft)\//.test(p)) p = `docs/specification/${p}`;
  const candidates = /\.mdx?$/.test(p) ? [p] : [`${p}.mdx`, `${p}/index.mdx`];
  for (const c of candidates) {
    const exact = pages.find((pg) => pg.path === c);
    if (exact) return { named: withoutHash, page: exact, fragment };
    // A path without its version folder names the page of the draft (else of the latest
    // version) when it starts with one of that version's docs folders (`server/`, `basic/`).
    // Decided on that version alone, so that the answer does not depend on which versions are loaded.
    const latest = spec.versions.find((v) => v.id === 'draft') ?? spec.versions.at(-1);
    const folder = c.includes('/') ? `${latest?.docsDir}/${c.split('/')[0]}/` : undefined;
    if (latest && folder && latest.pages.some((pg) => pg.path.startsWith(folder))) {
      const page = latest.pages.find((pg) => pg.path === `${latest.docsDir}/${c}`);
      return { named: withoutHash, page, fragment, lookedFor: `${latest.docsDir}/${c}` };
    }
  }
  if (p.startsWith('docs/specification/') && /\.mdx?$/.test(p)) return { named: withoutHash, fragment };
  return undefined;
}

function isSpecFile(spec: Spec, p: string): boolean {
  for (const v of spec.versions) {
    if (v.schemaTs?.file.path === p || v.jsonSchema?.file.path === p) return true;
    if (v.pages.some((pg) => pg.path === p) || v.examples.some((e) => e.path === p)) return true;
  }
  return false;
}

/** The JSDoc a TypeScript block gives for its declarations and their members, located in the SEP. */
function jsdocProposals(sep: MarkdownPage, block: CodeBlock, node: Code): JsDocProposal[] {
  const source = readSchemaSource(new TextFile(sep.path, node.value));
  // Snippets that do not parse (a member on its own, elided bodies) say nothing reliable.
  if (source.syntaxErrors.length) return [];
  const move = (l: Location): Location => block.locate(l.line - 1, l.column - 1);
  const relocate = (doc: JsDoc): JsDoc => ({
    ...doc,
    location: move(doc.location),
    lines: doc.lines.map((line) => ({ text: line.text, location: move(line.location) })),
    tags: doc.tags.map((t) => ({ ...t, location: move(t.location) })),
  });
  const out: JsDocProposal[] = [];
  for (const decl of source.declarations) {
    if (decl.jsdoc) out.push({ block, declaration: decl.name, jsdoc: relocate(decl.jsdoc) });
    for (const member of decl.members) {
      if (member.jsdoc) out.push({ block, declaration: decl.name, member: member.name, jsdoc: relocate(member.jsdoc) });
    }
  }
  return out;
}

/** The version a SEP targets: the first version folder among the files it changes, else draft, else the latest. */
export function targetVersion(spec: Spec, changedFiles: string[]): SpecVersion | undefined {
  for (const f of changedFiles) {
    const v = spec.versions.find((ver) => f.startsWith(`${ver.schemaDir}/`) || f.startsWith(`${ver.docsDir}/`));
    if (v) return v;
  }
  return spec.versions.find((v) => v.id === 'draft') ?? spec.versions.at(-1);
}

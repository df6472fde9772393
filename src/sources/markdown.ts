/**
 * Parses MDX pages (remark-parse + remark-mdx + GFM) and Markdown SEPs (remark-parse + GFM) into
 * the page model. MDX is parsed, never compiled or evaluated.
 */
import {
  gfmFootnote,
  gfmFootnoteFromMarkdown,
  gfmStrikethrough,
  gfmStrikethroughFromMarkdown,
  gfmTable,
  gfmTableFromMarkdown,
  gfmTaskListItem,
  gfmTaskListItemFromMarkdown,
  remarkFrontmatter,
  remarkMdx,
  remarkParse,
  toString,
  unified,
  visit,
  type Processor,
} from '../vendor/markdown.js';
import type { Root, Heading as MdastHeading, Nodes } from 'mdast';
import type { CodeBlock, Heading, Link, MarkdownPage, PageIncludeAt, SiteKind, Suppression } from '../model/spec.js';
import { factsOf, lazyFacts, noFacts, treeFacts, unclosedFencesOf, type PageFacts } from './page-facts.js';
import { siteSyntax, type PageInclude } from './site-syntax.js';
import { lazyFields } from '../util/lazy-fields.js';
import type { Location } from '../core/location.js';
import { TextFile } from '../core/text-file.js';
import { suppressionsInPage } from './suppressions.js';
import { beyondParseLimits } from './parse-limits.js';
import { MAX_MARKDOWN_DEPTH, PAGE_PARSE_BUDGET_MS } from '../core/limits.js';
import { withTimeBudget } from '../util/time-budget.js';
import { jsonBlockLanguage, keptJsonValues } from '../prose/json-blocks.js';
import { keptSketches, maySketch } from '../prose/ts-sketch.js';
import { keptInterfaces } from '../prose/page-interfaces.js';

/**
 * GitHub Flavored Markdown as remark-gfm parses it (footnotes, strikethrough, tables, task lists,
 * in its order), less autolink literals: a bare `https://...` stays text instead of becoming a
 * link (as do `www.` and e-mail addresses). Such links are always external, which no rule
 * follows, and their text is the same either way, except that `_`, `*` or `~` inside a bare URL
 * may now read as emphasis. Finding them took a quarter of all parse time, since every character
 * of text is a candidate. `tables: false` leaves tables out too (see `parserFor`).
 */
function gfmWithoutAutolinkLiterals(tables: boolean) {
  return function (this: Processor) {
    const data = this.data();
    (data.micromarkExtensions ??= []).push(
      gfmFootnote(),
      gfmStrikethrough(),
      ...(tables ? [gfmTable()] : []),
      gfmTaskListItem(),
    );
    (data.fromMarkdownExtensions ??= []).push(
      gfmFootnoteFromMarkdown(),
      gfmStrikethroughFromMarkdown(),
      ...(tables ? [gfmTableFromMarkdown()] : []),
      gfmTaskListItemFromMarkdown(),
    );
  };
}

const parsers = {
  mdx: (tables: boolean) =>
    unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(gfmWithoutAutolinkLiterals(tables)),
  md: (tables: boolean) => unified().use(remarkParse).use(remarkFrontmatter).use(gfmWithoutAutolinkLiterals(tables)),
};
const withTables = { mdx: parsers.mdx(true), md: parsers.md(true) };
const withoutTables = { mdx: parsers.mdx(false), md: parsers.md(false) };

/** The parser of a syntax (remark-parse, front matter, MDX for `mdx`, GFM); `tables: false` leaves GFM's tables out. */
export function syntaxParser(syntax: 'mdx' | 'md', tables = true) {
  return (tables ? withTables : withoutTables)[syntax];
}

/**
 * A line that may be a GFM table's delimiter row: after its containers' `>` and indentation,
 * only `|`, `:`, `-`, spaces and tabs, with a `|` or a `:` (micromark's table construct accepts
 * a delimiter row only then: without either it is a thematic break or a setext underline).
 */
const MAYBE_TABLE_DELIMITER_ROW = /^[ \t>|:-]*[|:][ \t>|:-]*$/m;

/**
 * The parser of a page's syntax, without the table construct when no line of the text can be a
 * table's delimiter row: the construct is tried at the start of every line and fails on each
 * unless such a row follows, leaving nothing behind, so the tree is the same. Two of the MCP
 * spec's version pages in three have no such line; the attempts were about a fifth of parsing
 * the version pages.
 */
function parserFor(syntax: 'mdx' | 'md', text: string) {
  return syntaxParser(syntax, MAYBE_TABLE_DELIMITER_ROW.test(text));
}

/** A page's tree parsed as plain Markdown (CommonMark and GFM), within the parse budget; undefined past it. */
function plainMarkdownTree(text: string): Root | undefined {
  try {
    return withTimeBudget(() => parserFor('md', text).parse(text) as Root, PAGE_PARSE_BUDGET_MS)?.value;
  } catch {
    return undefined;
  }
}

/**
 * What a page's TypeScript blocks declare, kept with its code blocks: read (by prose/json-valid)
 * only on a page that shows values, as JSON blocks or sketches.
 */
function keepDeclarations(blocks: MarkdownPageData['codeBlocks']): void {
  if (!blocks.some((b) => jsonBlockLanguage(b.lang) || maySketch(b.lang, b.value))) return;
  for (const block of blocks) {
    const interfaces = keptInterfaces(block.lang, block.value);
    if (interfaces) block.interfaces = interfaces;
  }
}

/** A page parsed now; `kind`: the site generator whose syntax it is written in (see site-syntax.ts). */
export function readMarkdownPage(file: TextFile, syntax: 'mdx' | 'md', kind?: SiteKind): MarkdownPage {
  const { tree, data } = parsePage(file, syntax, kind);
  return { ...pageFromData(file, data), ...(tree ? { tree } : {}) };
}

/**
 * A page that is parsed when one of its parsed fields (tree, headings, code blocks, links, parse
 * error) is first read: a caller that needs only some pages of a kind reads the others' text
 * without paying for their parse. Markdown has no syntax errors; a parse that still fails (a
 * parser limit) is the page's `parseError` once read, and loading, which did not parse it, does
 * not report it.
 */
export function lazyMarkdownPage(file: TextFile, syntax: 'mdx' | 'md', kept?: KeptPageData): MarkdownPage {
  let parsed: MarkdownPage | undefined;
  // The outline (every field but the tree) as an earlier check kept it, when it did: null until looked up.
  let fromKept: MarkdownPage | undefined | null = kept ? null : undefined;
  const parsedPage = () => {
    if (parsed) return parsed;
    parsed = readMarkdownPage(file, syntax);
    if (kept && !fromKept) kept.keep(file, pageData(parsed));
    return parsed;
  };
  const outline = () => {
    if (fromKept === null) {
      const data = kept!.data(file);
      fromKept = data ? pageFromData(file, data) : undefined;
    }
    return fromKept ?? parsedPage();
  };
  const page = lazyFields({ path: file.path, syntax, file }, ['tree'], parsedPage);
  return lazyFacts(lazyFields(page, ['parseError', 'headings', 'codeBlocks', 'links'], outline), outline);
}

/** Where a lazy page's outline is kept from one check to the next (see page-products.ts). */
export interface KeptPageData {
  data(file: TextFile): MarkdownPageData | undefined;
  keep(file: TextFile, data: MarkdownPageData): void;
}

/** What `pageFromData` makes a page of, from a parsed page. */
export function pageData(page: MarkdownPage): MarkdownPageData {
  return {
    syntax: page.syntax,
    ...(page.parseError ? { parseError: page.parseError } : {}),
    headings: page.headings,
    codeBlocks: page.codeBlocks.map(({ locate: _locate, ...block }) => block),
    links: page.links,
    ...(page.includes ? { includes: page.includes } : {}),
    ...factsOf(page),
  };
}

/**
 * What rules read of a page besides its tree, as plain data: a page parsed in the worker thread
 * comes back as this (the tree stays there; see `markdownJob`).
 */
export interface MarkdownPageData extends PageFacts {
  syntax: 'mdx' | 'md';
  parseError?: MarkdownPage['parseError'];
  headings: Heading[];
  codeBlocks: Omit<CodeBlock, 'locate'>[];
  links: Link[];
  includes?: PageIncludeAt[];
}

/**
 * The page's tree, or undefined (with `data.parseError` set) when it does not parse in time. An
 * MDX syntax error (an HTML comment, a stray `{`) leaves the rest of the page readable as
 * Markdown: its code blocks, links and headings are still checked, and mdx/parse says why.
 */
function parseTree(
  file: TextFile,
  syntax: 'mdx' | 'md',
  data: MarkdownPageData,
  text: string,
  shifts?: Map<number, number>,
): Root | undefined {
  try {
    const parser = parserFor(syntax, text);
    const parsed = withTimeBudget(() => parser.parse(text) as Root, PAGE_PARSE_BUDGET_MS);
    if (parsed) return parsed.value;
    data.parseError = {
      message: `Page took too long to parse (over ${PAGE_PARSE_BUDGET_MS / 1000} s); skipped`,
      location: { file: file.path, line: 1, column: 1 },
    };
    return undefined;
  } catch (error) {
    data.parseError = { message: parseErrorMessage(error), location: parseErrorLocation(error, file) };
    data.parseError.location.column += shifts?.get(data.parseError.location.line) ?? 0;
    const plain = syntax === 'mdx' ? plainMarkdownTree(text) : undefined;
    if (plain) data.parseError.readAsMarkdown = true;
    return plain;
  }
}

/** A page's tree (when it parses) and the data rules read of it (see `readMarkdownPage`). */
export function parseMarkdownPage(
  file: TextFile,
  syntax: 'mdx' | 'md',
  kind?: SiteKind,
): { tree?: Root; data: MarkdownPageData } {
  return parsePage(file, syntax, kind);
}

function parsePage(file: TextFile, syntax: 'mdx' | 'md', kind?: SiteKind): { tree?: Root; data: MarkdownPageData } {
  const data: MarkdownPageData = { syntax, headings: [], codeBlocks: [], links: [], ...noFacts() };
  const unparsable = beyondParseLimits(file);
  if (unparsable) {
    data.parseError = unparsable;
    return { data };
  }
  data.unclosedFences = unclosedFencesOf(file);
  const read = siteSyntax(file.text, kind);
  if (read?.includes.length) data.includes = includesAt(file, read.includes);
  const tree = parseTree(file, syntax, data, read?.text ?? file.text, read?.shifts);
  if (!tree) return { data };
  if (read?.shifts.size) shiftColumns(tree, read.shifts);
  const tooDeep = nodeBeyondDepth(tree, MAX_MARKDOWN_DEPTH);
  if (tooDeep) {
    // The tree is not kept: every walk over it (here and in the rules) recurses per level.
    data.parseError = {
      message: `Too deeply nested to check: over ${MAX_MARKDOWN_DEPTH} levels of block quotes, lists, elements or emphasis`,
      location: {
        file: file.path,
        line: tooDeep.position?.start.line ?? 1,
        column: tooDeep.position?.start.column ?? 1,
      },
    };
    return { data };
  }

  // Headings enclosing each node: a stack of the headings seen so far, by depth.
  const headingStack: Heading[] = [];
  visit(tree, (node: Nodes) => {
    if (node.type === 'heading') {
      const heading: Heading = {
        depth: node.depth,
        // On a Markdown site, a heading's id is made of its text without its HTML tags (`<a name>`).
        text: toString(node as MdastHeading, { includeHtml: !kind || kind === 'mintlify' }).trim(),
        location: at(file, node),
      };
      const id = read?.ids.get(heading.location.line);
      if (id !== undefined) heading.id = id;
      while (headingStack.length && headingStack.at(-1)!.depth >= heading.depth) headingStack.pop();
      headingStack.push(heading);
      data.headings.push(heading);
    } else if (node.type === 'code') {
      // A block holding an include shows another file's text: it is not read as its language.
      const start = node.position?.start.line ?? 0;
      const end = node.position?.end.line ?? 0;
      const including = read?.includes.some((i) => i.line > start && i.line <= end);
      const lang = including ? undefined : (node.lang ?? undefined);
      const jsonValues = keptJsonValues(lang, node.value);
      const sketches = keptSketches(lang, node.value);
      data.codeBlocks.push({
        lang,
        meta: node.meta ?? undefined,
        value: node.value,
        location: at(file, node),
        headingPath: headingStack.map((h) => h.text),
        ...(jsonValues ? { jsonValues } : {}),
        ...(sketches !== undefined ? { sketches } : {}),
      });
    } else if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
      data.links.push({
        url: node.url,
        text: node.type === 'link' ? toString(node) : node.type === 'image' ? (node.alt ?? '') : (node.label ?? ''),
        location: at(file, node),
        ...(node.type === 'link' ? {} : { kind: node.type }),
      } satisfies Link);
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      // URL-valued attributes of components and HTML elements (`<Card href>`, `<img src>`) are links too.
      for (const attribute of node.attributes) {
        if (attribute.type !== 'mdxJsxAttribute' || (attribute.name !== 'href' && attribute.name !== 'src')) continue;
        const value = attributeText(attribute.value);
        if (value === undefined) continue;
        data.links.push({
          url: value,
          text: '',
          location: at(file, attribute.position ? (attribute as unknown as Nodes) : node),
          kind: 'attribute',
          attribute: attribute.name,
        });
      }
    }
  });
  keepDeclarations(data.codeBlocks);
  Object.assign(data, treeFacts(file.path, tree));
  return { tree, data };
}

/** Includes as a page's locations. */
export function includesAt(file: TextFile, includes: PageInclude[]): PageIncludeAt[] {
  return includes.map(({ written, base, line, column }) => ({
    written,
    base,
    location: { file: file.path, line, column },
  }));
}

/** Positions in a tree parsed from a dedented text, moved back to where the page has them. */
function shiftColumns(tree: Root, shifts: Map<number, number>): void {
  visit(tree, (node: Nodes) => {
    const p = node.position;
    if (!p) return;
    p.start.column += shifts.get(p.start.line) ?? 0;
    p.end.column += shifts.get(p.end.line) ?? 0;
  });
}

/** The text of an attribute's value: a string, or an expression that is one string literal (`{"/x"}`). */
function attributeText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const expression = (value as { value?: string } | null | undefined)?.value?.trim();
  const literal = expression && /^(["'])([^"'\\]*)\1$/.exec(expression);
  return literal ? literal[2] : undefined;
}

/** The first node nested deeper than `limit` (the root is level 0), found without recursion. */
function nodeBeyondDepth(tree: Root, limit: number): Nodes | undefined {
  const stack: [Nodes, number][] = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return node;
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
  }
  return undefined;
}

/** The page of `file` from its data (no tree). */
export function pageFromData(file: TextFile, data: MarkdownPageData): MarkdownPage {
  return {
    path: file.path,
    syntax: data.syntax,
    file,
    ...(data.parseError ? { parseError: data.parseError } : {}),
    headings: data.headings,
    codeBlocks: data.codeBlocks.map((block) => codeBlock(file, block)),
    links: data.links,
    ...(data.includes ? { includes: data.includes } : {}),
    ...factsOf(data),
  };
}

/**
 * The worker's side of parsing pages: their data and their suppression comments, which are read
 * from the tree. Pages are parsed in order; when `stop` says so before a page, the output covers
 * the pages parsed so far, and the caller parses the rest.
 */
export function markdownJob(
  pages: { path: string; text: string; syntax: 'mdx' | 'md'; kind?: SiteKind }[],
  stop?: () => boolean,
  trees = false,
): ParsedPageProducts[] {
  const out: ParsedPageProducts[] = [];
  for (const { path, text, syntax, kind } of pages) {
    if (stop?.()) break;
    const file = new TextFile(path, text);
    const parsed = parsePage(file, syntax, kind);
    out.push({
      data: parsed.data,
      suppressions: suppressionsInPage(file, parsed.tree),
      ...(trees && parsed.tree ? { tree: parsed.tree } : {}),
    });
  }
  return out;
}

/** What parsing a page in a job gives back: its parse data, its suppression comments and, when asked, its tree. */
export interface ParsedPageProducts {
  data: MarkdownPageData;
  suppressions: Suppression[];
  tree?: Root;
}

function at(file: TextFile, node: Nodes): Location {
  const p = node.position;
  if (!p) return { file: file.path, line: 1, column: 1 };
  return { file: file.path, line: p.start.line, column: p.start.column, endLine: p.end.line, endColumn: p.end.column };
}

function codeBlock(file: TextFile, block: Omit<CodeBlock, 'locate'>): CodeBlock {
  const fence = block.location;
  const valueLines = block.value.split('\n');
  const fenceIndent = fence.column - 1;
  return {
    ...block,
    locate(line: number, column: number): Location {
      const pageLine = fence.line + 1 + line;
      const original = file.lineText(pageLine);
      const valueLine = valueLines[line] ?? '';
      // Blocks inside lists or JSX are indented; the value has that indentation removed.
      const indent = valueLine && original.endsWith(valueLine) ? original.length - valueLine.length : fenceIndent;
      return { file: file.path, line: pageLine, column: indent + column + 1 };
    },
  };
}

function parseErrorMessage(error: unknown): string {
  const e = error as { reason?: string; message?: string };
  return (e.reason ?? e.message ?? String(error)).split('\n')[0];
}

function parseErrorLocation(error: unknown, file: TextFile): Location {
  const e = error as {
    line?: number;
    column?: number;
    reason?: string;
    place?: { line?: number; column?: number; start?: { line: number; column: number } };
  };
  // Some MDX errors (an unclosed tag met at the end) carry the place only in their text: "(3:1-3:7)".
  const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(e.reason ?? '');
  const line = e.line ?? e.place?.line ?? e.place?.start?.line ?? (inText ? Number(inText[1]) : 1);
  const column = e.column ?? e.place?.column ?? e.place?.start?.column ?? (inText ? Number(inText[2]) : 1);
  return { file: file.path, line, column };
}

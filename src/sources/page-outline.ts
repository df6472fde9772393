/**
 * The outline of a docs page without parsing it: its headings, links, code fences and top-level `import`/`export` blocks, found line by line. The site's other pages (guides,
 * community, extensions: twice the spec's own prose) need only these to check links and MDX
 * hygiene, and a full MDX parse of them costs about 2 s of CPU on the MCP corpus against a few
 * milliseconds for this. The corpus suite holds it to the full parse: on every page of the corpus
 * both give the same links and heading texts.
 */
import type { CodeFence, EsmBlock, Heading, Link, PageIncludeAt, SiteKind } from '../model/spec.js';
import { TextFile } from '../core/text-file.js';
import type { Location } from '../core/location.js';
import { siteSyntax } from './site-syntax.js';
import { ownCopy } from '../util/own-copy.js';

export interface PageOutline {
  headings: Heading[];
  links: Link[];
  fences: CodeFence[];
  esm: EsmBlock[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)?.*$/;
const ATX = /^\s*(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const DEFINITION = /^[ \t]*\[(?!\^)((?:[^\]\\\n]|\\.)+)\]:[ \t]*(<[^>\n]*>|\S+)/gm;
const TAG = /<[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>/g;
const ATTRIBUTE = /(?:^|\s)(href|src)=(?:"([^"]*)"|'([^']*)'|\{\s*"([^"]*)"\s*\}|\{\s*'([^']*)'\s*\})/g;

/** An outline with nothing in it: a page's before it is read, or one beyond the parser's limits. */
export function emptyOutline(): PageOutline {
  return { headings: [], links: [], fences: [], esm: [] };
}

/** The outline of an MDX or Markdown page. */
export function outlinePage(file: TextFile, syntax: 'mdx' | 'md' = 'mdx'): PageOutline {
  const out = emptyOutline();
  const at = (offset: number) => file.location(offset);
  // What is not prose (front matter, code, ESM, comments) is blanked, keeping every offset.
  const masked = maskComments(maskBlocks(file.text, syntax, out));
  const lines = masked.split('\n');
  let offset = 0;
  for (const line of lines) {
    const heading = ATX.exec(line);
    if (heading && !/^\s*#{1,6}[^#\s]/.test(line))
      out.headings.push({
        depth: heading[1].length,
        text: headingText(heading[2] ?? ''),
        location: at(offset + line.indexOf('#')),
      });
    offset += line.length + 1;
  }
  const prose = blankCodeSpans(masked);
  for (const m of prose.matchAll(DEFINITION)) {
    const column = m[0].search(/\S/);
    out.links.push({ url: m[2].replace(/^<|>$/g, ''), text: m[1], location: at(m.index + column), kind: 'definition' });
  }
  inlineLinks(prose, masked, at, out.links);
  for (const tag of prose.matchAll(TAG)) {
    for (const m of tag[0].matchAll(ATTRIBUTE)) {
      const value = m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
      out.links.push({
        url: value,
        text: '',
        location: at(tag.index + m.index + m[0].indexOf(m[1])),
        kind: 'attribute',
        attribute: m[1],
      });
    }
  }
  out.links.sort((a, b) => a.location.line - b.location.line || a.location.column - b.location.column);
  // Read from the page's blanked copies, which the outline (kept to the end of the check) would
  // otherwise keep alive: about 11 MB on the MCP corpus.
  for (const heading of out.headings) heading.text = ownCopy(heading.text);
  for (const link of out.links) {
    link.url = ownCopy(link.url);
    link.text = ownCopy(link.text);
  }
  return out;
}

/** A page's code fences alone (each with where it closes, if it does), without the rest of the outline. */
export function codeFences(file: TextFile, syntax: 'mdx' | 'md' = 'mdx'): CodeFence[] {
  const out = emptyOutline();
  maskBlocks(file.text, syntax, out);
  return out.fences;
}

/** Blanks front matter, fenced code and (MDX) top-level `import`/`export` blocks, recording the fences and blocks. */
function maskBlocks(text: string, syntax: 'mdx' | 'md', out: PageOutline): string {
  const lines = text.split('\n');
  let fence: { char: string; length: number; open: CodeFence } | undefined;
  let esm: EsmBlock | undefined;
  let i = 0;
  if (/^---\s*$/.test(lines[0] ?? '')) {
    const end = lines.findIndex((l, n) => n > 0 && /^---\s*$/.test(l));
    for (; i <= end; i++) lines[i] = blank(lines[i]);
  }
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      const close = FENCE.exec(line);
      if (
        close &&
        close[2][0] === fence.char &&
        close[2].length >= fence.length &&
        !close[3] &&
        !/\S/.test(line.slice(close[1].length + close[2].length))
      )
        fence.open.closedAt = i + 1;
      if (fence.open.closedAt) fence = undefined;
      lines[i] = blank(line);
      continue;
    }
    if (esm) {
      if (/\S/.test(line)) {
        esm.text += '\n' + line;
        lines[i] = blank(line);
        continue;
      }
      esm = undefined;
    }
    const opened = FENCE.exec(line);
    if (opened && !(opened[2][0] === '`' && line.slice(opened[1].length + opened[2].length).includes('`'))) {
      const open: CodeFence = { line: i + 1, column: opened[1].length + 1, ...(opened[3] ? { lang: opened[3] } : {}) };
      out.fences.push(open);
      fence = { char: opened[2][0], length: opened[2].length, open };
      lines[i] = blank(line);
    } else if (syntax === 'mdx' && /^(import|export)\s/.test(line)) {
      esm = { line: i + 1, text: line };
      out.esm.push(esm);
      lines[i] = blank(line);
    }
  }
  return lines.join('\n');
}

/** Blanks HTML and MDX comments, which may span lines. */
function maskComments(text: string): string {
  return text.replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, blank);
}

/**
 * Code spans become spaces (their text holds no links); a span does not cross a blank line.
 * Backtick runs are paired in one pass (a run closes at the next run of the same length in its
 * paragraph), so a page of backticks costs no more than its length.
 */
function blankCodeSpans(text: string): string {
  // The spans' ranges, in order; the text is rebuilt once from slices (a character array of a
  // whole page cost more in garbage collection than the pairing itself).
  const spans: [number, number][] = [];
  for (const paragraph of text.matchAll(/(?:[^\n]|\n(?![ \t]*\n))+/g)) {
    if (!paragraph[0].includes('`')) continue;
    const open = new Map<number, number>();
    for (const run of paragraph[0].matchAll(/`+/g)) {
      const length = run[0].length;
      const start = open.get(length);
      if (start === undefined) {
        open.set(length, run.index);
        continue;
      }
      open.delete(length);
      spans.push([paragraph.index + start, paragraph.index + run.index + length]);
      // Runs inside the span were text: they open nothing.
      for (const [l, at] of open) if (at > start) open.delete(l);
    }
  }
  if (!spans.length) return text;
  // A span may hold one closed before it (a shorter run opened inside a longer one's span).
  spans.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let last = 0;
  for (const [from, to] of spans) {
    if (to <= last) continue;
    const start = Math.max(from, last);
    parts.push(text.slice(last, start), blank(text.slice(start, to)));
    last = to;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** Spaces for every character but line feeds (a replacement per character cost a tenth of the site's outlines). */
function blank(text: string): string {
  if (!text.includes('\n')) return ' '.repeat(text.length);
  return text
    .split('\n')
    .map((line) => ' '.repeat(line.length))
    .join('\n');
}

/**
 * Inline links and images `[text](url)`, `![alt](src)` in `text` (code spans blanked; `source`
 * as written, for the link text). Reference links need no work: their definitions are the
 * links, as in the parsed page.
 */
function inlineLinks(text: string, source: string, at: (offset: number) => Link['location'], links: Link[]): void {
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
    if (text[i - 1] === '\\') continue;
    const close = matching(text, i, '[', ']');
    if (close < 0 || text[close + 1] !== '(') continue;
    const end = matching(text, close + 1, '(', ')');
    if (end < 0) continue;
    const inner = text.slice(close + 2, end).trim();
    const url = inner.startsWith('<') ? inner.slice(1, inner.indexOf('>')) : inner.split(/\s+/)[0];
    const image = text[i - 1] === '!';
    links.push({
      url,
      text: plain(source.slice(i + 1, close)),
      location: at(image ? i - 1 : i),
      ...(image ? { kind: 'image' as const } : {}),
    });
  }
}

/** How far a link's text or destination may run: a bound on the work each `[` costs. */
const MAX_LINK_SPAN = 4096;

/** Index of the bracket that closes the one at `open`, counting nesting and escapes; -1 if none, past a blank line or too far. */
function matching(text: string, open: number, left: string, right: string): number {
  let depth = 0;
  const end = Math.min(text.length, open + MAX_LINK_SPAN);
  for (let i = open; i < end; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === left) depth++;
    else if (c === right && --depth === 0) return i;
    else if (c === '\n' && /^\n[ \t]*\n/.test(text.slice(i, i + 80))) return -1;
  }
  return -1;
}

/** Heading text as the rendered heading reads: inline markup dropped, link texts kept. */
export function headingText(source: string): string {
  return plain(source).trim();
}

function plain(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](?!\s)(.+?)[*_](?!\w)/g, '$1$2')
    .replace(/\\(.)/g, '$1');
}

/**
 * The outline of a page of a site whose generator has its own syntax (see site-syntax.ts): the
 * outline of the text as the generator reads it, at the places the page has them, with the
 * headings' ids and the page's includes.
 */
export function outlineSitePage(
  file: TextFile,
  syntax: 'mdx' | 'md',
  kind: SiteKind | undefined,
): PageOutline & { includes?: PageIncludeAt[] } {
  const read = siteSyntax(file.text, kind);
  if (!read) return outlinePage(file, syntax);
  const out = outlinePage(new TextFile(file.path, read.text), syntax);
  const shift = (location: Location) => {
    location.column += read.shifts.get(location.line) ?? 0;
  };
  for (const heading of out.headings) {
    shift(heading.location);
    const id = read.ids.get(heading.location.line);
    if (id !== undefined) heading.id = id;
  }
  for (const link of out.links) shift(link.location);
  for (const fence of out.fences) fence.column += read.shifts.get(fence.line) ?? 0;
  return read.includes.length
    ? {
        ...out,
        includes: read.includes.map(({ written, base, line, column }) => ({
          written,
          base,
          location: { file: file.path, line, column },
        })),
      }
    : out;
}

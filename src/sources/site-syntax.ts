/**
 * The Markdown a site generator adds to CommonMark, read as that generator reads it before the
 * page is parsed: MkDocs admonitions (`!!! note`, `??? tip`) and content tabs (`=== "Tab"`),
 * whose indented bodies are Markdown (not code blocks); VitePress and Docusaurus containers
 * (`::: tip`, `:::note`); `[[toc]]`; heading ids (`## Title {#id}`, MkDocs's `{: #id }`); and
 * includes (`--8<-- "file"`, `<<< @/file`). The page text is rewritten line for line (no line is
 * added or removed), markers blanked and bodies dedented; the columns a dedent removed are kept
 * per line, so that what is found in the rewritten text is reported where it is written.
 * On GitHub, pages that Jekyll composes of others (`{% include_relative part.md %}`, `{% include part.md %}`) have those
 * includes. Mintlify pages, and GitHub pages without includes, are read as they are (`undefined`).
 */
import type { SiteKind } from './site-kind.js';

export interface SiteSyntax {
  /** The text the Markdown parser reads. */
  text: string;
  /** Characters removed from the start of a line by a dedent, by 1-based line. */
  shifts: Map<number, number>;
  /** Heading ids the text gives (`{#id}`), by the heading's 1-based line. */
  ids: Map<number, string>;
  /** The files the page includes, as written. */
  includes: PageInclude[];
}

/** An include of another file into the page (`--8<-- "file"`, `<<< @/file`). */
export interface PageInclude {
  /** The path as written, without the line range or region. */
  written: string;
  /** What the path is relative to: the snippets' base (MkDocs), the site's source folder (`@/`), or the page's folder. */
  base: 'snippets' | 'site' | 'page' | 'root';
  line: number;
  column: number;
}

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;
const ADMONITION = /^(\s*)(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*(?:[ \t]+"[^"\n]*")?[ \t]*$/;
const CONTENT_TAB = /^(\s*)===[+!]*[ \t]+"[^"\n]*"[ \t]*$/;
const SNIPPET_LINE = /^(\s*)-{1,}8<-{1,}[ \t]+(["'])(.+?)\2[ \t]*$/;
const SNIPPET_BLOCK = /^\s*-{1,}8<-{1,}\s*$/;
const CONTAINER = /^\s*:::+/;
const TOC = /^\s*\[\[toc\]\]\s*$/i;
const CODE_INCLUDE = /^(\s*)<<<[ \t]+(\S+)/;
const JEKYLL_INCLUDE = /^(\s*)\{%-?\s*include(_relative)?\s+(\S+?)\s*(?:\s[^%]*)?-?%\}\s*$/;
const HEADING_ATTRIBUTES = /^(\s{0,3}#{1,6}[ \t].*?)([ \t]*\{:?[ \t]*([^{}\n]*?)[ \t]*\})[ \t]*#*[ \t]*$/;

/** The page as the generator of `kind` reads it; undefined where the parser reads it as written. */
export function siteSyntax(text: string, kind: SiteKind | undefined): SiteSyntax | undefined {
  if (kind === 'github' ? !text.includes('{%') : kind !== 'mkdocs' && kind !== 'vitepress' && kind !== 'docusaurus')
    return undefined;
  const lines = text.split('\n');
  const out: SiteSyntax = { text, shifts: new Map(), ids: new Map(), includes: [] };
  // MkDocs: the indentation of the open blocks' bodies, innermost last.
  const bodies: number[] = [];
  let fence: { char: string; length: number; depth: number } | undefined;
  let snippetBlock = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (kind === 'mkdocs' && bodies.length && /\S/.test(line)) {
      const lead = leadingColumns(line);
      while (bodies.length && lead < bodies.at(-1)!) bodies.pop();
      if (bodies.length) {
        const removed = charsForColumns(line, bodies.at(-1)!);
        line = line.slice(removed);
        out.shifts.set(i + 1, removed);
      }
      // A code block inside a body ends with it.
      if (fence && bodies.length < fence.depth) fence = undefined;
    }
    const include = kind === 'mkdocs' ? snippet(line, snippetBlock) : undefined;
    if (kind === 'mkdocs' && (SNIPPET_BLOCK.test(line) || snippetBlock)) {
      // A block of snippet paths between two `--8<--` lines.
      if (SNIPPET_BLOCK.test(line)) snippetBlock = !snippetBlock;
      else if (include) out.includes.push({ ...include, line: i + 1, column: include.column + shiftOf(out, i) });
      lines[i] = '';
      continue;
    }
    if (include) {
      // Snippets are inserted before the page is parsed, inside code blocks too.
      out.includes.push({ ...include, line: i + 1, column: include.column + shiftOf(out, i) });
      lines[i] = '';
      continue;
    }
    const opened = FENCE.exec(line);
    if (fence) {
      if (opened && opened[2][0] === fence.char && opened[2].length >= fence.length && !opened[3].trim())
        fence = undefined;
      lines[i] = line;
      continue;
    }
    if (opened && !(opened[2][0] === '`' && opened[3].includes('`'))) {
      fence = { char: opened[2][0], length: opened[2].length, depth: bodies.length };
      lines[i] = line;
      continue;
    }
    lines[i] = markerLine(kind, line, i + 1, out, bodies);
  }
  out.text = lines.join('\n');
  return out;
}

/**
 * A line outside code as the generator reads it: a marker (a block's opening line, a container's
 * fence, `[[toc]]`, an include) blanked and recorded, a heading's attribute list blanked and its
 * id recorded; any other line as it is. An MkDocs block's opening pushes its body's indentation.
 */
function markerLine(
  kind: SiteKind | undefined,
  line: string,
  lineNumber: number,
  out: SiteSyntax,
  bodies: number[],
): string {
  if (kind === 'github') {
    // GitHub Pages (Jekyll) composes a page of others: `{% include_relative part.md %}` from
    // the page's folder, `{% include part.md %}` from `_includes/` at the root.
    const part = JEKYLL_INCLUDE.exec(line);
    if (part) {
      const relative = !!part[2];
      out.includes.push({
        written: relative ? part[3] : `_includes/${part[3]}`,
        base: relative ? 'page' : 'root',
        line: lineNumber,
        column: line.indexOf(part[3]) + 1,
      });
      return '';
    }
    return line;
  }
  if (kind === 'mkdocs') {
    const block = ADMONITION.exec(line) ?? CONTENT_TAB.exec(line);
    if (block) {
      bodies.push((bodies.at(-1) ?? 0) + leadingColumns(line) + 4);
      return '';
    }
  } else {
    if (CONTAINER.test(line) || TOC.test(line)) {
      return '';
    }
    const code = kind === 'vitepress' ? CODE_INCLUDE.exec(line) : null;
    if (code) {
      const written = code[2].replace(/[{[#].*$/, '');
      const base = written.startsWith('@/') ? 'site' : 'page';
      out.includes.push({
        written: base === 'site' ? written.slice(2) : written,
        base,
        line: lineNumber,
        column: code[1].length + code[0].length - code[2].length + 1,
      });
      return '';
    }
  }
  const heading = HEADING_ATTRIBUTES.exec(line);
  if (heading) {
    const id = /(?:^|\s)#([^\s#.]+)/.exec(heading[3]);
    if (id) out.ids.set(lineNumber, id[1]);
    if (id || kind === 'mkdocs' || heading[3].startsWith('.')) {
      // The attribute list is not part of the heading's text; blanked so columns stay.
      return heading[1] + ' '.repeat(line.length - heading[1].length);
    }
  }
  return line;
}

/** An MkDocs snippet include on this line (`--8<-- "file"`, or a bare path inside a snippet block). */
function snippet(line: string, inBlock: boolean): { written: string; base: 'snippets'; column: number } | undefined {
  if (inBlock) {
    const path = line.trim();
    if (!path || path.startsWith(';') || SNIPPET_BLOCK.test(line)) return undefined;
    return { written: withoutRange(path), base: 'snippets', column: line.indexOf(path) + 1 };
  }
  const m = SNIPPET_LINE.exec(line);
  if (!m || m[3].startsWith(';')) return undefined;
  return { written: withoutRange(m[3]), base: 'snippets', column: line.indexOf(m[3]) + 1 };
}

/** A snippet path without its line range or section (`file.md:3:8`, `file.md:name`). */
function withoutRange(p: string): string {
  return p.replace(/:[^/:]*(?::[^/:]*)?$/, (suffix) => (/^:[\w,-]*(?::[\w,-]*)?$/.test(suffix) ? '' : suffix));
}

function shiftOf(out: SiteSyntax, index: number): number {
  return out.shifts.get(index + 1) ?? 0;
}

/** The columns of a line's leading whitespace (a tab advances to the next multiple of 4). */
function leadingColumns(line: string): number {
  let columns = 0;
  for (const c of line) {
    if (c === ' ') columns++;
    else if (c === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}

/** How many leading characters make up `columns` columns of indentation (fewer where a tab overshoots). */
function charsForColumns(line: string, columns: number): number {
  let seen = 0;
  let i = 0;
  for (; i < line.length && seen < columns; i++) {
    if (line[i] === ' ') seen++;
    else if (line[i] === '\t') seen += 4 - (seen % 4);
    else break;
  }
  return i;
}

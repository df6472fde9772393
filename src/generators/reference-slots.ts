/**
 * The Schema Reference page with its code blocks as slots (see `SlottedPage`), and the page made
 * of it and the example texts: what `schema-reference.ts` renders, and what a check makes again
 * from a kept rendering after an example edit, with no conversion. It does not import TypeDoc:
 * a check that only splices (an example edit) does not load it.
 */
import { hashParts } from '../runtime/cache.js';

/** Highlights code as TypeDoc's highlighter does. */
export type Highlight = (code: string, lang?: string) => string;

/** One rendered declaration of the page and the category it is listed under. */
export interface RenderedDeclaration {
  name: string;
  category: string;
  /** The block's text: `<div class="type">` ... `</div>` and the blank line after it. */
  text: string;
}

/**
 * A page as rendered before its code blocks are highlighted: what a conversion gave, which does not
 * depend on the texts of the examples `{@includeCode}` puts in. `splicePages` (reference-highlight.ts) makes the
 * page of any example texts from it, the same text as converting and rendering again, without
 * TypeScript or a conversion (a disk cache keeps it for a check in another process).
 */
export interface SlottedPage {
  /** The template's text between category lines, and the blocks each category line became. */
  parts: (string | { category: string; blocks: SlottedBlock[] })[];
}

/**
 * Schema Reference pages made again from their slotted pages (kept from an earlier rendering of the
 * same schema.ts texts, template and `{@include}` texts) with the example texts now: no program, no
 * conversion (see `splicePages` in reference-highlight.ts).
 */
export interface ReferenceSpliceJob {
  kind: 'schema-reference-splice';
  pages: {
    slotted: SlottedPage;
    includes: [string, string][];
    /**
     * The disk cache key of the page's code blocks as its last rendering highlighted them (see
     * `referenceHighlightsKey`): the first splice after a rendering takes its blocks from them.
     * Not part of what the page is.
     */
    rendered?: string;
  }[];
}

/** A page made again by a splice: its text and declarations. */
export interface ReferenceSpliceOutput {
  text: string;
  declarations: RenderedDeclaration[];
}

/** A declaration's HTML before escaping (see `renderDeclarationHtml`), each code block a slot. */
export interface SlottedBlock {
  name: string;
  /** The title of the block (the declaration's full name). */
  title: string;
  /** The HTML, each code block's highlighted HTML replaced by `\uE001<its index in slots>\uE001`. */
  html: string;
  slots: CodeSlot[];
}

/** A code block of a comment: the example a `{@includeCode}` names (by path), or the code as written. */
export type CodeSlot = { lang?: string; include: string } | { lang?: string; code: string; include?: undefined };

const SLOT = /\uE001(\d+)\uE001/g;

/** A slot's code as the highlighter is given it: as TypeDoc's include plugin puts a file in a fence. */
export function slotCode(slot: CodeSlot, includes: Map<string, string>): string {
  return slot.include === undefined ? slot.code : includedCode(includes.get(slot.include) ?? '') + '\n';
}

/** The key of a code block's highlighting: its language and code, as a slot gives them to the highlighter. */
export function highlightedBlockKey(code: string, lang?: string): string {
  return hashParts([lang ?? '', code]);
}

/**
 * A block's text from its slotted HTML and the example texts: each slot as the highlighter gives
 * it and as TypeDoc's Markdown renderer puts it in (one trailing line break, which the renderer
 * wrote after the slot), then escaped (see `finishDeclaration`), as TypeDoc renders it at once.
 */
function splicedBlock(highlight: Highlight, block: SlottedBlock, includes: Map<string, string>): string {
  const html = block.html.replace(SLOT, (_m, i: string) => {
    const slot = block.slots[Number(i)];
    return highlight(slotCode(slot, includes), slot.lang).replace(/\n$/, '');
  });
  return finishDeclaration(block.title, html);
}

/** The page's text and declarations from its slotted page and the example texts. */
export function assembledPage(
  highlight: Highlight,
  slotted: SlottedPage,
  includes: Map<string, string>,
): { text: string; declarations: RenderedDeclaration[] } {
  const declarations: RenderedDeclaration[] = [];
  // Blocks are made in page order, so one numbering across them is the page's numbering.
  const highlightClasses = new Map<string, number>();
  const text = slotted.parts
    .map((part) => {
      if (typeof part === 'string') return part;
      return part.blocks
        .map((b) => {
          const block = {
            name: b.name,
            category: part.category,
            text: renumberHighlightClasses(splicedBlock(highlight, b, includes), highlightClasses),
          };
          declarations.push(block);
          return block.text;
        })
        .join('\n');
    })
    .join('');
  return { text, declarations };
}

/** An included file's text as it stands in its fence: LF line ends, no "``" that would close it. */
function includedCode(text: string): string {
  return text
    .replaceAll('\r\n', '\n')
    .replace(/`(?=`)/g, '`\u200B')
    .trimEnd();
}

/** The characters of a declaration's HTML that MDX would read as syntax, and their references. */
const MDX_ESCAPES: Record<string, string> = {
  '[': '&#x5B;',
  _: '&#x5F;',
  '{': '&#x7B;',
  $: '&#x24;',
  '`': '&#x60;',
  '\\': '&#x5C;',
  '*': '&#x2A;',
  '~': '&#x7E;',
};

/** The block of a declaration titled `title`, from its HTML (see `renderDeclarationHtml`): with the escapes. */
export function finishDeclaration(title: string, html: string): string {
  let content = html;
  // Headings would enter the page's table of contents: they become `<div>`s that keep their level.
  content = content.replaceAll(/<h([1-6])([^>]*)>/g, '<div$2 data-typedoc-h="$1">').replaceAll(/<\/h[1-6]>/g, '</div>');
  // Two no-break spaces are one, then each is `&nbsp;`; the characters MDX would read as syntax
  // become references. One pass each (a page is about a megabyte): no replacement holds a
  // character another one replaces, so the order of the replacements does not matter.
  content = content
    .replaceAll(/\u00A0\u00A0?/g, '&nbsp;')
    .replaceAll(/\n+</g, ' <')
    .replaceAll(/[[_{$`\\*~]/g, (c) => MDX_ESCAPES[c]);
  content = content.replaceAll(/<p>@TJS-type [^<]+<\/p>/g, '');
  return `<div class="type">\n\n### \`${title}\`\n\n${content}\n</div>\n\n`;
}

/**
 * Code highlighting numbers its colour classes (`hl-0`, `hl-1`, ...) in the order it first meets
 * each colour, across the process. The spec repository renders each page in a process of its
 * own, so the classes are numbered again per page, in order of appearance.
 */
export function renumberHighlightClasses(text: string, map: Map<string, number>): string {
  return text.replace(/class="hl-(\d+)"/g, (_m, n: string) => {
    let k = map.get(n);
    if (k === undefined) map.set(n, (k = map.size));
    return `class="hl-${k}"`;
  });
}

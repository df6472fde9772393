/**
 * The bounds a page must keep to be parsed at all: micromark's cost grows faster than the text on
 * some input (see `core/limits.ts`).
 */
import type { MarkdownPage } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import { MAX_INLINE_MARKER_COST, MAX_MARKDOWN_LINE_DEPTH, MAX_PAGE_BYTES } from '../core/limits.js';

/**
 * Why a page is not parsed at all, when it is not (micromark's cost grows faster than the text
 * on some input; see `core/limits.ts`): larger than `MAX_PAGE_BYTES`; a line opening more
 * containers (block quotes, list items, indentation) than `MAX_MARKDOWN_LINE_DEPTH`; or
 * emphasis, strikethrough and link markers whose cost, the sum over blocks (text between blank
 * lines) of the square of their count, is over `MAX_INLINE_MARKER_COST`.
 */
export function beyondParseLimits(file: TextFile): MarkdownPage['parseError'] {
  const text = file.text;
  const bytes = text.length > MAX_PAGE_BYTES / 3 ? Buffer.byteLength(text) : text.length;
  const at = (offset: number) => file.location(offset);
  if (bytes > MAX_PAGE_BYTES) {
    const kb = (n: number) => `${Math.ceil(n / 1024)} KB`;
    return {
      message: `Page too large to parse: ${kb(bytes)}, over the limit of ${kb(MAX_PAGE_BYTES)}`,
      location: at(0),
    };
  }
  if (withinLimitsAtAGlance(text)) return undefined;
  let cost = 0;
  let markers = 0;
  let blockStart = 0;
  for (let lineStart = 0; lineStart < text.length;) {
    const lineEnd = text.indexOf('\n', lineStart);
    const end = lineEnd < 0 ? text.length : lineEnd;
    const { levels, contentStart } = containersOf(text, lineStart, end);
    let i = contentStart;
    if (levels > MAX_MARKDOWN_LINE_DEPTH) {
      return {
        message: `Too deeply nested to parse: a line opens over ${MAX_MARKDOWN_LINE_DEPTH} block quotes, list items or indentation levels`,
        location: at(lineStart),
      };
    }
    if (i === end) {
      // A blank line (or one of container markers only) ends the block.
      cost += markers * markers;
      markers = 0;
    } else if (markers === 0) blockStart = i;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      // * _ ~ [ ]
      if (c === 42 || c === 95 || c === 126 || c === 91 || c === 93) markers++;
    }
    if (cost + markers * markers > MAX_INLINE_MARKER_COST) {
      return {
        message: 'Too many emphasis, strikethrough or link markers (*, _, ~, [, ]) to parse in time',
        location: at(blockStart),
      };
    }
    lineStart = end + 1;
  }
  return undefined;
}

/**
 * The containers a line opens or continues (`>`, list markers, two columns of indentation each),
 * as levels, and where its content starts after them.
 */
function containersOf(text: string, lineStart: number, end: number): { levels: number; contentStart: number } {
  let depth = 0;
  let indent = 0;
  let i = lineStart;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) indent++;
    else if (c === 9) indent += 4;
    else if (c === 62) depth++;
    else if ((c === 45 || c === 43 || c === 42) && text.charCodeAt(i + 1) === 32) depth++;
    else break;
  }
  return { levels: depth + Math.floor(indent / 2), contentStart: i };
}

/** Everything but the markers `beyondParseLimits` counts: `*`, `_`, `~`, `[` and `]`. */
const NOT_INLINE_MARKERS = /[^*_~[\]]+/g;

/**
 * Lines that begin with enough of the characters that open containers (`>`, list markers, spaces
 * and tabs) to open more than `MAX_MARKDOWN_LINE_DEPTH` of them: with fewer a line cannot, since no
 * character opens more than two levels (a tab: four columns of indentation). A match starts at
 * the line's start or at the line break before it.
 */
const MAYBE_TOO_DEEP_LINES = new RegExp(`(?:^|\n)[ \\t>*+-]{${Math.floor(MAX_MARKDOWN_LINE_DEPTH / 2) + 1},}`, 'g');

/**
 * Whether a page keeps the nesting and marker bounds, told by the regular expression engine's
 * scans of its whole text and the container count of the few lines they point at (the count
 * line by line above runs as plain script, cold, over every page of a check: 30-40 ms of the MCP
 * corpus's 5.3 MB, against about 10). Markers: a block's count is at most the page's, so when the
 * page has no more than the square root of `MAX_INLINE_MARKER_COST` in all, no sum of squares over
 * its blocks exceeds it. When a bound is not kept at a glance, the count line by line says where.
 */
function withinLimitsAtAGlance(text: string): boolean {
  if (text.replace(NOT_INLINE_MARKERS, '').length ** 2 > MAX_INLINE_MARKER_COST) return false;
  for (const line of text.matchAll(MAYBE_TOO_DEEP_LINES)) {
    const lineStart = line.index + (text.charCodeAt(line.index) === 10 ? 1 : 0);
    const end = text.indexOf('\n', lineStart);
    if (containersOf(text, lineStart, end < 0 ? text.length : end).levels > MAX_MARKDOWN_LINE_DEPTH) return false;
  }
  return true;
}

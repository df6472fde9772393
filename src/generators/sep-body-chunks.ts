/**
 * Judging a SEP page whose committed body is not the SEP's body as it is, without formatting the
 * whole page: Prettier rewrapped a few paragraphs, say. The parts of the body that differ from
 * the committed body (by lines) are widened to whole top-level blocks, and each such part of the
 * SEP is formatted alone: when every one comes out as the committed part, and the head comes out
 * as the committed head, the committed page is what formatting the whole generated page gives.
 * Formatting a 50 KB SEP whole took about 0.3 s of a cold check of the MCP corpus; its six
 * rewrapped list items, a few milliseconds each.
 *
 * Why that is sound, beside `bodyTakenAsCommitted`'s reasons (the head ends in a thematic break,
 * so the body's blocks are printed in the same context as in the committed page, which the
 * repository's own `prettier --check` holds formatted): a top-level block starts after a blank
 * line outside a fenced code block, with a line that is not indented (an indented one could be a
 * list item's, or code) and is not a thematic break (alone, `---` would open front matter).
 * Prettier prints each such block from its own syntax tree, with the blocks before it bearing
 * only on a list's marker and numbering, which a part formatted alone shows as it is in the SEP:
 * when that is not what the committed part shows, the parts differ and the page is formatted
 * whole, as before. Pages whose blocks a definition ties together (a link reference definition
 * or a footnote) are formatted whole too.
 */
import { diffArrays } from 'diff';
import { committedBodyStart, DEFINITION, headApartFromBody } from './sep-pages.js';

/** A part of a SEP's body to format alone, and the text of the committed page it must then be. */
export interface BodyChunk {
  text: string;
  committed: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Where the committed page's body starts (after its head's closing thematic break and blank
 * line) and the parts of `body` to format alone; undefined when the page is not judged so.
 * `body` is the SEP's body as the generated page holds it; `committedLf` the committed page.
 */
export function differingBodyChunks(
  head: string,
  body: string,
  committedLf: string,
): { bodyStart: number; chunks: BodyChunk[] } | undefined {
  if (!headApartFromBody(head, body)) return undefined;
  const table = committedLf.indexOf('\n| Field');
  const close = table < 0 ? -1 : committedLf.indexOf('\n\n---\n\n', table);
  if (close < 0) return undefined;
  const bodyStart = close + '\n\n---\n\n'.length;
  const committedBody = committedLf.slice(bodyStart);
  // A formatted page ends with one newline after text.
  if (!/\S\n$/.test(committedBody)) return undefined;
  const ours = body.replace(/\n$/, '').split('\n');
  const theirs = committedBody.slice(0, -1).split('\n');
  const { starts, definition } = blockStarts(ours);
  if (definition) return undefined;
  const chunks: BodyChunk[] = [];
  // Lines before `i` (ours) and `j` (theirs) are matched; `open` is where the open chunk began.
  let i = 0;
  let j = 0;
  let open: { i: number; j: number } | undefined;
  for (const change of diffArrays(ours, theirs)) {
    const n = change.count ?? change.value.length;
    if (change.removed || change.added) {
      open ??= widenBack(starts, i, j);
      if (change.removed) i += n;
      else j += n;
      continue;
    }
    // Equal lines: the open chunk ends at the first block start among them.
    const end = open && nextStart(starts, i, i + n);
    if (open && end !== undefined) {
      const chunk = chunkOf(ours, theirs, open, { i: end, j: j + (end - i) });
      if (!chunk) return undefined;
      chunks.push(chunk);
      open = undefined;
    }
    i += n;
    j += n;
  }
  const last = open && chunkOf(ours, theirs, open, { i: ours.length, j: theirs.length });
  if (open && !last) return undefined;
  if (last) chunks.push(last);
  // Formatting most of the body in parts would cost what formatting it whole costs.
  const size = chunks.reduce((n, c) => n + c.text.length, 0);
  if (!chunks.length || size > body.length / 2) return undefined;
  return { bodyStart, chunks };
}

/**
 * Lines of the SEP's body where a top-level block starts: after a blank line outside a fenced
 * code block, not indented, not blank. The first line starts one. And whether a line outside
 * the fenced code blocks is a definition (`[x]: ...` in a TypeScript block is not).
 */
function blockStarts(lines: string[]): { starts: boolean[]; definition: boolean } {
  const starts = lines.map(() => false);
  let definition = false;
  let fence: string | undefined;
  let afterBlank = true;
  for (const [n, line] of lines.entries()) {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && !line.trim().slice(marker.length).trim())
        fence = undefined;
      afterBlank = false;
      continue;
    }
    if (!line.trim()) {
      afterBlank = true;
      continue;
    }
    starts[n] = afterBlank && !/^\s/.test(line);
    definition ||= DEFINITION.test(line);
    if (marker) fence = marker;
    afterBlank = false;
  }
  return { starts, definition };
}

/** The chunk's start: the block start at or before line `i`, the committed side moved back as far (those lines are equal). */
function widenBack(starts: boolean[], i: number, j: number): { i: number; j: number } {
  let k = Math.min(i, starts.length - 1);
  while (k > 0 && !starts[k]) k--;
  return { i: k, j: j - (i - k) };
}

/** The first block start in lines [from, to), if any. */
function nextStart(starts: boolean[], from: number, to: number): number | undefined {
  for (let k = from; k < to; k++) if (starts[k]) return k;
  return undefined;
}

/**
 * The chunk between two block starts of the SEP's body; undefined when it cannot be formatted
 * alone: on the committed side it is not between blank lines (a block there may run on into the
 * next), or it starts with what alone would read as front matter (`---`, `+++`).
 */
function chunkOf(
  ours: string[],
  theirs: string[],
  from: { i: number; j: number },
  to: { i: number; j: number },
): BodyChunk | undefined {
  if ((from.j > 0 && theirs[from.j - 1].trim()) || (to.j < theirs.length && theirs[to.j - 1].trim())) return undefined;
  const trim = (lines: string[]) => lines.join('\n').replace(/\n+$/, '');
  const text = trim(ours.slice(from.i, to.i));
  if (!text.trim() || /^(---|\+\+\+|\*\*\*|___)\s*$/.test(ours[from.i])) return undefined;
  return { text, committed: trim(theirs.slice(from.j, to.j)) };
}

/**
 * The committed page, when its head is `formattedHead` and each chunk formatted alone is the
 * committed part it stands for (`formatted[k]`, Prettier's output for `chunks[k].text`).
 */
export function pageWithCommittedChunks(
  formattedHead: string,
  committedLf: string,
  judged: { bodyStart: number; chunks: BodyChunk[] },
  formatted: (string | undefined)[],
): string | undefined {
  if (committedBodyStart(formattedHead, committedLf) !== judged.bodyStart) return undefined;
  return judged.chunks.every((c, k) => formatted[k] === `${c.committed}\n`) ? committedLf : undefined;
}

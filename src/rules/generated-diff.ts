/** Shared by the `generated/*` rules: where a committed file first differs from the generated text. */

/** Offset of the first character where the two texts differ, or -1 when they are equal. */
export function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * The text of the line holding `offset`, shortened around it, for a message. `spaces`: the
 * indentation kept and every space shown as `·`, every tab as `→` (for texts that differ only there).
 */
export function excerpt(text: string, offset: number, width = 80, spaces = false): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  if (start === end) return offset >= text.length ? '(end of file)' : '(empty line)';
  const indent = spaces ? 0 : /^\s*/.exec(text.slice(start, end))![0].length;
  const from = Math.max(start + indent, offset - Math.floor(width / 2));
  const to = Math.min(end, from + width);
  const shown = spaces ? text.slice(from, to).replaceAll(' ', '·').replaceAll('\t', '→') : text.slice(from, to).trim();
  return `${from > start + indent ? '…' : ''}${shown}${to < end ? '…' : ''}`;
}

/**
 * The committed and generated lines at their first difference, `at`, for a message: as
 * `excerpt` shows them, or with their whitespace made visible when they would read the same (an
 * indentation that differs).
 */
export function differingExcerpts(committed: string, generated: string, at: number): [string, string] {
  const plain: [string, string] = [excerpt(committed, at), excerpt(generated, at)];
  if (plain[0] !== plain[1]) return plain;
  return [excerpt(committed, at, 80, true), excerpt(generated, at, 80, true)];
}

/** A part of a generated file: one declaration's block (or definition), by name, where it starts. */
export interface Section {
  name: string;
  text: string;
  offset: number;
}

/**
 * A file cut into named sections and the rest: `skeleton` is the text with each section replaced
 * by a marker naming it, so that what lies outside the sections (and their order) compares alone.
 */
export interface Sectioned {
  sections: Map<string, Section>;
  skeleton: string;
  /** The offset in the text of an offset in the skeleton (a marker maps to its section's start). */
  textOffset(skeletonOffset: number): number;
}

/**
 * How a generated file's sections differ from the committed one's, in the generated order, then
 * the committed sections it no longer has: `old` absent for a section the committed file lacks,
 * `fresh` absent for one it has no more. Sections that `same` judges equal are left out.
 */
export function differingSections(
  committed: Sectioned,
  generated: Sectioned,
  same: (old: string, fresh: string) => boolean,
): { name: string; old?: Section; fresh?: Section }[] {
  const out: { name: string; old?: Section; fresh?: Section }[] = [];
  for (const [name, fresh] of generated.sections) {
    const old = committed.sections.get(name);
    if (!old || !same(old.text, fresh.text)) out.push({ name, old, fresh });
  }
  for (const [name, old] of committed.sections) if (!generated.sections.has(name)) out.push({ name, old });
  return out;
}

/** The marker standing for a section in a skeleton; `readableSkeleton` shows it as its name. */
const marker = (name: string) => `\u0000${name}\u0000`;

/** A skeleton's excerpt as a reader would take it: each marker as `[Name]`. */
export function readableSkeleton(text: string): string {
  return text.replaceAll(/\u0000([^\u0000]*)\u0000/g, '[$1]');
}

/** Cuts `text` at the matches of `pattern` (global; group 1 the name, the whole match the section). */
export function sectioned(text: string, pattern: RegExp): Sectioned {
  const sections = new Map<string, Section>();
  const shifts: { at: number; length: number; by: number; offset: number }[] = [];
  let skeleton = '';
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    // A name seen twice keeps its first section; the second stays in the skeleton, where it differs.
    if (sections.has(m[1])) continue;
    sections.set(m[1], { name: m[1], text: m[0], offset: m.index });
    skeleton += text.slice(last, m.index);
    const length = marker(m[1]).length;
    shifts.push({ at: skeleton.length, length, by: m[0].length - length, offset: m.index });
    skeleton += marker(m[1]);
    last = m.index + m[0].length;
  }
  skeleton += text.slice(last);
  const textOffset = (at: number) => {
    let shift = 0;
    for (const s of shifts) {
      if (s.at > at) break;
      if (at < s.at + s.length) return s.offset;
      shift += s.by;
    }
    return at + shift;
  };
  return { sections, skeleton, textOffset };
}

/**
 * A short word diff of two texts for a message, in the `wdiff` notation: the first few changed
 * runs as `[-old-]{+new+}`, each cut to a few dozen characters, with a little of the text around
 * them; the two texts are assumed to differ.
 */
export function shortDiff(committed: string, generated: string, runs = 3): string {
  // Words of the HTML, with tags and entities split off, so that a change is shown in its words.
  const words = (s: string) => s.match(/&[#\w]+;|<[^>]*>|[\p{L}\p{N}]+|\s+|[^\s\p{L}\p{N}<&]+|[<&]/gu) ?? [];
  const a = words(committed);
  const b = words(generated);
  const cut = (s: string, width = 60) => (s.length > width ? `${s.slice(0, width - 1)}…` : s);
  const before = (s: string) => (s.length > 30 ? `…${s.slice(-29)}` : s);
  const after = (s: string) => (s.length > 30 ? `${s.slice(0, 29)}…` : s);
  let out = '';
  let i = 0;
  let j = 0;
  let shown = 0;
  for (;;) {
    const from = i;
    while (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    }
    const same = a.slice(from, i).join('');
    if ((i >= a.length && j >= b.length) || shown === runs) {
      out += after(same);
      break;
    }
    out += shown === 0 ? before(same) : same.length > 60 ? `${after(same)} ${before(same)}` : same;
    // The change runs until the two sides meet again on a few words in a row (nearest first).
    let end: [number, number] = [a.length, b.length];
    search: for (let d = 1; d < 400; d++) {
      for (let k = 0; k <= d; k++) {
        const x = i + k;
        const y = j + d - k;
        if (x > a.length || y > b.length) continue;
        if (sameRun(a, b, x, y)) {
          end = [x, y];
          break search;
        }
      }
    }
    const removed = a.slice(i, end[0]).join('');
    const added = b.slice(j, end[1]).join('');
    out += `${removed && `[-${cut(removed)}-]`}${added && `{+${cut(added)}+}`}`;
    shown++;
    [i, j] = end;
  }
  return JSON.stringify(out.trim());
}

/** Whether `a` from `x` and `b` from `y` agree on `length` words (or both end within them). */
function sameRun(a: string[], b: string[], x: number, y: number, length = 3): boolean {
  for (let k = 0; k < length; k++) {
    if (x + k >= a.length && y + k >= b.length) return true;
    if (a[x + k] !== b[y + k]) return false;
  }
  return true;
}

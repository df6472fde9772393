/**
 * Aligns the units of a SEP's proposed wording with the units of the text it targets, and
 * describes how matched units differ: word-level clause changes (a longest common subsequence
 * over words: its length scores pairs, and jsdiff's array diff gives the hunks of a matched
 * pair) and RFC 2119 keyword changes.
 */
// The array diff alone: the package's index loads every kind of diff, for each run of the CLI.
import { diffArrays } from 'diff/lib/diff/array.js';
import type { Unit, Word } from './units.js';

export interface Pair {
  sep: Unit;
  doc: Unit;
  ratio: number;
}

export interface Alignment {
  pairs: Pair[];
  /** SEP units with no counterpart. */
  sepOnly: Unit[];
  /** Target units with no counterpart. */
  docOnly: Unit[];
}

/** Units this similar (2 * common words / all words) are the same unit, possibly changed. */
export const MATCH_RATIO = 0.5;
/** Leftover units in the same slot between two matched units are one unit reworded when at least this similar. */
const REWORD_RATIO = 0.25;

/**
 * Length of the longest common subsequence of two key lists. Matching scores every SEP unit
 * against every unit of a page, so this stays a two-row table: jsdiff's diff gives the same
 * length about 15 times slower on such pairs, most of which share little.
 */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  let prev = new Uint16Array(b.length + 1);
  let cur = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

function similarity(a: Unit, b: Unit): number {
  return (2 * lcsLength(a.keys, b.keys)) / (a.keys.length + b.keys.length);
}

/**
 * How alike two units are for matching: their similarity, or (when one holds the other's words
 * in order, with a clause dropped or added) just the match threshold, so that such a pair
 * matches but ranks below closer ones. Units sharing fewer than two words never match here
 * (the reword step may still pair them by position).
 */
export function matchScore(a: Unit, b: Unit): number {
  const ka = a.keys;
  const kb = b.keys;
  const common = lcsLength(ka, kb);
  const dice = (2 * common) / (ka.length + kb.length);
  // One shared word is no evidence: "Server errors" is not "Server timeouts" changed.
  if (common < 2) return 0;
  if (dice >= MATCH_RATIO) return dice;
  return common >= 3 && common / Math.min(ka.length, kb.length) >= 0.8 ? MATCH_RATIO : dice;
}

const sameKey = (u: Unit) => u.keys.join(' ');

/**
 * Pairs units: identical text first (in order), then the most similar pairs of the same kind
 * above MATCH_RATIO, then leftovers that sit in the same slot between matched neighbours.
 */
export function align(sepUnits: Unit[], docUnits: Unit[]): Alignment {
  const pairs: Pair[] = [];
  const usedSep = new Set<Unit>();
  const usedDoc = new Set<Unit>();
  const take = (sep: Unit, doc: Unit, ratio: number) => {
    pairs.push({ sep, doc, ratio });
    usedSep.add(sep);
    usedDoc.add(doc);
  };

  const docByKey = new Map<string, Unit[]>();
  for (const d of docUnits) {
    const k = `${d.kind}:${sameKey(d)}`;
    if (!docByKey.has(k)) docByKey.set(k, []);
    docByKey.get(k)!.push(d);
  }
  for (const s of sepUnits) {
    const doc = docByKey.get(`${s.kind}:${sameKey(s)}`)?.find((d) => !usedDoc.has(d));
    if (doc) take(s, doc, 1);
  }

  const candidates: Pair[] = [];
  for (const s of sepUnits) {
    if (usedSep.has(s)) continue;
    for (const d of docUnits) {
      if (usedDoc.has(d) || d.kind !== s.kind) continue;
      const ratio = matchScore(s, d);
      if (ratio >= MATCH_RATIO) candidates.push({ sep: s, doc: d, ratio });
    }
  }
  candidates.sort(
    (x, y) => y.ratio - x.ratio || Math.abs(x.sep.index - x.doc.index) - Math.abs(y.sep.index - y.doc.index),
  );
  for (const c of candidates) if (!usedSep.has(c.sep) && !usedDoc.has(c.doc)) take(c.sep, c.doc, c.ratio);

  // Leftovers between the same two matched neighbours, in order: one unit reworded.
  const sortedPairs = () => [...pairs].sort((x, y) => x.sep.index - y.sep.index);
  const anchors = sortedPairs();
  const slotOf = (u: Unit, side: 'sep' | 'doc') => anchors.filter((p) => p[side].index < u.index).length;
  const docSlots = new Map<number, Unit[]>();
  for (const d of docUnits) {
    if (usedDoc.has(d)) continue;
    const slot = slotOf(d, 'doc');
    if (!docSlots.has(slot)) docSlots.set(slot, []);
    docSlots.get(slot)!.push(d);
  }
  // Before the first and after the last matched unit, only the neighbouring block can hold the reworded unit.
  const docBlocks = anchors.map((p) => p.doc.block);
  const nearAnchors = (u: Unit) =>
    !anchors.length || (u.block >= Math.min(...docBlocks) - 1 && u.block <= Math.max(...docBlocks) + 1);
  for (const s of sepUnits) {
    if (usedSep.has(s)) continue;
    const slot = docSlots.get(slotOf(s, 'sep')) ?? [];
    const d = slot.find((u) => !usedDoc.has(u) && u.kind === s.kind && nearAnchors(u));
    if (d) {
      const ratio = similarity(s, d);
      if (ratio >= REWORD_RATIO) take(s, d, ratio);
    }
  }

  return {
    pairs: sortedPairs(),
    sepOnly: sepUnits.filter((u) => !usedSep.has(u)),
    docOnly: docUnits.filter((u) => !usedDoc.has(u)),
  };
}

/** Pairs whose target units are out of the SEP's order: those outside a longest increasing run. */
export function outOfOrder(pairs: Pair[]): Pair[] {
  const seq = pairs.map((p) => p.doc.index);
  // Patience sorting with back-pointers: O(n log n).
  const tails: number[] = [];
  const prev: number[] = new Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = prev[i]) keep.add(i);
  return pairs.filter((_, i) => !keep.has(i));
}

// ---------------------------------------------------------------------------
// RFC 2119 keywords

export interface Keyword {
  /** As written, such as `MUST NOT`. */
  text: string;
  /** Its requirement level, equivalent forms merged (SHALL = MUST, REQUIRED = MUST, RECOMMENDED = SHOULD, OPTIONAL = MAY). */
  level: 'MUST' | 'MUST NOT' | 'SHOULD' | 'SHOULD NOT' | 'MAY';
  /** Indexes of its words in the unit. */
  words: number[];
}

const bare = (w: Word | undefined) => (w ? w.raw.replace(/[^A-Za-z]/g, '') : '');

/** The RFC 2119 keywords of a unit, in order. Only upper-case words count (RFC 8174). */
export function keywordsOf(unit: Unit): Keyword[] {
  const out: Keyword[] = [];
  const w = unit.words;
  for (let i = 0; i < w.length; i++) {
    const word = bare(w[i]);
    const next = bare(w[i + 1]);
    if ((word === 'MUST' || word === 'SHALL' || word === 'SHOULD') && next === 'NOT') {
      out.push({ text: `${word} NOT`, level: word === 'SHOULD' ? 'SHOULD NOT' : 'MUST NOT', words: [i, i + 1] });
      i++;
    } else if (word === 'NOT' && next === 'RECOMMENDED') {
      out.push({ text: 'NOT RECOMMENDED', level: 'SHOULD NOT', words: [i, i + 1] });
      i++;
    } else if (word === 'MUST' || word === 'SHALL' || word === 'REQUIRED') {
      out.push({ text: word, level: 'MUST', words: [i] });
    } else if (word === 'SHOULD' || word === 'RECOMMENDED') {
      out.push({ text: word, level: 'SHOULD', words: [i] });
    } else if (word === 'MAY' || word === 'OPTIONAL') {
      out.push({ text: word, level: 'MAY', words: [i] });
    }
  }
  return out;
}

/**
 * Whether a text states requirement levels with RFC 2119 keywords: an upper-case keyword outside
 * quotes (the BCP 14 paragraph names them in quotes, and states none). A SEP that writes none
 * describes expectations in plain prose; the keywords the spec gives them formalize that prose.
 */
export function statesKeywords(text: string): boolean {
  return /\b(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL)\b/.test(
    text.replace(
      /["“”'‘’](?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL|NOT)(?: NOT| RECOMMENDED)?["“”'‘’]/g,
      '',
    ),
  );
}

// ---------------------------------------------------------------------------
// Word-level differences

export interface Hunk {
  /** SEP words that the target lacks here. */
  dropped: Word[];
  /** Target words that the SEP lacks here. */
  added: Word[];
  /** Offset in the SEP unit's plain text where the hunk starts. */
  sepOffset: number;
  /** Offset in the target unit's plain text where the hunk starts. */
  docOffset: number;
}

/** Word-level differences between two units, leaving out the words at the given indexes (keywords). */
export function wordHunks(sep: Unit, doc: Unit, skipSep = new Set<number>(), skipDoc = new Set<number>()): Hunk[] {
  const a = sep.words.filter((_, i) => !skipSep.has(i));
  const b = doc.words.filter((_, i) => !skipDoc.has(i));
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  const endOf = (words: Word[], unit: Unit, k: number) => (k < words.length ? words[k].offset : unit.plain.length);
  const open = (i: number, j: number) =>
    (current ??= { dropped: [], added: [], sepOffset: endOf(a, sep, i), docOffset: endOf(b, doc, j) });
  // Consecutive removals and additions between two common runs make one hunk.
  let i = 0;
  let j = 0;
  for (const change of diffArrays(a, b, { comparator: (x, y) => x.key === y.key })) {
    if (change.removed) {
      open(i, j).dropped.push(...a.slice(i, i + change.count));
      i += change.count;
    } else if (change.added) {
      open(i, j).added.push(...b.slice(j, j + change.count));
      j += change.count;
    } else {
      if (current) hunks.push(current);
      current = undefined;
      i += change.count;
      j += change.count;
    }
  }
  if (current) hunks.push(current);
  return hunks;
}

/**
 * A unit of the spec shown whole with the words it changes from the SEP marked, as `git diff
 * --word-diff` does: `[-the SEP's words-]{+the spec's words+}`. Messages quote the whole
 * sentence, so that the changed word is never cut off.
 */
import { diffArrays } from 'diff/lib/diff/array.js';
import type { Unit, Word } from './units.js';

const KEYWORDS = new Set(['MUST', 'SHALL', 'SHOULD', 'MAY', 'NOT', 'REQUIRED', 'RECOMMENDED', 'OPTIONAL']);
const bare = (w: Word) => w.raw.replace(/[^A-Za-z]/g, '');

/**
 * Two words are the same when their keys are, except that an RFC 2119 keyword and the same word
 * in lower case differ (RFC 8174: only the upper-case word is the keyword).
 */
export function sameWord(a: Word, b: Word): boolean {
  if (a.key !== b.key) return false;
  const x = bare(a);
  const y = bare(b);
  return x === y || (!KEYWORDS.has(x) && !KEYWORDS.has(y));
}

/** The spec's unit with the SEP's words it lacks as `[-…-]` and its own new words as `{+…+}`. */
export function markedSentence(sep: Unit, doc: Unit): string {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  let dropped: string[] = [];
  let added: string[] = [];
  const flush = () => {
    if (dropped.length) out.push(`[-${dropped.join(' ')}-]`);
    if (added.length) out.push(`{+${added.join(' ')}+}`);
    dropped = [];
    added = [];
  };
  for (const change of diffArrays(sep.words, doc.words, { comparator: sameWord })) {
    if (change.removed) {
      dropped.push(...sep.words.slice(i, i + change.count).map((w) => w.raw));
      i += change.count;
    } else if (change.added) {
      added.push(...doc.words.slice(j, j + change.count).map((w) => w.raw));
      j += change.count;
    } else {
      flush();
      out.push(...doc.words.slice(j, j + change.count).map((w) => w.raw));
      i += change.count;
      j += change.count;
    }
  }
  flush();
  return `“${out.join(' ')}”`;
}

/** A text quoted whole, its whitespace runs made one space. */
export function quoteWhole(text: string): string {
  return `“${text.replace(/\s+/g, ' ').trim()}”`;
}

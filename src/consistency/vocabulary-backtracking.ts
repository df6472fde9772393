/**
 * Whether a vocabulary phrase (a regular expression from the config file) can backtrack
 * catastrophically. The phrases run on every statement of every page with JavaScript's
 * backtracking engine, which a pattern such as `(\w+\s?)*` keeps busy for hours on one sentence.
 * The check is the classic one (as safe-regex's "star height"): a group repeated without bound
 * that itself holds a quantifier without bound. It is conservative: it needs no parser, knows
 * escapes, classes and group kinds, and refuses some patterns that would have been safe
 * (`(?:ab+)+`), which are rewritten without the nesting. Polynomial backtracking (`\w*\w*`) is
 * allowed: statements are short.
 *
 * A library was considered: re2 (a native build, no lookbehind, which the phrases' wrappers use)
 * and recheck (a large Scala.js bundle or a platform binary, seconds per pattern) cost more
 * than this one rule, which covers the exponential cases.
 */

/** A bounded repeat above this counts as unbounded: `(a{1,100})+` backtracks as `(a+)+` does. */
const LARGE_REPEAT = 10;

interface Group {
  start: number;
  /** Holds a quantifier without bound (directly or in a nested group). */
  unbounded: boolean;
}

/**
 * The offset of the first group that repeats without bound and holds a quantifier without
 * bound, or undefined when there is none.
 */
export function nestedQuantifier(source: string): number | undefined {
  const groups: Group[] = [{ start: 0, unbounded: false }];
  // What the next quantifier applies to: a group just closed, or any other atom.
  let atom: Group | 'other' | undefined;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    const quantifier = quantifierAt(source, i);
    if (quantifier) {
      const { length, unbounded } = quantifier;
      if (unbounded) {
        if (atom && atom !== 'other' && atom.unbounded) return atom.start;
        groups.at(-1)!.unbounded = true;
      }
      i += length - 1;
      // A lazy or possessive mark (`*?`) belongs to the quantifier.
      if (source[i + 1] === '?') i++;
      atom = undefined;
      continue;
    }
    if (c === '\\') {
      i++;
      atom = 'other';
    } else if (c === '[') {
      // A class is one atom: to the first `]` that is not escaped (or first in the class).
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      for (; j < source.length && source[j] !== ']'; j++) if (source[j] === '\\') j++;
      i = j;
      atom = 'other';
    } else if (c === '(') {
      groups.push({ start: i, unbounded: false });
      atom = undefined;
      // Group kinds: `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`.
      if (source[i + 1] === '?') {
        const kind = /^\?(?::|=|!|<=|<!|<[^>]*>)/.exec(source.slice(i + 1, i + 80));
        if (kind) i += kind[0].length;
      }
    } else if (c === ')') {
      const group = groups.length > 1 ? groups.pop()! : { start: i, unbounded: false };
      // What the group holds, its parent holds.
      if (group.unbounded) groups.at(-1)!.unbounded = true;
      atom = group;
    } else if (c === '|' || c === '^' || c === '$') {
      atom = undefined;
    } else atom = 'other';
  }
  return undefined;
}

function quantifierAt(source: string, i: number): { length: number; unbounded: boolean } | undefined {
  const c = source[i];
  if (c === '*' || c === '+') return { length: 1, unbounded: true };
  if (c === '?') return { length: 1, unbounded: false };
  if (c !== '{') return undefined;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
  if (!m) return undefined;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return { length: m[0].length, unbounded: max > LARGE_REPEAT };
}

/**
 * Whether a vocabulary phrase (a regular expression from the config file) can backtrack
 * catastrophically. The phrases run on every statement of every page with JavaScript's
 * backtracking engine, which a pattern such as `(\w+\s?)*` keeps busy for hours on one sentence.
 * The check is the classic one (as safe-regex's "star height"): a group repeated without bound
 * that itself holds a quantifier without bound, or an alternation (`(a|a)*`, whose branches may
 * match the same text, backtracks exponentially too). It is conservative: it needs no parser, knows
 * escapes, classes and group kinds, and refuses some patterns that would have been safe
 * (`(?:ab+)+`), which are rewritten without the nesting. A backreference counts as a quantifier
 * without bound (it matches what its group matched), and a lookaround as any other group (what
 * it holds, its parent holds). Polynomial backtracking (`\w*\w*`) is allowed: statements are short.
 *
 * A library was considered: re2 (a native build, no lookbehind, which the phrases' wrappers use)
 * and recheck (a large Scala.js bundle or a platform binary, seconds per pattern) cost more
 * than this one rule, which covers the exponential cases.
 */

/** A bounded repeat above this counts as unbounded: `(a{1,100})+` backtracks as `(a+)+` does. */
const LARGE_REPEAT = 10;

interface Group {
  start: number;
  /** Where its content starts (after `(` and its kind). */
  content?: number;
  /** Holds a quantifier without bound (directly or in a nested group), or branches that may overlap. */
  unbounded: boolean;
  alternation?: boolean;
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
      // A backreference (`\1`, `\k<name>`) matches what its group matched, of any length: as a
      // quantifier without bound, repeating it or a group holding it backtracks as `(a+)+` does
      // (`(?<x>a+)\k<x>+b`).
      const backreference = /^(?:[1-9]\d*|k<[^>]*>)/.exec(source.slice(i + 1, i + 80));
      if (backreference) {
        groups.at(-1)!.unbounded = true;
        atom = { start: i, unbounded: true };
        i += backreference[0].length;
        continue;
      }
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
      const group: Group = { start: i, unbounded: false };
      groups.push(group);
      atom = undefined;
      // Group kinds: `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`.
      if (source[i + 1] === '?') {
        const kind = /^\?(?::|=|!|<=|<!|<[^>]*>)/.exec(source.slice(i + 1, i + 80));
        if (kind) i += kind[0].length;
      }
      group.content = i + 1;
    } else if (c === ')') {
      const group: Group = groups.length > 1 ? groups.pop()! : { start: i, unbounded: false };
      // Repeating a choice backtracks as repeating a quantifier does, when its branches overlap.
      if (group.alternation && branchesMayOverlap(source.slice(group.content ?? i, i))) group.unbounded = true;
      // What the group holds, its parent holds.
      if (group.unbounded) groups.at(-1)!.unbounded = true;
      atom = group;
    } else if (c === '|') {
      groups.at(-1)!.alternation = true;
      atom = undefined;
    } else if (c === '^' || c === '$') {
      atom = undefined;
    } else atom = 'other';
  }
  return undefined;
}

/**
 * Whether two branches of a group's text (split at its own `|`) may match the same start: true
 * unless every branch begins with a plain character and no two with the same one (`foo|bar`).
 */
function branchesMayOverlap(text: string): boolean {
  const firsts: string[] = [];
  let depth = 0;
  let branchStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (branchStart) {
      if (!/[\p{L}\p{N} _-]/u.test(c)) return true;
      firsts.push(c.toLowerCase());
      branchStart = false;
    }
    if (c === '\\') i++;
    else if (c === '[') {
      for (i++; i < text.length && text[i] !== ']'; i++) if (text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) branchStart = true;
  }
  if (branchStart) return true;
  return new Set(firsts).size < firsts.length;
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

/** Config `spelling`, read and validated: one-line errors at the offending key or value. */
import type { SpellingOptions } from '../prose/spelling-options.js';
import { isObject } from '../util/is-object.js';

/** How the config reader reports (see `parseConfig`). */
export interface ConfigReading {
  fail(offset: number, message: string): never;
  keyAt(pointer: string, key: string): number;
  valueAt(pointer: string): number;
  /** ` (did you mean "x"?)`, or nothing. */
  suggest(word: string, candidates: readonly string[]): string;
}

/** `spelling`: `words`, an array of words (no spaces). */
export function spellingOption(value: unknown, { fail, keyAt, valueAt, suggest }: ConfigReading): SpellingOptions {
  if (!isObject(value)) fail(valueAt('/spelling'), '"spelling" must be an object with key words');
  const unknown = Object.keys(value as object).find((key) => key !== 'words');
  if (unknown)
    fail(
      keyAt('/spelling', unknown),
      `unknown key "spelling.${unknown}"${suggest(unknown, ['words'])} (allowed: words)`,
    );
  const words = (value as { words?: unknown }).words;
  if (words === undefined) return {};
  if (!Array.isArray(words)) fail(valueAt('/spelling/words'), '"spelling.words" must be an array of words');
  const bad = (words as unknown[]).findIndex((w) => typeof w !== 'string' || !/^\S+$/.test(w));
  if (bad >= 0)
    fail(valueAt(`/spelling/words/${bad}`), `spelling.words[${bad}] must be a word (a string without spaces)`);
  return { words: words as string[] };
}

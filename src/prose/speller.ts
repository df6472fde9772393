/**
 * The English speller of `spelling/unknown-word`: cspell's dictionaries (its English one and
 * the software terms it enables by default) and the spec's own words. cspell-lib takes seconds
 * to import and load its dictionaries, so this module imports it only when a speller is made:
 * a run with the rule off never loads it, and the warm path never loads this module.
 */

/** What the rule asks of the dictionaries. */
export interface Speller {
  /** Whether the word is spelled as the dictionaries or the given words know it, in any case. */
  knows(word: string): boolean;
  /** Words the dictionaries know near a word, nearest first (at most `count`), with their edit cost (100: one edit). */
  suggest(word: string, count: number): { word: string; cost: number }[];
}

/** cspell's English dictionary; the others are those cspell enables by default (software terms, services, acronyms). */
const ENGLISH = 'en_us';

/**
 * A speller knowing `words` besides cspell's dictionaries. Rejects when cspell-lib cannot be
 * loaded; the rule then fails as one `internal` finding.
 */
export async function loadSpeller(words: readonly string[]): Promise<Speller> {
  const cspell = await import('cspell-lib');
  const defaults = await cspell.getDefaultSettings();
  const settings = cspell.mergeSettings(defaults, {
    dictionaries: [ENGLISH, ...(defaults.dictionaries ?? [])],
    words: [...words],
  });
  const dictionary = await cspell.getDictionary(cspell.finalizeSettings(settings));
  // Looking a word up costs tens of microseconds; a spec repeats its words thousands of times.
  const known = new Map<string, boolean>();
  return {
    knows(word) {
      let k = known.get(word);
      if (k === undefined) {
        k = dictionary.has(word, { ignoreCase: true }) && !dictionary.isForbidden(word);
        known.set(word, k);
      }
      return k;
    },
    suggest(word, count) {
      const seen = new Set<string>();
      const out: { word: string; cost: number }[] = [];
      for (const s of dictionary.suggest(word, { numSuggestions: count, ignoreCase: true })) {
        const key = s.word.toLowerCase();
        if (seen.has(key) || dictionary.isForbidden(s.word)) continue;
        seen.add(key);
        out.push({ word: s.word, cost: s.cost });
      }
      return out;
    },
  };
}

import type { Report, Rule } from '../core/rule.js';
import type { Spec } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import {
  identifierWords,
  jsdocWords,
  pageCodeNames,
  pageWords,
  specNames,
  type CodeName,
  type ProseWord,
} from '../prose/spelling-words.js';
import { editDistance } from '../util/edit-distance.js';
import type { Speller } from '../prose/speller.js';

/** How many suggestions a finding names. */
const SUGGESTIONS = 3;

/** The speller of a project, once `prepare` has loaded it (or why it could not). */
interface Loaded {
  loading?: Promise<void>;
  speller?: Speller;
  failure?: unknown;
}

const loadedSpeller = derivation('speller', (_spec: Spec): Loaded => ({}));

/** The spec's identifiers and the config's `spelling.words`: the words the English dictionaries lack. */
const ownWords = derivation('own words', (_spec: Spec, project: Project) => {
  const words = identifierWords(project);
  for (const word of project.options.spelling?.words ?? []) words.add(word.toLowerCase());
  return words;
});

/** Words of the spec's prose that neither the English dictionaries nor the spec's own words know. */
export const spellingUnknownWord: Rule = {
  meta: {
    id: 'spelling/unknown-word',
    description:
      "A word of a spec page's prose or of a schema.ts JSDoc comment that cspell's English and software-terms dictionaries do not know, nor the spec's own identifiers (declaration, member and method names and their parts, capability and error names), nor the config's `spelling.words`. Code, inline code, URLs, HTML, names written as names (`listChanged`, `OAuth`, `JSON`), words with digits or underscores, and words under 4 letters are not read. The finding names cspell's nearest words. Inline code that is one name is checked against the spec's names instead: one typo from exactly one of them (a letter added, dropped, changed or two swapped; not a plural, a change of case or an English word) is reported with that name.",
    rationale:
      'Typos are the commonest hand fix in a spec repository’s history; a misspelled word in a normative sentence reads as carelessness, and a misspelled name as a member the reader cannot find. Off by default, for what it reports on a spec that has not listed its own words: on four held-out specs (A2A, MCP Apps, ACP, an MCP extension) all 84 findings were correct words — names of people, companies and products, jargon, a template keyword — and none a typo, which is what `spelling.words` is for. On the MCP specification, whose jargon the rule’s derived-form handling accepts, the snapshot’s findings (119 before that handling, 13 words such as “Streamable”, “hostnames”, “exfiltration”) were all correct words too, while on the states before four of its maintainers’ typo fixes its 11 findings were all misspellings they fixed (9 words: “casued”, “integrigty”, “seperate”…). Turn it on once the word list is written.',
    details:
      'Words the spec uses on purpose that no dictionary has (product names, jargon) go in the config: `"spelling": { "words": ["Mintlify"] }`, matched in any case. A word used once in a single place can be suppressed with `spec-check-disable-next-line spelling/unknown-word`. A misspelling that is itself an English word ("Serves" for "Servers") is not found: the rule looks words up, it does not read grammar. cspell-lib is loaded only when the rule is on, and takes a few seconds to load its dictionaries.',
    defaultSeverity: 'off',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: 'Servers MUST send a notificaton when the list of widgets changes.',
      pass: 'Servers MUST send a notification when the list of widgets changes.',
    },
  },
  prepare(project) {
    const loaded = project.derive(loadedSpeller, project.spec);
    loaded.loading ??= import('../prose/speller.js')
      .then(({ loadSpeller }) => loadSpeller([...project.derive(ownWords, project.spec)]))
      .then(
        (speller) => {
          loaded.speller = speller;
        },
        (error: unknown) => {
          loaded.failure = error;
        },
      );
    return loaded.loading;
  },
  check(project, { report, guard }) {
    const { speller, failure } = project.derive(loadedSpeller, project.spec);
    if (!speller) {
      const why = failure instanceof Error ? failure.message : failure === undefined ? 'not loaded' : String(failure);
      throw new Error(`the dictionaries could not be loaded (${why})`);
    }
    const own = project.derive(ownWords, project.spec);
    const knows = (word: string) => own.has(word.toLowerCase()) || speller.knows(word);
    const unknown = (w: ProseWord) => !knows(w.word) && !isRegularForm(w.word, knows);
    const found: ProseWord[] = [];
    const codeNames: CodeName[] = [];
    // How often the spec writes each word (its names count once): of suggestions equally near, the spec's own word first.
    const uses = new Map<string, number>([...own].map((w) => [w, 1]));
    const read = (words: ProseWord[]) => {
      for (const w of words) {
        const key = w.word.toLowerCase();
        uses.set(key, (uses.get(key) ?? 0) + 1);
        if (unknown(w)) found.push(w);
      }
    };
    for (const version of project.spec.versions) {
      for (const page of version.pages)
        guard(page.path, () => {
          read(pageWords(page));
          codeNames.push(...pageCodeNames(page));
        });
      const schema = version.schemaTs;
      if (!schema) continue;
      guard(schema.file.path, () => {
        for (const decl of schema.declarations) {
          if (decl.jsdoc) read(jsdocWords(decl.jsdoc, schema.file));
          for (const member of decl.members) if (member.jsdoc) read(jsdocWords(member.jsdoc, schema.file));
        }
      });
    }
    reportMisspelledNames(project, codeNames, speller, report);
    const suggestions = new Map<string, string[]>();
    for (const w of found) {
      let nearest = suggestions.get(w.word);
      if (!nearest) suggestions.set(w.word, (nearest = suggestionsFor(w.word, speller, uses)));
      report({
        message: `Unknown word "${w.word}"${nearest.length ? `: did you mean ${orList(nearest.map((s) => `"${s}"`))}?` : ''}`,
        location: w.file.location(w.offset, w.offset + w.word.length),
      });
    }
  },
};

/**
 * Inline code that names no name of the spec but is one typo from one of them (a letter added,
 * dropped, changed, or two swapped): `listChnaged` for `listChanged`. A plural or a change of
 * case is another name, not a typo; names under 5 characters and English words are left alone.
 */
function reportMisspelledNames(
  project: Project,
  written: CodeName[],
  speller: Speller,
  report: (r: Report) => void,
): void {
  if (!written.length) return;
  const names = project.derive(ownNames, project.spec);
  const nearest = new Map<string, string | undefined>();
  for (const w of written) {
    // An English word in code (`initialized`) is a value or a word, not a misspelled name.
    if (names.has(w.name) || w.name.length < 5 || (/^[a-z]+$/.test(w.name) && speller.knows(w.name))) continue;
    if (!nearest.has(w.name)) nearest.set(w.name, oneTypoFrom(w.name, names));
    const name = nearest.get(w.name);
    if (name)
      report({
        message: `Unknown name \`${w.name}\`: did you mean \`${name}\`?`,
        location: w.file.location(w.offset, w.offset + w.name.length),
      });
  }
}

const ownNames = derivation('own names', (_spec: Spec, project: Project) => specNames(project));

/** The one name `written` is one typo from, if exactly one. */
function oneTypoFrom(written: string, names: Set<string>): string | undefined {
  const near: string[] = [];
  for (const name of names) {
    if (Math.abs(name.length - written.length) > 1 || name.length < 5) continue;
    if (name.toLowerCase() === written.toLowerCase() || isPlural(name, written) || isPlural(written, name)) continue;
    if (editDistance(written, name) === 1 || isSwap(written, name)) near.push(name);
  }
  return near.length === 1 ? near[0] : undefined;
}

const isPlural = (plural: string, singular: string) => plural === `${singular}s` || plural === `${singular}es`;

/** `a` is `b` with two adjacent characters swapped. */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

/** Suffixes English adds to a word, and what the word ends with before it (`ability` after `able`). */
const SUFFIXES: [suffix: string, stem: string][] = [
  ['s', ''],
  ['es', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['ion', 'e'],
  ['ly', ''],
  ['ness', ''],
  ['able', ''],
  ['ability', 'able'],
  ['ibility', 'ible'],
];

/** Prefixes English adds to a word. */
const PREFIXES = ['un', 're', 'de', 'sub', 'non', 'pre', 'multi', 'inter', 'over', 'under'];

/**
 * A known word with a regular prefix or suffix (`hostnames`, `sandboxed`, `exfiltration`,
 * `statelessly`, `unvalidated`, `Resumability`): dictionaries list few derived forms of
 * technical words, and a typo seldom leaves a known word beside a whole affix. The rest must be
 * a word of at least 5 letters before a suffix (`corss` is not `cors` and an `s`), 4 after a prefix.
 */
function isRegularForm(word: string, knows: (word: string) => boolean): boolean {
  const lower = word.toLowerCase();
  for (const [suffix, stem] of SUFFIXES) {
    const rest = lower.slice(0, lower.length - suffix.length) + stem;
    if (lower.endsWith(suffix) && rest.length >= 5 && knows(rest)) return true;
  }
  for (const prefix of PREFIXES) {
    const rest = lower.slice(prefix.length);
    if (lower.startsWith(prefix) && rest.length >= 4 && knows(rest)) return true;
  }
  return false;
}

/**
 * cspell's nearest words, in the word's case; of words equally near, those the spec writes most
 * first ("reqest": "request" before "reset" and "retest").
 */
function suggestionsFor(word: string, speller: Speller, uses: Map<string, number>): string[] {
  const capital = /^[A-Z]/.test(word);
  const ranked = speller
    .suggest(word, SUGGESTIONS * 4)
    .filter((s) => !/\s/.test(s.word))
    .map((s) => ({ ...s, uses: uses.get(s.word.toLowerCase()) ?? 0 }))
    .sort((a, b) => a.cost - b.cost || b.uses - a.uses);
  return [...new Set(ranked.map((r) => matchCase(r.word, capital)))].slice(0, SUGGESTIONS);
}

function matchCase(suggestion: string, capital: boolean): string {
  if (/[A-Z]/.test(suggestion.slice(1))) return suggestion;
  return capital ? suggestion[0].toUpperCase() + suggestion.slice(1) : suggestion.toLowerCase();
}

function orList(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

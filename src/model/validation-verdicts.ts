/**
 * Validation verdicts kept in the disk cache from one check to the next, with the validator they
 * were judged by: a schema.json (its text and dialect) is the validator's key, and a verdict is
 * the violations of one value (its JSON text) against one definition. A check after an edit of
 * a page or an example validates only the values it has not judged against the same schema, and
 * compiles no definition (compiling is most of validation's cost) when it has judged them all.
 * A changed schema.json is another key: none of its old verdicts is read.
 *
 * All of them are one cache entry, read once per process and written back after the check when
 * a value was judged; it holds the verdicts of the validators this process used, so it does not
 * grow with edits. It has the disk cache's integrity (a tampered entry is not served, and is
 * made again). Watch mode keeps its compiled validators in memory instead (see `validatorOfSource`).
 */
import type { DiskCache } from '../runtime/cache.js';
import { hashParts } from '../runtime/cache.js';
import type { Runtime } from '../runtime/runtime.js';
import { KeptEntry } from '../runtime/kept-entry.js';
import type { SchemaViolation } from './violation-text.js';
import { isPlainJson } from '../util/plain-json.js';

/** What is known of one validator: whether its schema is one, which definitions compile, and verdicts by value. */
export interface ValidatorVerdicts {
  /** `valid`, or why the file is not a JSON Schema of its dialect (what `InvalidSchemaError` says). */
  schema?: 'valid' | { message: string; pointer: string };
  /** By definition: null when it compiles, else why not. */
  compiles: Record<string, string | null>;
  /** By `verdictKey`: the violations. */
  results: Record<string, SchemaViolation[]>;
}

const KIND = 'validation-verdicts';
const KEY = hashParts(['validation verdicts']);

export class VerdictStore {
  readonly #entry: KeptEntry<ValidatorVerdicts>;
  readonly counts = { verdictsFromCache: 0, verdictsJudged: 0 };

  constructor(cache: DiskCache) {
    this.#entry = new KeptEntry(cache, KIND, KEY, 'validators');
  }

  /** The verdicts of the validator of this schema text in this dialect (empty when none are kept). */
  forSchema(dialect: string, text: string): ValidatorVerdicts {
    const key = hashParts([dialect, text]);
    let verdicts = this.#entry.used(key);
    if (verdicts) return verdicts;
    const stored = this.#entry.stored(key) as ValidatorVerdicts | undefined;
    verdicts =
      stored && typeof stored === 'object' && stored.compiles && stored.results
        ? stored
        : { compiles: {}, results: {} };
    this.#entry.reuse(key, verdicts);
    return verdicts;
  }

  /** Called when a verdict (or a fact about the schema) was made rather than read. */
  judged(counted = true): void {
    this.#entry.changed();
    if (counted) this.counts.verdictsJudged++;
  }

  /** Writes the verdicts of the validators used in this process, when any was made or a stored validator went unused. */
  save(): void {
    this.#entry.save();
  }
}

/** The key of a verdict: the definition and the value's JSON text; undefined for a value that is not plain JSON. */
export function verdictKey(definition: string, value: unknown): string | undefined {
  return isPlainJson(value, { textOnly: true }) ? hashParts([definition, JSON.stringify(value)]) : undefined;
}

/**
 * The violations kept under `key` (copies of them), else those `judge` gives, kept under it for
 * the next check. A value with no key (not plain JSON) is judged and not kept; nor is a judgement
 * that gives undefined (no validator).
 */
export function keptOrJudged<V extends object>(
  kept: { verdicts: ValidatorVerdicts; store: Pick<VerdictStore, 'judged' | 'counts'> },
  key: string | undefined,
  judge: () => V[] | undefined,
): V[] | undefined {
  const results = kept.verdicts.results as unknown as Record<string, V[]>;
  if (key && Object.hasOwn(results, key) && Array.isArray(results[key])) {
    kept.store.counts.verdictsFromCache++;
    return results[key].map((v) => ({ ...v }));
  }
  const found = judge();
  if (key && found) {
    results[key] = found.map((v) => ({ ...v }));
    kept.store.judged(true);
  }
  return found;
}

const STORE = 'validation verdicts';

/** Opens the runtime's verdict store for a check that keeps its verdicts on disk (not watch mode). */
export function openVerdictStore(runtime: Runtime, cache: DiskCache): VerdictStore {
  return runtime.store(STORE, () => new VerdictStore(cache));
}

/** The runtime's verdict store, when a check opened one. */
export function verdictStoreOf(runtime: Runtime): VerdictStore | undefined {
  return runtime.store<VerdictStore>(STORE);
}

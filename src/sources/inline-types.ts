/**
 * Inline object types (`params: { name: string; arguments?: { [key: string]: unknown } }`) read
 * as declarations: the rules and the changelog read the members of a schema.ts member's inline
 * type by parsing `interface Inline <type text>` with TypeScript. A check after a page edit reads
 * the schema.ts models back from the disk cache (page-products.ts) and would load TypeScript (a
 * quarter of a second) for these alone, so their models are kept too, by type text.
 *
 * All of them are one cache entry, read once per process when a check that keeps products asks
 * for one, and written back after the check when one was parsed or a kept one went unused (so it
 * holds the types of the last tree checked and does not grow with edits). It has the disk
 * cache's integrity: a tampered entry is not served, and is made again. Without the store (watch
 * mode, `--no-cache`), each is parsed when asked for.
 */
import type { SchemaSource } from '../model/spec.js';
import type { DiskCache } from '../runtime/cache.js';
import { hashParts } from '../runtime/cache.js';
import type { Runtime } from '../runtime/runtime.js';
import { KeptEntry } from '../runtime/kept-entry.js';
import { TextFile } from '../core/text-file.js';
import { readSchemaSource } from './schema-ts.js';
import { schemaSourceOf } from './page-products.js';

/** What is kept of an inline type's model: all of `SchemaSource` but its file and the index by name. */
type StoredSource = Omit<SchemaSource, 'file' | 'byName'>;

const KIND = 'inline-types';
/** The entry's key, with the format of what it holds: another format is not read back. */
const KEY = hashParts(['inline object types', 'schema source model']);

export class InlineTypeStore {
  readonly #entry: KeptEntry<StoredSource>;
  /** The models made or read in this process, by type text: each text is read once. */
  readonly #sources = new Map<string, SchemaSource>();
  readonly counts = { inlineTypesFromCache: 0, inlineTypesParsed: 0 };

  constructor(cache: DiskCache) {
    this.#entry = new KeptEntry(cache, KIND, KEY, 'sources');
  }

  /** The model of `interface Inline <text>`: kept, else parsed and kept. */
  source(text: string): SchemaSource {
    const known = this.#sources.get(text);
    if (known) return known;
    const stored = this.#entry.stored(text) as StoredSource | undefined;
    let source: SchemaSource | undefined = stored && schemaSourceOf(inlineFile(text), stored);
    if (source) {
      this.counts.inlineTypesFromCache++;
      this.#entry.reuse(text, stored!);
    } else {
      this.counts.inlineTypesParsed++;
      source = parseInline(text);
      this.#entry.keep(text, {
        declarations: source.declarations,
        plainComments: source.plainComments,
        syntaxErrors: source.syntaxErrors,
        ...(source.imports ? { imports: source.imports } : {}),
      });
    }
    this.#sources.set(text, source);
    return source;
  }

  /** Writes back the types used in this process, when one was parsed or a kept one went unused. */
  save(): void {
    this.#entry.save();
  }
}

const inlineFile = (text: string) => new TextFile('inline.ts', `interface Inline ${text}`);

function parseInline(text: string): SchemaSource {
  return readSchemaSource(inlineFile(text));
}

/**
 * The declarations model of an inline object type's text (`{ a: string }`), read as
 * `interface Inline <text>` in a file `inline.ts`: from the runtime's store when a check opened
 * one, else parsed.
 */
export function inlineTypeSource(runtime: Runtime | undefined, text: string): SchemaSource {
  const store = runtime && inlineTypeStoreOf(runtime);
  return store ? store.source(text) : parseInline(text);
}

const STORE = 'inline object types';

/** Opens the runtime's store of inline types for a check that keeps its products on disk (not watch mode). */
export function openInlineTypeStore(runtime: Runtime, cache: DiskCache): InlineTypeStore {
  return runtime.store(STORE, () => new InlineTypeStore(cache));
}

/** The runtime's store of inline types, when a check opened one. */
export function inlineTypeStoreOf(runtime: Runtime): InlineTypeStore | undefined {
  return runtime.store<InlineTypeStore>(STORE);
}

/**
 * The claims read from each page of the versions' prose, and from each schema.ts, kept in the
 * disk cache from one check to the next: reading them walks every page's tree and matches every
 * JSDoc sentence against the vocabulary (each about a twentieth of a check after an edit on the
 * MCP corpus), and a file's claims depend on its text, how it was parsed, its version's id and
 * the vocabulary alone (see `extractFromProse`, `schemaTsClaims`), which the key of each holds.
 *
 * All of them are one cache entry, read once per runtime when a check that keeps products asks
 * for one, and written back after the check when a page was read or a kept one went unused (so
 * it holds the pages of the last tree checked and does not grow with edits). A claim names its
 * condition and channel by id; one whose id the vocabulary lacks is not served. The entry has the
 * disk cache's integrity: a tampered one is not served, and is made again. Without the store
 * (watch mode, `--no-cache`), each page is read when asked for.
 */
import type { DiskCache } from '../runtime/cache.js';
import { hashParts, textKeyParts } from '../runtime/cache.js';
import type { TextFile } from '../core/text-file.js';
import type { Runtime } from '../runtime/runtime.js';
import { KeptEntry } from '../runtime/kept-entry.js';
import type { Claim, ClaimSet } from './claims.js';
import type { Location } from '../core/location.js';
import type { ResolvedVocabulary } from './vocabulary.js';

/** A claim as kept: its condition and channel by id. */
type StoredClaim = Omit<Claim, 'condition' | 'channel'> & { condition: string; channel: string };

type StoredClaimSet = Omit<ClaimSet, 'claims'> & { claims: StoredClaim[] };

const KIND = 'prose-claims';
/** The entry's key, with the format of what it holds: another format is not read back. */
const KEY = hashParts(['prose claims', 'claim sets, conditions and channels by id']);

export class ClaimStore {
  readonly #entry: KeptEntry<StoredClaimSet>;
  readonly counts = { pageClaimsFromCache: 0, pageClaimsRead: 0, schemaClaimsFromCache: 0, schemaClaimsRead: 0 };

  constructor(cache: DiskCache) {
    this.#entry = new KeptEntry(cache, KIND, KEY, 'pages');
  }

  /** The claims of the page or schema.ts `key` names (see `pageClaimsKey`, `schemaClaimsKey`): kept, else read and kept. */
  claims(key: string, vocabulary: ResolvedVocabulary, read: () => ClaimSet, of: 'page' | 'schema' = 'page'): ClaimSet {
    // Asked for again in this runtime (both trees of `check --base`): from what it holds.
    const used = this.#entry.used(key);
    const revivedUsed = used && revivedClaims(used, vocabulary);
    if (revivedUsed) return revivedUsed;
    const stored = this.#entry.stored(key);
    const revived = revivedClaims(stored, vocabulary);
    if (revived) {
      this.counts[of === 'page' ? 'pageClaimsFromCache' : 'schemaClaimsFromCache']++;
      this.#entry.reuse(key, stored as StoredClaimSet);
      return revived;
    }
    const set = read();
    this.counts[of === 'page' ? 'pageClaimsRead' : 'schemaClaimsRead']++;
    const claims = set.claims.map((c) => ({ ...c, condition: c.condition.id, channel: c.channel.id }));
    // A copy: what is written back is what was read, nothing a rule did with it.
    this.#entry.keep(key, structuredClone({ ...set, claims }));
    return set;
  }

  /** Writes back the pages' claims used in this process, when one was read or a kept one went unused. */
  save(): void {
    this.#entry.save();
  }
}

/** Whether a kept value is something a claim, a skipped statement or a code use holds: an object with a location. */
const located = (x: unknown): boolean => {
  const location = (x as { location?: Partial<Location> } | null)?.location;
  return (
    !!location &&
    typeof location.file === 'string' &&
    typeof location.line === 'number' &&
    typeof location.column === 'number'
  );
};

/**
 * A kept claim set with its conditions and channels the vocabulary's; undefined when it is not of
 * that shape (an entry another build of this version wrote), which is then read again.
 */
function revivedClaims(stored: unknown, vocabulary: ResolvedVocabulary): ClaimSet | undefined {
  const set = stored as Partial<StoredClaimSet> | null;
  if (!set || typeof set !== 'object') return undefined;
  const lists = [set.claims, set.skipped, set.codeUses, set.retired];
  if (!lists.every((list) => Array.isArray(list) && list.every(located))) return undefined;
  // A copy: what the rules are handed is not what is written back.
  const copy = structuredClone(set as StoredClaimSet);
  const claims: Claim[] = [];
  for (const c of copy.claims) {
    const condition = vocabulary.conditions.find((x) => x.id === c.condition);
    const channel = vocabulary.channels.find((x) => x.id === c.channel);
    if (!condition || !channel || typeof c.text !== 'string') return undefined;
    claims.push({ ...c, condition, channel });
  }
  return { claims, skipped: copy.skipped, codeUses: copy.codeUses, retired: copy.retired };
}

/**
 * The key of a page's claims: the page's path, text and syntax, the site kind that parsed it, its
 * version's id and the vocabulary (`vocabularyDigest`).
 */
export function pageClaimsKey(
  page: { file: TextFile; syntax: string },
  siteKind: string,
  version: string,
  vocabularyDigest: string,
): string {
  return hashParts([
    'page claims',
    page.file.path,
    ...textKeyParts(page.file),
    page.syntax,
    siteKind,
    version,
    vocabularyDigest,
  ]);
}

/** The key of a schema.ts file's claims: its path and text, its version's id and the vocabulary. */
export function schemaClaimsKey(file: TextFile, version: string, vocabularyDigest: string): string {
  return hashParts(['schema.ts claims', file.path, ...textKeyParts(file), version, vocabularyDigest]);
}

/** A digest of a resolved vocabulary: its JSON, each pattern by its source and flags. */
export function vocabularyDigest(vocabulary: ResolvedVocabulary): string {
  return hashParts([
    JSON.stringify(vocabulary, (_key, value: unknown) =>
      value instanceof RegExp ? `/${value.source}/${value.flags}` : value,
    ),
  ]);
}

const STORE = 'prose claims';

/** Opens the runtime's store of page claims for a check that keeps its products on disk (not watch mode). */
export function openClaimStore(runtime: Runtime, cache: DiskCache): ClaimStore {
  return runtime.store(STORE, () => new ClaimStore(cache));
}

/** The runtime's store of page claims, when a check opened one. */
export function claimStoreOf(runtime: Runtime): ClaimStore | undefined {
  return runtime.store<ClaimStore>(STORE);
}

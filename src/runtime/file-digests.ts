/**
 * The sha256 of each file a check reads, kept in the disk cache with the file's stamp (device,
 * inode, size, modification and status-change times; see `FileStamp`), so that a warm check
 * knows the digests of unchanged files from one metadata call each instead of reading them.
 *
 * A recorded digest is used only when the file's stamp is the recorded one and the file last
 * changed well before the run that recorded it took its stamps (`SETTLED_MS`): a write in the
 * same clock tick as the stamp that recorded the file may leave its times as they were, and
 * such a file is read and hashed again until it has settled. Stamps are taken before the bytes
 * are read, so a write between the two leaves a stamp that no longer matches. The index is an
 * entry of the signed cache (`DiskCache`): one that a checked tree brings is never used.
 */
import { createHash } from 'node:crypto';
import { hashParts, type DiskCache } from './cache.js';
import type { FileReader, FileStamp } from './files.js';

/**
 * How long before the recording run a file must have last changed for its recorded digest to be
 * trusted: more than any file system's time stamp granularity (FAT's is 2 s).
 */
export const SETTLED_MS = 3000;

interface DigestIndex {
  /** When the recording run began taking stamps (ms since the epoch). */
  takenAt: number;
  /** Path relative to the root -> [stamp id, sha256 of the bytes, hex]. */
  files: Record<string, [string, string]>;
}

/** The sha256 of a file's bytes, as recorded. */
export function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class FileDigests {
  private readonly recorded?: DigestIndex;
  private readonly takenAt = Date.now();
  private readonly stamps = new Map<string, FileStamp>();
  private readonly digests = new Map<string, string>();
  private readonly key: string;
  private fresh = false;

  /** The index of the tree at `root` in `cache` (none without a cache: every file is read). */
  constructor(
    private readonly cache: DiskCache | undefined,
    root: string,
  ) {
    this.key = hashParts(['file digests', root]);
    const entry = cache?.get<DigestIndex>('digests', this.key);
    if (entry && typeof entry.takenAt === 'number' && entry.files && typeof entry.files === 'object')
      this.recorded = entry;
  }

  /**
   * The recorded digest of a listed file, when its stamp says it has not changed since; else
   * undefined (the caller reads it and `record`s it). Throws as `FileReader.readBytes` does.
   */
  async known(reader: FileReader, rel: string): Promise<string | undefined> {
    const stamp = await reader.stamp(rel);
    if (!stamp) return undefined;
    this.stamps.set(rel, stamp);
    const recorded = this.recorded && Object.hasOwn(this.recorded.files, rel) ? this.recorded.files[rel] : undefined;
    if (
      !Array.isArray(recorded) ||
      recorded[0] !== stamp.id ||
      typeof recorded[1] !== 'string' ||
      !(stamp.changedMs + SETTLED_MS < this.recorded!.takenAt)
    )
      return undefined;
    this.digests.set(rel, recorded[1]);
    return recorded[1];
  }

  /** The digest of a file's bytes, read after `known` took its stamp. */
  record(rel: string, bytes: Uint8Array): string {
    const digest = digestOf(bytes);
    if (this.digests.get(rel) !== digest) this.fresh = true;
    this.digests.set(rel, digest);
    return digest;
  }

  /** The digest of a file that `known` confirmed or `record` computed in this run. */
  digest(rel: string): string | undefined {
    return this.digests.get(rel);
  }

  /**
   * Writes the index of the files stamped in this run, when a digest was computed anew. A run
   * on a file system without stamps (the base tree of `check --base`, at the same root) leaves
   * the index as it was.
   */
  save(): void {
    if (!this.cache || !this.fresh || !this.stamps.size) return;
    const files: DigestIndex['files'] = {};
    for (const [rel, stamp] of this.stamps) {
      const digest = this.digests.get(rel);
      if (digest) files[rel] = [stamp.id, digest];
    }
    this.cache.set('digests', this.key, { takenAt: this.takenAt, files } satisfies DigestIndex);
  }
}

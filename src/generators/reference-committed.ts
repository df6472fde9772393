/**
 * Which Schema Reference pages a check found equal to the committed page, by the inputs they
 * were generated from and the committed text: a later check with the same inputs and page takes
 * the committed text as the generated one without reading the kept rendering (about 1 MB a
 * version on the MCP corpus, a twentieth of a check after an edit). For the command line's
 * check only (`singleAnalysis`): `generate` and watch mode keep the rendered declarations, which
 * the page's text alone does not give. A verdict is a signed cache entry like any other, so a
 * tree cannot bring one that vouches for a stale page.
 */
import type { TextFile } from '../core/text-file.js';
import { hashParts } from '../runtime/cache.js';
import type { Runtime } from '../runtime/runtime.js';
import { withLf } from './job-plan.js';

const KIND = 'schema-reference-committed';

/** The verdict's key: the page's inputs (`key`, see `schemaReferenceKey`) and the committed file's digest. */
const keyOf = (key: string, committedDigest: string) =>
  hashParts(['Schema Reference equal to the committed page', key, committedDigest]);

/**
 * The page generated from `key`, as the committed one, when a check found them equal; else
 * undefined. `digest`: the check's digest of a file's text (one per file and check).
 */
export function committedPageFor(
  runtime: Runtime,
  key: string,
  committed: TextFile | undefined,
  digest: (file: TextFile) => string,
): { text: string; problems: [] } | undefined {
  if (!runtime.cache || !runtime.options.singleAnalysis || !committed) return undefined;
  if (runtime.cache.get<{ equal?: unknown }>(KIND, keyOf(key, digest(committed)))?.equal !== true) return undefined;
  runtime.counts.referencePagesAsCommitted++;
  return { text: withLf(committed.text), problems: [] };
}

/** Keeps that the page generated from `key` is the committed one, when it is, without problems. */
export function keepIfCommitted(
  runtime: Runtime,
  key: string,
  committed: TextFile | undefined,
  page: { text?: string; problems: unknown[] },
  digest: (file: TextFile) => string,
): void {
  if (!runtime.cache || !runtime.options.singleAnalysis || !committed || page.problems.length) return;
  if (page.text === withLf(committed.text)) runtime.cache.set(KIND, keyOf(key, digest(committed)), { equal: true });
}

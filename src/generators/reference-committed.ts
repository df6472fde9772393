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

/** The verdict's key: the page's inputs (`key`, see `schemaReferenceKey`) and the committed text as LF. */
const keyOf = (key: string, committedText: string) =>
  hashParts(['Schema Reference equal to the committed page', key, committedText]);

/** The page generated from `key`, as the committed one, when a check found them equal; else undefined. */
export function committedPageFor(
  runtime: Runtime,
  key: string,
  committed: TextFile | undefined,
): { text: string; problems: [] } | undefined {
  if (!runtime.cache || !runtime.options.singleAnalysis || !committed) return undefined;
  const text = withLf(committed.text);
  if (runtime.cache.get<{ equal?: unknown }>(KIND, keyOf(key, text))?.equal !== true) return undefined;
  runtime.counts.referencePagesAsCommitted++;
  return { text, problems: [] };
}

/** Keeps that the page generated from `key` is the committed one, when it is, without problems. */
export function keepIfCommitted(
  runtime: Runtime,
  key: string,
  committed: TextFile | undefined,
  page: { text?: string; problems: unknown[] },
): void {
  if (!runtime.cache || !runtime.options.singleAnalysis || !committed || page.problems.length) return;
  const text = withLf(committed.text);
  if (page.text === text) runtime.cache.set(KIND, keyOf(key, text), { equal: true });
}

/** Checks of a copy of the drifted sample spec with a cache of its own, and without one, for the tests of the disk cache. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../src/check.js';
import { formatJson } from '../src/reporters/json.js';
import { DiskCache } from '../src/runtime/cache.js';
import { Runtime } from '../src/runtime/runtime.js';
import { copyTree, driftedSpec } from './helpers.js';

/** A copy of the drifted sample spec with its own cache folder. */
export function specCopy(): { root: string; cacheDir: string } {
  const root = copyTree(driftedSpec);
  fs.mkdirSync(path.join(root, 'node_modules'));
  return { root, cacheDir: path.join(root, 'node_modules/.cache/spec-check') };
}

/**
 * A check of the tree with its cache, and what it says of the pages it parsed and read back.
 * `singleAnalysis`: as the command line runs it, the one analysis of its runtime.
 */
export async function cachedCheck(root: string, cacheDir: string, { singleAnalysis = false } = {}) {
  const timings: Record<string, number> = {};
  const runtime = singleAnalysis ? new Runtime({ cacheDir, singleAnalysis }) : undefined;
  const report = formatJson(await check(root, { cacheDir, timings, ...(runtime ? { runtime } : {}) }));
  return { report, timings };
}

/** A check of the tree as it is now, with no cache at all. */
export async function coldCheck(root: string): Promise<string> {
  return formatJson(await check(root, {}));
}

/** An empty disk cache in a folder of its own, signed with a key of the tests. */
export function testCache(prefix: string): { dir: string; cache: DiskCache } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cache: new DiskCache(dir, 'test', 'a key of this test') };
}

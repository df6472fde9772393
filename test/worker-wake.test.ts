import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkRoot } from '../src/check.js';
import { JOBS_DONE, lookUpReport } from '../src/report-cache.js';
import { Runtime } from '../src/runtime/runtime.js';
import { copyTree, sampleSpec, tempDir } from './helpers.js';

/** Whether a cache lookup of `root` woke the worker before reading the files, or only stood it by. */
async function wakeOnLookUp(root: string, cacheDir: string): Promise<{ woken: boolean; standingBy: boolean }> {
  const runtime = new Runtime({ cacheDir });
  const wake = vi.spyOn(runtime, 'wakeWorker').mockImplementation(() => {});
  const standBy = vi.spyOn(runtime, 'standByWorker').mockImplementation(() => {});
  // Read as a stranger's checkout is: no file's digest known.
  for (const name of fs.readdirSync(cacheDir)) if (name.startsWith('digests-')) fs.rmSync(path.join(cacheDir, name));
  await lookUpReport(root, {}, runtime);
  return { woken: wake.mock.calls.length > 0, standingBy: standBy.mock.calls.length > 0 };
}

describe('waking the worker for a check whose files are not known yet', () => {
  it('wakes it at once when the cache holds no generation jobs (a cold cache), else stands it by until the files are read', async () => {
    const root = copyTree(sampleSpec);
    const cacheDir = tempDir('wake-cache-');
    expect(await wakeOnLookUp(root, cacheDir)).toEqual({ woken: true, standingBy: false });
    await checkRoot(root, { cacheDir, worker: false });
    expect(fs.readdirSync(cacheDir).some((n) => n.startsWith(`${JOBS_DONE}-`))).toBe(true);
    // The same files: their jobs are done, so the worker is not woken, only stood by while they are read.
    expect(await wakeOnLookUp(root, cacheDir)).toEqual({ woken: false, standingBy: true });
  });
});

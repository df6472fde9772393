import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyTree, edit, sampleSpec } from '../helpers.js';

// The built worker script, as the executable and the library run it (the unit tests run it
// bundled from the sources).
const dist = (m: string) => import(path.join('..', '..', 'dist', m));

describe('the built worker thread', () => {
  it('gives a check of the built library the same report as this thread', async () => {
    const { workerAvailable, workerFromSource } = await dist('runtime/worker/runner.js');
    expect(workerAvailable()).toBe(true);
    expect(workerFromSource()).toBe(false);
    const { check } = await dist('check.js');
    const root = copyTree(sampleSpec);
    edit(root, 'seps/12-widget-locking.md', /\n## /, '\n```json\n{ "widget": "w1",, "locked": true }\n```\n\n## ');
    const here = await check(root, { worker: false });
    const there = await check(root, { worker: true });
    expect(there).toEqual(here);
    expect(here.findings.some((f: { file: string }) => f.file.startsWith('seps/'))).toBe(true);
  });
});

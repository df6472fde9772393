import { describe, expect, it } from 'vitest';
import { copyTree, edit, pageData, sampleSpec } from './helpers.js';
import { loadSpec } from '../src/sources/load.js';
import { Runtime } from '../src/runtime/runtime.js';
import { check } from '../src/check.js';
import { runJob, workerFromSource } from '../src/runtime/worker/runner.js';

// From the sources, the worker is the sources bundled by esbuild (no build needed; see
// `workerScript` in runner.ts); test/e2e/worker.test.ts runs the built one.

/** A copy of the sample spec with `text` inserted before the second-level headings of its SEP. */
function sampleWithSepText(text: string): string {
  const root = copyTree(sampleSpec);
  edit(root, 'seps/12-widget-locking.md', /\n## /, `\n${text}\n## `);
  return root;
}

type Located = { location: { file: string } };
const inSeps = (list: Located[] = []) => list.filter((s) => s.location.file.startsWith('seps/'));

describe('the worker thread', () => {
  it('runs from the sources here', () => {
    expect(workerFromSource()).toBe(true);
  });

  it('parses SEPs to the same headings, code blocks, links and suppressions as this thread', async () => {
    // A suppression comment: read from the tree, which stays in the worker.
    const root = sampleWithSepText('<!-- spec-check-disable-next-line xref/link -- test -->');
    const here = await loadSpec(root);
    const there = await loadSpec(root, { runtime: new Runtime({ worker: true }) });
    expect(here.seps.length).toBeGreaterThan(0);
    expect(here.seps[0].tree).toBeDefined();
    expect(there.seps[0].tree).toBeUndefined();
    expect(there.seps.map(pageData)).toEqual(here.seps.map(pageData));
    expect(there.seps[0].codeBlocks.length).toBeGreaterThan(0);
    expect(inSeps(there.suppressions)).toEqual(inSeps(here.suppressions));
    expect(inSeps(there.suppressions).length).toBeGreaterThan(0);
  });

  it('gives a check the same report as this thread', async () => {
    const root = sampleWithSepText('```json\n{ "widget": "w1",, "locked": true }\n```\n');
    const here = await check(root, { worker: false });
    const there = await check(root, { worker: true });
    expect(there).toEqual(here);
    expect(here.findings.some((f) => f.file.startsWith('seps/'))).toBe(true);
  });

  it('stops a SEP job that gives way when another job is posted, leaving the rest to the poster', async () => {
    const pages = Array.from({ length: 4 }, (_, i) => ({
      path: `seps/${i}.md`,
      text: `# SEP ${i}\n\n` + '- item with `code` and *emphasis*\n'.repeat(500),
      syntax: 'md' as const,
    }));
    const sepJob = runJob({ kind: 'markdown', pages, givesWay: true }, true);
    const next = runJob({ kind: 'markdown', pages: pages.slice(0, 1) }, true);
    const [parsed, after] = await Promise.all([sepJob, next]);
    expect(parsed.length).toBeLessThan(pages.length);
    expect(after.length).toBe(1);
    // Alone, the same job parses every page.
    expect((await runJob({ kind: 'markdown', pages, givesWay: true }, true)).length).toBe(pages.length);
  });
});

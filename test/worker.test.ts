import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyTree, edit, sampleSpec } from './helpers.js';

// The worker runs the built script: these tests use the build (`npm test` builds first).
const dist = (m: string) => import(path.join('..', 'dist', m));

/** What rules read of a page, without its tree and functions. */
function pageData(page: { path: string; syntax: string; parseError?: unknown; headings: unknown[]; codeBlocks: { locate(l: number, c: number): unknown }[]; links: unknown[] }) {
  return {
    path: page.path,
    syntax: page.syntax,
    parseError: page.parseError,
    headings: page.headings,
    // `locate` is rebuilt from the data: it must map the same places.
    codeBlocks: page.codeBlocks.map(({ locate, ...block }) => ({ ...block, first: locate(0, 0), second: locate(1, 2) })),
    links: page.links,
  };
}

describe('the worker thread', () => {
  it('parses SEPs to the same headings, code blocks, links and suppressions as this thread', async () => {
    const { loadSpec } = await dist('sources/load.js');
    const root = copyTree(sampleSpec);
    // A suppression comment: read from the tree, which stays in the worker.
    edit(root, 'seps/12-widget-locking.md', /\n## /, '\n<!-- spec-check-disable-next-line xref/link -- test -->\n## ');
    const here = await loadSpec(root, { sepsInWorker: false });
    const there = await loadSpec(root, { sepsInWorker: true });
    expect(here.seps.length).toBeGreaterThan(0);
    expect(here.seps[0].tree).toBeDefined();
    expect(there.seps[0].tree).toBeUndefined();
    expect(there.seps.map(pageData)).toEqual(here.seps.map(pageData));
    expect(there.seps[0].codeBlocks.length).toBeGreaterThan(0);
    expect(there.suppressions.filter((s: { location: { file: string } }) => s.location.file.startsWith('seps/'))).toEqual(
      here.suppressions.filter((s: { location: { file: string } }) => s.location.file.startsWith('seps/')),
    );
    expect(there.suppressions.some((s: { location: { file: string } }) => s.location.file.startsWith('seps/'))).toBe(true);
  });

  it('gives a check the same report as this thread', async () => {
    const { check } = await dist('check.js');
    const root = copyTree(sampleSpec);
    edit(root, 'seps/12-widget-locking.md', /\n## /, '\n```json\n{ "widget": "w1",, "locked": true }\n```\n\n## ');
    const here = await check(root, { worker: false });
    const there = await check(root, { worker: true });
    expect(there).toEqual(here);
    expect(here.findings.some((f: { file: string }) => f.file.startsWith('seps/'))).toBe(true);
  });

  it('stops a SEP job that gives way when another job is posted, leaving the rest to the poster', async () => {
    const { runJob } = await dist('worker/runner.js');
    const pages = Array.from({ length: 4 }, (_, i) => ({ path: `seps/${i}.md`, text: `# SEP ${i}\n\n` + '- item with `code` and *emphasis*\n'.repeat(500), syntax: 'md' }));
    const sepJob = runJob({ kind: 'markdown', pages, givesWay: true }, true);
    const next = runJob({ kind: 'markdown', pages: pages.slice(0, 1) }, true);
    const [parsed, after] = await Promise.all([sepJob, next]);
    expect(parsed.length).toBeLessThan(pages.length);
    expect(after.length).toBe(1);
    // Alone, the same job parses every page.
    expect((await runJob({ kind: 'markdown', pages, givesWay: true }, true)).length).toBe(pages.length);
  });
});

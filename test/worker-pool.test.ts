import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyTree, driftedSpec, edit, sampleSpec } from './helpers.js';
import { check } from '../src/check.js';
import { resolveRunConfig, runtimeOf } from '../src/cli/run-config.js';
import { UsageError } from '../src/core/errors.js';
import { Runtime, startWorkerEarly, workerThreadsStarted } from '../src/runtime/runtime.js';
import { DiskCache, hashParts } from '../src/runtime/cache.js';
import { SETTLED_MS } from '../src/runtime/file-digests.js';
import { toolVersion } from '../src/version.js';
import { formatJson } from '../src/reporters/json.js';
import { loadSpec } from '../src/sources/load.js';
import type { Spec } from '../src/model/spec.js';
import {
  endWorkers,
  runJob,
  startWorkerWhenWoken,
  whileWorkersWork,
  workersRunning,
} from '../src/runtime/worker/runner.js';
import { highlightBlocks } from '../src/generators/reference-highlight.js';

describe('the worker pool', () => {
  it('tells the executable when a worker thread starts to work and when none is left', async () => {
    await endWorkers();
    const told: boolean[] = [];
    whileWorkersWork((working) => told.push(working));
    try {
      await check(sampleSpec, { worker: true, workers: 1 });
      expect(told[0]).toBe(true);
      await endWorkers();
      expect(told.at(-1)).toBe(false);
    } finally {
      whileWorkersWork(undefined);
    }
  });

  it.each([
    ['the sample spec', sampleSpec],
    ['the drifted sample', driftedSpec],
  ])('gives %s the same report with one worker and with three, the jobs spread over them', async (_, root) => {
    await endWorkers();
    const one = await check(root, { worker: true, workers: 1 });
    // One worker: every job in it (the SEPs, both versions' schema.json, the Schema Reference).
    expect(workersRunning()).toBe(1);
    const three = await check(root, { worker: true, workers: 3 });
    // The two versions' schema.json went to the second and third workers, one each.
    expect(workersRunning()).toBe(3);
    expect(JSON.stringify(three, null, 2)).toBe(JSON.stringify(one, null, 2));
    expect(one.summary.examplesValidated).toBeGreaterThan(0);
    await endWorkers();
    expect(workersRunning()).toBe(0);
  });

  it("parses the versions' pages in the workers after the first, beside this thread, into the same model", async () => {
    await endWorkers();
    const alone = await loadSpec(driftedSpec);
    const runtime = new Runtime({ worker: true, workers: 3 });
    const pooled = await loadSpec(driftedSpec, { runtime });
    const pages = (spec: Spec) => spec.versions.flatMap((v) => v.pages);
    // Two of the three shares went to workers (the last one parsed the SEPs too); this thread parsed the third.
    expect(runtime.counts.pagesParsedInWorkers).toBeGreaterThan(0);
    expect(runtime.counts.pagesParsedInWorkers).toBeLessThan(pages(alone).length);
    expect(pages(pooled).map((p) => p.file.path)).toEqual(pages(alone).map((p) => p.file.path));
    const plain = (spec: Spec) =>
      JSON.stringify({
        pages: pages(spec).map(({ file: _file, ...page }) => page),
        // A SEP parsed in a worker has no tree in the model (see `LoadOptions.runtime`); its data is the same.
        seps: spec.seps.map(({ file: _file, tree: _tree, ...sep }) => sep),
        suppressions: spec.suppressions,
        problems: spec.inputProblems,
      });
    expect(plain(pooled)).toBe(plain(alone));
    await endWorkers();
  });

  it('starts the worker the command line asks for once a check has work for it, and none for a check that has none', async () => {
    await endWorkers();
    const root = copyTree(driftedSpec);
    fs.mkdirSync(path.join(root, 'node_modules'));
    const cacheDir = path.join(root, 'node_modules/.cache/spec-check');
    const cachedCheck = async () => {
      const before = workerThreadsStarted();
      const report = formatJson(await check(root, { cacheDir }));
      await endWorkers();
      return { report, threads: workerThreadsStarted() - before };
    };
    startWorkerEarly({ whenWoken: true });
    try {
      // Asked for, not started.
      expect(workersRunning()).toBe(0);
      // Nothing in the cache: the worker is started to generate.
      expect((await cachedCheck()).threads).toBe(1);
      // The digest index as if the files had settled before that check (see `SETTLED_MS`).
      const cache = new DiskCache(cacheDir, toolVersion);
      const key = hashParts(['file digests', root]);
      const index = cache.get<{ takenAt: number }>('digests', key)!;
      cache.set('digests', key, { ...index, takenAt: index.takenAt + SETTLED_MS + 1000 });
      // A page edit: what the worker would make is all in the cache, and no thread is started.
      edit(root, 'docs/specification/draft/index.mdx', /$/, '\nOne more line.\n');
      const afterPage = await cachedCheck();
      expect(afterPage.threads).toBe(0);
      // A schema.ts edit: the worker is started again.
      edit(root, 'schema/draft/schema.ts', /$/, '\n/** One more. */\nexport interface OneMore { a: string }\n');
      const afterSchema = await cachedCheck();
      expect(afterSchema.threads).toBe(1);
      startWorkerWhenWoken(false);
      expect(afterSchema.report).toBe(formatJson(await check(root, {})));
    } finally {
      startWorkerWhenWoken(false);
      await endWorkers();
    }
  });

  it('highlights code blocks in a worker started for them, which is not told to the executable as working', async () => {
    await endWorkers();
    const told: boolean[] = [];
    whileWorkersWork((working) => told.push(working));
    try {
      const blocks: [string, { code: string; lang?: string }][] = [
        ['a', { code: '{ "a": [1, true, null] }\n', lang: 'json' }],
        ['b', { code: 'const b: number = 1;\n', lang: 'ts' }],
      ];
      const there = await runJob({ kind: 'highlight', blocks }, true);
      expect(workersRunning()).toBe(1);
      expect(told).toEqual([]);
      const here = await highlightBlocks(blocks);
      // Each thread numbers the colours it meets: the same HTML, colour for colour.
      const named = (kept: typeof here) =>
        Object.values(kept.blocks).map((html) =>
          html.replace(/class="hl-(\d+)"/g, (_m, n: string) => `class="${kept.colours[Number(n)]}"`),
        );
      expect(named(there)).toEqual(named(here));
    } finally {
      whileWorkersWork(undefined);
      await endWorkers();
    }
  });

  it('puts the parts of a split job back in order', async () => {
    const runtime = new Runtime({ worker: true, workers: 3 });
    const pages = ['# One\n', '# Two\n', '# Three\n', '# Four\n', '# Five\n'];
    const job = {
      kind: 'markdown' as const,
      pages: pages.map((text, i) => ({ path: `p${i}.md`, text, syntax: 'md' as const })),
    };
    // Markdown jobs do not split: they run whole in the first worker.
    const whole = await runtime.run(job, 1);
    expect(whole.map((p) => p.data.headings[0]?.text)).toEqual(['One', 'Two', 'Three', 'Four', 'Five']);
    const formatted = await runtime.run(
      { kind: 'format', files: pages.map((text, i) => ({ path: `p${i}.md`, text: text + '\n\n', options: {} })) },
      1,
    );
    expect(formatted.map((f) => f.text)).toEqual(pages);
    await endWorkers();
  });

  it('takes its size from --workers over SPEC_CHECK_WORKERS, and refuses what is not a count', () => {
    const resolve = (workers?: string, env?: string) =>
      resolveRunConfig({
        root: sampleSpec,
        flags: workers === undefined ? {} : { workers },
        terminal: { env: env === undefined ? {} : { SPEC_CHECK_WORKERS: env } },
      }).workers;
    expect(resolve()).toBeUndefined();
    expect(resolve('3')).toBe(3);
    expect(resolve(undefined, '2')).toBe(2);
    expect(resolve('1', '4')).toBe(1);
    expect(() => resolve('0')).toThrow(UsageError);
    expect(() => resolve('two')).toThrow(/--workers takes a whole number from 1 to 64, got "two"/);
    expect(() => resolve(undefined, '-1')).toThrow(/SPEC_CHECK_WORKERS/);
    expect(runtimeOf(resolveRunConfig({ root: sampleSpec, flags: { workers: '2' } })).workers).toBe(2);
    expect(new Runtime().workers).toBeGreaterThanOrEqual(1);
  });
});

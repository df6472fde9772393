import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Runtime } from '../src/runtime/runtime.js';
import {
  highlightBlocks,
  highlightedCode,
  highlightSlots,
  splicePages,
  type HighlightElsewhere,
} from '../src/generators/reference-highlight.js';
import {
  assembledPage,
  highlightedBlockKey,
  slotCode,
  type ReferenceSpliceJob,
  type SlottedPage,
} from '../src/generators/reference-slots.js';
import { MemoryCache } from '../src/runtime/cache.js';
import { cachedCheck, coldCheck, specCopy } from './cached-checks.js';

const declaration = (name: string) =>
  `\n/** A widget that nothing sends. */\nexport interface ${name} {\n  id: string;\n}\n`;

describe('generation jobs started before the model is loaded', () => {
  it('after a schema.ts edit, starts the jobs the last check planned, and reports what a cold check reports', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    // No plan yet: the jobs are posted once the model is loaded.
    expect(first.timings.jobsStartedEarly).toBe(0);
    expect(first.timings.referenceBlocksHighlighted).toBeGreaterThan(0);

    fs.appendFileSync(path.join(root, 'schema/draft/schema.ts'), declaration('UnsentWidget'));
    const after = await cachedCheck(root, cacheDir);
    // The draft's schema.json and its Schema Reference page, both started from the plan.
    expect(after.timings.schemaJsonGenerated).toBe(1);
    expect(after.timings.referencePagesRendered).toBe(1);
    expect(after.timings.jobsStartedEarly).toBe(2);
    // The page's code blocks are those the last rendering highlighted: none is highlighted again.
    expect(after.timings.referenceBlocksHighlighted).toBe(0);
    expect(after.report).not.toBe(first.report);
    expect(after.report).toBe(await coldCheck(root));

    // A template edit: the page's job is started, not schema.json's, whose output the cache holds.
    fs.appendFileSync(path.join(root, 'schema/draft/schema.mdx'), '\nOne more line of the template.\n');
    const template = await cachedCheck(root, cacheDir);
    expect(template.timings.schemaJsonGenerated).toBe(0);
    expect(template.timings.referencePagesRendered).toBe(1);
    expect(template.timings.jobsStartedEarly).toBe(1);
    expect(template.report).toBe(await coldCheck(root));
  });

  it('does not follow a plan when an input that decides it changed: the JSON Schema dialect', async () => {
    const { root, cacheDir } = specCopy();
    await cachedCheck(root, cacheDir);
    fs.appendFileSync(path.join(root, 'schema/draft/schema.ts'), declaration('UnsentWidget'));
    const schemaJson = path.join(root, 'schema/draft/schema.json');
    fs.writeFileSync(
      schemaJson,
      fs
        .readFileSync(schemaJson, 'utf8')
        .replace('https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#'),
    );
    const after = await cachedCheck(root, cacheDir);
    expect(after.timings.schemaJsonGenerated).toBe(1);
    expect(after.timings.jobsStartedEarly).toBe(0);
    expect(after.report).toBe(await coldCheck(root));
    // That check kept the plan of these inputs: the next schema.ts edit starts its jobs early.
    fs.appendFileSync(path.join(root, 'schema/draft/schema.ts'), declaration('UnsentDial'));
    const next = await cachedCheck(root, cacheDir);
    expect(next.timings.jobsStartedEarly).toBe(2);
    expect(next.report).toBe(await coldCheck(root));
  });

  it('answers a job asked for with the one started early only when they are the same job', async () => {
    const runtime = new Runtime({ worker: false });
    const page = (text: string) => ({ path: 'seps/1-a.md', text, syntax: 'md' as const });
    runtime.startEarly({ kind: 'markdown', pages: [page('# One\n')] }, 10);
    const other = await runtime.run({ kind: 'markdown', pages: [page('# Two\n')] }, 10);
    expect(runtime.counts.jobsStartedEarly).toBe(0);
    expect(other[0].data.headings.map((h) => h.text)).toEqual(['Two']);
    const same = await runtime.run({ kind: 'markdown', pages: [page('# One\n')] }, 10);
    expect(runtime.counts.jobsStartedEarly).toBe(1);
    expect(same[0].data.headings.map((h) => h.text)).toEqual(['One']);
    // Taken once: the same job asked for again runs again.
    await runtime.run({ kind: 'markdown', pages: [page('# One\n')] }, 10);
    expect(runtime.counts.jobsStartedEarly).toBe(1);
  });
});

describe('the code blocks of a rendered Schema Reference page', () => {
  const slotted: SlottedPage = {
    parts: [
      'Intro\n',
      {
        category: 'Widgets',
        blocks: [
          {
            name: 'Widget',
            title: 'Widget',
            html: '<div>\uE0010\uE001</div><p>\uE0011\uE001</p>',
            slots: [
              { lang: 'json', include: '/x/examples/Widget/a.json' },
              { lang: 'ts', code: 'const a: number = 1;\n' },
            ],
          },
        ],
      },
      'Outro\n',
    ],
  };
  const includes = new Map([['/x/examples/Widget/a.json', '{ "a": [1, true, null] }\n']]);

  it('takes the blocks a rendering kept, and highlights again a kept block whose colours are not named', async () => {
    const fresh = await highlightSlots(slotted, includes, undefined, new Map());
    expect(fresh.fresh).toBe(2);
    const page = assembledPage(fresh.highlight, slotted, includes);

    const kept = await highlightSlots(slotted, includes, fresh.highlighted, new Map());
    expect(kept.fresh).toBe(0);
    expect(assembledPage(kept.highlight, slotted, includes)).toEqual(page);

    // Class numbers that index no colour: that block is highlighted again, the page the same.
    const [first] = Object.keys(fresh.highlighted.blocks);
    const broken = {
      colours: fresh.highlighted.colours,
      blocks: { ...fresh.highlighted.blocks, [first]: '<span class="hl-9999">x</span>' },
    };
    const again = await highlightSlots(slotted, includes, broken, new Map());
    expect(again.fresh).toBe(1);
    expect(assembledPage(again.highlight, slotted, includes)).toEqual(page);
  });

  describe('spliced with the blocks no cache holds highlighted in another thread', () => {
    const job: ReferenceSpliceJob = {
      kind: 'schema-reference-splice',
      pages: [{ slotted, includes: [...includes] }],
    };
    const [jsonSlot, tsSlot] = (slotted.parts[1] as Exclude<SlottedPage['parts'][number], string>).blocks[0].slots;
    const jsonCode = slotCode(jsonSlot, includes);
    const tsKey = highlightedBlockKey(slotCode(tsSlot, includes), tsSlot.lang);

    /** Another thread's highlighting: the same HTML, its colours numbered in the opposite order. */
    const otherThread: HighlightElsewhere = async (blocks) => {
      const made = await highlightBlocks(blocks);
      const order = [...made.colours].reverse();
      const renumbered = (html: string) =>
        html.replace(/class="hl-(\d+)"/g, (_m, n: string) => `class="hl-${order.indexOf(made.colours[Number(n)])}"`);
      return {
        colours: order,
        blocks: Object.fromEntries(Object.entries(made.blocks).map(([key, html]) => [key, renumbered(html)])),
      };
    };

    it('gives the page highlighted here, the other thread asked only for the blocks this one lacks', async () => {
      const here = await splicePages(job);
      // The JSON block highlighted here before (an earlier splice), the TypeScript one nowhere yet.
      const memory = new MemoryCache<string>(16);
      memory.set(highlightedBlockKey(jsonCode, jsonSlot.lang), await highlightedCode(jsonCode, jsonSlot.lang));
      const asked: string[][] = [];
      const counts = { referenceBlocksHighlighted: 0 };
      const spliced = await splicePages(job, undefined, memory, counts, (blocks) => {
        asked.push(blocks.map(([key]) => key));
        return otherThread(blocks);
      });
      expect(spliced).toEqual(here);
      expect(asked).toEqual([[tsKey]]);
      expect(counts.referenceBlocksHighlighted).toBe(1);
    });

    it('highlights here what the other thread does not give, or all when it fails', async () => {
      const here = await splicePages(job);
      const none: HighlightElsewhere = async () => ({ colours: [], blocks: {} });
      expect(await splicePages(job, undefined, new MemoryCache(16), undefined, none)).toEqual(here);
      const failing: HighlightElsewhere = () => Promise.reject(new Error('no thread'));
      expect(await splicePages(job, undefined, new MemoryCache(16), undefined, failing)).toEqual(here);
    });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { copyTree, pageData, sampleSpec } from './helpers.js';
import { loadSpec } from '../src/sources/load.js';
import { markdownJob } from '../src/sources/markdown.js';
import { mayHaveJsonBlock } from '../src/prose/prose-json.js';
import { Runtime } from '../src/runtime/runtime.js';

// The worker as a check finds it on the corpus: it has parsed the first SEPs when the generation
// is posted, and gives way. Here it always stops after `workerParses` pages, in this thread.
let workerParses = 1;
vi.mock('../src/runtime/worker/runner.js', async (original) => ({
  ...(await original<typeof import('../src/runtime/worker/runner.js')>()),
  worthAWorker: () => true,
  runJob: async (job: { kind: string; pages: Parameters<typeof markdownJob>[0]; givesWay?: boolean }) => {
    if (job.kind !== 'markdown' || !job.givesWay) throw new Error(`unexpected job ${job.kind}`);
    let left = workerParses;
    return markdownJob(job.pages, () => left-- <= 0);
  },
}));

describe('loading SEPs split between the worker and this thread', () => {
  const root = copyTree(sampleSpec);
  const write = (rel: string, text: string) => fs.writeFileSync(path.join(root, rel), text);
  write('seps/20-json-first.md', '# SEP-20\n\n## Shape\n\n```json\n{ "a": 1 }\n```\n');
  write('seps/21-plain.md', '# SEP-21\n\nNo blocks; a [link](./x.md).\n');
  write('seps/22-json-second.md', '# SEP-22\n\n```jsonc\n{ "b": 2, }\n```\n');
  write(
    'seps/23-quiet.md',
    '# SEP-23\n\n<!-- spec-check-disable-next-line xref/link -->\nSee [there](./missing.md).\n',
  );

  it.each([0, 1, 2, 9])('gives every SEP as an eager load does when the worker parsed %i of them', async (n) => {
    workerParses = n;
    const eager = await loadSpec(root);
    const split = await loadSpec(root, { runtime: new Runtime({ worker: true }), sepsToParse: mayHaveJsonBlock });
    expect(split.seps.map((s) => s.path)).toEqual(eager.seps.map((s) => s.path));
    expect(split.seps.map(pageData)).toEqual(eager.seps.map(pageData));
    expect(split.suppressions).toEqual(eager.suppressions);
    // Parsed in the worker: no tree; left to this thread: a tree; not read at loading: deferred.
    const parsedAtLoad = split.seps.filter(
      (s) => mayHaveJsonBlock(s.file.text) || s.file.text.includes('spec-check-disable-next-line'),
    );
    expect(parsedAtLoad.filter((s) => s.tree === undefined).length).toBe(Math.min(n, parsedAtLoad.length));
    expect(split.seps.find((s) => s.path === 'seps/21-plain.md')!.headings).toEqual(
      eager.seps.find((s) => s.path === 'seps/21-plain.md')!.headings,
    );
  });
});

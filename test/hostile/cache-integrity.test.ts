/**
 * Item 3 of the hostile-input contract: a cache entry is served only as written by this
 * version of spec-check, an unusable cache folder is one warning and an uncached run, and no
 * temp file outlives a run. The root holds a `node_modules` folder, so that the cache lives
 * under it (`node_modules/.cache/spec-check`) and the harness sees every file written.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { expectNoStackTrace, hostileTree, listTree, projectRoot, type HostileTree } from './harness.js';

const drifted = path.join(projectRoot, 'examples/drifted-spec');
const cacheRel = 'node_modules/.cache/spec-check';

/** The drifted sample (it has findings to tamper with) in a root with its own node_modules. */
function driftedTree(): HostileTree {
  const tree = hostileTree();
  fs.cpSync(drifted, tree.root, { recursive: true });
  fs.mkdirSync(tree.path('node_modules'));
  return tree;
}

async function check(tree: HostileTree, ...extra: string[]) {
  const run = await tree.run(['check', '--format', 'json', ...extra]);
  expectNoStackTrace(run.stderr);
  expect(run.timedOut).toBe(false);
  return run;
}

function reportEntries(tree: HostileTree): string[] {
  const dir = tree.path(cacheRel);
  return fs
    .readdirSync(dir)
    .filter((n) => n.startsWith('report-'))
    .map((n) => path.join(dir, n));
}

describe('cache integrity', () => {
  it('discards an entry edited to other valid JSON, or written by another version', async () => {
    const tree = driftedTree();
    const uncached = await check(tree, '--no-cache');
    expect(uncached.code).toBe(1);
    const cold = await check(tree);
    expect(cold.stdout).toBe(uncached.stdout);
    const [entry] = reportEntries(tree);
    expect(entry).toBeDefined();
    const [header, body] = splitEntry(fs.readFileSync(entry!, 'utf8'));

    // The report edited to say "no problems", the header kept: not served.
    const clean = { findings: [], summary: { ...JSON.parse(body).summary, errors: 0, warnings: 0 } };
    fs.writeFileSync(entry!, `${header}\n${JSON.stringify(clean)}`);
    const edited = await check(tree);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toBe(uncached.stdout);

    // Forged by someone who knows the format but not the key (a tree that brings its own
    // node_modules/.cache): a plain sha256 of the body, as anyone can compute it. Not served.
    const forgedHeader = {
      ...JSON.parse(header),
      hash: createHash('sha256').update(JSON.stringify(clean)).digest('hex'),
    };
    fs.writeFileSync(entry!, `${JSON.stringify(forgedHeader)}\n${JSON.stringify(clean)}`);
    const forged = await check(tree);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toBe(uncached.stdout);

    // A consistent entry, but of another version of spec-check: not served either.
    const other = { ...JSON.parse(header), version: '0.0.0-other' };
    fs.writeFileSync(entry!, `${JSON.stringify(other)}\n${JSON.stringify(clean)}`);
    const foreign = await check(tree);
    expect(foreign.stdout).toBe(uncached.stdout);
    tree.expectOutsideUnchanged();
  });

  it('never opens an entry that is a link, a FIFO or a device', async () => {
    const tree = driftedTree();
    const uncached = await check(tree, '--no-cache');
    await check(tree);
    const entries = fs
      .readdirSync(tree.path(cacheRel))
      .filter((n) => n.endsWith('.json'))
      .map((n) => tree.path(`${cacheRel}/${n}`));
    expect(entries.length).toBeGreaterThan(1);
    for (const [i, entry] of entries.entries()) {
      fs.rmSync(entry);
      if (i % 3 === 0) fs.symlinkSync('/dev/zero', entry);
      else if (i % 3 === 1) execFileSync('mkfifo', [entry]);
      else fs.symlinkSync(tree.canaries['secret.json']!, entry);
    }
    const run = await check(tree);
    expect(run.stdout).toBe(uncached.stdout);
    tree.expectNoMarker(run);
    tree.expectOutsideUnchanged();
  });

  it.each([
    ['a regular file', (tree: HostileTree) => fs.writeFileSync(tree.path(cacheRel), 'not a folder')],
    ['a link leading outside the root', (tree: HostileTree) => fs.symlinkSync(tree.outside, tree.path(cacheRel))],
    [
      'in a node_modules that is a link leading outside the root',
      (tree: HostileTree) => {
        fs.rmSync(tree.path('node_modules'), { recursive: true });
        fs.symlinkSync(tree.outside, tree.path('node_modules'));
      },
    ],
  ])('a cache folder that is %s is one warning and an uncached run', async (_, make) => {
    const tree = driftedTree();
    const uncached = await check(tree, '--no-cache');
    fs.mkdirSync(path.dirname(tree.path(cacheRel)), { recursive: true });
    make(tree);
    const run = await check(tree);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(uncached.stdout);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^spec-check: warning: cache folder node_modules\/\.cache\/spec-check cannot be used/);
    tree.expectOutsideUnchanged();
  });

  it('removes the temp files of a killed run on the next write, and leaves none when interrupted', async () => {
    const tree = driftedTree();
    // What a run killed mid-write (SIGKILL) leaves: temp files named with a pid that no longer runs.
    const deadPid = 2 ** 22 + 12345;
    const staleCache = `${cacheRel}/.report-${'0'.repeat(64)}.json.${deadPid}.abcd1234.tmp`;
    const staleSchema = `schema/draft/.schema.json.${deadPid}.abcd1234.tmp`;
    fs.mkdirSync(tree.path(cacheRel), { recursive: true });
    // Enough entries that the next write prunes the folder (and its stale temp files).
    for (let i = 0; i < 401; i++)
      fs.writeFileSync(tree.path(`${cacheRel}/report-${i.toString(16).padStart(64, '0')}.json`), 'x');
    tree.write({ [staleCache]: 'half', [staleSchema]: 'half' });
    await check(tree);
    const generated = await tree.run(['generate']);
    expectNoStackTrace(generated.stderr);
    expect(listTree(tree.root).filter((p) => p.endsWith('.tmp'))).toEqual([]);

    // Interrupted (SIGTERM, SIGINT) at various moments: no temp file is left, and no stack trace.
    for (const [signal, delay] of [
      ['SIGTERM', 300],
      ['SIGINT', 600],
      ['SIGTERM', 900],
    ] as const) {
      fs.rmSync(tree.path(cacheRel), { recursive: true, force: true });
      const { child, done } = tree.start(['check', '--format', 'json']);
      setTimeout(() => child.kill(signal), delay);
      const run = await done;
      expectNoStackTrace(run.stderr);
      expect(listTree(tree.root).filter((p) => p.endsWith('.tmp'))).toEqual([]);
    }
    tree.expectOutsideUnchanged();
  });
});

function splitEntry(text: string): [string, string] {
  const newline = text.indexOf('\n');
  return [text.slice(0, newline), text.slice(newline + 1)];
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDirFor, DiskCache, hashParts, MemoryCache } from '../src/runtime/cache.js';
import { checkRoot } from '../src/check.js';
import { copyTree, tempDir, driftedSpec, edit, projectRoot, runCli, sampleSpec, writeTree } from './helpers.js';
import { loadSpec } from '../src/sources/load.js';
import { generatedFiles } from '../src/generators/outputs.js';
import { Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';

/** A copy of a spec with a node_modules folder at its root, so that its cache lives there. */
function projectCopy(src: string): { root: string; cacheDir: string } {
  const root = copyTree(src);
  fs.mkdirSync(path.join(root, 'node_modules'));
  return { root, cacheDir: path.join(root, 'node_modules/.cache/spec-check') };
}

function entries(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Every file under a folder, with its bytes, to see that nothing else was written. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const abs = path.join(dir, f);
    if (fs.statSync(abs).isFile()) out.set(f, fs.readFileSync(abs, 'base64'));
  }
  return out;
}

describe('cache folder', () => {
  it('is node_modules/.cache/spec-check of the nearest node_modules at or above the root', () => {
    const { root, cacheDir } = projectCopy(sampleSpec);
    expect(cacheDirFor(root)).toBe(cacheDir);
    expect(cacheDirFor(path.join(root, 'schema'))).toBe(cacheDir);
  });

  it("is spec-check's own node_modules/.cache/spec-check when the root has none above it", () => {
    const root = tempDir();
    expect(cacheDirFor(root)).toBe(path.join(projectRoot, 'node_modules/.cache/spec-check'));
  });
});

describe('DiskCache', () => {
  it('returns what was stored under a key, and nothing for another key', () => {
    const cache = new DiskCache(tempDir('cache-'), '1.0.0');
    cache.set('report', 'k1', { findings: [1, 2] });
    expect(cache.get('report', 'k1')).toEqual({ findings: [1, 2] });
    expect(cache.get('report', 'k2')).toBeUndefined();
    expect(cache.get('schema-json', 'k1')).toBeUndefined();
    // Written by rename: no temporary file is left behind.
    expect(entries(cache.dir)).toEqual(['report-k1.json']);
  });

  it('keeps at most 400 entries, removing the least recently written past that, with entries of other processes counted', () => {
    const dir = tempDir('cache-');
    const key = (i: number) => i.toString(16).padStart(64, '0');
    const count = () => fs.readdirSync(dir).filter((n) => n.endsWith('.json')).length;
    // Another process's entries, older than this one's.
    const other = new DiskCache(dir, '1.0.0');
    for (let i = 0; i < 100; i++) other.set('report', key(i), i);
    const past = new Date(Date.now() - 60_000);
    for (const n of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, n), past, past);
    const cache = new DiskCache(dir, '1.0.0');
    for (let i = 100; i < 400; i++) cache.set('report', key(i), i);
    expect(count()).toBe(400);
    const lately = new Date(Date.now() - 30_000);
    for (let i = 100; i < 400; i++) fs.utimesSync(path.join(dir, `report-${key(i)}.json`), lately, lately);
    // Written again under its key: not one more.
    cache.set('report', key(399), 'again');
    expect(count()).toBe(400);
    cache.set('report', key(400), 400);
    // Past the bound, the oldest go, down to three quarters of it: the other process's first.
    expect(count()).toBe(300);
    expect(cache.get('report', key(0))).toBeUndefined();
    expect(cache.get('report', key(400))).toBe(400);
    for (let i = 401; i < 501; i++) cache.set('report', key(i), i);
    expect(count()).toBe(400);
    cache.set('report', key(501), 501);
    expect(count()).toBe(300);
  });

  it('treats a truncated, foreign or unreadable entry as a miss', () => {
    const cache = new DiskCache(tempDir('cache-'), '1.0.0');
    cache.set('report', 'k1', { a: 1 });
    fs.writeFileSync(path.join(cache.dir, 'report-k1.json'), '{"key":"k1","value":{"a"');
    expect(cache.get('report', 'k1')).toBeUndefined();
    fs.writeFileSync(path.join(cache.dir, 'report-k1.json'), JSON.stringify({ key: 'other', value: { a: 1 } }));
    expect(cache.get('report', 'k1')).toBeUndefined();
    fs.rmSync(path.join(cache.dir, 'report-k1.json'));
    fs.mkdirSync(path.join(cache.dir, 'report-k1.json'));
    expect(cache.get('report', 'k1')).toBeUndefined();
  });

  it('discards a signed entry moved under another key, its header rewritten to match', () => {
    const dir = tempDir('cache-');
    const cache = new DiskCache(dir, '1.0.0', 'a key of this test');
    cache.set('report', 'clean', { findings: [] });
    const [header, body] = fs.readFileSync(path.join(dir, 'report-clean.json'), 'utf8').split('\n');
    const moved = { ...JSON.parse(header!), key: 'dirty' };
    fs.writeFileSync(path.join(dir, 'report-dirty.json'), `${JSON.stringify(moved)}\n${body}`);
    expect(cache.get('report', 'dirty')).toBeUndefined();
    expect(cache.get('report', 'clean')).toEqual({ findings: [] });
    // Nor does another key's holder accept it.
    expect(new DiskCache(dir, '1.0.0', 'another key').get('report', 'clean')).toBeUndefined();
  });

  it('discards an entry whose value was edited, or that another version wrote', () => {
    const dir = tempDir('cache-');
    const cache = new DiskCache(dir, '1.0.0');
    cache.set('report', 'k1', { findings: [1] });
    expect(new DiskCache(dir, '2.0.0').get('report', 'k1')).toBeUndefined();
    const file = path.join(dir, 'report-k1.json');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('[1]', '[]'));
    expect(cache.get('report', 'k1')).toBeUndefined();
    fs.writeFileSync(file, text);
    expect(cache.get('report', 'k1')).toEqual({ findings: [1] });
  });

  it('cannot confuse two lists of parts that join to the same text', () => {
    expect(hashParts(['ab', 'c'])).not.toBe(hashParts(['a', 'bc']));
    expect(hashParts(['ab', 'c'])).toBe(hashParts(['ab', 'c']));
  });
});

describe('check with the cache', () => {
  it('prints byte-identical reports cold, warm and with --no-cache, in every format', async () => {
    const { root, cacheDir } = projectCopy(driftedSpec);
    for (const format of ['json', 'text', 'sarif', 'github']) {
      const uncached = await runCli(['check', '--root', root, '--format', format, '--no-cache']);
      const cold = await runCli(['check', '--root', root, '--format', format]);
      const warm = await runCli(['check', '--root', root, '--format', format]);
      expect(uncached.code).toBe(1);
      expect(cold).toEqual(uncached);
      expect(warm).toEqual(uncached);
    }
    // One report (per root and options) and the generated files.
    const names = entries(cacheDir);
    expect(names.filter((n) => n.startsWith('report-'))).toHaveLength(1);
    expect(names.some((n) => n.startsWith('schema-json-'))).toBe(true);
    expect(names.some((n) => n.startsWith('schema-reference-'))).toBe(true);
  });

  it('takes a warm report from the cache without parsing, and checks again after any input changes', async () => {
    const { root, cacheDir } = projectCopy(sampleSpec);
    const cold = await checkRoot(root, { cacheDir, timings: {} });
    expect(cold.spec).toBeDefined();
    const timings: Record<string, number> = {};
    const warm = await checkRoot(root, { cacheDir, timings });
    expect(warm.spec).toBeUndefined();
    expect(timings.reportCached).toBe(1);
    expect(warm.report).toEqual(cold.report);
    // The warm run still has the files' texts, to show findings' lines.
    expect(warm.files.get('schema/draft/schema.ts')?.text).toBe(cold.files.get('schema/draft/schema.ts')?.text);

    edit(root, 'schema/draft/examples/Widget/switch.json', '"name": "Porch light"', '"name": 7');
    const edited = await checkRoot(root, { cacheDir, timings: {} });
    expect(edited.spec).toBeDefined();
    expect(edited.report.findings).toContainEqual(
      expect.objectContaining({ rule: 'example/valid', file: 'schema/draft/examples/Widget/switch.json' }),
    );
    const uncached = await checkRoot(root, {});
    expect(edited.report).toEqual(uncached.report);
  });

  it('keys the report by the options too (severities, versions)', async () => {
    const { root, cacheDir } = projectCopy(driftedSpec);
    const all = await checkRoot(root, { cacheDir });
    const off = await checkRoot(root, {
      cacheDir,
      severities: Object.fromEntries(all.report.findings.map((f) => [f.rule, 'off'])),
    });
    expect(all.report.findings.length).toBeGreaterThan(0);
    expect(off.report.findings).toEqual([]);
    const one = await checkRoot(root, { cacheDir, versions: ['2025-01-15'] });
    expect(one.report).toEqual((await checkRoot(root, { versions: ['2025-01-15'] })).report);
  });

  it('ignores corrupt entries and rewrites them', async () => {
    const { root, cacheDir } = projectCopy(driftedSpec);
    const expected = await runCli(['check', '--root', root, '--format', 'json', '--no-cache']);
    await runCli(['check', '--root', root, '--format', 'json']);
    for (const name of entries(cacheDir)) fs.writeFileSync(path.join(cacheDir, name), name.length % 2 ? '' : '{"key":');
    expect(await runCli(['check', '--root', root, '--format', 'json'])).toEqual(expected);
    expect(await runCli(['check', '--root', root, '--format', 'json'])).toEqual(expected);
  });

  it('writes nothing with --no-cache, and nothing under the root but node_modules/.cache', async () => {
    const { root, cacheDir } = projectCopy(sampleSpec);
    const before = snapshot(root);
    await runCli(['check', '--root', root, '--no-cache']);
    expect(snapshot(root)).toEqual(before);
    await runCli(['check', '--root', root]);
    const after = snapshot(root);
    const added = [...after.keys()].filter((f) => !before.has(f));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((f) => f.startsWith(path.relative(root, cacheDir) + path.sep))).toBe(true);
    expect([...before].every(([f, bytes]) => after.get(f) === bytes)).toBe(true);
  });
});

describe('Schema Reference in the cache', () => {
  /** The draft page as generated with the cache, and as generated afresh (no cache, new process state aside). */
  async function draftPage(root: string, cacheDir?: string) {
    const spec = await loadSpec(root);
    return (await generatedFiles(new Project(spec, new Runtime({ cacheDir })), 'schema-reference')).find(
      (f) => f.version === 'draft',
    )!;
  }
  const referenceEntries = (dir: string) =>
    entries(dir)
      .filter((n) => n.startsWith('schema-reference-'))
      .map((n) => fs.readFileSync(path.join(dir, n), 'utf8'));
  // A page rendered again is written again: the entry's time says whether it was.
  const referenceTimes = (dir: string) =>
    entries(dir)
      .filter((n) => n.startsWith('schema-reference-'))
      .map((n) => fs.statSync(path.join(dir, n)).mtimeMs);

  it('records the examples a page includes, and is reused when only another example changes or appears', async () => {
    const { root, cacheDir } = projectCopy(sampleSpec);
    const first = await draftPage(root, cacheDir);
    const [entry] = referenceEntries(cacheDir).map(
      (t) => JSON.parse(t.slice(t.indexOf('\n') + 1))[0] as { includes: [string, string][] },
    );
    const included = entry.includes.map(([file]) => file.slice(file.indexOf('/schema/draft/') + 1));
    expect(included).toContain('schema/draft/examples/Widget/switch.json');
    expect(included).toHaveLength(12);

    // A new example that schema.ts does not include.
    const before = referenceEntries(cacheDir);
    const times = referenceTimes(cacheDir);
    fs.copyFileSync(
      path.join(root, 'schema/draft/examples/Widget/switch.json'),
      path.join(root, 'schema/draft/examples/Widget/spare.json'),
    );
    const second = await draftPage(root, cacheDir);
    expect(second.text).toBe(first.text);
    // The content key of the inputs still changes (it names every example); the entry does not.
    expect(second.key).not.toBe(first.key);
    expect(referenceEntries(cacheDir)).toEqual(before);
    expect(referenceTimes(cacheDir)).toEqual(times);
  });

  it('renders the page again when an example it includes changes', async () => {
    const { root, cacheDir } = projectCopy(sampleSpec);
    const first = await draftPage(root, cacheDir);
    const times = referenceTimes(cacheDir);
    await new Promise((r) => setTimeout(r, 20));
    edit(root, 'schema/draft/examples/Widget/switch.json', '"Porch light"', '"Garden light"');
    const second = await draftPage(root, cacheDir);
    // Made again from the kept rendering, which stays in the cache as it is (the spliced page is not written).
    expect(referenceTimes(cacheDir)).toEqual(times);
    expect(first.text).toContain('Porch light');
    expect(second.text).not.toBe(first.text);
    expect(second.text).toContain('Garden light');
    expect(second.text).toBe((await draftPage(root)).text);
  });

  it('renders the page again when an example it names but that was missing appears', async () => {
    const { root, cacheDir } = projectCopy(sampleSpec);
    const example = path.join(root, 'schema/draft/examples/Widget/switch.json');
    const text = fs.readFileSync(example, 'utf8');
    fs.rmSync(example);
    const first = await draftPage(root, cacheDir);
    expect(first.problems.map((p) => p.message).join('\n')).toMatch(/switch\.json\} names no example file/);
    fs.writeFileSync(example, text);
    const second = await draftPage(root, cacheDir);
    expect(second.text).not.toBe(first.text);
    expect(second.text).toBe((await draftPage(root)).text);
    expect(second.problems).toEqual((await draftPage(root)).problems);
  });
});

describe('MemoryCache', () => {
  it('keeps the most recently used entries, down to a new limit when resized', () => {
    const memory = new MemoryCache<number>(3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) memory.set(key, i);
    expect(memory.get('a')).toBe(0); // now the most recently used
    memory.set('d', 3);
    expect(memory.get('b')).toBeUndefined();
    memory.resize(2);
    expect([memory.get('c'), memory.get('a'), memory.get('d')]).toEqual([undefined, 0, 3]);
    memory.set('e', 4);
    expect([memory.get('a'), memory.get('d'), memory.get('e')]).toEqual([undefined, 3, 4]);
  });
});

describe('the report cache and included files', () => {
  it('keeps no report of a page that includes a file from outside the layout, so that an edit of it is seen', async () => {
    const root = writeTree({
      'spec-check.config.json': JSON.stringify({
        layout: { schema: 'spec/types.ts', docs: 'docs' },
        generate: { dialect: '2020-12' },
      }),
      'mkdocs.yml': 'site_name: Bells\nnav:\n  - Home: index.md\n',
      'spec/types.ts': '/** A bell. */\nexport interface Bell { name: string }\n',
      'docs/index.md': '# Bells\n\n--8<-- "notes/ringing.md"\n',
      'notes/ringing.md': 'Ring gently.\n',
    });
    const cacheDir = path.join(root, 'node_modules/.cache/spec-check');
    const first = await checkRoot(root, { cacheDir, timings: {}, layout: { schema: 'spec/types.ts', docs: 'docs' } });
    expect(first.report.findings).toEqual([]);
    fs.rmSync(path.join(root, 'notes/ringing.md'));
    const timings: Record<string, number> = {};
    const second = await checkRoot(root, { cacheDir, timings, layout: { schema: 'spec/types.ts', docs: 'docs' } });
    expect(timings.reportCached).toBeUndefined();
    expect(second.report.findings.map((f) => f.message)).toEqual([expect.stringContaining('notes/ringing.md')]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache, hashParts, textKeyParts } from '../src/runtime/cache.js';
import { digestOf, FileDigests, SETTLED_MS } from '../src/runtime/file-digests.js';
import { CheckInputs } from '../src/sources/inputs.js';
import { FileReader, memoryFileSystem } from '../src/runtime/files.js';
import { formatReadsRules, formatters } from '../src/reporters/index.js';
import { ruleMetas, registeredIds } from '../src/rules/index.js';
import { tempDir, writeTree } from './helpers.js';
import type { CheckReport } from '../src/core/report.js';
import { TextFile } from '../src/core/text-file.js';

const tree = {
  'schema/draft/schema.ts': 'export interface Widget { id: string }\n',
  'docs/specification/draft/index.mdx': '# Widgets\n\nA page.\n',
  'seps/1-first.md': '# SEP-1\n',
};

/** A check's inputs with a cache whose digest index is as a run `ageMs` ago recorded it. */
async function recorded(ageMs: number, secret = 'k'.repeat(32)) {
  const root = writeTree(tree);
  const cache = new DiskCache(tempDir('cache-'), 'test', secret);
  const inputs = (await CheckInputs.list(root))!;
  const first = new FileDigests(cache, root);
  expect(await inputs.keyFromDigests(first)).toBeUndefined();
  const read = (await inputs.read(first))!;
  first.save();
  // The index as if the recording run had begun `ageMs` after the files were written.
  const key = hashParts(['file digests', root]);
  const index = cache.get<{ takenAt: number; files: object }>('digests', key)!;
  cache.set('digests', key, { ...index, takenAt: Date.now() + ageMs });
  return { root, cache, inputs, read };
}

describe('the digest index of a check', () => {
  it('gives the key of the contents without reading a file once they have settled', async () => {
    const { root, cache, inputs, read } = await recorded(SETTLED_MS + 1000);
    const digests = new FileDigests(cache, root);
    expect(await inputs.keyFromDigests(digests)).toBe(read.key);
    // The same key as a reading without any index.
    expect((await (await CheckInputs.list(root))!.read())!.key).toBe(read.key);
  });

  it('hands out each text with the digest of its bytes, which keys what is made of it in place of the text', async () => {
    const root = writeTree({ ...tree, 'docs/specification/draft/bom.mdx': '\uFEFF# With a byte order mark\n' });
    const read = (await (await CheckInputs.list(root))!.read())!;
    for (const [rel, file] of read.files) {
      expect(file.digest).toBe(digestOf(fs.readFileSync(path.join(root, rel))));
      expect(textKeyParts(file)).toEqual(['bytes sha256', file.digest]);
    }
    expect(read.files.get('docs/specification/draft/bom.mdx')!.text).toBe('# With a byte order mark\n');
    // A text with no digest (made by a caller that read no bytes) is keyed by itself, tagged apart.
    const page = new TextFile(
      'docs/specification/draft/index.mdx',
      read.files.get('docs/specification/draft/index.mdx')!.digest!,
    );
    expect(textKeyParts(page)).toEqual(['text', page.text]);
    expect(hashParts(textKeyParts(page))).not.toBe(
      hashParts(textKeyParts(read.files.get('docs/specification/draft/index.mdx')!)),
    );
  });

  it('reads a file again when it was written within the settling time of the recording run', async () => {
    const { root, cache, inputs } = await recorded(0);
    expect(await inputs.keyFromDigests(new FileDigests(cache, root))).toBeUndefined();
  });

  it('reads a file again when anything in its stamp changed, even with its size and time set back', async () => {
    const { root, cache, read } = await recorded(SETTLED_MS + 1000);
    const file = path.join(root, 'docs/specification/draft/index.mdx');
    const before = fs.statSync(file);
    fs.writeFileSync(file, '# Widgets\n\nA pagE.\n');
    fs.utimesSync(file, before.atime, before.mtime);
    const inputs = (await CheckInputs.list(root))!;
    const digests = new FileDigests(cache, root);
    expect(await inputs.keyFromDigests(digests)).toBeUndefined();
    const again = (await inputs.read(digests))!;
    expect(again.key).not.toBe(read.key);
  });

  it('uses no index signed with another key (one a checked tree could bring)', async () => {
    const { root, cache, inputs } = await recorded(SETTLED_MS + 1000);
    const forged = new DiskCache(cache.dir, 'test', 'another key, not the user one');
    expect(await inputs.keyFromDigests(new FileDigests(forged, root))).toBeUndefined();
  });

  it('knows files by their bytes alone on a file system without stamps', async () => {
    const root = tempDir();
    const fileSystem = memoryFileSystem(root, tree);
    expect(await new FileReader(root, undefined, undefined, undefined, fileSystem).stamp('seps/1-first.md')).toBe(
      undefined,
    );
    const inputs = (await CheckInputs.list(root, { fileSystem }))!;
    const cache = new DiskCache(tempDir('cache-'), 'test', 'k'.repeat(32));
    expect(await inputs.keyFromDigests(new FileDigests(cache, root))).toBeUndefined();
    expect((await inputs.read(new FileDigests(cache, root)))?.files.size).toBe(3);
  });

  it('hands out the texts of named files only while they are what their digests say', async () => {
    const { root, cache, inputs } = await recorded(SETTLED_MS + 1000);
    const digests = new FileDigests(cache, root);
    await inputs.keyFromDigests(digests);
    const texts = await inputs.texts(['seps/1-first.md'], digests);
    expect([...texts!.keys()]).toEqual(['seps/1-first.md']);
    fs.writeFileSync(path.join(root, 'seps/1-first.md'), '# SEP-1, changed\n');
    expect(await inputs.texts(['seps/1-first.md'], digests)).toBeUndefined();
  });
});

describe('what a warm check loads for its reporter', () => {
  const file = new TextFile('docs/a.mdx', '# A\n\nline two\n');
  const report: CheckReport = {
    tool: { name: 'spec-check', version: 'test' },
    root: '.',
    findings: [
      { rule: 'xref/link', severity: 'error', message: 'broken', file: file.path, line: 3, column: 1, related: [] },
      { rule: 'example/valid', severity: 'warning', message: 'odd', file: file.path, line: 1, column: 1, related: [] },
    ],
    groups: [],
    summary: { errors: 1, warnings: 1, examplesValidated: 0, filesRead: 1, rootCauses: 2 },
  } as CheckReport;

  it("leaves out the rules' metadata only for formats whose output does not depend on it", () => {
    for (const format of Object.keys(formatters)) {
      for (const verbose of [false, true]) {
        const options = { color: false, verbose, source: () => file };
        const withRules = formatters[format](report, { ...options, rules: ruleMetas });
        const without = formatters[format](report, options);
        if (!formatReadsRules(format, verbose)) expect(without, `${format} verbose=${verbose}`).toBe(withRules);
      }
    }
  });

  it('validates rule ids in a config against the list in schema/config.schema.json, which is the registry', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(__dirname, '../schema/config.schema.json'), 'utf8')) as {
      properties: { rules: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(schema.properties.rules.properties)).toEqual([...registeredIds]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RuleTester } from './rule-tester.js';
import { exampleValid } from '../src/rules/example-valid.js';
import { allRules } from '../src/rules/index.js';
import { loadSpec } from '../src/sources/load.js';
import { memoryFileSystem } from '../src/runtime/files.js';
import { prepareRules, runRules } from '../src/engine/run.js';
import { Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';
import { driftedSpec } from './helpers.js';

const schema = JSON.stringify({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: { Part: { type: 'object', properties: { size: { type: 'integer' } }, required: ['size'] } },
});
const files = { 'schema/draft/schema.json': schema, 'schema/draft/examples/Part/x.json': '{\n  "size": "big"\n}' };
const message = 'Does not match Part at /size: expected an integer, got the string "big"';
const tester = new RuleTester();

describe('the rule tester', () => {
  it('passes a case whose findings are those expected, by message or by part of it', async () => {
    await tester.verify(exampleValid, {
      files,
      errors: [{ file: 'schema/draft/examples/Part/x.json', line: 2, column: 11, message }],
    });
    await tester.verify(exampleValid, {
      files,
      errors: [{ line: 2, column: 11, messageIncludes: 'expected an integer' }],
    });
    await tester.verify(exampleValid, { files: { ...files, 'schema/draft/examples/Part/x.json': '{ "size": 1 }' } });
  });

  it.each([
    ['a wrong column', { line: 2, column: 12, message }, 'finding 1: column 11, expected 12'],
    ['a wrong line', { line: 1, column: 11, message }, 'finding 1: line 2, expected 1'],
    ['a wrong end', { line: 2, column: 11, endLine: 3, message }, 'finding 1: endLine'],
    [
      'a wrong file',
      { file: 'schema/draft/examples/Part/y.json', line: 2, column: 11, message },
      'file schema/draft/examples/Part/x.json, expected schema/draft/examples/Part/y.json',
    ],
    [
      'a wrong message',
      { line: 2, column: 11, message: 'Does not match' },
      `finding 1: message ${JSON.stringify(message)}, expected "Does not match"`,
    ],
    [
      'a message part that is not in it',
      { line: 2, column: 11, messageIncludes: 'a boolean' },
      'does not include "a boolean"',
    ],
    ['neither message nor part of one', { line: 2, column: 11 }, 'gives neither message nor messageIncludes'],
  ])('fails a case with %s, saying what differs and what was found', async (_name, expected, says) => {
    const verifying = tester.verify(exampleValid, { name: 'the case', files, errors: [expected] });
    await expect(verifying).rejects.toThrow(says);
    await expect(verifying).rejects.toThrow(`found:\n  schema/draft/examples/Part/x.json:2:11`);
  });

  it('fails a case that expects more, fewer or no findings than the rule reports', async () => {
    const one = { line: 2, column: 11, message };
    await expect(tester.verify(exampleValid, { files, errors: [one, one] })).rejects.toThrow(
      'expected 2 finding(s), got 1',
    );
    await expect(tester.verify(exampleValid, { files })).rejects.toThrow('expected 0 finding(s), got 1');
    await expect(tester.verify(exampleValid, { files, errors: [] })).rejects.toThrow(
      'an invalid case needs at least one expected finding',
    );
  });

  it('leaves out a file of its base tree given as null', async () => {
    const withBase = new RuleTester({ files });
    await withBase.verify(exampleValid, { files: { 'schema/draft/examples/Part/x.json': null } });
  });

  it('reads no disk: a tree held in memory gives the same findings as the same tree on disk', async () => {
    const texts: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const e of fs.readdirSync(path.join(driftedSpec, rel), { withFileTypes: true })) {
        const child = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) walk(child);
        else texts[child] = fs.readFileSync(path.join(driftedSpec, child), 'utf8');
      }
    };
    walk('');
    const findings = async (spec: Awaited<ReturnType<typeof loadSpec>>) => {
      const project = new Project(spec, new Runtime({ worker: false }));
      await prepareRules(project, allRules);
      return runRules(project, allRules).findings;
    };
    const root = '/no-such-folder/drifted-spec';
    const inMemory = await loadSpec(root, { fileSystem: memoryFileSystem(root, texts) });
    const onDisk = await loadSpec(driftedSpec);
    expect(inMemory.filesRead).toBe(onDisk.filesRead);
    expect([...(inMemory.files ?? [])].map(([p]) => p)).toEqual([...(onDisk.files ?? [])].map(([p]) => p));
    const fromMemory = await findings(inMemory);
    expect(fromMemory.length).toBeGreaterThan(5);
    expect(fromMemory).toEqual(await findings(onDisk));
  });
});

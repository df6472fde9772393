import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { generatedSchemaJson } from '../src/rules/generated-schema-json.js';
import { inputParse } from '../src/rules/input.js';
import { runCli, writeTree } from './helpers.js';

// A one-type spec of a small "kettle" protocol, written for these tests.
const schemaTs = `/** A kettle. @category Kettles */
export interface Kettle {
  /** Water temperature in degrees. */
  temperature: number;
}
`;

/** The tree with a committed 2020-12 schema.json, as `generate` writes it. */
async function kettleSpec(files: Record<string, string | null> = {}): Promise<string> {
  const seed = writeTree({
    'schema/draft/schema.ts': schemaTs,
    'spec-check.config.json': '{ "generate": { "dialect": "2020-12" } }\n',
  });
  const run = await runCli(['generate', '--root', seed]);
  expect(run.code).toBe(0);
  fs.rmSync(path.join(seed, 'spec-check.config.json'));
  for (const [file, text] of Object.entries(files)) {
    if (text === null) fs.rmSync(path.join(seed, file));
    else fs.writeFileSync(path.join(seed, file), text);
  }
  return seed;
}

const jsonPath = (root: string) => path.join(root, 'schema/draft/schema.json');

describe('the dialect of a generated schema.json is never guessed', () => {
  it('keeps the committed 2020-12 dialect', async () => {
    const root = await kettleSpec();
    const text = fs.readFileSync(jsonPath(root), 'utf8');
    expect(text).toContain('"$schema": "https://json-schema.org/draft/2020-12/schema"');
    expect(text).toContain('"$defs": {');
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('All 1 generated files are up to date.\n');
  });

  it('refuses, writing nothing and exiting 2, when the committed schema.json has merge-conflict markers', async () => {
    const root = await kettleSpec();
    const committed = fs.readFileSync(jsonPath(root), 'utf8');
    const conflicted = committed.replace(
      '"$defs": {',
      '<<<<<<< HEAD\n    "$defs": {\n=======\n    "$defs": {\n>>>>>>> other',
    );
    fs.writeFileSync(jsonPath(root), conflicted);
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /schema\/draft\/schema\.json does not parse \(3:5: Unexpected character\), so its JSON Schema dialect is unknown/,
    );
    expect(fs.readFileSync(jsonPath(root), 'utf8')).toBe(conflicted);
    // check: the parse error is the finding; no stale finding in a guessed dialect beside it.
    const report = await check(root, { rules: [inputParse, generatedSchemaJson] });
    expect(report.findings.map((f) => f.rule)).toContain('input/parse');
    expect(report.findings.filter((f) => f.rule === 'generated/schema-json')).toEqual([]);
  });

  it('refuses when there is no committed schema.json and the config names no dialect, and writes the configured one', async () => {
    const root = await kettleSpec({ 'schema/draft/schema.json': null });
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /no committed schema\/draft\/schema\.json to take the JSON Schema dialect from.*"generate": \{ "dialect"/,
    );
    expect(fs.existsSync(jsonPath(root))).toBe(false);

    fs.writeFileSync(path.join(root, 'spec-check.config.json'), '{ "generate": { "dialect": "draft-07" } }\n');
    const configured = await runCli(['generate', '--root', root]);
    expect(configured.code).toBe(0);
    expect(fs.readFileSync(jsonPath(root), 'utf8')).toContain('"$schema": "http://json-schema.org/draft-07/schema#"');
  });

  it('prefers the committed dialect to the configured one', async () => {
    const root = await kettleSpec({ 'spec-check.config.json': '{ "generate": { "dialect": "draft-07" } }\n' });
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(0);
    expect(fs.readFileSync(jsonPath(root), 'utf8')).toContain('2020-12');
  });

  it('rejects an unknown dialect in the config with one line naming the key', async () => {
    const root = await kettleSpec({ 'spec-check.config.json': '{ "generate": { "dialect": "2019-09" } }\n' });
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /spec-check\.config\.json:1:\d+: "generate\.dialect" must be "draft-07" or "2020-12", got "2019-09"/,
    );
  });
});

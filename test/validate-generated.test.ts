/**
 * A version whose types file has no committed JSON Schema beside it is validated against the one
 * `generate` would write, generated in memory before any rule runs: its examples and prose blocks
 * are checked, not passed over.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { exampleValid } from '../src/rules/example-valid.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { writeTree } from './helpers.js';

const tree = () =>
  writeTree({
    'schema/draft/schema.ts': [
      '/** @description A lamp. */',
      'export interface Lamp { /** @description Its name. */ name: string; /** @description Brightness. */ level: number }',
      '/** @description Asks for a lamp. */',
      'export interface GetLampRequest { jsonrpc: "2.0"; id: string | number; method: "lamps/get"; params: { name: string } }',
    ].join('\n'),
    'schema/draft/examples/Lamp/desk.json': '{ "name": "desk", "level": "bright" }\n',
    'docs/specification/draft/lamps.mdx':
      '# Lamps\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "method": "lamps/get", "params": {} }\n```\n',
  });

describe('a version with no committed schema.json', () => {
  it('is validated against the JSON Schema generated from its types file', async () => {
    const report = await check(tree(), { generate: { dialect: '2020-12' }, rules: [exampleValid, proseJsonValid] });
    expect(report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`)).toEqual([
      'prose/json-valid docs/specification/draft/lamps.mdx:4 Request "lamps/get" does not match GetLampRequest at /params: missing required property "name"',
      'example/valid schema/draft/examples/Lamp/desk.json:1 Does not match Lamp at /level: expected an integer, got the string "bright"',
    ]);
    expect(report.summary).toMatchObject({ examplesValidated: 1, codeBlocksValidated: 1 });
  });

  it('without a dialect to generate in, is not validated, and example/valid says why', async () => {
    const report = await check(tree(), { rules: [exampleValid, proseJsonValid] });
    expect(report.findings.map((f) => `${f.rule} ${f.message}`)).toEqual([
      'example/valid 1 example not validated: schema/draft has no schema.json, and none was generated from its types file (set "generate": { "dialect": "2020-12" } or "draft-07" in the config)',
    ]);
    expect(report.summary.codeBlocksValidated).toBeUndefined();
  });

  it('without a dialect and without examples, prose/json-valid says its blocks were not validated', async () => {
    const root = tree();
    rmSync(join(root, 'schema/draft/examples'), { recursive: true });
    const report = await check(root, { rules: [exampleValid, proseJsonValid] });
    expect(report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`)).toEqual([
      'prose/json-valid docs/specification/draft/lamps.mdx:3 1 JSON block not validated: schema/draft has no schema.json, and none was generated from its types file (set "generate": { "dialect": "2020-12" } or "draft-07" in the config)',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { exampleValid } from '../src/rules/example-valid.js';
import { edit, lineOf, writeTree } from './helpers.js';
import { RuleTester } from './rule-tester.js';

// A one-version spec whose schema.json has one definition, in the given dialect, as a tree.
function specFiles(
  examples: Record<string, string>,
  dialect: '2020-12' | 'draft-07' = '2020-12',
): Record<string, string> {
  const defs = dialect === '2020-12' ? '$defs' : 'definitions';
  const uri =
    dialect === '2020-12' ? 'https://json-schema.org/draft/2020-12/schema' : 'http://json-schema.org/draft-07/schema#';
  const schema = {
    $schema: uri,
    [defs]: {
      Part: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          size: { type: 'integer' },
          kind: { enum: ['bolt', 'nut'] },
          tags: { type: 'array', items: { type: 'string' } },
          content: { anyOf: [{ $ref: `#/${defs}/Text` }, { $ref: `#/${defs}/Image` }] },
        },
        required: ['id', 'size'],
        additionalProperties: false,
      },
      Text: {
        type: 'object',
        properties: { type: { const: 'text' }, text: { type: 'string' } },
        required: ['type', 'text'],
      },
      Image: {
        type: 'object',
        properties: { type: { const: 'image' }, data: { type: 'string' } },
        required: ['type', 'data'],
      },
    },
  };
  const files: Record<string, string> = { 'schema/draft/schema.json': JSON.stringify(schema, null, 2) };
  for (const [name, text] of Object.entries(examples)) files[`schema/draft/examples/${name}`] = text;
  return files;
}

/** The same spec in a temp folder. */
function spec(examples: Record<string, string>, dialect: '2020-12' | 'draft-07' = '2020-12'): string {
  return writeTree(specFiles(examples, dialect));
}

const X = 'schema/draft/examples/Part/x.json';
const invalid: [name: string, text: string, line: number, column: number, message: string][] = [
  [
    'a value of the wrong type, at the value',
    '{\n  "id": "a",\n  "size": "big"\n}',
    3,
    11,
    'Does not match Part at /size: expected an integer, got the string "big"',
  ],
  [
    'a missing required property, at its object',
    '{\n  "id": "a",\n  "tags": []\n}',
    1,
    1,
    'Does not match Part: missing required property "size"',
  ],
  [
    'an unexpected property, at its key',
    '{\n  "id": "a",\n  "size": 1,\n  "colour": "red"\n}',
    4,
    3,
    'Does not match Part: unexpected property "colour"',
  ],
  [
    'an enum miss, listing the allowed values',
    '{"id": "a", "size": 1,\n "kind": "screw"}',
    2,
    10,
    'Does not match Part at /kind: expected one of "bolt", "nut", got "screw"',
  ],
  [
    'a wrong item type inside an array',
    '{"id": "a", "size": 1,\n "tags": ["x",\n  7]}',
    3,
    3,
    'Does not match Part at /tags/1: expected a string, got the number 7',
  ],
  [
    'the branch of a union that was meant',
    '{"id": "a", "size": 1, "content": {\n  "type": "text"\n}}',
    1,
    35,
    'Does not match Part at /content: missing required property "text"',
  ],
  ['a trailing comma, at the comma', '{\n  "id": "a",\n  "size": 1,\n}', 3, 12, 'Invalid JSON: Trailing comma'],
  ['a missing comma', '{\n  "id": "a"\n  "size": 1\n}', 3, 3, 'Invalid JSON: Comma expected'],
];

new RuleTester().run(exampleValid, {
  valid: (['2020-12', 'draft-07'] as const).map((dialect) => ({
    name: `valid examples in ${dialect}`,
    files: specFiles(
      {
        'Part/a.json': '{"id": "a", "size": 1}',
        'Part/b.json': '{"id": "b", "size": 2, "tags": [], "content": {"type": "image", "data": "AA=="}}',
      },
      dialect,
    ),
  })),
  invalid: [
    ...invalid.map(([name, text, line, column, message]) => ({
      name,
      files: specFiles({ 'Part/x.json': text }),
      errors: [{ file: X, line, column, message }],
    })),
    {
      name: 'a folder that names no definition',
      files: specFiles({ 'Bolt/x.json': '{}' }),
      errors: [
        {
          file: 'schema/draft/examples/Bolt/x.json',
          line: 1,
          column: 1,
          message: 'Example folder "Bolt" names no definition in schema/draft/schema.json',
        },
      ],
    },
    {
      name: 'each broken example of several, the valid ones passing',
      files: specFiles({
        'Part/a.json': '{',
        'Part/b.json': '{"id": 1, "size": 1}',
        'Part/c.json': '{"id": "c", "size": 1}',
      }),
      errors: [
        { file: 'schema/draft/examples/Part/a.json', line: 1, column: 2, messageIncludes: 'Invalid JSON' },
        {
          file: 'schema/draft/examples/Part/b.json',
          line: 1,
          column: 8,
          message: 'Does not match Part at /id: expected a string, got the number 1',
        },
      ],
    },
  ],
});

async function findings(root: string) {
  const report = await check(root, { rules: [exampleValid] });
  return report.findings.map((f) => ({ file: f.file, line: f.line, column: f.column, message: f.message }));
}

describe('example/valid', () => {
  it('accepts valid examples in both dialects and counts them', async () => {
    for (const dialect of ['2020-12', 'draft-07'] as const) {
      const root = spec(
        { 'Part/a.json': '{"id": "a", "size": 1}', 'Part/b.json': '{"id": "b", "size": 2, "tags": []}' },
        dialect,
      );
      const report = await check(root, { rules: [exampleValid] });
      expect(report.findings).toEqual([]);
      expect(report.summary.examplesValidated).toBe(2);
    }
  });

  it('goes on with the other examples after a broken one', async () => {
    const root = spec({
      'Part/a.json': '{',
      'Part/b.json': '{"id": 1, "size": 1}',
      'Part/c.json': '{"id": "c", "size": 1}',
    });
    const got = await findings(root);
    expect(got.map((f) => f.file)).toEqual(['schema/draft/examples/Part/a.json', 'schema/draft/examples/Part/b.json']);
    expect((await check(root, { rules: [exampleValid] })).summary.examplesValidated).toBe(2);
  });

  it('reports a schema.json that is not a JSON Schema where it goes wrong, and validates nothing against it', async () => {
    const root = spec({ 'Part/a.json': '{"id": "a", "size": 1}' });
    const file = 'schema/draft/schema.json';
    edit(root, file, '"required": [\n        "id",', '"required": [\n        7,');
    const report = await check(root);
    expect(report.findings.filter((f) => f.rule === 'internal')).toEqual([]);
    expect(
      report.findings.filter((f) => f.rule === 'example/valid').map((f) => ({ line: f.line, message: f.message })),
    ).toEqual([
      {
        line: lineOf(root, file, '7,'),
        message: `${file} is not a valid JSON Schema (2020-12): /$defs/Part/required/0 must be string; 1 example not validated`,
      },
    ]);
    expect(report.summary.examplesValidated).toBe(0);
  });

  it('reports a definition that does not compile once, at the definition, and goes on with the others', async () => {
    const root = spec({
      'Part/a.json': '{"id": "a", "size": 1}',
      'Part/b.json': '{"id": "b", "size": 2}',
      'Text/t.json': '{"type": "text", "text": "hi"}',
    });
    const file = 'schema/draft/schema.json';
    edit(root, file, '"$ref": "#/$defs/Image"', '"$ref": "#/$defs/Picture"');
    const report = await check(root);
    expect(report.findings.filter((f) => f.rule === 'internal')).toEqual([]);
    const got = report.findings.filter((f) => f.rule === 'example/valid');
    expect(got.map((f) => [f.file, f.line])).toEqual([[file, lineOf(root, file, '"Part"')]]);
    expect(got[0].message).toMatch(
      /^Definition Part of schema\/draft\/schema.json cannot be used to validate: can't resolve reference #\/\$defs\/Picture.*; 2 examples not validated$/,
    );
    expect(report.summary.examplesValidated).toBe(1);
  });
});

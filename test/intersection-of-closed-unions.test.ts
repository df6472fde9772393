/**
 * A JSON Schema written by a tool that closes every object (`additionalProperties: false`) and
 * writes a TypeScript intersection of unions (`({ rows } | { maxRows }) & ({ cols } | { maxCols })`)
 * as an `allOf` of `anyOf`s: a member of one part is not unexpected in the other's branches.
 */
import { describe, expect, it } from 'vitest';
import { JsonDocument } from '../src/core/json-document.js';
import { TextFile } from '../src/core/text-file.js';
import { SchemaValidator } from '../src/model/schema-validator.js';

const closed = (name: string, required: boolean) => ({
  type: 'object',
  properties: { [name]: { type: 'integer' } },
  ...(required ? { required: [name] } : {}),
  additionalProperties: false,
});

const schemaJson = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    Grid: {
      type: 'object',
      properties: {
        size: {
          allOf: [
            { anyOf: [closed('rows', true), closed('maxRows', false)] },
            { anyOf: [closed('cols', true), { $ref: '#/$defs/MaxCols' }] },
          ],
        },
      },
      additionalProperties: false,
    },
    MaxCols: closed('maxCols', false),
  },
};

function messages(value: unknown): string[] {
  const text = JSON.stringify(schemaJson, null, 2);
  const validator = new SchemaValidator({
    file: new TextFile('schema/draft/schema.json', text),
    document: new JsonDocument(text),
    dialect: '2020-12',
    definitionsKey: '$defs',
    definitionNames: new Set(Object.keys(schemaJson.$defs)),
  });
  return validator.validate('Grid', value).map((v) => `${v.pointer}: ${v.message}`);
}

describe('an allOf of unions of closed objects', () => {
  it('does not call a member another part declares unexpected (through a $ref too)', () => {
    expect(messages({ size: { cols: 4, maxRows: 3 } })).toEqual([]);
    expect(messages({ size: { rows: 2, maxCols: 9 } })).toEqual([]);
  });

  it('still reports a member no part declares, and a wrong value', () => {
    expect(messages({ size: { cols: 4, maxRows: 3, depth: 1 } })).toEqual(['/size: unexpected property "depth"']);
    expect(messages({ size: { cols: 4, maxRows: 'three' } })).toEqual([
      '/size/maxRows: expected an integer, got the string "three"',
    ]);
  });
});

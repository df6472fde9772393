import { describe, expect, it } from 'vitest';
import type { Ajv } from 'ajv';
import { InvalidSchemaError, SchemaValidator } from '../src/model/schema-validator.js';
import { JsonDocument } from '../src/core/json-document.js';
import { TextFile } from '../src/core/text-file.js';

function source(schema: { $defs: Record<string, unknown> }, dialect: '2020-12' | 'draft-07' = '2020-12') {
  const text = JSON.stringify(schema, null, 2);
  return {
    file: new TextFile('schema/draft/schema.json', text),
    document: new JsonDocument(text),
    dialect,
    definitionsKey: '$defs' as const,
    definitionNames: new Set(Object.keys(schema.$defs)),
  };
}

const good = { $defs: { Part: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } };
const bad = { $defs: { Part: { type: 'object', required: [7] } } };

function made(schema: typeof good | typeof bad, shared?: Map<string, Ajv>): SchemaValidator | InvalidSchemaError {
  try {
    return new SchemaValidator(source(schema), undefined, shared);
  } catch (error) {
    if (error instanceof InvalidSchemaError) return error;
    throw error;
  }
}

describe('checking schema.json against its meta-schema', () => {
  it('gives with a shared checking instance what each validator gives with its own', () => {
    const shared = new Map<string, Ajv>();
    const [valid, invalid] = [made(good, shared), made(bad, shared)];
    expect(shared.size).toBe(1);
    const alone = made(bad);
    expect(invalid).toBeInstanceOf(InvalidSchemaError);
    expect([(invalid as InvalidSchemaError).message, (invalid as InvalidSchemaError).pointer]).toEqual([
      (alone as InvalidSchemaError).message,
      (alone as InvalidSchemaError).pointer,
    ]);
    expect((invalid as InvalidSchemaError).pointer).toBe('/$defs/Part/required/0');
    expect(valid).toBeInstanceOf(SchemaValidator);
    expect((valid as SchemaValidator).validate('Part', { id: 1 }).map((v) => v.message)).toEqual([
      'expected a string, got the number 1',
    ]);
    // A second valid schema after an invalid one: the instance holds no verdict of the last.
    expect(made(good, shared)).toBeInstanceOf(SchemaValidator);
    expect(shared.size).toBe(1);
  });
});

describe('a definition compiled first as the target of a reference', () => {
  const schema = {
    $defs: {
      Holder: { type: 'object', properties: { shape: { $ref: '#/$defs/Shape' } }, required: ['shape'] },
      Shape: {
        anyOf: [
          { type: 'object', properties: { kind: { const: 'circle' }, radius: { type: 'number' } }, required: ['kind'] },
          { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind'] },
        ],
      },
    },
  };
  const wrong = [{ kind: 'square', side: 'wide' }, { kind: 'oval' }, 7];

  it('validates as when it is asked for first', () => {
    const first = new SchemaValidator(source(schema));
    const referredFirst = new SchemaValidator(source(schema));
    expect(
      referredFirst.validate('Holder', { shape: { kind: 'circle', radius: 'big' } }).map((v) => v.message),
    ).toEqual(['expected a number, got the string "big"']);
    for (const value of wrong) expect(referredFirst.validate('Shape', value)).toEqual(first.validate('Shape', value));
    expect(first.validate('Shape', wrong[0]).map((v) => `${v.pointer}: ${v.message}`)).toEqual([
      '/side: expected a number, got the string "wide"',
    ]);
  });
});

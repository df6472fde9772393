import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { JsonDocument } from '../src/core/json-document.js';
import { TextFile } from '../src/core/text-file.js';
import { SchemaValidator } from '../src/model/schema-validator.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { writeTree } from './helpers.js';

// A drawing protocol: a shape is a circle (whose `kind` may be left out), a square or a label;
// a batch holds requests told apart by `method`; a stroke's colour is a union with no member
// that tells its branches apart.
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const schemaJson = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    JSONRPCRequest: {
      type: 'object',
      properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' } },
      required: ['jsonrpc', 'id', 'method'],
    },
    Circle: {
      type: 'object',
      properties: { kind: { const: 'circle', type: 'string' }, radius: { type: 'number' } },
      required: ['radius'],
    },
    Square: {
      type: 'object',
      properties: { kind: { const: 'square', type: 'string' }, side: { type: 'number' } },
      required: ['kind', 'side'],
    },
    Label: {
      type: 'object',
      properties: { kind: { enum: ['label', 'caption'], type: 'string' }, text: { type: 'string' } },
      required: ['kind', 'text'],
    },
    Shape: { anyOf: [ref('Circle'), ref('Square'), ref('Label')] },
    Rgb: {
      type: 'object',
      properties: { r: { type: 'integer' }, g: { type: 'integer' }, b: { type: 'integer' } },
      required: ['r', 'g', 'b'],
    },
    Named: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    Colour: { anyOf: [ref('Rgb'), ref('Named')] },
    DrawRequest: {
      type: 'object',
      properties: {
        jsonrpc: { const: '2.0' },
        id: { type: ['string', 'integer'] },
        method: { const: 'shapes/draw', type: 'string' },
        params: {
          type: 'object',
          properties: { shape: ref('Shape'), colour: ref('Colour') },
          required: ['shape'],
        },
      },
      required: ['jsonrpc', 'id', 'method', 'params'],
    },
    EraseRequest: {
      type: 'object',
      properties: {
        jsonrpc: { const: '2.0' },
        id: { type: ['string', 'integer'] },
        method: { const: 'shapes/erase', type: 'string' },
        params: { type: 'object', properties: { all: { type: 'boolean' } }, required: ['all'] },
      },
      required: ['jsonrpc', 'id', 'method', 'params'],
    },
    ShapeRequest: { anyOf: [ref('DrawRequest'), ref('EraseRequest')] },
    Batch: {
      type: 'object',
      properties: { requests: { type: 'array', items: ref('ShapeRequest') } },
      required: ['requests'],
    },
  },
};

const schemaTs = `export interface JSONRPCRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
}
export interface Circle {
  kind?: "circle";
  radius: number;
}
export interface Square {
  kind: "square";
  side: number;
}
export interface Label {
  kind: "label" | "caption";
  text: string;
}
export type Shape = Circle | Square | Label;
export interface Rgb {
  r: number;
  g: number;
  b: number;
}
export interface Named {
  name: string;
}
export type Colour = Rgb | Named;
export interface DrawRequest extends JSONRPCRequest {
  method: "shapes/draw";
  params: { shape: Shape; colour?: Colour };
}
export interface EraseRequest extends JSONRPCRequest {
  method: "shapes/erase";
  params: { all: boolean };
}
export type ShapeRequest = DrawRequest | EraseRequest;
export interface Batch {
  requests: ShapeRequest[];
}
`;

function validator(): SchemaValidator {
  const text = JSON.stringify(schemaJson, null, 2);
  return new SchemaValidator({
    file: new TextFile('schema/draft/schema.json', text),
    document: new JsonDocument(text),
    dialect: '2020-12',
    definitionsKey: '$defs',
    definitionNames: new Set(Object.keys(schemaJson.$defs)),
  });
}

const draw = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'shapes/draw', params });
const messages = (definition: string, value: unknown) =>
  validator()
    .validate(definition, value)
    .map((v) => `${v.pointer}: ${v.message}`);

describe('unions told apart by a discriminator', () => {
  it('reports the errors of the branch the discriminator names, and no other branch', () => {
    expect(messages('DrawRequest', draw({ shape: { kind: 'square', radius: 2 } }))).toEqual([
      '/params/shape: missing required property "side"',
    ]);
    expect(messages('DrawRequest', draw({ shape: { kind: 'caption', text: 3 } }))).toEqual([
      '/params/shape/text: expected a string, got the number 3',
    ]);
  });

  it('reports a discriminator that names no branch once, with every allowed value', () => {
    expect(messages('DrawRequest', draw({ shape: { kind: 'sqare', side: 1 } }))).toEqual([
      '/params/shape/kind: expected one of "circle", "square", "label", "caption", got "sqare"',
    ]);
  });

  it('takes the one branch where the discriminator may be left out when the value leaves it out', () => {
    expect(messages('DrawRequest', draw({ shape: { radius: '2' } }))).toEqual([
      '/params/shape/radius: expected a number, got the string "2"',
    ]);
  });

  it('tells requests in a union apart by their method', () => {
    const batch = {
      requests: [
        { jsonrpc: '2.0', id: 1, method: 'shapes/erase', params: { all: 'yes' } },
        draw({ shape: { kind: 'circle', radius: 1 } }),
      ],
    };
    expect(messages('Batch', batch)).toEqual(['/requests/0/params/all: expected a boolean, got the string "yes"']);
  });

  it('keeps the branch that got furthest when no member tells the branches apart', () => {
    expect(messages('DrawRequest', draw({ shape: { radius: 1 }, colour: { r: 1, g: 2, b: 'x' } }))).toEqual([
      '/params/colour/b: expected an integer, got the string "x"',
    ]);
  });

  it('names the branch in the finding of prose/json-valid', async () => {
    const block =
      '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "shapes/draw",\n  "params": { "shape": { "kind": "square", "size": 4 } }\n}';
    const root = writeTree({
      'schema/draft/schema.ts': schemaTs,
      'schema/draft/schema.json': JSON.stringify(schemaJson, null, 2),
      'docs/specification/draft/shapes.mdx': `---\ntitle: Shapes\n---\n\nThe client draws a square:\n\n\`\`\`json\n${block}\n\`\`\`\n`,
    });
    const report = await check(root, { rules: [proseJsonValid] });
    expect(report.findings.map((f) => `${f.line}:${f.column} ${f.message}`)).toEqual([
      '12:44 Request "shapes/draw" does not match DrawRequest at /params/shape: missing required property "side" (is "size" a misspelling?)',
    ]);
  });
});

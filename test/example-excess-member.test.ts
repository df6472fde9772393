import { exampleExcessMember } from '../src/rules/example-excess-member.js';
import { RuleTester } from './rule-tester.js';
import { page, partsFiles, partsSchemaJson, partsSchemaTs } from './prose-fixture.js';

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

// The parts spec, with a union (by `type`), an intersection, `_meta`, and a request type that
// declares no envelope members (as older schema.ts files write them).
const schemaJson = structuredClone(partsSchemaJson) as { $defs: Record<string, unknown> };
Object.assign(schemaJson.$defs, {
  Text: { type: 'object', properties: { type: { const: 'text', type: 'string' }, text: { type: 'string' } } },
  Image: { type: 'object', properties: { type: { const: 'image', type: 'string' }, data: { type: 'string' } } },
  Content: { anyOf: [ref('Text'), ref('Image')] },
  Labelled: {
    allOf: [ref('Part'), { type: 'object', properties: { label: { type: 'string' } } }],
  },
  Tagged: {
    allOf: [ref('Part'), { type: 'object', properties: { tag: { type: 'string' } }, additionalProperties: {} }],
  },
  Note: {
    type: 'object',
    properties: { text: { type: 'string' }, _meta: { type: 'object', properties: { author: { type: 'string' } } } },
  },
  PingRequest: {
    type: 'object',
    properties: {
      method: { const: 'ping', type: 'string' },
      params: { type: 'object', properties: { note: { type: 'string' } } },
    },
  },
});
const schemaTs = `${partsSchemaTs}
export interface PingRequest {
  method: "ping";
  params?: { note?: string };
}
`;

const EX = 'schema/draft/examples';
const PAGE = 'docs/specification/draft/server/parts.mdx';

new RuleTester({
  files: {
    ...partsFiles,
    'schema/draft/schema.ts': schemaTs,
    'schema/draft/schema.json': JSON.stringify(schemaJson, null, 2),
  },
}).run(exampleExcessMember, {
  valid: [
    { name: 'only declared members', files: { [`${EX}/Part/a.json`]: '{ "id": "a", "size": 1, "kind": "nut" }' } },
    {
      name: 'the union branch its discriminator names declares the member',
      files: { [`${EX}/Content/a.json`]: '{ "type": "image", "data": "AAAA" }' },
    },
    {
      name: 'an intersection declares what any part declares',
      files: { [`${EX}/Labelled/a.json`]: '{ "id": "a", "size": 1, "label": "x" }' },
    },
    {
      name: 'an intersection with an open part takes any member',
      files: { [`${EX}/Tagged/a.json`]: '{ "id": "a", "size": 1, "colour": "red" }' },
    },
    {
      name: '_meta takes any member, whatever its type lists',
      files: { [`${EX}/Note/a.json`]: '{ "text": "x", "_meta": { "author": "a", "trace": "t" } }' },
    },
    {
      name: 'an open result takes any member',
      files: { [PAGE]: page('The reply:', '{ "jsonrpc": "2.0", "id": 1, "result": { "anything": true } }') },
    },
    {
      name: "a request type without envelope members takes the envelope's",
      files: { [PAGE]: page('A ping:', '{ "jsonrpc": "2.0", "id": 1, "method": "ping", "params": { "note": "hi" } }') },
    },
  ],
  invalid: [
    {
      name: 'a misspelt member of an example, at its key, with the nearest declared name',
      files: { [`${EX}/Part/a.json`]: '{\n  "id": "a",\n  "sise": 1\n}' },
      errors: [{ message: 'Member "sise" is not declared by Part; did you mean "size"?', line: 3, column: 3 }],
    },
    {
      name: 'a member of a nested object, naming the type that declares it',
      files: { [`${EX}/GetPartResult/a.json`]: '{ "part": { "id": "a", "size": 1, "colour": "red" } }' },
      errors: [{ message: 'Member "colour" is not declared by Part (at /part)', line: 1, column: 35 }],
    },
    {
      name: 'a member of another union branch than the discriminator names',
      files: { [`${EX}/Content/a.json`]: '{ "type": "text", "text": "x", "data": "AAAA" }' },
      errors: [{ message: 'Member "data" is not declared by Text', line: 1, column: 32 }],
    },
    {
      name: 'a member of an array item',
      files: { [`${EX}/ListPartsResult/a.json`]: '{ "parts": [{ "id": "a", "size": 1, "weight": 2 }] }' },
      errors: [{ message: 'Member "weight" is not declared by Part (at /parts/0)', line: 1, column: 37 }],
    },
    {
      name: 'a member a prose request adds to its params',
      files: {
        [PAGE]: page(
          'To get a part:',
          '{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": { "id": "a", "verbose": true } }',
        ),
      },
      errors: [{ message: 'Member "verbose" is not declared by GetPartRequest (at /params)', line: 8, column: 76 }],
    },
    {
      name: 'a misspelt param of a request type without envelope members',
      files: { [PAGE]: page('A ping:', '{ "jsonrpc": "2.0", "id": 1, "method": "ping", "params": { "nte": "hi" } }') },
      errors: [
        {
          message: 'Member "nte" is not declared by PingRequest (at /params); did you mean "note"?',
          line: 8,
          column: 60,
        },
      ],
    },
  ],
});

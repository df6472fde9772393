/**
 * The JSON-RPC envelope around a message shown on the wire, for a spec whose message types
 * declare `method` and `params` only: the envelope's members are checked against the envelope
 * (JSON-RPC 2.0's, or the base protocol's), never reported as members the type lacks. A spec
 * that declares its envelope (MCP's) is checked as it always was.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { writeTree } from './helpers.js';

const layout = { schema: 'src/kettles.types.ts', schemaJson: 'schema/{version}/schema.json', docs: 'pages/{version}' };

/** The kettles extension's types: requests and notifications without the envelope's members. */
const TYPES = `/** Asks a kettle to boil. */
export interface BoilKettleRequest {
  method: 'kettles/boil';
  params: { litres: number };
}

/** How long the boil takes. */
export interface BoilKettleResult {
  seconds: number;
}

/** Tells that a kettle boiled. */
export interface KettleBoiledNotification {
  method: 'notifications/kettles/boiled';
  params: { kettleId: string };
}
`;

/** The JSON Schema another tool made from the types, with closed objects (additionalProperties: false). */
const STRICT_SCHEMA = JSON.stringify(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: {
      BoilKettleRequest: {
        type: 'object',
        properties: {
          method: { const: 'kettles/boil' },
          params: {
            type: 'object',
            properties: { litres: { type: 'number' } },
            required: ['litres'],
            additionalProperties: false,
          },
        },
        required: ['method', 'params'],
        additionalProperties: false,
      },
      BoilKettleResult: {
        type: 'object',
        properties: { seconds: { type: 'number' } },
        required: ['seconds'],
        additionalProperties: false,
      },
      KettleBoiledNotification: {
        type: 'object',
        properties: {
          method: { const: 'notifications/kettles/boiled' },
          params: {
            type: 'object',
            properties: { kettleId: { type: 'string' } },
            required: ['kettleId'],
            additionalProperties: false,
          },
        },
        required: ['method', 'params'],
        additionalProperties: false,
      },
    },
  },
  null,
  2,
);

const fence = (json: string) => '```json\n' + json + '\n```\n';
const boil = (envelope: string) => fence(`{ ${envelope}, "method": "kettles/boil", "params": { "litres": 1 } }`);

/** A page showing the kettles' messages as they go on the wire. */
const PAGE = [
  '# Kettles',
  '',
  '## Boiling',
  '',
  'A client asks a kettle to boil:',
  '',
  boil('"jsonrpc": "2.0", "id": 1'),
  'The kettle answers when it will be done:',
  '',
  fence('{ "jsonrpc": "2.0", "id": 1, "result": { "seconds": 90 } }'),
  '## Boiled',
  '',
  fence('{ "jsonrpc": "2.0", "method": "notifications/kettles/boiled", "params": { "kettleId": "k1" } }'),
].join('\n');

/** Blocks whose envelope is wrong, each in a section of its own. */
const WRONG = [
  '# Wrong envelopes',
  '',
  '## An old version',
  '',
  boil('"jsonrpc": "1.0", "id": 2'),
  '## An id that is an object',
  '',
  boil('"jsonrpc": "2.0", "id": { "n": 3 }'),
  '## A result and an error',
  '',
  fence('{ "jsonrpc": "2.0", "id": 4, "result": { "seconds": 1 }, "error": { "code": -1, "message": "cold" } }'),
  '## An error code that is a string',
  '',
  fence('{ "jsonrpc": "2.0", "id": 5, "error": { "code": "cold", "message": "The kettle is cold" } }'),
].join('\n');

/**
 * The findings, but generated/schema-json's (the committed JSON Schema is another tool's, not
 * spec-check's) and example/orphan's (the types' comments include no example).
 */
function described(report: { findings: { rule: string; file: string; line: number; message: string }[] }) {
  return report.findings
    .filter((f) => !f.rule.startsWith('generated/') && f.rule !== 'example/orphan')
    .map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`);
}

describe('a message shown on the wire, whose type declares no envelope', () => {
  it('takes jsonrpc and id as the envelope, not as members its closed type lacks', async () => {
    const root = writeTree({
      'src/kettles.types.ts': TYPES,
      'schema/draft/schema.json': STRICT_SCHEMA,
      'pages/draft/kettles.mdx': PAGE,
    });
    const report = await check(root, { layout });
    expect(described(report)).toEqual([]);
    expect(report.summary.codeBlocksValidated).toBe(3);
    expect(report.summary.codeBlocksUnclassified ?? 0).toBe(0);
  });

  it("reports a wrong envelope against JSON-RPC 2.0's, where there is no base protocol", async () => {
    const root = writeTree({
      'src/kettles.types.ts': TYPES,
      'schema/draft/schema.json': STRICT_SCHEMA,
      'pages/draft/wrong.mdx': WRONG,
    });
    const report = await check(root, { layout });
    expect(described(report)).toEqual([
      'prose/json-valid pages/draft/wrong.mdx:6 Request "kettles/boil" does not match JSONRPCRequest of JSON-RPC 2.0 at /jsonrpc: expected "2.0", got "1.0"',
      'prose/json-valid pages/draft/wrong.mdx:12 Request "kettles/boil" does not match JSONRPCRequest of JSON-RPC 2.0 at /id: expected a string or a number, got an object',
      'prose/json-valid pages/draft/wrong.mdx:18 Error response does not match JSONRPCErrorResponse of JSON-RPC 2.0: unexpected property "result"',
      'prose/json-valid pages/draft/wrong.mdx:24 Error response does not match JSONRPCErrorResponse of JSON-RPC 2.0 at /error/code: expected an integer, got the string "cold"',
    ]);
  });

  it('takes the envelope of an example file of a request type, and reports a wrong one', async () => {
    const example = (version: string) =>
      JSON.stringify({ jsonrpc: version, id: 7, method: 'kettles/boil', params: { litres: 2 } }, null, 2);
    const root = writeTree({
      'src/kettles.types.ts': TYPES,
      'schema/draft/schema.json': STRICT_SCHEMA,
      'src/examples/BoilKettleRequest/on-the-wire.json': example('2.0'),
      'src/examples/BoilKettleRequest/old-version.json': example('1.0'),
      'pages/draft/kettles.mdx': '# Kettles\n',
    });
    const report = await check(root, { layout });
    expect(described(report)).toEqual([
      'example/valid src/examples/BoilKettleRequest/old-version.json:2 Does not match JSONRPCRequest of JSON-RPC 2.0 at /jsonrpc: expected "2.0", got "1.0"',
    ]);
    expect(report.summary.examplesValidated).toBe(2);
  });

  it('leaves the envelope to example/excess-member too, where the JSON Schema is generated with open objects', async () => {
    const root = writeTree({
      'src/kettles.types.ts': TYPES,
      'pages/draft/kettles.mdx': PAGE,
      'src/examples/BoilKettleRequest/on-the-wire.json': JSON.stringify({
        jsonrpc: '2.0',
        id: 'a',
        method: 'kettles/boil',
        params: { litres: 2 },
      }),
    });
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report)).toEqual([]);
  });
});

/** A base protocol's types, with its envelopes. */
const BASE = `export type RequestId = string | number;

/** A request on the wire. */
export interface JSONRPCRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: { [key: string]: unknown };
}

/** A notification on the wire. */
export interface JSONRPCNotification {
  jsonrpc: '2.0';
  method: string;
  params?: { [key: string]: unknown };
}

/** Any result. */
export interface Result {
  [key: string]: unknown;
}

/** A successful response on the wire. */
export interface JSONRPCResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: Result;
}

/** A failed response on the wire. */
export interface JSONRPCErrorResponse {
  jsonrpc: '2.0';
  id?: RequestId;
  error: { code: number; message: string; data?: unknown };
}
`;

describe('a message shown on the wire, in an extension of a base protocol that declares the envelope', () => {
  it("checks the envelope against the base's", async () => {
    const root = writeTree({
      'src/kettles.types.ts': `import type { Result } from './base.types.js';\n${TYPES.replace(
        'export interface BoilKettleResult {',
        'export interface BoilKettleResult extends Result {',
      )}`,
      'src/base.types.ts': BASE,
      'schema/draft/schema.json': STRICT_SCHEMA,
      'pages/draft/kettles.mdx': PAGE,
      'pages/draft/wrong.mdx': WRONG,
    });
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report)).toEqual([
      'prose/json-valid pages/draft/wrong.mdx:6 Request "kettles/boil" does not match JSONRPCRequest of src/base.types.ts at /jsonrpc: expected "2.0", got "1.0"',
      'prose/json-valid pages/draft/wrong.mdx:12 Request "kettles/boil" does not match JSONRPCRequest of src/base.types.ts at /id: expected a string or an integer, got an object',
      'prose/json-valid pages/draft/wrong.mdx:18 Error response does not match JSONRPCErrorResponse of JSON-RPC 2.0: unexpected property "result"',
      'prose/json-valid pages/draft/wrong.mdx:24 Error response does not match JSONRPCErrorResponse of src/base.types.ts at /error/code: expected an integer, got the string "cold"',
    ]);
  });
});

describe('a types file importing the base protocol from a package spec-check does not read', () => {
  it("leaves methods outside the file's own namespaces, and their protocol versions, to that package", async () => {
    const root = writeTree({
      'src/kettles.types.ts': `import type { Implementation } from '@example/base-sdk';\nexport const LATEST_PROTOCOL_VERSION = '2026-03-01';\n${TYPES}`,
      'schema/draft/schema.json': STRICT_SCHEMA,
      'pages/draft/kettles.mdx': [
        '# Kettles',
        '',
        '## Starting a session',
        '',
        fence('{ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "protocolVersion": "2025-06-18" } }'),
        '## A slip',
        '',
        fence('{ "jsonrpc": "2.0", "id": 2, "method": "kettles/boyl", "params": { "litres": 1 } }'),
      ].join('\n'),
    });
    const report = await check(root, { layout });
    expect(described(report)).toEqual([
      'prose/json-valid pages/draft/kettles.mdx:12 Unknown method "kettles/boyl": no request or notification in src/kettles.types.ts has this method',
      'schema/import src/kettles.types.ts:1 Cannot resolve import "@example/base-sdk": no type declarations for it under node_modules/ (install it (its declarations are read, never run)); the types it gives are unknown, so schema.json is not generated from src/kettles.types.ts',
    ]);
  });
});

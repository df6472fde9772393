/**
 * A small one-version spec ("parts") for the prose, link and JSDoc rules: a schema.ts, the
 * schema.json that matches it, and pages given by each test.
 */
import { writeTree } from './helpers.js';

export const partsSchemaTs = `/**
 * @category JSON-RPC
 */
export interface JSONRPCRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: { [key: string]: unknown };
}

/**
 * @category JSON-RPC
 */
export interface JSONRPCNotification {
  jsonrpc: "2.0";
  method: string;
  params?: { [key: string]: unknown };
}

/**
 * @category JSON-RPC
 */
export interface JSONRPCResultResponse {
  jsonrpc: "2.0";
  id: string | number;
  result: Result;
}

/**
 * @category JSON-RPC
 */
export interface JSONRPCErrorResponse {
  jsonrpc: "2.0";
  id?: string | number;
  error: { code: number; message: string };
}

/**
 * @category Common Types
 */
export interface Result {
  [key: string]: unknown;
}

/**
 * A part; see {@link Part.size} and {@link GetPartRequest}.
 *
 * @example Bolt
 * {@includeCode ./examples/Part/bolt.json}
 *
 * @category Parts
 */
export interface Part {
  id: string;
  /** Size in millimetres. */
  size: number;
  kind?: "bolt" | "nut";
}

/**
 * @category \`parts/get\`
 */
export interface GetPartRequest extends JSONRPCRequest {
  method: "parts/get";
  params: { id: string };
}

/**
 * @category \`parts/get\`
 */
export interface GetPartResult extends Result {
  part: Part;
  isMissing?: boolean;
}

/**
 * @category \`parts/list\`
 */
export interface ListPartsRequest extends JSONRPCRequest {
  method: "parts/list";
}

/**
 * @category \`parts/list\`
 */
export interface ListPartsResult extends Result {
  parts: Part[];
}

/**
 * @category Parts
 */
export interface PartChangedNotification extends JSONRPCNotification {
  method: "notifications/parts/changed";
  params: { id: string };
}
`;

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const envelope = { jsonrpc: { const: '2.0', type: 'string' }, id: { type: ['string', 'integer'] } };

export const partsSchemaJson = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    JSONRPCRequest: {
      type: 'object',
      properties: { ...envelope, method: { type: 'string' }, params: { type: 'object' } },
      required: ['jsonrpc', 'id', 'method'],
    },
    JSONRPCNotification: {
      type: 'object',
      properties: { jsonrpc: envelope.jsonrpc, method: { type: 'string' }, params: { type: 'object' } },
      required: ['jsonrpc', 'method'],
    },
    JSONRPCResultResponse: {
      type: 'object',
      properties: { ...envelope, result: ref('Result') },
      required: ['jsonrpc', 'id', 'result'],
    },
    JSONRPCErrorResponse: {
      type: 'object',
      properties: {
        ...envelope,
        error: {
          type: 'object',
          properties: { code: { type: 'integer' }, message: { type: 'string' } },
          required: ['code', 'message'],
        },
      },
      required: ['jsonrpc', 'error'],
    },
    Result: { type: 'object', additionalProperties: {} },
    Part: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        size: { type: 'integer' },
        kind: { enum: ['bolt', 'nut'], type: 'string' },
      },
      required: ['id', 'size'],
    },
    GetPartRequest: {
      type: 'object',
      properties: {
        ...envelope,
        method: { const: 'parts/get', type: 'string' },
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
      required: ['jsonrpc', 'id', 'method', 'params'],
    },
    GetPartResult: {
      type: 'object',
      properties: { part: ref('Part'), isMissing: { type: 'boolean' } },
      required: ['part'],
    },
    ListPartsRequest: {
      type: 'object',
      properties: { ...envelope, method: { const: 'parts/list', type: 'string' } },
      required: ['jsonrpc', 'id', 'method'],
    },
    ListPartsResult: {
      type: 'object',
      properties: { parts: { type: 'array', items: ref('Part') } },
      required: ['parts'],
    },
    PartChangedNotification: {
      type: 'object',
      properties: {
        jsonrpc: envelope.jsonrpc,
        method: { const: 'notifications/parts/changed', type: 'string' },
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
      required: ['jsonrpc', 'method', 'params'],
    },
  },
};

export const partsTemplate = `---
title: Schema Reference
---

{/* @category JSON-RPC */}

{/* @category Common Types */}

{/* @category Parts */}

{/* @category \`parts/get\` */}

{/* @category \`parts/list\` */}
`;

/** The parts spec as a tree (path -> text), for the in-memory rule tester. */
export const partsFiles: Record<string, string> = {
  'schema/draft/schema.ts': partsSchemaTs,
  'schema/draft/schema.json': JSON.stringify(partsSchemaJson, null, 2),
  'schema/draft/schema.mdx': partsTemplate,
  'schema/draft/examples/Part/bolt.json': '{ "id": "b1", "size": 8 }\n',
};

/** A temp spec with the parts schema and the given extra files (path -> text). */
export function partsSpec(files: Record<string, string> = {}): string {
  return writeTree({ ...partsFiles, ...files });
}

/** A page with one fenced block of the given language, after the given text. */
export function page(before: string, block: string, lang = 'json'): string {
  return `---\ntitle: Parts\n---\n\n${before}\n\n\`\`\`${lang}\n${block}\n\`\`\`\n`;
}

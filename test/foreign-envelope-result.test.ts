/**
 * A response of an extension whose envelope is its vendored base's: the base's envelope judges the
 * envelope, the extension's result type judges `result`. A wrong discriminator in the result is one
 * problem, named by the result type, and told by the narrowest constraint it breaks.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { writeTree } from './helpers.js';

/** The base protocol, vendored: every result carries a `kind` of two values. */
const BASE = `/** A request on the wire. */
export interface JSONRPCRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: { [key: string]: unknown };
}

/** Any result. */
export interface Result {
  kind: "done" | "pending";
}

/** A response on the wire. */
export interface JSONRPCResultResponse {
  jsonrpc: "2.0";
  id: string | number;
  result: Result;
}
`;

const TYPES = `import type { JSONRPCRequest, Result } from "./base.js";

/** Asks for a kettle's state. */
export interface GetKettleRequest extends JSONRPCRequest {
  method: "kettles/get";
  params: { name: string };
}

/** A kettle's state. */
export type GetKettleResult = Result & {
  /** Always "done" here. */
  kind: "done";
  celsius: number;
};
`;

const PAGE = [
  '# Kettles',
  '',
  '## Reading a kettle',
  '',
  '```json',
  '{ "jsonrpc": "2.0", "id": 7, "method": "kettles/get", "params": { "name": "office" } }',
  '```',
  '',
  '```json',
  '{ "jsonrpc": "2.0", "id": 7, "result": { "kind": "boiling", "celsius": 96 } }',
  '```',
  '',
].join('\n');

async function findings(page: string): Promise<string[]> {
  const root = writeTree({
    'schema/draft/schema.ts': TYPES,
    'schema/draft/base.ts': BASE,
    'docs/draft/kettles.md': page,
  });
  const report = await check(root, {
    layout: { schema: 'schema/draft/schema.ts', docs: 'docs/{version}' },
    generate: { dialect: '2020-12' },
    rules: [proseJsonValid],
  });
  return report.findings.map((f) => `${f.file}:${f.line} ${f.message}`);
}

describe('a response checked against a foreign envelope and its own result type', () => {
  it('holds a bare `{ "result": … }`, a sketch of the answer, to no envelope', async () => {
    const page = [
      '# Kettles',
      '',
      '```jsonc',
      '// The answer, envelope left out',
      '{ "result": { "kind": "done" } }',
      '```',
      '',
    ];
    expect(await findings(page.join('\n'))).toEqual([]);
  });

  it('still asks a response showing its id for the envelope member it lacks', async () => {
    const page = ['# Kettles', '', '```json', '{ "id": 3, "result": { "kind": "done" } }', '```', ''];
    expect(await findings(page.join('\n'))).toEqual([
      'docs/draft/kettles.md:4 JSON-RPC message does not match JSONRPCResultResponse of schema/draft/base.ts: missing required property "jsonrpc"',
    ]);
  });

  it('tells a wrong discriminator once, by the result type and its narrowest constraint', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': TYPES,
      'schema/draft/base.ts': BASE,
      'docs/draft/kettles.md': PAGE,
    });
    const report = await check(root, {
      layout: { schema: 'schema/draft/schema.ts', docs: 'docs/{version}' },
      generate: { dialect: '2020-12' },
      rules: [proseJsonValid],
    });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([
      'docs/draft/kettles.md:10 Response to "kettles/get" (matched by id 7) does not match GetKettleResult at /result/kind: expected "done", got "boiling"',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { TextFile } from '../src/core/text-file.js';
import { readSchemaSource } from '../src/sources/schema-ts.js';
import { messageIndex } from '../src/prose/schema-index.js';
import type { SpecVersion } from '../src/model/spec.js';
import { partsSchemaTs } from './prose-fixture.js';
import { projectOf } from './helpers.js';

function version(ts: string): SpecVersion {
  return {
    id: 'draft',
    schemaDir: 'schema/draft',
    schemaJsonPath: 'schema/draft/schema.json',
    docsDir: 'docs/specification/draft',
    examples: [],
    pages: [],
    schemaTs: readSchemaSource(new TextFile('schema/draft/schema.ts', ts)),
  };
}

// The older style: the method types extend bare `Request`/`Notification`, the envelopes add `jsonrpc`,
// and the result envelope is named JSONRPCResponse.
const olderStyle = `
export interface Request { method: string; params?: { [key: string]: unknown } }
export interface Notification { method: string; params?: { [key: string]: unknown } }
export interface Result { _meta?: { [key: string]: unknown } }
export interface JSONRPCRequest extends Request { jsonrpc: "2.0"; id: string | number }
export interface JSONRPCNotification extends Notification { jsonrpc: "2.0" }
export interface JSONRPCResponse { jsonrpc: "2.0"; id: string | number; result: Result }
export interface JSONRPCError { jsonrpc: "2.0"; id: string | number; error: { code: number; message: string } }
export interface PingRequest extends Request { method: "ping" }
export interface CancelledNotification extends Notification { method: "notifications/cancelled"; params: { requestId: string } }
export interface ListThingsRequest extends Request { method: "things/list" }
export interface ListThingsResultResponse extends JSONRPCResponse { result: ThingsPage }
export interface ThingsPage extends Result { things: string[] }
`;

describe('message index', () => {
  it('finds requests, notifications, result types and envelopes in the newer style', () => {
    const index = messageIndex(
      projectOf({ root: '/', versions: [], seps: [], inputProblems: [], filesRead: 0 }),
      version(partsSchemaTs),
    )!;
    expect([...index.requests.keys()]).toEqual(['parts/get', 'parts/list']);
    expect([...index.notifications.keys()]).toEqual(['notifications/parts/changed']);
    expect(index.resultTypeOf('parts/get')?.name).toBe('GetPartResult');
    expect(index.resultTypeOf('notifications/parts/changed')).toBeUndefined();
    expect(Object.fromEntries(Object.entries(index.envelopes).map(([k, d]) => [k, d?.name]))).toEqual({
      request: 'JSONRPCRequest',
      notification: 'JSONRPCNotification',
      result: 'JSONRPCResultResponse',
      error: 'JSONRPCErrorResponse',
    });
    expect(index.membersOf(index.declaration('GetPartRequest')!).map((m) => m.name)).toEqual([
      'method',
      'params',
      'jsonrpc',
      'id',
    ]);
  });

  it('finds the same in the older style, and a result type named only by its response type', () => {
    const index = messageIndex(
      projectOf({ root: '/', versions: [], seps: [], inputProblems: [], filesRead: 0 }),
      version(olderStyle),
    )!;
    expect([...index.requests.keys()]).toEqual(['ping', 'things/list']);
    expect([...index.notifications.keys()]).toEqual(['notifications/cancelled']);
    expect(index.envelopes.result?.name).toBe('JSONRPCResponse');
    expect(index.envelopes.error?.name).toBe('JSONRPCError');
    expect(index.resultTypeOf('things/list')?.name).toBe('ThingsPage');
    expect(index.resultTypeOf('ping')).toBeUndefined();
    expect(index.resultBase?.name).toBe('Result');
  });

  it('takes no message that names its own method for the envelope of every message', () => {
    const index = messageIndex(
      projectOf({ root: '/', versions: [], seps: [], inputProblems: [], filesRead: 0 }),
      version(`
export interface ListWidgetsRequest { jsonrpc: "2.0"; id: string | number; method: "widgets/list" }
export interface WidgetChangedNotification { jsonrpc: "2.0"; method: "notifications/widget" }
export interface GetWidgetRequest { jsonrpc: "2.0"; id: string | number; method: "widgets/get"; params: { name: string } }
`),
    )!;
    expect(index.envelopes).toEqual({});
    expect([...index.requests.keys()]).toEqual(['widgets/list', 'widgets/get']);
    expect([...index.notifications.keys()]).toEqual(['notifications/widget']);
  });
});

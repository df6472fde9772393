import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { readJsonBlocks } from '../src/prose/prose-json.js';
import { loadSpec } from '../src/sources/load.js';
import { partsFiles, partsSchemaJson, partsSpec } from './prose-fixture.js';
import { projectOf } from './helpers.js';

// Which request a response answers, on the parts spec (parts/get -> GetPartResult with `part`,
// parts/list -> ListPartsResult with `parts`). Each case is a pattern the MCP pages and SEPs
// use: the text names the answer's type, the request is one the version lacks, a result is
// named in passing, a task or another kind of answer comes back.
const PAGE = 'docs/specification/draft/server/parts.mdx';
const SEP = 'seps/5-reservations.md';

const fence = (json: string) => '```json\n' + json + '\n```\n';
const getRequest = fence('{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": { "id": "b1" } }');

async function findings(files: Record<string, string>): Promise<string[]> {
  const report = await check(partsSpec(files), { rules: [proseJsonValid] });
  return report.findings.map((f) => `${f.file}:${f.line} ${f.message}`);
}

describe('a response is matched to what the text says it answers', () => {
  it('takes the result type the sentence before it names over the id of the request', async () => {
    const text =
      '# Parts\n\n## Getting a part later\n\n' +
      getRequest +
      '\nThe server may answer with a `ListPartsResult` instead:\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 1, "result": { "parts": [{ "id": "b1", "size": "8" }] } }');
    expect(await findings({ [PAGE]: text })).toEqual([
      `${PAGE}:12 Response to "parts/get" (matched by context) does not match ListPartsResult at /result/parts/0/size: expected an integer, got the string "8"`,
    ]);
  });

  it('matches a response of a result type the version does not declare to nothing', async () => {
    // Matched by id, the block would be a GetPartResult lacking `part`.
    const text =
      '# Parts\n\n## Getting a part later\n\n' +
      getRequest +
      '\nWhen the part is not in stock, the server returns a `PartTicketResult`:\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 1, "result": { "ticket": "t-1" } }');
    const report = await check(partsSpec({ [PAGE]: text }), { rules: [proseJsonValid] });
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatchObject({ codeBlocksValidated: 1, codeBlocksUnclassified: 1 });
  });

  it('matches the answer to a request the version does not have to nothing, not to a result of the same shape', async () => {
    const sep =
      '# SEP-5: Reservations\n\n- **Status**: Draft\n\n## Reserving\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 7, "method": "parts/reserve", "params": { "id": "b1" } }') +
      '\n' +
      fence('{ "jsonrpc": "2.0", "id": 7, "result": { "part": { "id": "b1", "size": "reserved" } } }');
    expect(await findings({ [SEP]: sep })).toEqual([]);
  });

  it('passes over a result the text names in passing when the value shows none of its members', async () => {
    const text =
      '# Parts\n\n## Queued work\n\nUnlike the answer to `parts/list`, a queued job is reported as:\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 3, "result": { "job": "j-1", "state": "queued" } }');
    expect(await findings({ [PAGE]: text })).toEqual([]);
  });

  it('still matches a named result whose member is misspelt, and reports it', async () => {
    const text =
      '# Parts\n\n## Listing\n\nThe server answers `parts/list` with:\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 3, "result": { "prts": [] } }');
    expect(await findings({ [PAGE]: text })).toEqual([
      `${PAGE}:8 Response to "parts/list" (matched by context) does not match ListPartsResult at /result: missing required property "parts" (is "prts" a misspelling?)`,
    ]);
  });

  it('stops at text saying the block answers a request the version does not have', async () => {
    // The heading names parts/get; the sentence nearer the block says what it answers.
    const text =
      '# Parts\n\n## After `parts/get`\n\nThe `parts/reserve` response carries the part it holds.\n\nFor example:\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 9, "result": { "part": { "id": "b1", "size": "big" } } }');
    expect(await findings({ [PAGE]: text })).toEqual([]);
  });

  it('in a SEP, takes another result type that fits for one the value shows none of the members of', async () => {
    // Not asked for required members, the block would pass as a ListPartsResult without `parts`.
    const sep =
      '# SEP-5: Listing with a flag\n\n- **Status**: Draft\n\n## Listing\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 1, "method": "parts/list" }') +
      '\n' +
      fence('{ "jsonrpc": "2.0", "id": 1, "result": { "isMissing": true } }');
    const spec = await loadSpec(partsSpec({ [SEP]: sep }));
    const [draft] = spec.versions;
    const shown = readJsonBlocks(projectOf(spec), draft, spec.seps[0], { isSep: true });
    expect(shown.map((s) => s.values[0].classification)).toMatchObject([
      { kind: 'request', declaration: 'ListPartsRequest' },
      { kind: 'result', method: 'parts/list', declaration: 'GetPartResult', how: 'by shape' },
    ]);
  });
});

// The parts spec where every result carries a required `state` and a ticket may answer a request
// instead of its own result: the MCP pattern of a required result member and a task-augmented call.
function ticketedSpec(files: Record<string, string>): string {
  const ts =
    partsFiles['schema/draft/schema.ts'].replace(
      'export interface Result {\n  [key: string]: unknown;\n}',
      'export interface Result {\n  state: string;\n  [key: string]: unknown;\n}',
    ) + '\n/**\n * @category Parts\n */\nexport interface TicketResult extends Result {\n  ticket: string;\n}\n';
  const json = structuredClone(partsSchemaJson) as { $defs: Record<string, Record<string, unknown>> };
  json.$defs.Result = { type: 'object', properties: { state: { type: 'string' } }, required: ['state'] };
  for (const name of ['GetPartResult', 'ListPartsResult'])
    json.$defs[name].required = [...(json.$defs[name].required as string[]), 'state'];
  json.$defs.TicketResult = {
    type: 'object',
    properties: { state: { type: 'string' }, ticket: { type: 'string' } },
    required: ['state', 'ticket'],
  };
  return partsSpec({
    'schema/draft/schema.ts': ts,
    'schema/draft/schema.json': JSON.stringify(json, null, 2),
    ...files,
  });
}

describe('a response to another kind of request, in a spec whose results have a required member', () => {
  it('holds the answer to a request the version does not have to nothing, its envelope included', async () => {
    // The envelope's result would demand `state`; the method is not one of this version's requests.
    const text =
      '# Parts\n\n## Reserving\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 7, "method": "parts/reserve", "params": { "id": "b1" } }') +
      '\n' +
      fence('{ "jsonrpc": "2.0", "id": 7, "result": { "held": true } }');
    const report = await check(ticketedSpec({ [PAGE]: text }), { rules: [proseJsonValid] });
    // The request is reported; its answer is not judged by this version's rules.
    expect(report.findings.map((f) => f.message)).toEqual([
      'Unknown method "parts/reserve": no request or notification in schema/draft/schema.ts has this method',
    ]);
  });

  it('takes the one result type that declares what the answer shows, and reports the problems of that type', async () => {
    // Matched by id, the block would be a GetPartResult missing `part` and `state`.
    const text =
      '# Parts\n\n## Getting a part later\n\n' +
      getRequest +
      '\n' +
      fence('{ "jsonrpc": "2.0", "id": 1, "result": { "ticket": "t-1" } }');
    const report = await check(ticketedSpec({ [PAGE]: text }), { rules: [proseJsonValid] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([
      `${PAGE}:10 Response to "parts/get" (matched by shape) does not match JSONRPCResultResponse at /result: missing required property "state"`,
    ]);
  });

  it('keeps the expected type when the answer shows one of its members', async () => {
    const text =
      '# Parts\n\n## Getting a part\n\n' +
      getRequest +
      '\n' +
      fence('{ "jsonrpc": "2.0", "id": 1, "result": { "part": { "id": "b1", "size": 8 }, "ticket": "t-1" } }');
    const report = await check(ticketedSpec({ [PAGE]: text }), { rules: [proseJsonValid] });
    expect(report.findings.map((f) => f.message)).toEqual([
      'Response to "parts/get" (matched by id 1) does not match JSONRPCResultResponse at /result: missing required property "state"',
    ]);
  });

  it('reports the envelope around the answer to a request whose result type is no result of the envelope', async () => {
    // AskResult extends nothing: in this spec it is carried another way, never in a JSON-RPC response.
    const text =
      '# Parts\n\n## Asking\n\n' +
      fence('{ "jsonrpc": "2.0", "id": 4, "method": "parts/ask", "params": { "question": "size?" } }') +
      '\n' +
      fence('{ "jsonrpc": "2.0", "id": 4, "result": { "answer": "8" } }');
    const ask =
      '\n/**\n * @category Parts\n */\nexport interface AskRequest {\n  method: "parts/ask";\n  params: { question: string };\n}\n' +
      '\n/**\n * @category Parts\n */\nexport interface AskResult {\n  answer: string;\n}\n';
    const spec = ticketedSpec({ [PAGE]: text });
    const ts = path.join(spec, 'schema/draft/schema.ts');
    fs.appendFileSync(ts, ask);
    const report = await check(spec, { rules: [proseJsonValid] });
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([
      `${PAGE}:10:14 Response to "parts/ask" (matched by id 4) is shown as a JSON-RPC response, but AskResult does not extend Result in schema/draft/schema.ts: in this version it is not sent in a JSON-RPC response`,
    ]);
  });
});

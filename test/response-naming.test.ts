import { describe, expect, it } from 'vitest';
import { runCli, writeTree } from './helpers.js';

/** A hand-written JSON Schema whose requests carry their `method` constant and whose answers are `FooResponse`. */
const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    WindRequest: {
      type: 'object',
      properties: {
        method: { const: 'clock/wind' },
        params: { type: 'object', properties: { turns: { type: 'integer' } }, required: ['turns'] },
      },
      required: ['method', 'params'],
    },
    WindResponse: {
      type: 'object',
      properties: { tension: { type: 'number' } },
      required: ['tension'],
      additionalProperties: false,
    },
    ChimeRequest: {
      type: 'object',
      properties: { method: { const: 'clock/chime' } },
      required: ['method'],
    },
    // An envelope, not the answer: its `result` names the answer's type.
    ChimeResponse: {
      type: 'object',
      properties: { result: { $ref: '#/$defs/ChimeOutcome' } },
      required: ['result'],
    },
    StopRequest: {
      type: 'object',
      properties: { method: { const: 'clock/stop' } },
      required: ['method'],
    },
    // A choice of envelopes, as a types file's `FooResponse = FooSuccessResponse | ErrorResponse` is: no result.
    StopResponse: {
      oneOf: [
        { type: 'object', properties: { jsonrpc: { const: '2.0' }, result: { type: 'object' } }, required: ['result'] },
        { type: 'object', properties: { jsonrpc: { const: '2.0' }, error: { type: 'object' } }, required: ['error'] },
      ],
    },
    ChimeOutcome: {
      type: 'object',
      properties: { chimes: { type: 'integer' } },
      required: ['chimes'],
      additionalProperties: false,
    },
  },
};

const page = (result: string, chime: string) => `# Clock

\`\`\`json
{ "jsonrpc": "2.0", "id": 1, "method": "clock/wind", "params": { "turns": 3 } }
\`\`\`

\`\`\`json
{ "jsonrpc": "2.0", "id": 1, "result": ${result} }
\`\`\`

\`\`\`json
{ "jsonrpc": "2.0", "id": 2, "method": "clock/chime" }
\`\`\`

\`\`\`json
{ "jsonrpc": "2.0", "id": 2, "result": ${chime} }
\`\`\`

\`\`\`json
{ "jsonrpc": "2.0", "id": 3, "method": "clock/stop" }
\`\`\`

\`\`\`json
{ "jsonrpc": "2.0", "id": 3, "result": { "stoppedAt": "noon" } }
\`\`\`
`;

async function check(result: string, chime: string) {
  const root = writeTree({
    'spec-check.config.json': JSON.stringify({ layout: { schemaJson: 'schema/clock.json', docs: 'pages' } }),
    'schema/clock.json': JSON.stringify(schema, null, 2),
    'pages/index.md': page(result, chime),
  });
  const run = await runCli(['check', '--root', root, '--format', 'json', '--no-cache']);
  return JSON.parse(run.stdout);
}

describe('answers named FooResponse', () => {
  it("matches a request's answer to FooResponse, or to the type its `result` names", async () => {
    const clean = await check('{ "tension": 0.5 }', '{ "chimes": 12 }');
    expect(clean.findings).toEqual([]);
    // The answer to clock/stop has no result type (StopResponse is a union of envelopes): unclassified, not judged.
    expect(clean.summary).toMatchObject({ codeBlocksValidated: 5, codeBlocksUnclassified: 1 });
    const wrong = await check('{ "tension": "tight" }', '{ "chimes": 12, "loud": true }');
    expect(wrong.findings.map((f: { line: number; message: string }) => `${f.line} ${f.message}`)).toEqual([
      '8 Response to "clock/wind" (matched by id 1) does not match WindResponse at /result/tension: expected a number, got the string "tight"',
      '16 Response to "clock/chime" (matched by id 2) does not match ChimeOutcome at /result: unexpected property "loud"',
    ]);
  });
});

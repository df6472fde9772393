import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { readSketch, readSketches } from '../src/prose/ts-sketch.js';
import { partsSpec } from './prose-fixture.js';

describe('reading a message sketch', () => {
  it('reads literals as values, types as typed placeholders, and index signatures as open objects', () => {
    const sketch = readSketch(
      [
        '{',
        '  jsonrpc: "2.0";',
        '  id: string | number; // either',
        '  method: string;',
        '  kind: "bolt" | "nut",',
        '  count: -1,',
        '  tags: string[];',
        '  parts: [{ size: number }],',
        '  params?: {',
        '    [key: string]: unknown;',
        '  };',
        '  gone?: undefined;',
        '}',
      ].join('\n'),
    );
    expect(sketch?.value).toEqual({
      jsonrpc: '2.0',
      id: null,
      method: '',
      kind: 'nut',
      count: -1,
      tags: [],
      parts: [{ size: 0 }],
      params: {},
    });
    expect([...sketch!.typed!].sort()).toEqual(['/kind', '/method', '/parts/0/size', '/tags']);
    expect(sketch!.placeholders).toEqual(['/id']);
    expect([...sketch!.open]).toEqual(['/params']);
    // Positions are the block's own: the key of a member, the value at a pointer.
    expect(sketch!.positionOf('', 'method')).toEqual({ line: 3, column: 2 });
    expect(sketch!.positionOf('/parts/0/size')).toEqual({ line: 7, column: 18 });
  });

  it('reads object literals written as values (commas, nested arrays)', () => {
    expect(readSketch('{ name: "bolt", sizes: [8, 10], ok: true, note: null, }')?.value).toEqual({
      name: 'bolt',
      sizes: [8, 10],
      ok: true,
      note: null,
    });
  });

  it('leaves real TypeScript alone: code, methods, interfaces, several statements', () => {
    for (const text of [
      'interface A { a: string }',
      '{ a: 1 + 2 }',
      '{ a: f() }',
      '{ get(): string }',
      '{ a: string }\nconst x = 1;',
      '{\n  const a = 1;\n}',
      'const a = { b: 1 };',
      // Past the bounds on nesting: TypeScript's parser recurses per level.
      '{ a: ' + '{ a: '.repeat(5000) + '1' + ' }'.repeat(5001),
      '{ a: ' + '('.repeat(5000) + 'string' + ')'.repeat(5000) + ' }',
    ])
      expect(readSketch(text), text).toBeUndefined();
  });
});

describe('readSketches', () => {
  it('reads several object types one after another, with comments around them, at their own offsets', () => {
    const text =
      '// The request\n{ method: "parts/get"; params: { id: string } }\n\n/* Its answer */\n{ part: { id: "p1" } },\n';
    const sketches = readSketches(text)!;
    expect(sketches.map((s) => s.value)).toEqual([{ method: 'parts/get', params: { id: '' } }, { part: { id: 'p1' } }]);
    // Line 4 of the block (0-based), the value of `id`.
    expect(sketches[1].positionOf('/part/id')).toEqual({ line: 4, column: 14 });
  });

  it.each([
    ['{ a: 1 }\nconst b = 2;'],
    ['{ a: 1 }\n{ const b = 2; }'],
    ['{ a: 1 }}'],
    ['{ a: 1 }\n{ b: 2'],
    ['// just a comment'],
  ])('reads %j as no sketches: real TypeScript, or not whole', (text) => {
    expect(readSketches(text)).toBeUndefined();
  });
});

const PAGE = 'docs/specification/draft/server/parts.mdx';
const sketchFence = (ts: string) => '```typescript\n' + ts + '\n```\n';
const jsonFence = (json: string) => '```json\n' + json + '\n```\n';

async function run(text: string) {
  const report = await check(partsSpec({ [PAGE]: text }), { rules: [proseJsonValid] });
  return { findings: report.findings.map((f) => `${f.line}:${f.column} ${f.message}`), summary: report.summary };
}

describe('prose/json-valid on message sketches', () => {
  it('reports a member whose type the schema contradicts, at that member', async () => {
    const text =
      '# Parts\n\n' +
      sketchFence('{\n  jsonrpc: "2.0";\n  id: number;\n  method: "parts/get";\n  params: { id: number };\n}');
    expect((await run(text)).findings).toEqual([
      '8:17 Request "parts/get" does not match GetPartRequest at /params/id: expected a string, got a number',
    ]);
  });

  it('checks nothing a type leaves open: values of the right type, unions, unknown, declared names', async () => {
    const text =
      '# Parts\n\n' +
      sketchFence(
        '{\n  jsonrpc: "2.0";\n  id: string | number;\n  method: "parts/get";\n  params: { id: string; extra?: unknown };\n}',
      ) +
      '\n' +
      sketchFence('{ jsonrpc: "2.0", id: RequestId, method: "parts/get", params: PartParams }');
    const { findings, summary } = await run(text);
    expect(findings).toEqual([]);
    expect(summary).toMatchObject({ sketchesValidated: 2 });
    expect(summary.codeBlocksValidated).toBeUndefined();
  });

  it('holds a sketch of the envelope (`method: string`) to the envelope only, never an unknown method', async () => {
    const envelope = sketchFence('{\n  jsonrpc: "2.0";\n  id: string | number;\n  method: string;\n}');
    expect(await run('# Messages\n\n' + envelope)).toMatchObject({
      findings: [],
      summary: { sketchesValidated: 1 },
    });
    const wrong = sketchFence('{\n  jsonrpc: "1.0";\n  id: string | number;\n  method: string;\n}');
    expect((await run('# Messages\n\n' + wrong)).findings).toEqual([
      '5:12 JSON-RPC message does not match JSONRPCRequest at /jsonrpc: expected "2.0", got "1.0"',
    ]);
  });

  it('matches a bare result, as JSON or as a sketch, to the request the block before it showed', async () => {
    const request = jsonFence('{ "jsonrpc": "2.0", "id": 1, "method": "parts/list" }');
    const text =
      '# Parts\n\n## Listing\n\n' +
      request +
      '\nThe answer:\n\n' +
      sketchFence('{\n  parts: [{ id: string; size: "8" }];\n}') +
      '\n## Listing again\n\n' +
      request +
      '\nThe answer:\n\n' +
      jsonFence('{ "result": { "parts": [{ "id": "b1" }] } }');
    expect((await run(text)).findings).toEqual([
      '13:31 Response to "parts/list" (matched as the answer to the request before it) does not match ListPartsResult at /parts/0/size: expected an integer, got the string "8"',
      '26:25 Response to "parts/list" (matched as the answer to the request before it) does not match ListPartsResult at /result/parts/0: missing required property "size"',
    ]);
  });

  it('reads a block of a request and its responses, each matched and checked (the response by its id)', async () => {
    const text =
      '# Parts\n\n' +
      sketchFence(
        [
          '// Request',
          '{',
          '  jsonrpc: "2.0",',
          '  id: 7,',
          '  method: "parts/get",',
          '  params: { id: number }',
          '}',
          '',
          '// Response',
          '{ jsonrpc: "2.0", id: 7, result: { part: { id: string, size: number } } }',
        ].join('\n'),
      );
    const { findings, summary } = await run(text);
    expect(findings).toEqual([
      '9:17 Request "parts/get" does not match GetPartRequest at /params/id: expected a string, got a number',
    ]);
    expect(summary).toMatchObject({ sketchesValidated: 1 });
  });

  it('leaves out what a `// ...` comment says is left out, and asks for it otherwise', async () => {
    const sketch = (inner: string) =>
      '# Parts\n\n' +
      sketchFence(`{\n  jsonrpc: "2.0";\n  id: 7;\n  method: "parts/get";\n  params: {\n${inner}\n  };\n}`);
    expect((await run(sketch('    // ...'))).findings).toEqual([]);
    expect((await run(sketch('    /* … */'))).findings).toEqual([]);
    expect((await run(sketch('    // the id goes here'))).findings).toEqual([
      '8:11 Request "parts/get" does not match GetPartRequest at /params: missing required property "id"',
    ]);
  });

  it('matches no bare value to a request of another section, or one that does not show its result', async () => {
    const text =
      '# Parts\n\n## Listing\n\n' +
      jsonFence('{ "jsonrpc": "2.0", "id": 1, "method": "parts/list" }') +
      '\n## Something else\n\n' +
      jsonFence('{ "parts": [{ "id": "b1" }] }') +
      '\n## Listing again\n\n' +
      jsonFence('{ "jsonrpc": "2.0", "id": 2, "method": "parts/list" }') +
      '\n' +
      jsonFence('{ "name": "b1" }');
    expect(await run(text)).toMatchObject({ findings: [], summary: { codeBlocksUnclassified: 2 } });
  });
});

describe('prose/json-valid on an example of an interface the section shows', () => {
  const declaration =
    '```typescript\ninterface Part {\n  id: string;\n  size: number;\n  kind?: "bolt" | "nut";\n}\n```\n';

  it('reads a JSON object whose members are all the interface’s as a value of it, when the schema has it', async () => {
    const text = '# Parts\n\n## A part\n\n' + declaration + '\nExample:\n\n' + jsonFence('{ "id": "p1", "size": "8" }');
    const { findings, summary } = await run(text);
    expect(findings).toEqual([
      '16:23 Object (shown as Part, as the interface the section shows before it) does not match Part at /size: expected an integer, got the string "8"',
    ]);
    expect(summary).toMatchObject({ codeBlocksValidated: 1 });
  });

  it('leaves an object alone in another section, or with a member the interface lacks', async () => {
    const other =
      '# Parts\n\n## A part\n\n' + declaration + '\n## Elsewhere\n\n' + jsonFence('{ "id": "p1", "size": "8" }');
    const extra =
      '# Parts\n\n## A part\n\n' + declaration + '\n' + jsonFence('{ "id": "p1", "size": "8", "colour": "red" }');
    for (const text of [other, extra])
      expect(await run(text)).toMatchObject({ findings: [], summary: { codeBlocksUnclassified: 1 } });
  });
});

import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { page, partsSpec } from './prose-fixture.js';
import { mayHaveJsonBlock } from '../src/prose/prose-json.js';
import { JSON_BLOCK_LANGUAGES } from '../src/prose/json-blocks.js';
import { loadSpec } from '../src/sources/load.js';
import type { Vocabulary } from '../src/consistency/vocabulary.js';
import { httpBlocks } from '../src/prose/http-blocks.js';
import { Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';
import { TextFile } from '../src/core/text-file.js';
import type { CodeBlock, Spec } from '../src/model/spec.js';

const PAGE = 'docs/specification/draft/server/parts.mdx';

async function run(files: Record<string, string>, vocabulary?: Vocabulary) {
  const report = await check(partsSpec(files), { rules: [proseJsonValid], vocabulary });
  return {
    findings: report.findings.map((f) => ({ file: f.file, line: f.line, column: f.column, message: f.message })),
    validated: report.summary.codeBlocksValidated ?? 0,
    unclassified: report.summary.codeBlocksUnclassified ?? 0,
  };
}

// Block line k is page line 8 + k (front matter, a one-line paragraph, the fence).
describe('prose/json-valid', () => {
  it.each([
    [
      'a request with a misspelt method',
      page(
        'The client asks:',
        '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "parts/gte",\n  "params": { "id": "b1" }\n}',
      ),
      11,
      13,
      'Unknown method "parts/gte": no request or notification in schema/draft/schema.ts has this method',
    ],
    [
      'a request param of the wrong type',
      page(
        'The client asks:',
        '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "parts/get",\n  "params": { "id": 7 }\n}',
      ),
      12,
      21,
      'Request "parts/get" does not match GetPartRequest at /params/id: expected a string, got the number 7',
    ],
    [
      'a notification without its params',
      page('The server tells:', '{ "jsonrpc": "2.0", "method": "notifications/parts/changed" }'),
      8,
      1,
      'Notification "notifications/parts/changed" does not match PartChangedNotification: missing required property "params"',
    ],
    [
      'a response matched by the method the sentence names, with a renamed field',
      page(
        'The server answers `parts/list` with:',
        '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "result": {\n    "part": []\n  }\n}',
      ),
      12,
      5,
      'Response to "parts/list" (matched by context) does not match ListPartsResult at /result: missing required property "parts" (is "part" a misspelling?)',
    ],
    [
      'a response matched by the result type the sentence names',
      page(
        'A [GetPartResult](/specification/draft/schema#getpartresult) looks like:',
        '{ "jsonrpc": "2.0", "id": 1, "result": { "part": { "id": "b1", "size": "8" } } }',
      ),
      8,
      72,
      'Response to "parts/get" (matched by context) does not match GetPartResult at /result/part/size: expected an integer, got the string "8"',
    ],
    [
      'a response matched by a field only one result declares',
      page(
        'The server answers:',
        '{ "jsonrpc": "2.0", "id": 1, "result": { "isMissing": "yes", "part": { "id": "b1", "size": 1 } } }',
      ),
      8,
      55,
      'Response to "parts/get" (matched by shape) does not match GetPartResult at /result/isMissing: expected a boolean, got the string "yes"',
    ],
    [
      'an error response with a wrong code type',
      page('On failure:', '{ "jsonrpc": "2.0", "id": 1, "error": { "code": "E1", "message": "no" } }'),
      8,
      49,
      'Error response does not match JSONRPCErrorResponse at /error/code: expected an integer, got the string "E1"',
    ],
    [
      'an object the heading names',
      '---\ntitle: Parts\n---\n\n## Part\n\n```json\n{ "id": "b1", "size": 8.5 }\n```\n',
      8,
      23,
      'Object (named Part by the text before it) does not match Part at /size: expected an integer, got the number 8.5',
    ],
    [
      'a syntax error inside a list item, at its column in the page',
      '---\ntitle: Parts\n---\n\n- A part:\n\n  ```json\n  {\n    "id": "b1"\n    "size": 8\n  }\n  ```\n',
      10,
      5,
      'Invalid JSON: Comma expected',
    ],
  ])('reports %s at its line', async (_name, text, line, column, message) => {
    const got = await run({ [PAGE]: text });
    expect(got.findings).toEqual([{ file: PAGE, line, column, message }]);
  });

  it('reads a stream of server-sent events in a json block as messages, each answering the request by id', async () => {
    const text =
      '---\ntitle: Parts\n---\n\n## Streaming\n\n```json\n{ "jsonrpc": "2.0", "id": 4, "method": "parts/get", "params": { "id": "b1" } }\n```\n\n' +
      '```json\nevent: message\ndata: { "jsonrpc": "2.0", "id": 4, "result": { "part": { "id": "b1", "size": 1 } } }\n\n' +
      'data: {\n  "jsonrpc": "2.0",\n  "id": 4,\n  "result": { "part": { "id": "b1" } }\n}\n```\n';
    const got = await run({ [PAGE]: text });
    expect(got.findings).toEqual([
      {
        file: PAGE,
        line: 18,
        column: 23,
        message:
          'Response to "parts/get" (matched by id 4) does not match GetPartResult at /result/part: missing required property "size"',
      },
    ]);
  });

  describe('a request that an error answers as invalid on purpose', () => {
    const exchange = (request: string, code: number, message = 'Invalid params: id must be a string') =>
      '---\ntitle: Parts\n---\n\n## Errors\n\nThe client sends bad params:\n\n```json\n' +
      request +
      '\n```\n\nThe server refuses:\n\n```json\n' +
      `{ "jsonrpc": "2.0", "id": "bad-1", "error": { "code": ${code}, "message": "${message}" } }` +
      '\n```\n';
    const badParams = '{ "jsonrpc": "2.0", "id": "bad-1", "method": "parts/get", "params": { "id": 7 } }';
    const badMethod = '{ "jsonrpc": "2.0", "id": "bad-1", "method": "parts/gte", "params": { "id": "b1" } }';

    it.each([
      ['its params, answered by Invalid params (-32602)', badParams, -32602],
      ['its method, answered by Method not found (-32601)', badMethod, -32601],
      ['anything, answered by Invalid Request (-32600)', badParams, -32600],
    ])('does not report %s', async (_name, request, code) => {
      expect((await run({ [PAGE]: exchange(request, code) })).findings).toEqual([]);
    });

    it('still reports the envelope, and what another error does not excuse', async () => {
      const envelope = '{ "jsonrpc": "1.0", "id": "bad-1", "method": "parts/get", "params": { "id": 7 } }';
      const messages = async (request: string, code: number) =>
        (await run({ [PAGE]: exchange(request, code) })).findings.map((f) => f.message);
      expect(await messages(envelope, -32602)).toEqual([expect.stringMatching(/at \/jsonrpc: /)]);
      expect(await messages(badParams, -32001)).toEqual([expect.stringMatching(/at \/params\/id: expected a string/)]);
      expect(await messages(badMethod, -32602)).toEqual([expect.stringMatching(/^Unknown method "parts\/gte"/)]);
    });

    it('reports the params of a request that -32602 answers for what they name, not for their shape', async () => {
      // "Unknown part" answers params that are well formed: their shape is still the type's.
      const got = await run({ [PAGE]: exchange(badParams, -32602, 'Unknown part: 7') });
      expect(got.findings.map((f) => f.message)).toEqual([expect.stringMatching(/at \/params\/id: expected a string/)]);
    });
  });

  it('reports a syntax error in the JSON body of an HTTP message, and reads no other body', async () => {
    const response = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\n  "id": "b1",\n  "size": 8,\n}';
    const got = await run({ [PAGE]: page('The server answers:', response, 'http') });
    expect(got.findings).toEqual([{ file: PAGE, line: 13, column: 12, message: 'Invalid JSON: Trailing comma' }]);
    const noBlankLine = 'POST /parts HTTP/1.1\nContent-Type: application/json; charset=utf-8\n{ "id": "b1" }';
    const text = 'GET /parts HTTP/1.1\nAccept: application/json\n\n{ not json }';
    const html = 'HTTP/1.1 200 OK\nContent-Type: text/html\n\n<p>{ not json }</p>';
    for (const block of [noBlankLine, text, html])
      expect((await run({ [PAGE]: page('On the wire:', block, 'HTTP') })).findings).toEqual([]);
  });

  it('still checks the values of a block of several that parse when another does not', async () => {
    const text = page(
      'The client asks, then asks again:',
      '{ "jsonrpc": "2.0", "id": 1, "method": "parts/gte", "params": { "id": "b1" } }\n{ "jsonrpc": "2.0", "id": 2, }',
    );
    const got = await run({ [PAGE]: text });
    expect(got.findings.map((f) => [f.line, f.message])).toEqual([
      [8, 'Unknown method "parts/gte": no request or notification in schema/draft/schema.ts has this method'],
      [9, 'Invalid JSON: Trailing comma'],
    ]);
    expect(got.validated + got.unclassified).toBe(0);
  });

  it('matches a response to the request shown before it in the same section, by id', async () => {
    const text =
      '---\ntitle: Parts\n---\n\n## Getting\n\n```json\n{ "jsonrpc": "2.0", "id": "r1", "method": "parts/get", "params": { "id": "b1" } }\n```\n\n' +
      '```json\n{ "jsonrpc": "2.0", "id": "r1", "result": { "part": { "id": "b1" } } }\n```\n';
    const got = await run({ [PAGE]: text });
    expect(got.findings).toEqual([
      {
        file: PAGE,
        line: 12,
        column: 53,
        message:
          'Response to "parts/get" (matched by id "r1") does not match GetPartResult at /result/part: missing required property "size"',
      },
    ]);
    expect(got.validated).toBe(2);
  });

  it('does not carry ids across sections, and counts what it cannot match as unclassified', async () => {
    const text =
      '---\ntitle: Parts\n---\n\n## Getting\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": { "id": "b1" } }\n```\n\n' +
      '## Elsewhere\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "result": { "other": 1 } }\n```\n\n```json\n{ "capabilities": { "parts": {} } }\n```\n';
    const got = await run({ [PAGE]: text });
    expect(got.findings).toEqual([]);
    expect(got).toMatchObject({ validated: 1, unclassified: 2 });
  });

  it('does not report what a block leaves out with placeholders', async () => {
    const block =
      '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "result": {\n    "part": { "id": "b1", ... },\n    // more fields\n    ...\n  }\n}';
    const got = await run({ [PAGE]: page('The server answers `parts/get` with:', block, 'jsonc') });
    expect(got.findings).toEqual([]);
    expect(got.validated).toBe(1);
  });

  it('takes a union, a <placeholder> and a type name for the values they stand for', async () => {
    const block =
      '{\n  "jsonrpc": "2.0",\n  "id": <request id>,\n  "method": "parts/get",\n  "params": { "id": "b1" | "b2" }\n}';
    const got = await run({ [PAGE]: page('The client asks:', block, 'jsonc') });
    expect(got.findings).toEqual([]);
    expect(got.validated).toBe(1);
    // A "<placeholder>" string where the schema wants a string of its own is not held to it either,
    // while a wrong value beside it, in the same block, still is.
    const typed = await run({
      [PAGE]: page(
        'The client asks:',
        '{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": { "id": "<part id>", "count": string } }',
      ),
    });
    expect(typed.findings).toEqual([]);
    const wrong = await run({
      [PAGE]: page(
        'The client asks:',
        '{ "jsonrpc": <the version>, "id": 1, "method": "parts/get", "params": { "id": 7 | 8 } }',
      ),
    });
    expect(wrong.findings.map((f) => f.message)).toEqual([
      'Request "parts/get" does not match GetPartRequest at /params/id: expected a string, got a number',
    ]);
  });

  it('holds a JSON type shown as a value to its type, and a bare name to what the schema or the page declares', async () => {
    const request = (params: string) => `{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": ${params} }`;
    const got = await run({ [PAGE]: page('The client asks:', request('{ "id": number }')) });
    expect(got.findings.map((f) => f.message)).toEqual([
      'Request "parts/get" does not match GetPartRequest at /params/id: expected a string, got a number',
    ]);
    // A name the schema declares stands for a value of it; one nothing declares is a syntax error.
    expect((await run({ [PAGE]: page('The client asks:', request('{ "id": Part }')) })).findings).toEqual([]);
    // So does one the page names as code, as a SEP names a shape another schema defines.
    const named = await run({
      [PAGE]: page("The client asks (`PartKey` is the registry's):", request('{ "id": PartKey }')),
    });
    expect(named.findings).toEqual([]);
    // A block that does not parse is told once, not again for a name in it.
    const broken = await run({ [PAGE]: page('The client asks:', request('{ "id": Error, }')) });
    expect(broken.findings.map((f) => f.message)).toEqual(['Invalid JSON: Trailing comma']);
    const bare = await run({ [PAGE]: page('The client asks:', request('{ "id": Error }')) });
    expect(bare.findings).toEqual([
      expect.objectContaining({
        message:
          'Invalid JSON: `Error` is not a JSON value (a name stands for a value only where the schema or the page declares it)',
        column: 71,
      }),
    ]);
  });

  it('does not report members the page says its examples omit', async () => {
    const before = 'For brevity, the examples on this page omit the `params` member.';
    const got = await run({ [PAGE]: page(before, '{ "jsonrpc": "2.0", "method": "notifications/parts/changed" }') });
    expect(got.findings).toEqual([]);
  });

  it('names every required member an object lacks in one finding', async () => {
    const got = await run({
      [PAGE]: page('The answer to `parts/get`:', '{ "jsonrpc": "2.0", "id": 1, "result": { "part": {} } }'),
    });
    expect(got.findings).toEqual([
      {
        file: PAGE,
        line: 8,
        column: 50,
        message:
          'Response to "parts/get" (matched by context) does not match GetPartResult at /result/part: missing required properties "id", "size"',
      },
    ]);
  });

  it('takes an illustrative method name for what it is', async () => {
    const got = await run({ [PAGE]: page('Any request:', '{ "jsonrpc": "2.0", "id": 1, "method": "some_method" }') });
    expect(got).toMatchObject({ findings: [], unclassified: 1 });
  });

  it.each([
    ['some_method', undefined, false],
    ['Example/Method', undefined, false],
    ['method_name', undefined, false],
    ['something', undefined, true],
    // A spec that replaces the vocabulary has only its own placeholder names.
    ['some_method', { extends: 'none' }, true],
    ['widget_x', { extends: 'none', placeholderMethods: ['widget_.+'] }, false],
    ['widget_x', { placeholderMethods: ['widget_.+'] }, false],
    ['some_method', { placeholderMethods: ['widget_.+'] }, false],
  ] as [string, Vocabulary | undefined, boolean][])(
    'reports the method "%s" as unknown with the vocabulary %j: %s',
    async (method, vocabulary, reported) => {
      const got = await run(
        { [PAGE]: page('Any request:', `{ "jsonrpc": "2.0", "id": 1, "method": "${method}" }`) },
        vocabulary,
      );
      expect(got.findings.map((f) => f.message)).toEqual(
        reported
          ? [`Unknown method "${method}": no request or notification in schema/draft/schema.ts has this method`]
          : [],
      );
    },
  );

  it('matches a response by a phrase of the vocabulary, and not once a vocabulary without it replaces it', async () => {
    const files = {
      [PAGE]: page(
        'A part listing looks like this:',
        '{ "jsonrpc": "2.0", "id": 1, "result": { "parts": [{ "id": 1, "size": 1 }] } }',
      ),
    };
    const phrases: Vocabulary['jsonBlockPhrases'] = [{ phrase: 'part listings?', result: 'parts/list' }];
    const finding =
      'Response to "parts/list" (matched by context) does not match ListPartsResult at /result/parts/0/id: expected a string, got the number 1';
    expect((await run(files, { jsonBlockPhrases: phrases })).findings.map((f) => f.message)).toEqual([finding]);
    expect((await run(files, { extends: 'none', jsonBlockPhrases: phrases })).findings.map((f) => f.message)).toEqual([
      finding,
    ]);
    // The built-in phrases name no part listing: the response is matched by shape (only ListPartsResult has `parts`).
    expect((await run(files)).findings.map((f) => f.message)).toEqual([finding.replace('by context', 'by shape')]);
    // A phrase naming a type: an object the text calls a "spare".
    const spare = { [PAGE]: page('A spare:', '{ "id": "b1", "size": "big" }') };
    expect((await run(spare)).findings).toEqual([]);
    expect(
      (await run(spare, { jsonBlockPhrases: [{ phrase: 'spare', declaration: 'Part' }] })).findings.map(
        (f) => f.message,
      ),
    ).toEqual([
      'Object (named Part by the text before it) does not match Part at /size: expected an integer, got the string "big"',
    ]);
  });

  it("reads a proposed SEP's blocks against the draft, without reporting new methods or members added since", async () => {
    const sep =
      '# SEP-1: Parts\n\n- **Status**: Draft\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "method": "parts/delete" }\n```\n\n```json\n{ "jsonrpc": "2.0", "method": "notifications/parts/changed" }\n```\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": { "id": 3 } }\n```\n';
    const got = await run({ 'seps/1-parts.md': sep });
    expect(got.findings).toEqual([
      {
        file: 'seps/1-parts.md',
        line: 14,
        column: 71,
        message: 'Request "parts/get" does not match GetPartRequest at /params/id: expected a string, got the number 3',
      },
    ]);
  });

  it('reads every value of a block that shows a sequence of messages', async () => {
    const block =
      '// request\n{ "jsonrpc": "2.0", "id": 1, "method": "parts/list" }\n\n// response\n{ "jsonrpc": "2.0", "id": 1, "result": { "parts": [{ "id": 1, "size": 1 }] } }';
    const got = await run({ [PAGE]: page('A round trip:', block, 'jsonc') });
    expect(got.findings).toEqual([
      {
        file: PAGE,
        line: 12,
        column: 60,
        message:
          'Response to "parts/list" (matched by id 1) does not match ListPartsResult at /result/parts/0/id: expected a string, got the number 1',
      },
    ]);
  });
});

describe('SEPs without JSON blocks', () => {
  it('tells from the text which pages may hold a JSON block', () => {
    for (const lang of JSON_BLOCK_LANGUAGES.keys()) {
      expect(mayHaveJsonBlock('```' + lang + '\n{}\n```')).toBe(true);
      expect(mayHaveJsonBlock('~~~ ' + lang.toUpperCase() + ' title\n{}\n~~~')).toBe(true);
    }
    for (const text of [
      '```json\n{}\n```',
      '``` JSON title="x"\n{}\n```',
      '> ~~~jsonc\n> {}\n> ~~~',
      '````json\n```\n````',
      '```js&#111;n\n{}\n```',
      '```JSON5\n{}\n```',
    ]) {
      expect(mayHaveJsonBlock(text), text).toBe(true);
    }
    for (const text of [
      '```ts\nconst json = 1;\n```',
      'The result is JSON:\n\n    { "a": 1 }\n',
      '```jsonl\n{}\n```',
    ]) {
      expect(mayHaveJsonBlock(text), text).toBe(false);
    }
  });

  it('report the syntax errors of an HTTP body, and are not parsed for it when their text shows no ```http fence', async () => {
    const body = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{ "id": "b1", }';
    const root = partsSpec({
      'seps/5-http.md': '# SEP-5: Wire\n\n* **Status**: Draft\n\n```http\n' + body + '\n```\n',
      'seps/6-plain.md': '# SEP-6: Plain\n\n* **Status**: Draft\n\nNo blocks.\n',
    });
    const spec = await loadSpec(root, { sepsToParse: mayHaveJsonBlock });
    const project = new Project(spec, new Runtime());
    const [http, plain] = spec.seps;
    expect(httpBlocks(project, http).map((b) => b.lang)).toEqual(['http']);
    Object.defineProperty(plain, 'codeBlocks', {
      get: () => {
        throw new Error('parsed');
      },
    });
    expect(httpBlocks(project, plain)).toEqual([]);
    const report = await check(root, { rules: [proseJsonValid] });
    expect(report.findings.map((f) => [f.file, f.line, f.message])).toEqual([
      ['seps/5-http.md', 9, 'Invalid JSON: Trailing comma'],
    ]);
  });

  it('tell from the text which pages may hold an HTTP message', () => {
    const project = new Project(emptySpec(), new Runtime());
    const mayShow = (text: string) => {
      const file = new TextFile('seps/1-x.md', text);
      const blocks = [{ lang: 'http' }] as CodeBlock[];
      return (
        httpBlocks(project, {
          path: file.path,
          syntax: 'md',
          file,
          headings: [],
          codeBlocks: blocks,
          links: [],
          unclosedFences: [],
          esmComments: [],
          memberDefinitions: [],
        }).length > 0
      );
    };
    for (const text of [
      '```http\nGET / HTTP/1.1\n```',
      '~~~ HTTPS title\n~~~',
      '> ```htt&#112;\n> ```',
      '````Http\n````',
    ])
      expect(mayShow(text), text).toBe(true);
    for (const text of ['```httpx\n```', 'See the http spec.', '```json\n{}\n```'])
      expect(mayShow(text), text).toBe(false);
  });

  it('are loaded unparsed for a check and parsed when first read; one with a suppression comment is parsed at loading', async () => {
    const plain = '# SEP-2: Plain\n\n## Motivation\n\nNo blocks, a [link](./x.md).\n';
    const suppressed =
      '# SEP-3: Quiet\n\n<!-- spec-check-disable-next-line xref/link -->\nSee [missing](./missing.md).\n';
    const root = partsSpec({
      'seps/2-plain.md': plain,
      'seps/3-quiet.md': suppressed,
      'seps/4-json.md': '# SEP-4\n\n```json\n{ "a": 1 }\n```\n',
    });
    const spec = await loadSpec(root, { sepsToParse: mayHaveJsonBlock });
    const byPath = new Map(spec.seps.map((s) => [s.path, s]));
    const isDeferred = (p: string) =>
      typeof Object.getOwnPropertyDescriptor(byPath.get(p)!, 'headings')?.get === 'function';
    expect([isDeferred('seps/2-plain.md'), isDeferred('seps/3-quiet.md'), isDeferred('seps/4-json.md')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(spec.suppressions?.map((s) => [s.location.file, s.rules])).toEqual([['seps/3-quiet.md', ['xref/link']]]);
    // Read later, the deferred page is the page an eager load gives.
    const eager = (await loadSpec(root)).seps.find((s) => s.path === 'seps/2-plain.md')!;
    const lazy = byPath.get('seps/2-plain.md')!;
    expect([lazy.headings, lazy.links, lazy.codeBlocks.length, lazy.tree]).toEqual([
      eager.headings,
      eager.links,
      eager.codeBlocks.length,
      eager.tree,
    ]);
  });
});

function emptySpec(): Spec {
  return { root: '/nowhere', versions: [], seps: [], inputProblems: [], filesRead: 0 } as unknown as Spec;
}

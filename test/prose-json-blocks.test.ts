import { describe, expect, it } from 'vitest';
import { jsonBlockLanguage, readJsonBlock, readProseJson } from '../src/prose/json-blocks.js';

describe('reading JSON blocks as spec authors write them', () => {
  it('allows // and /* */ comments', () => {
    const json = readProseJson('{\n  // the id\n  "id": 1, /* the name */ "name": "a"\n}');
    expect(json.errors).toEqual([]);
    expect(json.value).toEqual({ id: 1, name: 'a' });
  });

  it.each([
    ['a value placeholder', '{\n  "id": 1,\n  "params": ...\n}', { id: 1, params: '.' }, ['/params'], []],
    ['an elided member last', '{\n  "id": 1,\n  ...\n}', { id: 1 }, [], ['']],
    ['an elided member first', '{ ..., "id": 1 }', { id: 1 }, [], ['']],
    ['an object that is all placeholder', '{ "schema": { ... } }', { schema: {} }, [], ['/schema']],
    ['an array that is all placeholder', '{ "tools": [...] }', { tools: [] }, [], ['/tools']],
    ['an elided array element', '{ "tools": [{ "name": "a" }, ...] }', { tools: [{ name: 'a' }] }, [], ['/tools']],
    ['a "..." string value', '{ "data": "..." }', { data: '...' }, ['/data'], []],
    ['a "...": "..." member', '{ "id": 1, "...": "..." }', { id: 1 }, [], ['']],
    ['a unicode ellipsis', '{ "id": 1, … }', { id: 1 }, [], ['']],
  ])('reads %s without an error and remembers what was left out', (_name, text, value, placeholders, open) => {
    const json = readProseJson(text);
    expect(json.errors).toEqual([]);
    expect(json.value).toEqual(value);
    expect(json.placeholders).toEqual(placeholders);
    expect([...json.open]).toEqual(open);
  });

  it('reads a fragment as the member of an object, with positions in the block', () => {
    const json = readProseJson('"requestedSchema": {\n  "type": "object",\n  "properties": { ... }\n}');
    expect(json.fragment).toBe(true);
    expect(json.errors).toEqual([]);
    expect(json.value).toEqual({ requestedSchema: { type: 'object', properties: {} } });
    expect(json.positionOf('/requestedSchema/type')).toEqual({ line: 1, column: 10 });
    expect(json.positionOf('/requestedSchema', 'type')).toEqual({ line: 1, column: 2 });
  });

  it('reads a sequence of values, each on its own lines', () => {
    const values = readJsonBlock('// request\n{ "a": 1 }\n\n// answer\n{ "b": [2] }');
    expect(values.map((v) => v.value)).toEqual([{ a: 1 }, { b: [2] }]);
    expect(values[1].positionOf('/b/0')).toEqual({ line: 4, column: 8 });
  });

  it('reads a stream of server-sent events as the values of its data fields', () => {
    const values = readJsonBlock(
      'event: progress\ndata: {\n  "step": 1\n}\n\n: a comment\ndata: {"step": 2,\n  "done": true}\n',
    );
    expect(values.map((v) => v.errors)).toEqual([[], []]);
    expect(values.map((v) => v.value)).toEqual([{ step: 1 }, { step: 2, done: true }]);
    expect(values[1].positionOf('/done')).toEqual({ line: 7, column: 10 });
  });

  it('reports a syntax error in an event at its place in the block', () => {
    const [first, second] = readJsonBlock('data: { "a": 1 }\n\ndata: {\n  "b": [1,],\n}');
    expect(first.errors).toEqual([]);
    expect(second.errors[0]).toEqual({ message: 'Trailing comma', line: 3, column: 9 });
  });

  it('leaves a block that does not start with an event field as JSON', () => {
    expect(readJsonBlock('{ "a": 1 }\ndata: { "b": 2 }')[0].errors.length).toBeGreaterThan(0);
  });

  it.each([
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', { message: 'Comma expected', line: 2, column: 2 }],
    ['an unclosed brace', '{\n  "a": {\n    "b": 1\n}', { message: "Closing '}' expected", line: 3, column: 1 }],
    ['a trailing comma in json', '{\n  "a": 1,\n}', { message: 'Trailing comma', line: 1, column: 8 }],
    ['a typographic quote', '{\n  \u201cname\u201d: 1\n}', { message: 'Unexpected character', line: 1, column: 2 }],
  ])('reports %s at its line and column in the block', (_name, text, error) => {
    expect(readProseJson(text).errors[0]).toEqual(error);
  });

  it('allows trailing commas when asked (jsonc blocks)', () => {
    expect(readProseJson('{\n  "a": 1,\n}', { trailingCommas: true }).errors).toEqual([]);
  });

  it.each([
    ['a union with a type name', '{ "tag": string | null }', { tag: expect.any(String) }, ['/tag'], []],
    ['a union of values of two types', '{ "tag": "x" | 1 }', { tag: 'x' }, ['/tag'], []],
    ['a union of objects', '{ "lid": { "w": 1 } | null }', { lid: { w: 1 } }, ['/lid'], []],
    ['a <placeholder> value', '{ "code": <CODE_TO_BE_ASSIGNED> }', { code: expect.any(String) }, ['/code'], []],
    ['a <placeholder> member', '{ "kty": "OKP", <the rest of the key ...> }', { kty: 'OKP' }, [], ['']],
    ['a <placeholder> alone in an object', '{ "key": { <the whole key> } }', { key: {} }, [], ['/key']],
    [
      'a type name as an element',
      '{ "headers": [ HeaderPair ] }',
      { headers: [expect.any(String)] },
      ['/headers/0'],
      [],
    ],
    ['a "<placeholder>" string', '{ "code": "<TBD>" }', { code: '<TBD>' }, ['/code'], []],
    ['`unknown` as a value', '{ "data": unknown }', { data: expect.any(String) }, ['/data'], []],
  ])('reads %s as a placeholder, not an error', (_name, text, value, placeholders, open) => {
    const json = readProseJson(text);
    expect(json.errors).toEqual([]);
    expect(json.value).toEqual(value);
    expect(json.placeholders).toEqual(placeholders);
    expect([...json.open]).toEqual(open);
  });

  it.each([
    [
      'a union of string literals',
      '{\n  "state": "open" | "shut" | "ajar",\n  "n": 1\n}',
      { state: 'open', n: 1 },
      ['/state'],
    ],
    ['a union of booleans', '{ "on": true | false }', { on: true }, ['/on']],
    [
      'JSON types as values',
      '{ "size": number, "tags": string[], "ok": boolean, "meta": object, "name": string }',
      { size: 0, tags: [], ok: false, meta: {}, name: '' },
      ['/size', '/tags', '/ok', '/meta', '/name'],
    ],
  ])('reads %s as a value of its JSON type, whose type alone is checked', (_name, text, value, typed) => {
    const json = readProseJson(text);
    expect(json.errors).toEqual([]);
    expect(json.value).toEqual(value);
    expect(json.placeholders).toEqual([]);
    expect([...(json.typed ?? [])]).toEqual(typed);
  });

  it('reads a capitalised name where a value belongs as a placeholder, and names it for the caller to judge', () => {
    const json = readProseJson('{\n  "headers": [ HeaderPair ],\n  "level": Error\n}');
    expect(json.errors).toEqual([]);
    expect(json.placeholders).toEqual(['/headers/0', '/level']);
    expect(json.names).toEqual([
      { name: 'HeaderPair', line: 1, column: 15 },
      { name: 'Error', line: 2, column: 11 },
    ]);
  });

  it('allows the comma that ends a fragment, not one inside a whole value', () => {
    const fragment = readProseJson('"lid": {\n  "type": "object"\n},\n');
    expect(fragment.errors).toEqual([]);
    expect(fragment.value).toEqual({ lid: { type: 'object' } });
    expect(readProseJson('{\n  "lid": { "w": 1 },\n}').errors).toEqual([
      { message: 'Trailing comma', line: 1, column: 19 },
    ]);
  });

  it.each([
    ['a word without quotes', '{ "kind": round }'],
    ['a missing comma after a union', '{ "a": "x" | "y"\n  "b": 1 }'],
    ['a bar with nothing after it', '{ "a": "x" | }'],
    ['an unclosed angle bracket', '{ "a": <open }'],
    ['Infinity', '{ "a": Infinity }'],
    ['NaN', '{ "a": NaN }'],
    ['a capitalised boolean', '{ "enabled": True }'],
    ['None', '{ "x": None }'],
  ])('still reports %s', (_name, text) => {
    expect(readProseJson(text).errors).not.toEqual([]);
  });

  it('keeps "..." inside strings and comments as text', () => {
    const json = readProseJson('{\n  // more fields...\n  "text": "wait..."\n}');
    expect(json.value).toEqual({ text: 'wait...' });
    expect(json.placeholders).toEqual([]);
  });
});

describe('the fence languages read as JSON', () => {
  it.each([
    ['json', { trailingCommas: false, reportSyntaxErrors: true }],
    ['JSONC', { trailingCommas: true, reportSyntaxErrors: true }],
    ['json5', { trailingCommas: true, reportSyntaxErrors: false }],
  ])('reads %s blocks', (lang, language) => {
    expect(jsonBlockLanguage(lang)).toEqual(language);
  });

  it.each(['jsonl', 'js', 'ts', '', null, undefined])('does not read %s blocks as JSON', (lang) => {
    expect(jsonBlockLanguage(lang)).toBeUndefined();
  });

  it('reads a json5 block as a jsonc one: comments, placeholders and trailing commas', () => {
    const json = readJsonBlock(
      '"inputRequests": {\n  // a request\n  "login": { "method": "x/y", "params": { ... }, },\n}',
      jsonBlockLanguage('json5'),
    );
    expect(json.map((j) => [j.errors, j.value, [...j.open]])).toEqual([
      [[], { inputRequests: { login: { method: 'x/y', params: {} } } }, ['/inputRequests/login/params']],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { JsonDocument } from '../src/core/json-document.js';
import { TextFile } from '../src/core/text-file.js';

const pos = (text: string, offset: number) => new TextFile('x.json', text).position(offset);

describe('JsonDocument', () => {
  it('parses valid JSON and locates values and keys by pointer', () => {
    const text = '{\n  "a": [1, {"b": true}],\n  "c~/d": null\n}';
    const doc = new JsonDocument(text);
    expect(doc.ok).toBe(true);
    expect(doc.value).toEqual({ a: [1, { b: true }], 'c~/d': null });
    expect(pos(text, doc.offsetOf('/a/1/b'))).toEqual({ line: 2, column: 18 });
    expect(pos(text, doc.offsetOf('/c~0~1d'))).toEqual({ line: 3, column: 11 });
    expect(pos(text, doc.keyOffset('', 'c~/d')!)).toEqual({ line: 3, column: 3 });
    // A missing member falls back to its nearest existing ancestor.
    expect(doc.nodeAt('/a/1/zz')).toMatchObject({ exact: false });
    expect(pos(text, doc.offsetOf('/a/1/zz'))).toEqual({ line: 2, column: 12 });
  });

  it.each([
    ['trailing comma in an object', '{\n  "a": 1,\n}', 'Trailing comma', 2, 9],
    ['trailing comma in an array', '[1,\n 2,\n]', 'Trailing comma', 2, 3],
    ['missing comma', '{\n  "a": 1\n  "b": 2\n}', 'Comma expected', 3, 3],
    ['unclosed brace', '{\n  "a": 1\n', "Closing '}' expected", 3, 1],
    ['comment in strict JSON', '// note\n{}', 'Comments are not allowed in JSON', 1, 1],
    ['duplicate key', '{"a": 1,\n "a": 2}', 'Duplicate key "a"', 2, 2],
    ['empty file', '', 'Value expected', 1, 1],
  ])('reports %s at its position', (_name, text, message, line, column) => {
    const doc = new JsonDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.value).toBeUndefined();
    const first = doc.errors[0];
    expect(first.message).toBe(message);
    expect(pos(text, first.offset)).toEqual({ line, column });
  });

  it('accepts comments and trailing commas when asked (prose blocks)', () => {
    const doc = new JsonDocument('{\n  // why\n  "a": 1, /* more */\n}', { comments: true, trailingCommas: true });
    expect(doc.errors).toEqual([]);
    expect(doc.value).toEqual({ a: 1 });
  });

  it('refuses pathological nesting without overflowing the stack', () => {
    const text = '['.repeat(10_000) + ']'.repeat(10_000);
    const doc = new JsonDocument(text);
    expect(doc.ok).toBe(false);
    expect(doc.errors[0].message).toMatch(/Nesting deeper than/);
    expect(doc.errors[0].offset).toBe(1000);
  });

  it('counts the nesting as the parser reads it: quotes in comments and unterminated strings hide no bracket', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    for (const [text, offset] of [
      // A quote in a comment opens no string.
      [`// "\n${deep}`, 5 + 1000],
      [`/* " */${deep}`, 7 + 1000],
      // A string ends at a line break, as jsonc-parser's scanner ends it.
      [`"abc\n${deep}`, 5 + 1000],
      // Stray closing brackets do not make room for more opening ones.
      [`${']'.repeat(5000)}${deep}`, 5000 + 1000],
    ] as const) {
      const doc = new JsonDocument(text, { comments: true });
      expect(doc.errors[0]).toMatchObject({ message: 'Nesting deeper than 1000 levels', offset });
      expect(doc.value).toBeUndefined();
    }
    // Brackets inside a string or a comment do not count.
    const inside = `{"a": "${'['.repeat(5000)}" /* ${'{'.repeat(5000)} */}`;
    expect(new JsonDocument(inside, { comments: true }).ok).toBe(true);
  });

  it('reports a number no double holds, which would read as Infinity', () => {
    const doc = new JsonDocument('{"count": 1e400, "low": -1e400, "fine": 1e300}');
    expect(doc.errors.map((e) => [e.message, e.offset])).toEqual([
      ['Number 1e400 is out of range', 10],
      ['Number -1e400 is out of range', 24],
    ]);
    expect(doc.value).toBeUndefined();
  });

  it('gives the value JSON.parse gives, a "__proto__" key included', () => {
    const text = '{ "__proto__": { "polluted": true }, "a": [1, { "__proto__": 2 }] }';
    const value = new JsonDocument(text).value as Record<string, unknown>;
    expect(value).toStrictEqual(JSON.parse(text));
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { polluted?: boolean }).polluted).toBeUndefined();
  });
  it('reads plain JSON as jsonc-parser reads it: the same value, errors and positions, duplicate keys still reported', () => {
    const texts = [
      '{\n  "a": [1, {"b": true}],\n  "c~/d": null, "e": "x\\"y\\\\": 1}',
      '{ "k": "a \\"quoted\\": key", "k2": 2 }',
      '{ "dup": 1, "x": { "dup": 2, "dup": 3 } }',
      '{ "a": 1, "a" : 2 }',
      '[1, 2, {"n": 1e400}]',
      '"just a string"',
      '  {"sp" :\t{"in\\\\": [ ]}}  ',
      '{ "__proto__": 1 }',
      '[' + '['.repeat(300) + ']'.repeat(300) + ']',
    ];
    for (const text of texts) {
      const doc = new JsonDocument(text);
      // The reading of jsonc-parser itself: a text with a comment, which JSON.parse never reads.
      const slow = new JsonDocument(`${text} //`, { comments: true });
      expect([doc.ok, doc.value, doc.errors]).toEqual([slow.ok, slow.value, slow.errors]);
      expect(doc.tree === undefined).toBe(slow.tree === undefined);
      if (doc.tree) expect(doc.offsetOf('/x/dup')).toBe(slow.offsetOf('/x/dup'));
    }
    expect(new JsonDocument('{ "a": 1, "a" : 2 }').errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/Duplicate/i),
    ]);
  });
});

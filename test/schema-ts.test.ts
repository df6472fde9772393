import { describe, expect, it } from 'vitest';
import { readSchemaSource } from '../src/sources/schema-ts.js';
import { TextFile } from '../src/core/text-file.js';

const source = `/* Retired codes: -32010 is never reused. */

/**
 * A thing with parts.
 *
 * See {@link Part} and {@link Part.size | the size}.
 * Also {@link https://example.com/spec | the spec}.
 *
 * @example Small
 * {@includeCode ./examples/Thing/small.json}
 *
 * @example Large
 * {@includeCode ./examples/Thing/large.json}
 *
 * @see {@link Other}
 * @deprecated Use Other instead.
 * @category Things
 */
export interface Thing extends Base, Other {
  /**
   * The size, in {@link Unit}s.
   */
  size?: number;
  name: string;
}

/** @internal */
export const LIMIT = -32010;

type Local = { a: string };
`;

describe('readSchemaSource', () => {
  const schema = readSchemaSource(new TextFile('schema/v1/schema.ts', source));
  const thing = schema.byName.get('Thing')!;

  it('reads declarations with kind, export and name position', () => {
    expect(schema.declarations.map((d) => [d.name, d.kind, d.exported])).toEqual([
      ['Thing', 'interface', true],
      ['LIMIT', 'const', true],
      ['Local', 'type', false],
    ]);
    expect(thing.location).toEqual({ file: 'schema/v1/schema.ts', line: 19, column: 18 });
    expect(thing.extends).toEqual(['Base', 'Other']);
    expect(schema.byName.get('LIMIT')!.constValue).toBe(-32010);
    expect(schema.byName.get('Local')!.members.map((m) => m.name)).toEqual(['a']);
  });

  it('reads the JSDoc summary, tags, examples, links and includes with positions', () => {
    const doc = thing.jsdoc!;
    expect(doc.location).toMatchObject({ line: 3, column: 1 });
    expect(doc.summary).toBe(
      'A thing with parts.\n\nSee {@link Part} and {@link Part.size | the size}.\nAlso {@link https://example.com/spec | the spec}.',
    );
    expect(doc.category).toBe('Things');
    expect(doc.deprecated).toBe('Use Other instead.');
    expect(doc.see).toEqual(['{@link Other}']);
    expect(doc.links.map((l) => [l.target, l.label, l.location.line, l.location.column])).toEqual([
      ['Part', undefined, 6, 8],
      ['Part.size', 'the size', 6, 25],
      ['https://example.com/spec', 'the spec', 7, 9],
      ['Other', undefined, 15, 9],
    ]);
    expect(doc.examples.map((e) => [e.title, e.include?.resolved, e.location.line])).toEqual([
      ['Small', 'schema/v1/examples/Thing/small.json', 9],
      ['Large', 'schema/v1/examples/Thing/large.json', 12],
    ]);
    expect(doc.includes[0].location).toMatchObject({ line: 10, column: 4 });
  });

  it('reads members with their own JSDoc and positions', () => {
    expect(thing.members.map((m) => [m.name, m.optional, m.typeText, m.location.line])).toEqual([
      ['size', true, 'number', 23],
      ['name', false, 'string', 24],
    ]);
    expect(thing.members[0].jsdoc!.summary).toBe('The size, in {@link Unit}s.');
    expect(thing.members[0].jsdoc!.links[0]).toMatchObject({ target: 'Unit', location: { line: 21, column: 19 } });
  });

  it('keeps plain block comments, which may carry facts', () => {
    expect(schema.plainComments).toEqual([
      { text: 'Retired codes: -32010 is never reused.', location: { file: 'schema/v1/schema.ts', line: 1, column: 1 } },
    ]);
  });

  it('reports syntax errors with their position', () => {
    const broken = readSchemaSource(new TextFile('s.ts', 'export interface A {\n  x: string;\n'));
    expect(broken.syntaxErrors).toHaveLength(1);
    expect(broken.syntaxErrors[0]).toMatchObject({ message: "'}' expected.", location: { line: 3, column: 1 } });
  });
});

describe('block tags on the summary line', () => {
  it('reads `/** Summary. @category Things */` as TypeDoc does, but not `@` inside code or inline tags', () => {
    const src =
      '/** A thing. @category Things */\nexport interface A {}\n/** Mail `a @b` or {@link A} x@y. */\nexport interface B {}\n';
    const s = readSchemaSource(new TextFile('s.ts', src));
    expect(s.byName.get('A')!.jsdoc).toMatchObject({ summary: 'A thing.', category: 'Things' });
    expect(s.byName.get('A')!.jsdoc!.tags[0].location).toMatchObject({ line: 1, column: 14 });
    expect(s.byName.get('B')!.jsdoc).toMatchObject({
      summary: 'Mail `a @b` or {@link A} x@y.',
      category: undefined,
      tags: [],
    });
  });
});

describe('nesting too deep for the TypeScript parser', () => {
  const nested = (open: string, close: string, n: number) =>
    `export type Deep = ${open.repeat(n)}string${close.repeat(n)};\n`;

  it.each([
    ['tuples', '[', ']', 600],
    ['object types', '{ a: ', ' }', 5000],
    ['type arguments', 'Array<', '>', 20_000],
    ['parentheses', '(', ')', 20_000],
  ])('is one syntax error at the first level past the limit, not a stack overflow (%s)', (_, open, close, n) => {
    const text = `export interface Fine { a: string }\n${nested(open, close, n)}`;
    const source = readSchemaSource(new TextFile('schema.ts', text));
    expect(source.tooDeep).toBe(true);
    expect(source.declarations).toEqual([]);
    expect(source.syntaxErrors).toEqual([
      {
        message: 'Too deeply nested to parse: over 100 levels of brackets, braces, parentheses or type arguments',
        location: { file: 'schema.ts', line: 2, column: 20 + 100 * open.length + open.search(/[[{(<]/) },
      },
    ]);
  });

  it('parses nesting up to the limit, comparisons, templates and brackets in strings and comments', () => {
    const text = [
      nested('[', ']', 99),
      // A `<` that no `>` closes ends at its statement's end.
      Array.from({ length: 300 }, (_, i) => `export const Ok${i} = ${i} < 2;`).join('\n'),
      `export const T = \`${'${`'.repeat(30)}x${'`}'.repeat(30)}\`;`,
      `// ${'['.repeat(500)} "`,
      `export const S = "${'{'.repeat(500)}";`,
      `/* ${'('.repeat(500)} */ export type Tail = string;`,
    ].join('\n');
    const source = readSchemaSource(new TextFile('schema.ts', text));
    expect(source.tooDeep).toBeUndefined();
    expect(source.syntaxErrors).toEqual([]);
    expect(source.declarations.map((d) => d.name)).toEqual([
      'Deep',
      ...Array.from({ length: 300 }, (_, i) => `Ok${i}`),
      'T',
      'S',
      'Tail',
    ]);
  });
});

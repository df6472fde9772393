import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { jsdocLink } from '../src/rules/jsdoc-link.js';
import { exampleOrphan } from '../src/rules/example-orphan.js';
import { schemaCategory } from '../src/rules/schema-category.js';
import { mdxEsmComment } from '../src/rules/mdx-esm-comment.js';
import { mdxParse } from '../src/rules/mdx-parse.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import type { Rule } from '../src/core/rule.js';
import { partsFiles, partsSchemaTs, partsSpec, partsTemplate } from './prose-fixture.js';
import { RuleTester } from './rule-tester.js';

const TS = 'schema/draft/schema.ts';

async function findings(rule: Rule, files: Record<string, string>) {
  const report = await check(partsSpec(files), { rules: [rule] });
  return report.findings.map((f) => ({ file: f.file, line: f.line, column: f.column, message: f.message }));
}

/** The fixture schema.ts with one replacement, and the 1-based line of `needle` in the result. */
function schemaWith(from: string, to: string): string {
  if (!partsSchemaTs.includes(from)) throw new Error(`not in fixture: ${from}`);
  return partsSchemaTs.replace(from, to);
}
function lineIn(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

const tester = new RuleTester({ files: partsFiles });

/** A page whose first line is an HTML comment (not MDX) and that shows a request of a method nothing has. */
const HTML_COMMENT_PAGE =
  '<!-- Written by hand -->\n\n# Parts\n\nA client asks for a part:\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "method": "parts/gte", "params": { "id": "p" } }\n```\n';
/** Where `text` first stands in `file`, 1-based. */
function positionIn(file: string, text: string): { line: number; column: number } {
  const line = lineIn(file, text);
  return { line, column: file.split('\n')[line - 1].indexOf(text) + 1 };
}

tester.run(jsdocLink, {
  valid: [
    { name: 'the fixture, whose links and includes all exist', files: {} },
    {
      name: 'inherited members, members of inline types and URLs',
      files: {
        [TS]: schemaWith(
          'A part; see',
          'A part; see {@link GetPartRequest.jsonrpc}, {@link GetPartRequest.params.id}, {@link https://example.com/x | x},',
        ),
      },
    },
  ],
  invalid: [
    [
      'a link to a missing type',
      '{@link GetPartRequest}',
      '{@link GetPartsRequest}',
      '{@link GetPartsRequest}: no declaration named GetPartsRequest',
    ],
    [
      'a link to a missing member',
      '{@link Part.size}',
      '{@link Part.weight}',
      '{@link Part.weight}: Part has no member weight',
    ],
    [
      'an include of a missing file',
      '{@includeCode ./examples/Part/bolt.json}',
      '{@includeCode ./examples/Part/nut.json}',
      '{@includeCode ./examples/Part/nut.json}: no file schema/draft/examples/Part/nut.json',
    ],
  ].map(([name, from, to, message]) => {
    const ts = schemaWith(from, to);
    return { name: `${name}, at the tag`, files: { [TS]: ts }, errors: [{ file: TS, ...positionIn(ts, to), message }] };
  }),
});

describe('example/orphan', () => {
  it('reports an example no @example includes, at the file', async () => {
    expect(
      await findings(exampleOrphan, { 'schema/draft/examples/Part/nut.json': '{ "id": "n", "size": 1 }' }),
    ).toEqual([
      {
        file: 'schema/draft/examples/Part/nut.json',
        line: 1,
        column: 1,
        message:
          'No @example in schema/draft/schema.ts includes this example of Part: it is validated but not shown in the Schema Reference',
      },
    ]);
  });

  it('reports an @example that includes an example of another type, at the include', async () => {
    const ts = schemaWith(
      '{@includeCode ./examples/Part/bolt.json}',
      '{@includeCode ./examples/GetPartResult/bolt.json}',
    );
    const line = lineIn(ts, '{@includeCode ./examples/GetPartResult');
    const got = await findings(exampleOrphan, {
      [TS]: ts,
      'schema/draft/examples/GetPartResult/bolt.json': '{ "part": { "id": "b", "size": 1 } }',
    });
    expect(got).toContainEqual({
      file: TS,
      line,
      column: 4,
      message:
        '@example "Bolt" of Part includes schema/draft/examples/GetPartResult/bolt.json, an example of GetPartResult (validated against GetPartResult, not Part)',
    });
  });
});

describe('schema/category', () => {
  it('accepts the fixture', async () => {
    expect(await findings(schemaCategory, {})).toEqual([]);
  });

  it('reports a declaration without @category at its name', async () => {
    const ts = schemaWith(
      '/**\n * @category `parts/list`\n */\nexport interface ListPartsRequest',
      '/** Lists parts. */\nexport interface ListPartsRequest',
    );
    const line = lineIn(ts, 'export interface ListPartsRequest');
    expect(await findings(schemaCategory, { [TS]: ts })).toEqual([
      { file: TS, line, column: 18, message: 'ListPartsRequest is exported but has no @category' },
    ]);
  });

  it('says when the comment above opens with /* and so is not read', async () => {
    const ts = schemaWith(
      '/**\n * @category `parts/list`\n */\nexport interface ListPartsRequest',
      '/* Lists parts.\n * @category `parts/list`\n */\nexport interface ListPartsRequest',
    );
    const [f] = await findings(schemaCategory, { [TS]: ts });
    expect(f.message).toBe(
      'ListPartsRequest is exported but has no @category (the comment above it opens with /* instead of /**, so TypeDoc reads neither its description nor a category)',
    );
  });

  it('leaves @internal declarations and undocumented constants alone', async () => {
    const ts =
      partsSchemaTs +
      '\n/** @internal */\nexport type AnyMessage = JSONRPCRequest | JSONRPCNotification;\n\nexport const PART_NOT_FOUND = -32002;\n';
    expect(await findings(schemaCategory, { [TS]: ts })).toEqual([]);
  });

  it('reports a category with no placeholder at its first @category tag, and a placeholder no one uses', async () => {
    const template = partsTemplate.replace('{/* @category `parts/list` */}', '{/* @category Widgets */}');
    const ts = partsSchemaTs;
    const tag = lineIn(ts, '@category `parts/list`');
    expect(await findings(schemaCategory, { 'schema/draft/schema.mdx': template })).toEqual([
      {
        file: 'schema/draft/schema.mdx',
        line: lineIn(template, 'Widgets'),
        column: 1,
        message: 'Placeholder for category "Widgets", which no exported declaration in schema/draft/schema.ts uses',
      },
      {
        file: TS,
        line: tag,
        column: 4,
        message:
          'Category "`parts/list`" (used by ListPartsRequest and 1 more) has no {/* @category `parts/list` */} placeholder in schema/draft/schema.mdx',
      },
    ]);
  });

  it('says nothing for a version without a Schema Reference template', async () => {
    const ts = schemaWith(' * @category Parts\n */\nexport interface Part ', ' */\nexport interface Part ');
    const root = partsSpec({ [TS]: ts });
    const { rmSync } = await import('node:fs');
    rmSync(`${root}/schema/draft/schema.mdx`);
    expect((await check(root, { rules: [schemaCategory] })).findings).toEqual([]);
  });
});

const PAGE = 'docs/specification/draft/index.mdx';
const esmComment = (kind: string, comment: string) =>
  `JavaScript comment in an MDX ${kind} block breaks the docs site's production parser: ${comment}`;

tester.run(mdxEsmComment, {
  valid: [
    {
      name: 'MDX comments in the text and comment-like text in strings',
      files: {
        [PAGE]:
          '---\ntitle: A\n---\n\nexport const url = "https://example.com/a";\n\n{/* a note for editors */}\n\nText // not code.\n',
      },
    },
  ],
  invalid: [
    {
      name: 'a line comment in an export, at the comment',
      files: { [PAGE]: '---\ntitle: A\n---\n\nexport const max = 10; // per page\n\nText.\n' },
      errors: [{ file: PAGE, line: 5, column: 24, message: esmComment('export', '// per page') }],
    },
    {
      name: 'a block comment in an import, at the comment',
      files: { [PAGE]: '---\ntitle: A\n---\n\nimport { Card } /* ui */ from "./card.js";\n\nText.\n' },
      errors: [{ file: PAGE, line: 5, column: 17, message: esmComment('import', '/* ui */') }],
    },
  ],
});

tester.run(mdxParse, {
  valid: [{ name: 'the fixture', files: {} }],
  invalid: [
    {
      name: 'a page that does not parse, at the place',
      files: { [PAGE]: '---\ntitle: A\n---\n\n<Note>\nUnclosed.\n' },
      errors: [{ file: PAGE, line: 5, column: 1, messageIncludes: 'MDX parse error: ' }],
    },
    {
      name: 'an HTML comment, which MDX rejects and Markdown reads: the rest of the page is still checked',
      files: { [PAGE]: HTML_COMMENT_PAGE },
      errors: [
        {
          file: PAGE,
          line: 1,
          column: 2,
          messageIncludes: '; the rest of the page was checked as plain Markdown',
        },
      ],
    },
  ],
});

describe('a page that does not parse as MDX but does as Markdown', () => {
  it('has its JSON blocks checked all the same', async () => {
    expect(await findings(proseJsonValid, { [PAGE]: HTML_COMMENT_PAGE })).toEqual([
      {
        file: PAGE,
        line: 8,
        column: 40,
        message: 'Unknown method "parts/gte": no request or notification in schema/draft/schema.ts has this method',
      },
    ]);
  });
});

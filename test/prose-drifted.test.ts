import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { driftedSpec, lineOf, sampleSpec } from './helpers.js';

const MY_RULES = [
  'prose/json-valid',
  'xref/link',
  'jsdoc/link',
  'example/orphan',
  'schema/category',
  'mdx/esm-comment',
  'mdx/parse',
];

describe('prose, link and JSDoc drift in the bundled specs', () => {
  it('finds nothing in the sample spec and validates every JSON block in its prose', async () => {
    const report = await check(sampleSpec);
    expect(report.findings.filter((f) => MY_RULES.includes(f.rule))).toEqual([]);
    expect(report.summary.codeBlocksValidated).toBeGreaterThan(0);
    expect(report.summary.codeBlocksUnclassified ?? 0).toBe(0);
  });

  it('finds each drift planted in the drifted spec, at its line', async () => {
    const report = await check(driftedSpec);
    const got = report.findings
      .filter((f) => MY_RULES.includes(f.rule))
      .map((f) => ({ rule: f.rule, file: f.file, line: f.line, message: f.message }));
    const messages = 'docs/specification/draft/basic/messages.mdx';
    const index = 'docs/specification/draft/index.mdx';
    const ts = 'schema/draft/schema.ts';
    const at = (file: string, needle: string) => lineOf(driftedSpec, file, needle);
    const expected = [
      {
        rule: 'prose/json-valid',
        file: messages,
        line: at(messages, 'widgets/lsit'),
        message: 'Unknown method "widgets/lsit": no request or notification in schema/draft/schema.ts has this method',
      },
      {
        rule: 'prose/json-valid',
        file: messages,
        line: at(messages, '"widget": []'),
        message:
          'Response to "widgets/list" (matched by context) does not match ListWidgetsResult at /result: missing required property "widgets" (is "widget" a misspelling?)',
      },
      {
        rule: 'xref/link',
        file: messages,
        line: at(messages, '#widgetchangednotificaton'),
        message: 'No declaration or member with anchor "#widgetchangednotificaton" in the draft Schema Reference',
      },
      {
        rule: 'prose/json-valid',
        file: messages,
        line: at(messages, '"error": { "code": -32601'),
        message: 'Invalid JSON: Comma expected',
      },
      {
        rule: 'mdx/esm-comment',
        file: index,
        line: at(index, '// flip'),
        message:
          "JavaScript comment in an MDX export block breaks the docs site's production parser: // flip when the version is published",
      },
      {
        rule: 'xref/link',
        file: index,
        line: at(index, 'basic/message)'),
        message: expect.stringMatching(/^No page at \/specification\/draft\/basic\/message /),
      },
      {
        rule: 'xref/link',
        file: index,
        line: at(index, '#error-handlin)'),
        message: 'No heading "#error-handlin" on docs/specification/draft/server/widgets.mdx',
      },
      {
        rule: 'example/orphan',
        file: 'schema/draft/examples/Widget/switch.json',
        line: 1,
        message: expect.stringContaining('No @example in schema/draft/schema.ts includes this example of Widget'),
      },
      {
        rule: 'schema/category',
        file: ts,
        line: at(ts, '@category Common Type\n'),
        message:
          'Category "Common Type" (used by Cursor) has no {/* @category Common Type */} placeholder in schema/draft/schema.mdx',
      },
      {
        rule: 'jsdoc/link',
        file: ts,
        line: at(ts, 'toggle.json}'),
        message: '{@includeCode ./examples/Widget/toggle.json}: no file schema/draft/examples/Widget/toggle.json',
      },
      {
        rule: 'jsdoc/link',
        file: ts,
        line: at(ts, '{@link Widget.maximum}'),
        message: '{@link Widget.maximum}: Widget has no member maximum',
      },
    ];
    for (const e of expected) expect(got).toContainEqual(e);
  });
});

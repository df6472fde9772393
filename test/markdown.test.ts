import { describe, expect, it } from 'vitest';
import { readMarkdownPage } from '../src/sources/markdown.js';
import { TextFile } from '../src/core/text-file.js';

const page = `---
title: T
---

# Top

## Errors

- An item with a block:

  \`\`\`json
  {
    "a": 1
  }
  \`\`\`

See [the schema](/specification/draft/schema#thing).

<Note>
  Inside JSX.
</Note>
`;

describe('readMarkdownPage', () => {
  const p = readMarkdownPage(new TextFile('docs/p.mdx', page), 'mdx');

  it('reads headings, links and code blocks with positions', () => {
    expect(p.parseError).toBeUndefined();
    expect(p.headings.map((h) => [h.depth, h.text, h.location.line])).toEqual([
      [1, 'Top', 5],
      [2, 'Errors', 7],
    ]);
    expect(p.links).toEqual([
      expect.objectContaining({
        url: '/specification/draft/schema#thing',
        text: 'the schema',
        location: expect.objectContaining({ line: 17, column: 5 }),
      }),
    ]);
    const block = p.codeBlocks[0];
    expect(block).toMatchObject({ lang: 'json', headingPath: ['Top', 'Errors'], location: { line: 11, column: 3 } });
  });

  it('maps a position inside an indented code block to the page', () => {
    // Line 1 of the value is `  "a": 1`; the page indents it by two more spaces.
    expect(p.codeBlocks[0].locate(1, 2)).toEqual({ file: 'docs/p.mdx', line: 13, column: 5 });
  });

  it('turns an MDX syntax error into a located parse error, not an exception', () => {
    const bad = readMarkdownPage(new TextFile('docs/bad.mdx', '# Title\n\n<Note>\nunclosed\n'), 'mdx');
    // The rest of the page reads as plain Markdown: its outline is that parse's.
    expect(bad.parseError?.readAsMarkdown).toBe(true);
    expect(bad.headings.map((h) => h.text)).toEqual(['Title']);
    expect(bad.parseError?.location.file).toBe('docs/bad.mdx');
    expect(bad.parseError?.location.line).toBeGreaterThanOrEqual(3);
    expect(bad.parseError?.message).toMatch(/Note/);
  });

  it('parses GFM tables, footnotes, strikethrough and task lists, but leaves a bare URL as text', () => {
    const text = [
      '| Field | Meaning |',
      '| --- | --- |',
      '| `id` | ~~old~~ new[^1] |',
      '',
      '- [x] done',
      '',
      'See https://example.com/spec and [the draft](./draft.mdx).',
      '',
      '[^1]: A note.',
      '',
    ].join('\n');
    for (const syntax of ['mdx', 'md'] as const) {
      const gfm = readMarkdownPage(new TextFile(`docs/gfm.${syntax}`, text), syntax);
      const types = new Set<string>();
      const walk = (node: { type: string; children?: unknown[] }) => {
        types.add(node.type);
        for (const child of node.children ?? []) walk(child as typeof node);
      };
      walk(gfm.tree!);
      expect([...types]).toEqual(
        expect.arrayContaining(['table', 'delete', 'footnoteReference', 'footnoteDefinition']),
      );
      expect(JSON.stringify(gfm.tree)).toContain('"checked":true');
      expect(gfm.links.map((l) => l.url)).toEqual(['./draft.mdx']);
    }
  });
});

describe('pages beyond the parser limits', () => {
  const parse = (text: string, syntax: 'mdx' | 'md' = 'mdx') => readMarkdownPage(new TextFile('p.mdx', text), syntax);

  it.each([
    [
      'a page over 1 MB',
      'Prose.\n\n'.repeat(160_000),
      'Page too large to parse: 1250 KB, over the limit of 1024 KB',
      1,
    ],
    [
      '`*a` repeated in one paragraph (quadratic in micromark)',
      '# Title\n\n' + '*a'.repeat(50_000),
      'Too many emphasis, strikethrough or link markers (*, _, ~, [, ]) to parse in time',
      3,
    ],
    ['3,000 nested block quotes', 'Intro.\n\n' + '>'.repeat(3000) + ' deep\n', 'Too deeply nested to parse', 3],
    [
      'a list nested 30 levels',
      Array.from({ length: 30 }, (_, i) => ' '.repeat(2 * i) + '- item').join('\n'),
      'Too deeply nested to parse',
      25,
    ],
  ])('%s is a parse error at its place, quickly, with no tree', (_, text, message, line) => {
    const started = performance.now();
    for (const syntax of ['mdx', 'md'] as const) {
      const page = parse(text, syntax);
      expect(page.parseError?.message).toContain(message);
      expect(page.parseError?.location.line).toBe(line);
      expect(page.tree).toBeUndefined();
    }
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a tree nested deeper than 200 levels (elements on one line) is an error at the first node past it', () => {
    const page = parse('<a>'.repeat(300) + 'x' + '</a>'.repeat(300));
    expect(page.parseError).toEqual({
      message: 'Too deeply nested to check: over 200 levels of block quotes, lists, elements or emphasis',
      // Level 201: the 200th element (the paragraph is level 1).
      location: { file: 'p.mdx', line: 1, column: 1 + 3 * 199 },
    });
    expect(page.tree).toBeUndefined();
  });

  it('parses pages within the limits', () => {
    const markers = Array.from({ length: 100 }, () => '*a* _b_ ~~c~~ [d](e.mdx)').join(' ');
    const page = parse(`${'>'.repeat(10)} quoted\n\n${markers}\n\n${' '.repeat(20)}indented text\n`);
    expect(page.parseError).toBeUndefined();
    expect(page.links).toHaveLength(100);
  });
});

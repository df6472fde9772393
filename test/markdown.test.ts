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
    expect(bad.tree).toBeUndefined();
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

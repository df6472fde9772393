import { describe, expect, it } from 'vitest';
import { outlinePage } from '../src/sources/page-outline.js';
import { readMarkdownPage } from '../src/sources/markdown.js';
import { TextFile } from '../src/core/text-file.js';

const file = (text: string) => new TextFile('docs/docs/page.mdx', text);
const links = (text: string) => outlinePage(file(text)).links.map((l) => [l.location.line, l.kind ?? 'link', l.url]);

const page = `---
title: A page [not](/a/link)
---

import { X } from '/snippets/x.mdx';

# Title with \`code\` and **bold**

A [link](/one) and ![an image](/img.svg "title") and [a
link over lines](/two).

\`[not a link](/code)\` and {/* [comment](/c) */}

\`\`\`json
[not](/fenced)
\`\`\`

<Card
  title="Card"
  href="/three"
/>

[ref]: /four
[^note]: [in a footnote](/five)

## Section [linked](/six) *emphasis*

~~~
never closed
`;

describe('page outline', () => {
  it('finds the links the parse finds, in order, and nothing in code, comments or front matter', () => {
    const expected = [
      [9, 'link', '/one'],
      [9, 'image', '/img.svg'],
      [9, 'link', '/two'],
      [20, 'attribute', '/three'],
      [23, 'definition', '/four'],
      [24, 'link', '/five'],
      [26, 'link', '/six'],
    ];
    expect(links(page)).toEqual(expected);
    // The same as the full parse (which sees no more than the unclosed fence lets it).
    const parsed = readMarkdownPage(file(page), 'mdx').links.map((l) => [l.location.line, l.kind ?? 'link', l.url]);
    expect(parsed).toEqual(expected);
  });

  it('reads heading texts as rendered', () => {
    expect(outlinePage(file(page)).headings.map((h) => [h.depth, h.text])).toEqual([
      [1, 'Title with code and bold'],
      [2, 'Section linked emphasis'],
    ]);
  });

  it('records fences, closed or not, and ESM blocks', () => {
    const outline = outlinePage(file(page));
    expect(outline.fences).toEqual([
      { line: 14, column: 1, closedAt: 16, lang: 'json' },
      { line: 28, column: 1 },
    ]);
    expect(outline.esm).toEqual([{ line: 5, text: "import { X } from '/snippets/x.mdx';" }]);
  });

  it('pairs code spans by the length of their backtick runs', () => {
    expect(links('``a`[x](/in)`b`` [y](/out)')).toEqual([[1, 'link', '/out']]);
    expect(links('`unpaired [x](/yes)')).toEqual([[1, 'link', '/yes']]);
    expect(links('`a\n\n[x](/b)`')).toEqual([[3, 'link', '/b']]);
  });

  it('takes a longer closing fence, not a shorter one or the other kind', () => {
    const fences = (text: string) => outlinePage(file(text)).fences.map((f) => f.closedAt);
    expect(fences('````\nx\n```\n````\n')).toEqual([4]);
    expect(fences('```\nx\n~~~\n')).toEqual([undefined]);
    expect(fences('  ```ts\n  x\n  ```\n')).toEqual([3]);
  });
});

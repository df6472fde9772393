import { describe, expect, it } from 'vitest';
import { readMarkdownPage, syntaxParser } from '../src/sources/markdown.js';
import { TextFile } from '../src/core/text-file.js';

// The parse every page had before pages without a possible table were parsed without the table
// construct: GFM (less autolink literals) with tables, always.
const reference = { mdx: syntaxParser('mdx'), md: syntaxParser('md') };

/** The tree the reference parse gives, as readMarkdownPage reads a page (MDX that fails to parse is read as Markdown). */
function referenceTree(text: string, syntax: 'mdx' | 'md'): unknown {
  try {
    return reference[syntax].parse(text);
  } catch {
    return reference.md.parse(text);
  }
}

const treeOf = (text: string, syntax: 'mdx' | 'md') => readMarkdownPage(new TextFile('p.mdx', text), syntax).tree;

const hasTable = (tree: unknown): boolean => JSON.stringify(tree).includes('"type":"table"');

// Lines a table is made of, lines that look like one but are not, and the containers around them.
const FRAGMENTS = [
  '| a | b |',
  '|---|---|',
  '| - |',
  '| :-: | --: |',
  ':-:',
  ':--',
  'a | b',
  '--- | ---',
  '-|-',
  '---',
  '***',
  '-',
  '|',
  '||',
  '> | a |',
  '> |---|',
  '> ---',
  '>',
  '- | a |',
  '  | - |',
  '   |--|',
  '1. a | b',
  '\t| x |',
  '\t|:-|',
  'text with a | pipe',
  'key: value',
  '# Heading',
  'Setext',
  '===',
  '```',
  '~~~',
  '<Note>',
  '</Note>',
  '[^1]: note | a',
  '    | - |',
  '',
  '',
];

/** A small deterministic generator (mulberry32), so that a failure names its input. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pages without a possible table delimiter row', () => {
  it('parse to the same tree as with the table construct, for table-like text of every shape', () => {
    const next = random(2145);
    let withTable = 0;
    let withoutCandidate = 0;
    for (let i = 0; i < 400; i++) {
      const lines = Array.from(
        { length: 2 + Math.floor(next() * 8) },
        () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)],
      );
      const text = lines.join(next() < 0.2 ? '\r\n' : '\n') + (next() < 0.5 ? '\n' : '');
      for (const syntax of ['mdx', 'md'] as const) {
        const want = referenceTree(text, syntax);
        expect(treeOf(text, syntax), `${syntax}: ${JSON.stringify(text)}`).toEqual(want);
        if (hasTable(want)) withTable++;
        if (!/^[ \t>|:-]*[|:][ \t>|:-]*$/m.test(text)) withoutCandidate++;
      }
    }
    // Both paths were taken, and tables were found where they are.
    expect(withTable).toBeGreaterThan(50);
    expect(withoutCandidate).toBeGreaterThan(50);
  });

  it('still finds tables in block quotes, list items, footnotes and pages with CRLF line endings', () => {
    const cases = [
      '| a | b |\n| - | - |\n| 1 | 2 |\n',
      '> | a |\n> | :- |\n',
      '- item\n\n  | a |\n  |---|\n',
      '[^1]: | a |\n    | - |\n\n[^1]\n',
      '| a |\r\n| -: |\r\n',
      'a | b\n-- | --\n',
    ];
    for (const text of cases) {
      expect(hasTable(treeOf(text, 'md')), JSON.stringify(text)).toBe(true);
      expect(treeOf(text, 'md')).toEqual(referenceTree(text, 'md'));
    }
  });
});

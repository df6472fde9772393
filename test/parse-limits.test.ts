import { describe, expect, it } from 'vitest';
import { beyondParseLimits } from '../src/sources/parse-limits.js';
import { TextFile } from '../src/core/text-file.js';
import { MAX_INLINE_MARKER_COST, MAX_MARKDOWN_LINE_DEPTH } from '../src/core/limits.js';

const problem = (text: string) => beyondParseLimits(new TextFile('docs/page.md', text));

describe('parse limits', () => {
  const deep = 'Too deeply nested to parse';
  const marked = 'Too many emphasis, strikethrough or link markers';

  it('tells a line one level past the nesting bound, however its containers are written', () => {
    // Tabs open two levels each, spaces half of one, block quotes and list markers one.
    const levels = MAX_MARKDOWN_LINE_DEPTH + 1;
    expect(problem(`# Title\n\n${'\t'.repeat(Math.ceil(levels / 2))}deep\n`)?.message).toContain(deep);
    expect(problem(`intro\n${'>'.repeat(levels)} deep\n`)?.message).toContain(deep);
    // A list marker and the space after it: one level and a half.
    expect(problem(`${'- '.repeat(Math.ceil(levels / 1.5))}deep`)?.message).toContain(deep);
    expect(problem(`${' '.repeat(2 * levels)}deep\n`)?.message).toContain(deep);
    expect(problem(`${'> '.repeat(Math.ceil(levels / 1.5))}deep\n`)?.message).toContain(deep);
    // At the bound, nothing.
    expect(problem(`${'\t'.repeat(MAX_MARKDOWN_LINE_DEPTH / 2)}x\n${'>'.repeat(MAX_MARKDOWN_LINE_DEPTH)} x\n`)).toBe(
      undefined,
    );
    expect(problem(`${' '.repeat(2 * MAX_MARKDOWN_LINE_DEPTH + 1)}x\n`)).toBe(undefined);
    // Where the line is: the first one past the bound.
    expect(problem(`a\n\nb\n${'>'.repeat(levels)} c\n`)?.location.line).toBe(4);
  });

  it('tells markers past the budget, in one block or over several', () => {
    const root = Math.sqrt(MAX_INLINE_MARKER_COST);
    for (const marker of ['*', '_', '~', '[', ']'])
      expect(problem(`text ${`${marker}a`.repeat(root + 1)}\n`)?.message).toContain(marked);
    expect(problem(`text ${'*a'.repeat(root)}\n`)).toBe(undefined);
    // Blocks count apart: three of 0.55 of the root stay under (0.3025 of the budget each, 0.9075
    // in all), though the page has more markers than the root.
    const block = (n: number) => `${'[a]'.repeat(n / 2)}\n`;
    const part = 2 * Math.round(root * 0.275);
    expect(problem([block(part), block(part), block(part)].join('\n'))).toBe(undefined);
    // Two of 0.75 go over (1.125 of the budget), told at the block that crosses it.
    const big = 2 * Math.round(root * 0.375);
    const over = problem(`# A\n\n${block(big)}\n${block(big)}`);
    expect(over?.message).toContain(marked);
    expect(over?.location.line).toBe(5);
    // Markers that list items and emphasis share (`*`) count once they are past the line's containers.
    expect(problem(`* ${'~'.repeat(root)}\n`)).toBe(undefined);
  });
});

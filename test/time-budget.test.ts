import { describe, expect, it } from 'vitest';
import { withTimeBudget } from '../src/util/time-budget.js';
import { readMarkdownPage } from '../src/sources/markdown.js';
import { TextFile } from '../src/core/text-file.js';

describe('withTimeBudget', () => {
  it('gives the value of code that finishes in time', () => {
    expect(withTimeBudget(() => 6 * 7, 1000)).toEqual({ value: 42 });
  });

  it('stops code that runs past the budget, and the thread goes on', () => {
    const start = Date.now();
    expect(
      withTimeBudget(() => {
        for (;;);
      }, 200),
    ).toBeUndefined();
    expect(Date.now() - start).toBeLessThan(5000);
    expect(withTimeBudget(() => 'after', 1000)).toEqual({ value: 'after' });
  });

  it('passes on other errors', () => {
    expect(() =>
      withTimeBudget(() => {
        throw new Error('boom');
      }, 1000),
    ).toThrow('boom');
  });
});

describe('a page that takes too long to parse', () => {
  it('is a parse error at line 1, not a hang', () => {
    // Nested MDX expressions on lines of one block: micromark's cost grows with about the cube of their number.
    const file = new TextFile('p.mdx', '{{{{{}}}}}\n'.repeat(3000));
    const start = Date.now();
    const page = readMarkdownPage(file, 'mdx');
    expect(Date.now() - start).toBeLessThan(20_000);
    expect(page.parseError).toEqual({
      message: 'Page took too long to parse (over 10 s); skipped',
      location: { file: 'p.mdx', line: 1, column: 1 },
    });
  }, 30_000);
});

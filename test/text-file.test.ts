import { describe, expect, it } from 'vitest';
import { TextFile } from '../src/core/text-file.js';

describe('a text file', () => {
  it('gives the same line and column for any offset, before and after its line starts are found', () => {
    // Line breaks of both kinds, empty lines, a first and a last line without a break, and a text
    // longer than the prefix counted directly.
    const text = ['a', '', 'bc\r', '\r', 'défg', ''].join('\n').repeat(2000) + 'tail';
    const offsets = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 8190, 8191, 8192, 8193, 8194, 9000, text.length];
    for (const offset of offsets) {
      // A fresh file counts the breaks before a near offset; `lineCount` finds every line start.
      const counted = new TextFile('x.md', text).position(offset);
      const found = new TextFile('x.md', text);
      expect(found.lineCount).toBe(10001);
      expect(counted).toEqual(found.position(offset));
    }
    expect(new TextFile('x.md', text).position(4)).toEqual({ line: 3, column: 2 });
    expect(new TextFile('x.md', text).position(2)).toEqual({ line: 2, column: 1 });
    expect(new TextFile('x.md', 'no break').position(4)).toEqual({ line: 1, column: 5 });
  });
});

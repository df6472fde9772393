import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ownCopy } from '../src/util/own-copy.js';
import { outlinePage } from '../src/sources/page-outline.js';
import { TextFile } from '../src/core/text-file.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Heap bytes still used after keeping `keep(i)` for each of `count` large texts made and dropped. */
function keptBytes(count: number, keep: (text: string) => unknown): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: unknown[] = [];
  for (let i = 0; i < count; i++) kept.push(keep(`${i} `.repeat(50_000)));
  gc();
  const after = process.memoryUsage().heapUsed;
  expect(kept).toHaveLength(count);
  return after - before;
}

describe('ownCopy', () => {
  it('is equal to the text', () => {
    for (const text of ['', 'short', 'a text longer than thirteen characters', 'é'.repeat(40)])
      expect(ownCopy(text)).toBe(text);
  });

  it('does not keep the string a slice was taken from alive', () => {
    // Forty texts of about 200 kB each: kept by their slices, 8 MB; by copies of them, next to nothing.
    const bySlices = keptBytes(40, (text) => text.slice(100, 160));
    const byCopies = keptBytes(40, (text) => ownCopy(text.slice(100, 160)));
    expect(bySlices).toBeGreaterThan(4_000_000);
    expect(byCopies).toBeLessThan(1_000_000);
  });

  it("keeps a page outline's headings and links from holding the page's blanked copies", () => {
    const page = (i: number) =>
      `# Heading number ${i} of the page\n\n\`\`\`js\n${'const x = 1;\n'.repeat(20_000)}\`\`\`\n\nSee [the other page](/docs/some/other/page-${i}).\n`;
    const outlines = keptBytes(20, (text) => outlinePage(new TextFile('docs/page.mdx', page(text.length))));
    expect(outlines).toBeLessThan(1_000_000);
  });
});

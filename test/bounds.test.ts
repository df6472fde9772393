// Input past the resource bounds (src/core/limits.ts) and input that would pass silently: each
// becomes a finding at its place, and the rest of the check is unchanged.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { check } from '../src/check.js';
import { copyTree, driftedSpec } from './helpers.js';

const brief = (f: { rule: string; file: string; line: number; message: string }) =>
  `${f.rule} ${f.file}:${f.line} ${f.message}`;

async function findingsAfter(mutate: (root: string) => void): Promise<{ added: string[]; removedOthers: string[] }> {
  const root = copyTree(driftedSpec);
  const before = (await check(root)).findings.map(brief);
  mutate(root);
  const after = (await check(root)).findings.map(brief);
  return {
    added: after.filter((f) => !before.includes(f)),
    removedOthers: before.filter((f) => !after.includes(f)),
  };
}

const append = (rel: string, text: string) => (root: string) => fs.appendFileSync(path.join(root, rel), text);
const page = 'docs/specification/draft/index.mdx';

describe('resource bounds and silent passes become findings', () => {
  it('schema.ts nested 600 levels deep', async () => {
    const { added } = await findingsAfter(
      append('schema/draft/schema.ts', `\nexport type Deep = ${'['.repeat(600)}string${']'.repeat(600)};\n`),
    );
    expect(added).toContainEqual(
      expect.stringMatching(
        /^input\/parse schema\/draft\/schema\.ts:\d+ Too deeply nested to parse: over 100 levels of brackets/,
      ),
    );
  });

  it.each([
    ['3,000 nested block quotes', `\n\n${'>'.repeat(3000)} deep\n`, 'Too deeply nested to parse'],
    ['20,000 nested block quotes', `\n\n${'>'.repeat(20_000)} deep\n`, 'Too deeply nested to parse'],
    ['`*a` over 100 KB', `\n\n${'*a'.repeat(50_000)}\n`, 'Too many emphasis, strikethrough or link markers'],
    [
      'a 5 MB page',
      `\n\n${'Some prose.\n\n'.repeat(400_000)}`,
      'Page too large to parse: 5079 KB, over the limit of 1024 KB',
    ],
  ])('an MDX page with %s: mdx/parse at the page, in time', async (_, text, message) => {
    const started = performance.now();
    const { added } = await findingsAfter(append(page, text));
    expect(added).toContainEqual(expect.stringContaining(`mdx/parse ${page}:`));
    expect(added.find((f) => f.startsWith('mdx/parse'))).toContain(message);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('an example with 1e400 for an integer', async () => {
    const example = 'schema/draft/examples/Widget/dial.json';
    const { added } = await findingsAfter((root) => {
      const abs = path.join(root, example);
      fs.writeFileSync(abs, fs.readFileSync(abs, 'utf8').replace(/"value": [^,\n]+/, '"value": 1e400'));
    });
    expect(added).toEqual([
      expect.stringMatching(/^example\/valid .*dial\.json:\d+ Invalid JSON: Number 1e400 is out of range$/),
    ]);
  });

  it('a JSON example whose depth hides behind a quote in a comment', async () => {
    const example = 'schema/draft/examples/Widget/dial.json';
    const { added } = await findingsAfter((root) =>
      fs.writeFileSync(path.join(root, example), `// "\n${'['.repeat(20_000)}${']'.repeat(20_000)}`),
    );
    expect(added).toContainEqual(expect.stringMatching(/Invalid JSON: Nesting deeper than 1000 levels$/));
  });

  it('an empty schema folder', async () => {
    const root = copyTree(driftedSpec);
    fs.rmSync(path.join(root, 'schema'), { recursive: true });
    fs.mkdirSync(path.join(root, 'schema'));
    const { findings } = await check(root);
    expect(findings.map(brief)).toContain(
      'input/unreadable schema:1 No versions in schema/: expected a folder per version, named by its date (YYYY-MM-DD) or draft, holding its schema.ts',
    );
  });
});

import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm test` builds first: these tests read the build.
const built = (file: string) => fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'dist', file), 'utf8');

describe('the build', () => {
  it('bundles the Markdown stack into one module that imports only Node built-ins', () => {
    const bundle = built('vendor/markdown.js');
    // Static imports and re-exports, bare imports, dynamic imports and the bundle's require calls.
    const code = bundle
      .split('\n')
      .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line))
      .join('\n');
    const specifiers = [
      ...code.matchAll(/(?:\bfrom\s+|^import\s+|\bimport\(\s*|\brequire\(\s*)["']([^"']+)["']/gm),
    ].map((m) => m[1]);
    expect(specifiers.length).toBeGreaterThan(0);
    const builtins = new Set(builtinModules);
    expect(specifiers.filter((s) => !s.startsWith('node:') && !builtins.has(s))).toEqual([]);
    // What the sources import from it is there.
    for (const name of ['unified', 'remarkParse', 'remarkMdx', 'gfmTable', 'toString', 'visit'])
      expect(bundle).toMatch(new RegExp(`\\b${name}\\b`));
  });
});

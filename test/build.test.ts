import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm test` builds first: these tests read the build.
const built = (file: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'dist', file), 'utf8');

describe('the build', () => {
  it('bundles the Markdown stack into one module that imports only Node built-ins', () => {
    const bundle = built('vendor/markdown.js');
    const specifiers = [...bundle.matchAll(/^(?:import|export)\b[^'"]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !s.startsWith('node:'))).toEqual([]);
    // What the sources import from it is there.
    for (const name of ['unified', 'remarkParse', 'remarkMdx', 'gfmTable', 'toString', 'visit']) expect(bundle).toMatch(new RegExp(`\\b${name}\\b`));
  });
});

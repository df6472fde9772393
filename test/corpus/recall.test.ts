/**
 * Defects its maintainers fixed by hand, seeded into a copy of the MCP spec snapshot: each is
 * reported on the edited file, at the edited place, and nothing else of the report changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { check } from '../../src/check.js';
import type { CheckReport } from '../../src/core/report.js';
import type { Finding } from '../../src/core/finding.js';
import { corpusRoot, copyTree, edit, lineOf } from '../helpers.js';

const TOOLS = 'docs/specification/draft/server/tools.mdx';
const CHANGELOG = 'docs/specification/2026-07-28/changelog.mdx';
const key = (f: Finding) => `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`;

let baseline: CheckReport;
beforeAll(async () => {
  baseline = await check(corpusRoot);
});

/** What a copy of the snapshot, edited, reports beyond the snapshot's own findings. */
async function added(mutate: (root: string) => void): Promise<Finding[]> {
  const root = copyTree(corpusRoot);
  mutate(root);
  const before = new Set(baseline.findings.map(key));
  return (await check(root)).findings.filter((f) => !before.has(key(f)));
}

describe('recall on the MCP spec snapshot', () => {
  it('a page of garbage that is valid UTF-8 (random bytes decoded lossily) is an input/parse finding on it', async () => {
    const bytes = Buffer.alloc(4096);
    let state = 36;
    for (let i = 0; i < bytes.length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      bytes[i] = state >>> 24 || 1;
    }
    const found = await added((root) => fs.writeFileSync(path.join(root, TOOLS), bytes.toString('utf8')));
    const onPage = found.filter((f) => f.file === TOOLS);
    expect(onPage.map((f) => f.rule)).toEqual(['input/parse']);
    expect(onPage[0]!.message).toMatch(/^Binary file: \d+ of \d+ characters are control characters or U\+FFFD/);
  });

  it("a bad type in a tool's inputSchema is reported at it, naming the value", async () => {
    let line = 0;
    const found = await added((root) => {
      edit(
        root,
        TOOLS,
        '"type": "string",\n              "description": "City name or zip code"',
        '"type": "numbr",\n              "description": "City name or zip code"',
      );
      line = lineOf(root, TOOLS, '"type": "numbr"');
    });
    expect(found.map((f) => [f.rule, f.file, f.line])).toEqual([['example/embedded-schema', TOOLS, line]]);
    expect(found[0]!.message).toContain(
      '"type" at /properties/location/type is "numbr", not one of the allowed values',
    );
  });

  it('a changelog claim of a field the schema does not have, worded as the changelog words it', async () => {
    let line = 0;
    const found = await added((root) => {
      edit(
        root,
        CHANGELOG,
        /\n$/,
        '\n- Add optional `summary` field to `Implementation` interface to describe a server.\n',
      );
      line = lineOf(root, CHANGELOG, '`summary`');
    });
    expect(found.map((f) => [f.rule, f.file, f.line])).toEqual([['consistency/changelog', CHANGELOG, line]]);
    expect(found[0]!.message).toContain("2026-07-28's schema.ts has no `summary` in `Implementation`");
  });
});

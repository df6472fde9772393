import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { corpusRoot, copyTree, edit, projectRoot } from '../helpers.js';

const cli = path.join(projectRoot, 'dist/cli.js');

/** A whole `check` process, as a user runs it (the cache outlives the process). */
function check(root: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, 'check', '--root', root, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cache on the MCP spec snapshot', () => {
  it('gives byte-identical reports cold, warm and uncached, before and after an edit', () => {
    const root = copyTree(corpusRoot);
    // The copy's own node_modules holds its cache (the folder nearest the root).
    fs.mkdirSync(path.join(root, 'node_modules'));
    const cacheDir = path.join(root, 'node_modules/.cache/spec-check');
    for (const format of ['json', 'text']) {
      const uncached = check(root, '--format', format, '--no-cache');
      if (format === 'json') expect(fs.existsSync(cacheDir)).toBe(false);
      const cold = check(root, '--format', format);
      const warm = check(root, '--format', format);
      expect(uncached.status).toBe(1);
      expect(cold).toEqual(uncached);
      expect(warm).toEqual(uncached);
    }
    // An MDX edit: the report is made again (the generated files come from the cache) and is
    // what an uncached check reports.
    edit(root, 'docs/specification/draft/server/tools.mdx', '](#structured-content)', '](#no-such-heading)');
    const afterEdit = check(root, '--format', 'json');
    expect(afterEdit).toEqual(check(root, '--format', 'json', '--no-cache'));
    expect(JSON.parse(afterEdit.stdout).findings).toContainEqual(
      expect.objectContaining({ rule: 'xref/link', file: 'docs/specification/draft/server/tools.mdx' }),
    );
  });
});

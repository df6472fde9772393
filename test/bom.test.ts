import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { withoutBom } from '../src/util/bom.js';
import { copyTree, driftedSpec, runCli, writeTree } from './helpers.js';

const BOM = '\ufeff';

/** Every file of a tree, with a byte order mark in front. */
function withBoms(root: string): void {
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else fs.writeFileSync(p, BOM + fs.readFileSync(p, 'utf8'));
    }
  };
  walk(root);
}

describe('byte order marks', () => {
  it('strips one leading mark, and nothing else', () => {
    expect(withoutBom(`${BOM}{ "a": 1 }`)).toBe('{ "a": 1 }');
    expect(withoutBom(`${BOM}${BOM}x`)).toBe(`${BOM}x`);
    expect(withoutBom(`x${BOM}`)).toBe(`x${BOM}`);
    expect(withoutBom('')).toBe('');
  });

  it('are not read as text: a tree whose files (config, schema.ts, JSON, pages, SEPs) start with one is checked like the tree without', async () => {
    const plain = copyTree(driftedSpec);
    const marked = copyTree(driftedSpec);
    withBoms(marked);
    const run = async (root: string) => {
      const r = await runCli(['check', '--root', root, '--format', 'json', '--no-cache']);
      return { code: r.code, stderr: r.stderr, findings: JSON.parse(r.stdout).findings };
    };
    const [a, b] = [await run(plain), await run(marked)];
    expect(a.findings.length).toBeGreaterThan(2);
    expect(b).toEqual(a);
  });

  it('are not read in a SEP outside the root, nor in a baseline file', async () => {
    const root = copyTree(driftedSpec);
    const outside = writeTree({});
    const sep = fs.readFileSync(path.join(root, 'seps/12-widget-locking.md'), 'utf8');
    fs.writeFileSync(path.join(outside, 'plain.md'), sep);
    fs.writeFileSync(path.join(outside, 'marked.md'), BOM + sep);
    // The same findings at the same lines and columns, the SEP's name aside.
    const diffOf = async (file: string) => {
      const r = await runCli(['sep-diff', path.join(outside, file), '--root', root, '--format', 'json']);
      return JSON.parse(r.stdout.replaceAll(file, 'sep.md')).findings;
    };
    const plainFindings = await diffOf('plain.md');
    expect(plainFindings.length).toBeGreaterThan(0);
    expect(await diffOf('marked.md')).toEqual(plainFindings);

    const baseline = path.join(outside, 'baseline.json');
    await runCli(['check', '--root', root, '--write-baseline', baseline, '--quiet']);
    fs.writeFileSync(baseline, BOM + fs.readFileSync(baseline, 'utf8'));
    const checked = await runCli(['check', '--root', root, '--baseline', baseline]);
    expect([checked.code, checked.stderr]).toEqual([0, '']);
  });
});

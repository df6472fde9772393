import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { copyTree, edit, projectRoot, sampleSpec } from '../helpers.js';

const bin = path.join(projectRoot, 'dist/cli.js');
const generate = (root: string, ...args: string[]) => generateIn({}, root, ...args);
const generateIn = (env: Record<string, string>, root: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, 'generate', '--root', root, ...args], {
    encoding: 'utf8',
    timeout: 150_000,
    env: { ...process.env, ...env },
  });

/** Each file's bytes, by path relative to the root. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const abs = path.join(root, rel);
    if (fs.statSync(abs).isFile()) out.set(rel, fs.readFileSync(abs, 'utf8'));
  }
  return out;
}

describe('generate --check', () => {
  it('on fresh files writes nothing and exits 0', () => {
    const root = copyTree(sampleSpec);
    const run = generate(root, '--check');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^All \d+ generated files are up to date\.\n$/);
  });

  it('after a schema.ts edit lists the files that would change, writes nothing and exits 1', () => {
    const root = copyTree(sampleSpec);
    edit(root, 'schema/draft/schema.ts', 'Human-readable name, for display.', 'Name shown to people.');
    fs.rmSync(path.join(root, 'docs/specification/draft/schema.mdx'));
    const before = snapshot(root);
    const run = generate(root, '--check');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      [
        'would update schema/draft/schema.json',
        'would create docs/specification/draft/schema.mdx',
        '2 of 3 generated files would change; run `spec-check generate`.',
        '',
      ].join('\n'),
    );
    expect(snapshot(root)).toEqual(before);
    // generate then writes exactly those, and --check agrees afterwards.
    const written = generate(root);
    expect(written.status).toBe(0);
    expect(written.stdout).toContain('updated schema/draft/schema.json\n');
    expect(generate(root, '--check').status).toBe(0);
  });

  it('with --version checks and writes that version only', () => {
    const root = copyTree(sampleSpec);
    edit(root, 'schema/draft/schema.ts', 'Human-readable name, for display.', 'Name shown to people.');
    const other = generate(root, '--check', '--version', '2025-01-15');
    expect(other.status).toBe(0);
    expect(other.stdout).toBe('All 1 generated files are up to date.\n');
    const draft = generate(root, '--version', 'draft');
    expect(draft.status).toBe(0);
    expect(draft.stdout).toMatch(
      /^updated schema\/draft\/schema\.json\nupdated docs\/specification\/draft\/schema\.mdx\n/,
    );
    const unknown = generate(root, '--check', '--version', '1999-01-01');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown version: 1999-01-01/);
  });
});

describe('generated output', () => {
  it('does not depend on the time zone, the locale or the line ends of the inputs', () => {
    // The sample spec's generated files were written in the default environment.
    const elsewhere = generateIn(
      { TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
      sampleSpec,
      '--check',
    );
    expect(elsewhere.stdout).toMatch(/^All 3 generated files are up to date\.\n$/);

    const root = copyTree(sampleSpec);
    const inputs = [
      ...fs.readdirSync(path.join(root, 'schema'), { recursive: true, encoding: 'utf8' }).map((f) => `schema/${f}`),
    ].filter((f) => /\.(ts|mdx)$/.test(f) || (f.includes('/examples/') && f.endsWith('.json')));
    expect(inputs.length).toBeGreaterThan(5);
    for (const f of inputs) edit(root, f, /\r?\n/g, '\r\n');
    const lf = snapshot(sampleSpec);
    const run = generate(root);
    expect(run.status).toBe(0);
    for (const f of [
      'schema/draft/schema.json',
      'docs/specification/draft/schema.mdx',
      'schema/2025-01-15/schema.json',
    ])
      expect(fs.readFileSync(path.join(root, f), 'utf8')).toBe(lf.get(f));
    // A checkout whose generated files have CRLF line ends (git's autocrlf) is up to date too.
    for (const f of ['schema/draft/schema.json', 'docs/specification/draft/schema.mdx'])
      edit(root, f, /\r?\n/g, '\r\n');
    expect(generate(root, '--check').status).toBe(0);
  });
});

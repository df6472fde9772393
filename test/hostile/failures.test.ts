/**
 * Item 4 of the hostile-input contract: every fatal error is one line with exit code 2 and no
 * stack trace; no message names an absolute path of the machine; control characters from the
 * checked tree (file names, quoted text) reach no output raw, and JSON and SARIF stay valid.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  expectNoAbsolutePaths,
  expectNoStackTrace,
  hostileTree,
  projectRoot,
  type HostileRun,
  type HostileTree,
} from './harness.js';
import { internalErrorText } from '../../src/cli/program.js';

const sample = path.join(projectRoot, 'examples/sample-spec');

function sampleTree(): HostileTree {
  const tree = hostileTree();
  fs.cpSync(sample, tree.root, { recursive: true });
  return tree;
}

function expectOneLineFatal(run: HostileRun, pattern: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.timedOut).toBe(false);
  expectNoStackTrace(run.stderr);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(pattern);
}

describe('one-line failures', () => {
  it('a missing root, a broken config and an unknown version: one line, exit 2', async () => {
    const tree = sampleTree();
    expectOneLineFatal(await tree.run(['check', '--root', 'nowhere']), /^spec-check: root folder not found: nowhere$/m);
    fs.writeFileSync(tree.path('spec-check.config.json'), '{ "rules": ');
    expectOneLineFatal(await tree.run(['check']), /^spec-check: .*spec-check\.config\.json/);
    fs.rmSync(tree.path('spec-check.config.json'));
    expectOneLineFatal(await tree.run(['generate', '--version', '1999-01-01']), /^spec-check: unknown version/);
    tree.expectOutsideUnchanged();
  });

  it('generate into a folder that cannot be made: one line naming the file relative to the root, exit 2', async () => {
    const tree = sampleTree();
    // Where the Schema Reference goes, a file stands in the way of its folder.
    fs.rmSync(tree.path('docs/specification/draft'), { recursive: true });
    fs.writeFileSync(tree.path('docs/specification/draft'), 'in the way');
    const run = await tree.run(['generate']);
    expectOneLineFatal(run, /^spec-check: cannot write docs\/specification\/draft\/schema\.mdx: E[A-Z]+$/m);
    expectNoAbsolutePaths(run, tree);
  });

  it('generate onto a FIFO or a folder: refused at once, one line each, no hang', async () => {
    const tree = sampleTree();
    fs.rmSync(tree.path('docs/specification/draft/schema.mdx'));
    execFileSync('mkfifo', [tree.path('docs/specification/draft/schema.mdx')]);
    fs.rmSync(tree.path('schema/draft/schema.json'));
    fs.mkdirSync(tree.path('schema/draft/schema.json'));
    // With no committed schema.json to take the dialect from, the config gives it.
    const configFile = tree.path('spec-check.config.json');
    fs.writeFileSync(
      configFile,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(configFile, 'utf8')), generate: { dialect: '2020-12' } }),
    );
    const run = await tree.run(['generate'], { timeoutMs: 30_000 });
    expect(run.timedOut).toBe(false);
    expectNoStackTrace(run.stderr);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^docs\/specification\/draft\/schema\.mdx:1:1: error: not a regular file; not written$/m,
    );
    expect(run.stderr).toMatch(/^schema\/draft\/schema\.json:1:1: error: not a regular file; not written$/m);
  });

  it('generate on a read-only tree: one line, exit 2', async () => {
    const tree = sampleTree();
    const stale = '{ "$schema": "https://json-schema.org/draft/2020-12/schema" }\n';
    fs.writeFileSync(tree.path('schema/draft/schema.json'), stale);
    // Readable by everyone, writable by its owner only: read-only to the unprivileged run.
    tree.shareReadOnly();
    if (process.getuid?.() !== 0) fs.chmodSync(tree.path('schema/draft'), 0o555);
    const run = await tree.run(['generate'], { unprivileged: true });
    expectOneLineFatal(run, /^spec-check: cannot write schema\/draft\/schema\.json: EACCES$/m);
    expect(fs.readFileSync(tree.path('schema/draft/schema.json'), 'utf8')).toBe(stale);
    tree.expectOutsideUnchanged();
  });

  it('an internal error is one line; --debug adds the stack trace', () => {
    const error = new TypeError(`cannot read ${path.join(process.cwd(), 'x/y.ts')}\n\u001b[2J`);
    const line = internalErrorText(error, false);
    expect(line).toBe(
      'spec-check: internal error: TypeError: cannot read x/y.ts\\n\\x1b[2J (run with --debug for details)\n',
    );
    expect(internalErrorText(error, true)).toContain('    at ');
  });
});

describe('no absolute paths in messages', () => {
  it('TypeScript messages name schema.ts relative to the root', async () => {
    const tree = sampleTree();
    fs.appendFileSync(
      tree.path('schema/draft/schema.ts'),
      '\nexport const broken: number = {} as typeof import("./schema");\n',
    );
    for (const args of [['check', '--no-cache'], ['check', '--no-cache', '--format', 'json'], ['generate']]) {
      const run = await tree.run(args);
      expectNoStackTrace(run.stderr);
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toMatch(/TS2352|TS2322/);
      expectNoAbsolutePaths(run, tree);
    }
  });

  it('a FIFO where a page or an example goes: a finding at its path, never opened, no hang', async () => {
    const tree = sampleTree();
    execFileSync('mkfifo', [tree.path('docs/specification/draft/pipe.mdx')]);
    execFileSync('mkfifo', [tree.path('schema/draft/examples/Widget/pipe.json')]);
    const run = await tree.run(['check', '--format', 'json', '--no-cache'], { timeoutMs: 30_000 });
    expect(run.timedOut).toBe(false);
    expectNoStackTrace(run.stderr);
    const findings = (JSON.parse(run.stdout) as { findings: { rule: string; file: string; message: string }[] })
      .findings;
    const special = findings.filter((f) => f.message.startsWith('Not a regular file'));
    expect(special.map((f) => `${f.rule} ${f.file}`).sort()).toEqual([
      'input/unreadable docs/specification/draft/pipe.mdx',
      'input/unreadable schema/draft/examples/Widget/pipe.json',
    ]);
  });
});

describe('control characters from the checked tree', () => {
  // A page whose name holds an escape sequence and a line break, and whose text fails to parse at an escape.
  const evilName = 'docs/specification/draft/ev\u001b[31mil\nname.mdx';

  it('are escaped in text, markdown and github output; JSON and SARIF stay valid', async () => {
    const tree = sampleTree();
    tree.write({ [evilName]: '# Evil\n\n<div \u001b[2J\u009b\u202e\n' });
    const runs: Record<string, HostileRun> = {};
    for (const format of ['text', 'markdown', 'github', 'json', 'sarif']) {
      runs[format] = await tree.run(['check', '--no-cache', '--format', format, '--verbose']);
      expect(runs[format]!.code).toBe(1);
      expectNoStackTrace(runs[format]!.stderr);
    }
    for (const format of ['text', 'markdown', 'github']) {
      expect(runs[format]!.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
      expect(runs[format]!.stdout).toContain('ev\\x1b[31mil\\nname.mdx');
    }
    // Every row of the markdown tables is one line; every GitHub command is one line.
    const tableLines = runs.markdown!.stdout.split('\n').filter((l) => l.startsWith('|'));
    expect(tableLines.some((l) => l.includes('ev\\x1b[31mil\\nname.mdx'))).toBe(true);
    for (const line of runs.markdown!.stdout.split('\n').filter((l) => l.includes('name.mdx')))
      expect(line.startsWith('|')).toBe(true);
    for (const line of runs.github!.stdout.trimEnd().split('\n')) expect(line).toMatch(/^::(error|warning) /);
    // JSON and SARIF keep the name exactly (escaped by JSON itself).
    const json = JSON.parse(runs.json!.stdout) as { findings: { file: string }[] };
    expect(json.findings.map((f) => f.file)).toContain(evilName);
    const sarif = JSON.parse(runs.sarif!.stdout) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(0);
    tree.expectOutsideUnchanged();
  });
});

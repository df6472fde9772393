/**
 * Items 2 and 5 of the hostile-input contract: input past a resource bound (src/core/limits.ts)
 * and input that used to pass silently are findings at their file, within a time limit, with no
 * stack trace, no marker of the canary files in any output and nothing outside the root changed.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { cliPath, expectNoStackTrace, hostileTree, projectRoot, type HostileRun, type HostileTree } from './harness.js';

const sample = path.join(projectRoot, 'examples/sample-spec');
const page = 'docs/specification/draft/index.mdx';

function sampleTree(): HostileTree {
  const tree = hostileTree();
  fs.cpSync(sample, tree.root, { recursive: true });
  return tree;
}

interface Finding {
  rule: string;
  file: string;
  line: number;
  message: string;
}

/** Checks the tree as JSON; asserts what every case asserts, and gives the findings. */
async function checked(tree: HostileTree, args: string[] = [], timeoutMs = 60_000): Promise<Finding[]> {
  const run = await tree.run(['check', '--format', 'json', '--no-cache', ...args], { timeoutMs });
  return findingsOf(run, tree);
}

function findingsOf(run: HostileRun, tree: HostileTree, code = 1): Finding[] {
  expect(run.timedOut).toBe(false);
  expect(run.code).toBe(code);
  expectNoStackTrace(run.stderr);
  tree.expectNoMarker(run);
  tree.expectOutsideUnchanged();
  const findings = (JSON.parse(run.stdout) as { findings: Finding[] }).findings;
  expect(findings.filter((f) => f.rule === 'internal')).toEqual([]);
  return findings;
}

const about = (findings: Finding[], file: string) =>
  findings.filter((f) => f.file === file).map((f) => `${f.rule} ${f.line} ${f.message}`);

describe('bounds', () => {
  it('2,000 files under a limit of 1,024 open files: no false "unreadable", and generate works', () => {
    const tree = sampleTree();
    const dir = tree.path('docs/specification/draft/many');
    fs.mkdirSync(dir);
    for (let i = 0; i < 2000; i++) fs.writeFileSync(path.join(dir, `p${i}.mdx`), `# Page ${i}\n\nText.\n`);
    const examples = tree.path('schema/draft/examples/Widget');
    const dial = fs.readFileSync(path.join(examples, 'dial.json'));
    for (let i = 0; i < 1000; i++) fs.writeFileSync(path.join(examples, `w${i}.json`), dial);
    const limited = (args: string[]) => {
      const r = spawnSync('bash', ['-c', 'ulimit -n 1024 && exec "$0" "$@"', process.execPath, cliPath, ...args], {
        cwd: tree.root,
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, NO_COLOR: '1' },
      });
      return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, timedOut: !!r.error, ms: 0 };
    };
    // Warnings only: exit 0.
    const findings = findingsOf(limited(['check', '--format', 'json', '--no-cache']), tree, 0);
    expect(findings.filter((f) => f.rule.startsWith('input/'))).toEqual([]);
    // The 1,000 copies are valid examples no @example shows: warnings, one each.
    expect(findings.filter((f) => f.file.startsWith('schema/draft/examples/Widget/w'))).toHaveLength(1000);
    const generate = limited(['generate']);
    expect(generate.stderr).toBe('');
    expect(generate.code).toBe(0);
    tree.expectNoMarker(generate);
  });

  it('schema.ts nested 600 levels deep: one finding, and generate says it too', async () => {
    const tree = sampleTree();
    fs.appendFileSync(
      tree.path('schema/draft/schema.ts'),
      `\nexport type Deep = ${'['.repeat(600)}string${']'.repeat(600)};\n`,
    );
    const lines = fs.readFileSync(tree.path('schema/draft/schema.ts'), 'utf8').split('\n').length - 1;
    expect(about(await checked(tree), 'schema/draft/schema.ts')).toEqual([
      `input/parse ${lines} Too deeply nested to parse: over 100 levels of brackets, braces, parentheses or type arguments`,
    ]);
    const generate = await tree.run(['generate']);
    expect(generate.code).toBe(1);
    expectNoStackTrace(generate.stderr);
    expect(generate.stderr).toContain(`schema/draft/schema.ts:${lines}:`);
  });

  it.each([
    ['a quote in a comment before 20,000 brackets', `// "\n${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['an unterminated string before 20,000 brackets', `"\n${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ])('an example with %s: Nesting deeper than 1000 levels', async (_, text) => {
    const tree = sampleTree();
    fs.writeFileSync(tree.path('schema/draft/examples/Widget/dial.json'), text);
    expect(about(await checked(tree), 'schema/draft/examples/Widget/dial.json')).toContain(
      'example/valid 2 Invalid JSON: Nesting deeper than 1000 levels',
    );
  });

  it.each([
    ['3,000 nested block quotes', () => `\n${'>'.repeat(3000)} deep\n`, 'Too deeply nested to parse'],
    ['20,000 nested block quotes', () => `\n${'>'.repeat(20_000)} deep\n`, 'Too deeply nested to parse'],
    ['1 MB of `*a`', () => `\n${'*a'.repeat(500_000)}\n`, 'Too many emphasis, strikethrough or link markers'],
    ['100 KB of `*a`', () => `\n${'*a'.repeat(50_000)}\n`, 'Too many emphasis, strikethrough or link markers'],
    ['a 5 MB page', () => `\n${'Some prose, and more of it.\n\n'.repeat(180_000)}`, 'Page too large to parse'],
  ])('an MDX page with %s: one mdx/parse finding, and the other pages are checked', async (_, text, message) => {
    const tree = sampleTree();
    // A finding the consistency rules make on another page, which must not be dropped.
    fs.appendFileSync(tree.path(page), text());
    const findings = await checked(tree, [], 30_000);
    expect(about(findings, page).filter((f) => f.startsWith('mdx/parse'))).toEqual([expect.stringContaining(message)]);
    expect(findings.filter((f) => f.file !== page)).toEqual([]);
  });

  it('pages that parse for minutes within the size and shape limits: stopped at the time budget, findings, the run goes on', async () => {
    const tree = sampleTree();
    const slow = {
      // One block of nested MDX expressions, 100 levels a line: its cost grows with about the cube
      // of their number (32 KB take half a minute; these 600 KB, hours), whatever the machine.
      'docs/specification/draft/braces.mdx': ('{'.repeat(100) + '}'.repeat(100) + '\n').repeat(3000),
      // A table of 5,000 columns, 900 KB: 20 s to a minute.
      'docs/specification/draft/table.mdx': ('|a'.repeat(5000) + '|\n' + '|-'.repeat(5000) + '|\n').repeat(45),
    };
    tree.write(slow);
    const started = Date.now();
    const findings = await checked(tree, [], 90_000);
    // Each page costs at most its budget (10 s) and the rest of the check a few seconds.
    expect(Date.now() - started).toBeLessThan(60_000);
    for (const file of Object.keys(slow))
      expect(about(findings, file)).toEqual([
        'mdx/parse 1 MDX parse error: Page took too long to parse (over 10 s); skipped',
      ]);
    // The sample's pages are checked as before: nothing but the two pages (and their navigation).
    expect(findings.filter((f) => !(f.file in slow)).map((f) => f.rule)).toEqual([]);
  }, 120_000);

  it('a catastrophic regular expression in the config vocabulary: refused at once, one line, exit 2', async () => {
    const tree = sampleTree();
    const config = JSON.parse(fs.readFileSync(tree.path('spec-check.config.json'), 'utf8'));
    config.vocabulary.conditions['unknown-widget'].phrases.push('(?:\\w+\\s?)*!');
    fs.writeFileSync(tree.path('spec-check.config.json'), JSON.stringify(config));
    const run = await tree.run(['check'], { timeoutMs: 20_000 });
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(2);
    expectNoStackTrace(run.stderr);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'spec-check: vocabulary condition "unknown-widget": phrase "(?:\\\\w+\\\\s?)*!" can backtrack catastrophically: the group at character 1 repeats without bound and holds a quantifier without bound; write it without the nesting',
    ]);
  });
});

describe('no silent pass', () => {
  it('binary garbage in place of an MDX page', async () => {
    const tree = sampleTree();
    const garbage = Buffer.alloc(4096);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
    fs.writeFileSync(tree.path(page), garbage);
    expect(about(await checked(tree), page)).toEqual(['input/parse 1 Binary file: expected UTF-8 text']);
  });

  it('an MDX page in Latin-1', async () => {
    const tree = sampleTree();
    fs.writeFileSync(tree.path(page), Buffer.from('# Caf\xe9\n\nR\xe9sum\xe9.\n', 'latin1'));
    expect(about(await checked(tree), page)).toEqual(['input/parse 1 File is not valid UTF-8']);
  });

  it('an empty schema folder', async () => {
    const tree = sampleTree();
    fs.rmSync(tree.path('schema'), { recursive: true });
    fs.mkdirSync(tree.path('schema'));
    expect(about(await checked(tree), 'schema')).toEqual([
      'input/unreadable 1 No versions in schema/: expected a folder per version, named by its date (YYYY-MM-DD) or draft, holding its schema.ts',
    ]);
    const generate = await tree.run(['generate']);
    expect(generate.code).toBe(1);
    expect(generate.stderr).toMatch(/^schema:1:1: error: No versions in schema\//);
  });

  it('1e400 for an integer in an example', async () => {
    const tree = sampleTree();
    const example = tree.path('schema/draft/examples/Widget/dial.json');
    fs.writeFileSync(example, fs.readFileSync(example, 'utf8').replace(/"value": [^,\n]+/, '"value": 1e400'));
    expect(about(await checked(tree), 'schema/draft/examples/Widget/dial.json')).toEqual([
      expect.stringMatching(/^example\/valid \d+ Invalid JSON: Number 1e400 is out of range$/),
    ]);
  });
});

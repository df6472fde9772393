import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { copyTree, driftedSpec, edit, lineOf, projectRoot, runCli, tempDir, writeTree } from './helpers.js';
import { matchFindings } from '../src/review/match.js';
import { gitEnvironment, readGitTree } from '../src/runtime/git-tree.js';
import type { Finding } from '../src/core/finding.js';
import type { CheckReport } from '../src/core/report.js';
import { TextFile } from '../src/core/text-file.js';
import { cachedReport, gitTreeReportKey, keepReport } from '../src/report-cache.js';
import { checkAgainstBase } from '../src/review/review.js';
import { Runtime } from '../src/runtime/runtime.js';
import { listGitTree } from '../src/runtime/git-tree.js';

const validateReport = new Ajv2020({ strict: true, allErrors: true }).compile(
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/report.schema.json'), 'utf8')),
);

const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
};
const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd: root, env: gitEnv, encoding: 'utf8' });

/** The drifted example spec in a new git repository, committed once (the base). */
function repository(): string {
  const root = copyTree(driftedSpec);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'base');
  return root;
}

const page = 'docs/specification/draft/basic/messages.mdx';
const widgets = 'docs/specification/draft/server/widgets.mdx';
const overview = 'docs/specification/draft/index.mdx';

/** Lines above the old findings of three files (and the schema), which move every one of them. */
function shiftLines(root: string): void {
  edit(root, page, /^---\n\n/m, '---\n\nA new paragraph\nabove everything,\n\nthat moves the lines.\n\n');
  edit(root, widgets, '**Protocol Errors**', 'Some words first.\n\nMore of them.\n\n**Protocol Errors**');
  edit(root, overview, 'export const', '{/* a comment */}\n\nexport const');
  edit(root, 'schema/draft/schema.ts', /^/, '// A header comment.\n// Another line.\n');
}

async function review(root: string, ...args: string[]) {
  const run = await runCli(['check', '--root', root, '--no-cache', '--quiet', '--format', 'json', ...args]);
  const report = JSON.parse(run.stdout);
  expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
  return { code: run.code, report, stderr: run.stderr };
}

const brief = (f: Finding) => `${f.rule} ${f.file}:${f.line}${f.new === false ? ' (old)' : ''}`;

describe('check --base', () => {
  it('reports nothing when the change only moves lines above old findings', async () => {
    const root = repository();
    const plain = JSON.parse((await runCli(['check', '--root', root, '--no-cache', '--format', 'json'])).stdout);
    expect(plain.findings.length).toBeGreaterThan(10);
    shiftLines(root);
    git(root, 'commit', '-qam', 'shift');
    const { code, report } = await review(root, '--base', 'HEAD~1');
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatchObject({ new: 0, fixed: 0, unchanged: plain.findings.length, newErrors: 0 });
    expect(code).toBe(0);
    // The tree's old findings are still errors: a plain check fails.
    expect((await runCli(['check', '--root', root, '--no-cache', '--quiet'])).code).toBe(1);
  });

  it('reports exactly the new defects, with line shifts and a reworded drift around them, and exits 1', async () => {
    const root = repository();
    shiftLines(root);
    // A reworded place of the drift (its sentence and the heading it sits under): the same contradiction.
    edit(root, widgets, '- Value out of range (`-32602`)', '- A value out of range for this widget (`-32602`)');
    edit(root, widgets, '**Protocol Errors**', '**Protocol-level Errors**');
    // New: a link to a heading that does not exist, and a JSON block that is not JSON.
    edit(root, overview, '## Features', '## Features\n\nSee [the widget list](#widget-lsit).');
    edit(
      root,
      page,
      'An error response names',
      '```json\n{ "jsonrpc": "2.0", "id": 9 "result": {} }\n```\n\nAn error response names',
    );
    const { code, report, stderr } = await review(root, '--base', 'HEAD');
    expect(stderr).toBe('');
    expect(report.findings.map(brief)).toEqual([
      `prose/json-valid ${page}:${lineOf(root, page, '"id": 9 "result"')}`,
      `xref/link ${overview}:${lineOf(root, overview, '#widget-lsit')}`,
    ]);
    expect(report.findings.every((f: Finding) => f.new === true)).toBe(true);
    expect(report.summary).toMatchObject({ new: 2, newErrors: 2, fixed: 0, errors: 2, warnings: 0 });
    expect(code).toBe(1);
    const text = await runCli(['check', '--root', root, '--no-cache', '--quiet', '--base', 'HEAD']);
    expect(text.stdout).toMatch(/; 2 new, 0 fixed, \d+ already there \(not shown\); /);
  });

  it('shows every place of a root cause with a new place, the old ones marked; a fix counts as fixed', async () => {
    const root = repository();
    const old = lineOf(root, overview, '#error-handlin');
    // The older version's overview gains the draft's broken link: one more place of that problem.
    const older = 'docs/specification/2025-01-15/index.mdx';
    fs.appendFileSync(
      path.join(root, older),
      '\nErrors are listed under [error handling](/specification/2025-01-15/server/widgets#error-handlin).\n',
    );
    // And a defect goes away.
    edit(root, page, '"id": 5\n', '"id": 5,\n');
    const { report } = await review(root, '--base', 'HEAD');
    expect(report.findings.map(brief)).toEqual([
      `xref/link ${older}:${lineOf(root, older, '#error-handlin')}`,
      `xref/link ${overview}:${old} (old)`,
    ]);
    expect(report.groups).toEqual([expect.objectContaining({ rule: 'xref/link', size: 2, new: true })]);
    expect(report.findings[0].group).toBe(report.groups[0].id);
    expect(report.summary).toMatchObject({ new: 1, fixed: 1 });

    // Every format shows the root cause as one, with the old place marked.
    const format = async (name: string) =>
      (await runCli(['check', '--root', root, '--no-cache', '--quiet', '--base', 'HEAD', '--format', name])).stdout;
    const newLine = lineOf(root, older, '#error-handlin');
    const markdown = await format('markdown');
    expect(markdown).toContain('\n1 new, 1 fixed, ');
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // One row: the new place, then the old one marked.
    expect(markdown).toMatch(
      new RegExp(
        `\\| \`[^\`]*${esc(older)}:${newLine}:\\d+\`<br>\`[^\`]*${esc(overview)}:${old}:\\d+\` \\(already there\\) \\| error \\| One root cause at 2 places: `,
      ),
    );
    const results = JSON.parse(await format('sarif')).runs[0].results;
    expect(results.map((r: { baselineState: string }) => r.baselineState)).toEqual(['new', 'unchanged']);
    expect(results[0].properties['specCheck/rootCause']).toBe(report.groups[0].id);
    expect(results[0].relatedLocations.at(-1).physicalLocation.artifactLocation.uri).toMatch(
      new RegExp(`${overview}$`),
    );
    const github = (await format('github')).split('\n').filter(Boolean);
    expect(github).toHaveLength(2);
    expect(github[0]).toMatch(/%0APlace 1 of 2 of one root cause; the other: .*index\.mdx:\d+:\d+ \(already there\)$/);
    expect(github[1]).toContain('%0APlace 2 of 2 of one root cause (this place was already there); the other: ');
  });

  it('--changed leaves out new findings in files the change did not touch; a new warning alone exits 0', async () => {
    const root = repository();
    edit(
      root,
      overview,
      '## Features',
      '## Features\n\nSee [errors](/specification/draft/server/widgets#error-handling).',
    );
    git(root, 'commit', '-qam', 'a link that works');
    // Renaming a heading breaks that link, in a page the change does not touch.
    edit(root, widgets, '## Error Handling', '## Errors');
    fs.copyFileSync(
      path.join(root, 'schema/draft/examples/Widget/switch.json'),
      path.join(root, 'schema/draft/examples/Widget/switch-copy.json'),
    );
    const all = await review(root, '--base', 'HEAD');
    const files = all.report.findings.map((f: Finding) => `${f.rule} ${f.file}`);
    expect(files).toContain('example/orphan schema/draft/examples/Widget/switch-copy.json');
    expect(files.some((f: string) => f.startsWith('xref/link docs/'))).toBe(true);
    const changed = await review(root, '--base', 'HEAD', '--changed');
    expect(changed.report.findings.map((f: Finding) => `${f.rule} ${f.file}`)).toEqual([
      'example/orphan schema/draft/examples/Widget/switch-copy.json',
    ]);
    expect(changed.report.summary.newOutsideChanged).toBe(all.report.findings.length - 1);
    expect(changed.code).toBe(0);
  });

  it('with the cache, takes the base report kept by its git listing, the same review as without the cache', async () => {
    const root = repository();
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
    shiftLines(root);
    edit(root, widgets, '**Protocol Errors**', 'See [nowhere](#no-such-heading).\n\n**Protocol Errors**');
    const cached = async (...args: string[]) =>
      (await runCli(['check', '--root', root, '--quiet', '--format', 'json', '--base', 'HEAD', ...args])).stdout;
    const uncached = (await review(root, '--base', 'HEAD')).report;
    const stored = (dir: string) =>
      fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith('report-')) : [];
    const cacheDir = path.join(root, 'node_modules/.cache/spec-check');
    const first = await cached();
    // The tree's report, the base's by its files, and the base's by its listing.
    expect(stored(cacheDir)).toHaveLength(3);
    expect(JSON.parse(first)).toEqual(uncached);
    // The second time the base's report comes by its listing: the same review.
    expect(JSON.parse(await cached())).toEqual(uncached);
    expect(JSON.parse(await cached('--changed'))).toEqual((await review(root, '--base', 'HEAD', '--changed')).report);
    expect(stored(cacheDir)).toHaveLength(3);
    // Another base commit is another listing: its report is made, not taken.
    git(root, 'commit', '-qam', 'second');
    expect(JSON.parse(await cached()).findings).toEqual((await review(root, '--base', 'HEAD')).report.findings);
    expect(stored(cacheDir).length).toBeGreaterThan(3);
  });

  it('a bad ref, a root outside git and --changed alone are one-line errors, exit 2', async () => {
    const root = repository();
    const bad = await runCli(['check', '--root', root, '--base', 'no-such-branch', '--quiet']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^spec-check: --base no-such-branch: no such commit in the root's repository\n$/);
    const option = await runCli(['check', '--root', root, '--base', '--upload-pack=x', '--quiet']);
    expect(option.code).toBe(2);
    const alone = await runCli(['check', '--root', root, '--changed', '--quiet']);
    expect(alone).toMatchObject({ code: 2, stderr: 'spec-check: --changed needs --base <git-ref>\n' });
    const outside = copyTree(driftedSpec);
    fs.writeFileSync(path.join(outside, '.git'), 'gitdir: /nowhere\n');
    const none = await runCli(['check', '--root', outside, '--base', 'HEAD', '--quiet']);
    expect(none.code).toBe(2);
    expect(none.stderr.split('\n')).toHaveLength(2);
    // The work tree is untouched: the base was read from git's objects.
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});

describe('the git reader', () => {
  it("runs git with an environment of its own: the caller's GIT_* variables cannot point it elsewhere", async () => {
    const env = gitEnvironment({
      PATH: '/bin',
      GIT_DIR: '/elsewhere',
      GIT_CONFIG_PARAMETERS: "'core.x=y'",
      HOME: '/h',
    });
    expect(env).toMatchObject({ PATH: '/bin', HOME: '/h', GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' });
    expect(env.GIT_DIR).toBeUndefined();
    expect(env.GIT_CONFIG_PARAMETERS).toBeUndefined();
    const root = repository();
    const other = repository();
    edit(other, overview, '## Features', '## Other');
    git(other, 'commit', '-qam', 'other');
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = path.join(other, '.git');
    try {
      const tree = await readGitTree(path.join(root, 'docs'), 'HEAD');
      // Only the root's folder, paths relative to it, from the root's own repository.
      expect(tree.commit).toBe(git(root, 'rev-parse', 'HEAD').trim());
      expect(String(tree.files.get('specification/draft/index.mdx'))).toContain('## Features');
      expect([...tree.files.keys()].every((p) => !p.startsWith('docs/') && !p.startsWith('schema/'))).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });

  it('reads a link inside the root as what it points at, and skips one that leads out', async () => {
    const root = tempDir('git-');
    fs.mkdirSync(path.join(root, 'spec/a'), { recursive: true });
    fs.writeFileSync(path.join(root, 'spec/a/f.md'), 'text of f');
    fs.symlinkSync('a', path.join(root, 'spec/b'));
    fs.symlinkSync('a/f.md', path.join(root, 'spec/c.md'));
    fs.symlinkSync('../../outside.md', path.join(root, 'spec/out.md'));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'links');
    const tree = await readGitTree(path.join(root, 'spec'), 'HEAD');
    expect(Object.fromEntries([...tree.files].map(([p, b]) => [p, String(b)]))).toEqual({
      'a/f.md': 'text of f',
      'b/f.md': 'text of f',
      'c.md': 'text of f',
    });
    expect(tree.skipped).toEqual(['out.md']);
  });
});

describe('matching', () => {
  const at = (line: number, message: string, group?: string): Finding => ({
    rule: 'r/x',
    severity: 'error',
    message,
    file: 'a.mdx',
    line,
    column: 1,
    related: [],
    ...(group ? { group } : {}),
  });
  it('takes the nearest line, keeps a second copy new, and pairs a reworded message only on its line or cause', () => {
    const baseLines = ['x', 'broken [a](#a)', 'y', 'other'];
    const headLines = ['new', 'new', 'broken [a](#a)', 'broken [a](#a)', 'y', 'changed [b](#b)'];
    const { isNew, fixed } = matchFindings(
      [at(3, 'No heading "#a"'), at(4, 'No heading "#a"'), at(6, 'No heading "#b"')],
      [at(2, 'No heading "#a"'), at(4, 'No heading "#c"')],
      (_, l) => headLines[l - 1],
      (_, l) => baseLines[l - 1],
    );
    expect(isNew).toEqual([false, true, true]);
    expect(fixed).toBe(1);
    // A schema change rewords the message of the same example's defect: matched on its unchanged line.
    const missing = (keys: string) => `Request "tools/call" does not match at /params/_meta: missing required ${keys}`;
    expect(
      matchFindings(
        [at(7, missing('property "b"'))],
        [at(5, missing('properties "a", "b"')), at(9, missing('properties "a", "b"'))],
        () => '  "method": "tools/call",',
        (_, l) => (l === 9 ? '  "method": "tools/call",' : 'other'),
      ),
    ).toEqual({ isNew: [false], fixed: 1 });
    // The same cause (a drift) matches whatever its line and message became.
    expect(
      matchFindings(
        [at(9, 'In draft, "x" is A here (under "P")', 'g1')],
        [at(2, 'In draft, "x" is A here (under "Q")', 'g1')],
        () => 'new',
        () => 'old',
      ),
    ).toEqual({ isNew: [false], fixed: 0 });
  });
});

describe('check --base on a types file that imports an installed package', () => {
  it('resolves the base tree’s imports to the working tree’s node_modules, which git does not hold', async () => {
    const layout = {
      schema: 'src/lamps.types.ts',
      schemaJson: 'schema/{version}/schema.json',
      docs: 'pages/{version}',
    };
    const root = writeTree({
      '.gitignore': 'node_modules/\n',
      'spec-check.config.json': JSON.stringify({ layout, generate: { dialect: '2020-12' } }),
      'src/lamps.types.ts': [
        "import type { Shade } from 'shade-kit';",
        'export interface Lamp { shade: Shade }',
        '/** @description Asks for the lamps. */',
        "export interface ListLampsRequest { jsonrpc: '2.0'; id: string | number; method: 'lamps/list' }",
        '',
      ].join('\n'),
      'pages/draft/lamps.mdx': '# Lamps\n\nA client lists the lamps.\n',
      'node_modules/shade-kit/package.json': JSON.stringify({ name: 'shade-kit', types: 'index.d.ts' }),
      'node_modules/shade-kit/index.d.ts': 'export interface Shade { colour: string }\n',
    });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'base');
    expect(git(root, 'ls-files')).not.toContain('node_modules');
    edit(root, 'pages/draft/lamps.mdx', 'lists the lamps.', 'lists the lamps, see [shades](#shades).');
    const { report } = await review(root, '--base', 'HEAD');
    // One new finding (the dead anchor), and no import reported fixed: the base resolved `shade-kit` too.
    expect(report.findings.map(brief)).toEqual(['xref/link pages/draft/lamps.mdx:3']);
    expect(report.summary).toMatchObject({ new: 1, fixed: 0 });
  });
});

describe('check --base and the base report kept by its git listing', () => {
  it('is not served when a file it names no longer hashes as it did (as a SHA-1 collision of its blob would make it)', async () => {
    const root = repository();
    edit(root, widgets, '**Protocol Errors**', 'See [nowhere](#no-such-heading).\n\n**Protocol Errors**');
    const cacheDir = tempDir();
    const runtime = new Runtime({ cacheDir, worker: false });
    const listed = await listGitTree(root, 'HEAD');
    const key = gitTreeReportKey(listed.entries, {});
    // A report kept under the listing's key whose named file had another text when it was made.
    const planted = {
      tool: { name: 'spec-check', version: 'x' },
      root: '.',
      findings: [
        { rule: 'xref/link', severity: 'error', message: 'planted', file: widgets, line: 1, column: 1, related: [] },
      ],
      groups: [],
      summary: { errors: 1, warnings: 0 },
    } as unknown as CheckReport;
    keepReport(runtime, key, planted, new Map([[widgets, new TextFile(widgets, 'another text')]]));
    expect(cachedReport(runtime, key, root)?.report.findings).toHaveLength(1);
    const reviewed = await checkAgainstBase(root, { base: 'HEAD', runtime, worker: false });
    // The planted report would make its finding fixed and every old finding new.
    expect(reviewed.report.summary).toMatchObject({ new: 1, fixed: 0 });
    expect(reviewed.report.findings.map(brief)).toEqual([`xref/link ${widgets}:${lineOf(root, widgets, 'nowhere')}`]);
    // The base's own report replaced it, and is served from then on.
    expect(cachedReport(runtime, key, root)?.report.findings.some((f) => f.message === 'planted')).toBe(false);
  });
});

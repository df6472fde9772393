import { describe, expect, it } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runAction, type ActionDeps, type HttpResponse } from '../../src/action/run.js';
import { COMMENT_MARKER } from '../../src/reporters/markdown.js';
import { bundleAction } from '../../scripts/bundle-action.mjs';
import { driftedSpec, parseWorkflowCommand, projectRoot, tempDir } from '../helpers.js';

const HEAD = 'b'.repeat(40);

/**
 * A workspace as actions/checkout leaves it: a git repository with the drifted spec under spec/
 * and spec-check installed. Its first commit (`base`) has the Widget example right; the second
 * (`head`) brings the example's two errors.
 */
function workspace(): { dir: string; base: string; head: string } {
  const dir = tempDir('action-ws-');
  fs.cpSync(driftedSpec, path.join(dir, 'spec'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'a-spec', private: true }));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(projectRoot, path.join(dir, 'node_modules/protocol-spec-check'), 'dir');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' }).trim();
  const example = path.join(dir, 'spec/schema/draft/examples/Widget/dial.json');
  const drifted = fs.readFileSync(example, 'utf8');
  fs.writeFileSync(
    example,
    drifted.replace('"kind": "knob"', '"kind": "dial"').replace('"value": "19"', '"value": 19'),
  );
  git('init', '-q');
  git('add', 'spec', 'package.json');
  git('commit', '-qm', 'base');
  const base = git('rev-parse', 'HEAD');
  fs.writeFileSync(example, drifted);
  git('commit', '-qam', 'head');
  return { dir, base, head: git('rev-parse', 'HEAD') };
}

/** The environment the runner gives a JavaScript action, its files in a temp folder. */
function githubEnv(ws: string, event: { name: string; payload: unknown }, inputs: Record<string, string> = {}) {
  const temp = tempDir('action-runner-');
  const eventPath = path.join(temp, 'event.json');
  fs.writeFileSync(eventPath, JSON.stringify(event.payload));
  for (const f of ['summary.md', 'output']) fs.writeFileSync(path.join(temp, f), '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: ws,
    RUNNER_TEMP: temp,
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_STEP_SUMMARY: path.join(temp, 'summary.md'),
    GITHUB_OUTPUT: path.join(temp, 'output'),
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_REPOSITORY: 'octo/spec',
    GITHUB_SHA: 'c'.repeat(40),
    GITHUB_ACTION_REPOSITORY: 'tools/spec-check',
    GITHUB_ACTION_REF: 'v1',
    GITHUB_ACTION_PATH: path.join(temp, '_actions/tools/spec-check/v1'),
    'INPUT_GITHUB-TOKEN': 'the-token',
  };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  return { env, temp, read: (f: string) => fs.readFileSync(path.join(temp, f), 'utf8') };
}

/** Whether the built CLI has PR mode yet (`check --base`, built beside this action). */
const cliHasBase = spawnSync(process.execPath, [path.join(projectRoot, 'dist/cli.js'), 'check', '--help'], {
  encoding: 'utf8',
}).stdout.includes('--base <');
/** What the pull request of `workspace()` brings: the example's two errors (all 23 and 2 warnings without PR mode). */
const introduced = cliHasBase ? { errors: 2, warnings: 0 } : { errors: 23, warnings: 2 };

interface Call {
  command: string;
  args: string[];
}

/** Real processes, recorded; HTTP answered by `answer` and recorded, never sent. */
function fakeDeps(env: Record<string, string>, answer: (method: string, url: string) => HttpResponse) {
  const calls: Call[] = [];
  const requests: { method: string; url: string; headers: Record<string, string>; body?: unknown }[] = [];
  let log = '';
  const deps: ActionDeps = {
    env,
    exec: (command, args, cwd) => {
      calls.push({ command, args });
      // Until `check --base` is built, the CLI runs without it: the arguments the action passes are asserted.
      const i = args.indexOf('--base');
      const run = !cliHasBase && i >= 0 ? [...args.slice(0, i), ...args.slice(i + 2)] : args;
      return new Promise((resolve) => {
        const child = spawn(command, run, { cwd });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (code) => resolve({ code: code ?? 2, stdout, stderr }));
      });
    },
    request: async (method, url, headers, body) => {
      requests.push({ method, url, headers, body });
      return answer(method, url);
    },
    log: (text) => void (log += text),
  };
  return { deps, calls, requests, log: () => log };
}

function pullRequest(base: string) {
  return { name: 'pull_request', payload: { pull_request: { number: 7, base: { sha: base }, head: { sha: HEAD } } } };
}

describe('the GitHub Action', () => {
  it('on a push, writes annotations, SARIF with rule links, a job summary and outputs (the committed bundle)', () => {
    const ws = workspace();
    const { env, temp, read } = githubEnv(ws.dir, { name: 'push', payload: {} }, { root: 'spec' });
    const run = spawnSync(process.execPath, [path.join(projectRoot, 'action/main.mjs')], { env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const commands = run.stdout.split('\n').filter(Boolean).map(parseWorkflowCommand);
    expect(commands).toContainEqual({
      command: 'error',
      properties: { file: 'spec/schema/draft/examples/Widget/dial.json', line: '4', col: '11', title: 'example/valid' },
      message: 'Does not match Widget at /kind: expected one of "dial", "slider", "switch", got "knob"',
    });
    expect(commands.at(-1)).toEqual({ command: 'error', properties: {}, message: 'spec-check: 23 error findings' });

    const sarifFile = path.join(temp, 'spec-check.sarif');
    expect(read('output')).toBe(`errors=23\nwarnings=2\nsarif-file=${sarifFile}\n`);
    const sarif = JSON.parse(fs.readFileSync(sarifFile, 'utf8'));
    const rule = sarif.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'example/valid');
    expect(rule.helpUri).toBe('https://github.com/tools/spec-check/blob/v1/docs/rules.md#examplevalid');
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toMatch(/^spec\//);

    const summary = read('summary.md');
    expect(
      summary.startsWith(`${COMMENT_MARKER}\n### spec-check: 25 problems (23 errors, 2 warnings) in 20 root causes\n`),
    ).toBe(true);
    expect(summary).toContain(
      `(https://github.com/octo/spec/blob/${'c'.repeat(40)}/spec/schema/draft/examples/Widget/dial.json?plain=1#L4)`,
    );
    // Nothing written into the checked tree.
    expect(execFileSync('git', ['status', '--porcelain', 'spec'], { cwd: ws.dir, encoding: 'utf8' })).toBe('');
  });

  it('on a pull request, checks against its base and keeps one comment, updated on the next run', async () => {
    const ws = workspace();
    const { env, read } = githubEnv(ws.dir, pullRequest(ws.base), { root: 'spec', comment: 'true' });
    let comments: { id: number; body: string }[] = [{ id: 1, body: 'LGTM' }];
    const answer = (method: string): HttpResponse => {
      if (method === 'GET') return { status: 200, body: comments };
      if (method === 'POST')
        return { status: 201, body: { id: 99, html_url: 'https://github.com/octo/spec/pull/7#c99' } };
      return { status: 200, body: { id: 99, html_url: 'https://github.com/octo/spec/pull/7#c99-edited' } };
    };
    const first = fakeDeps(env, answer);
    const result = await runAction(first.deps);
    expect(result).toMatchObject({
      exitCode: 1,
      ...introduced,
      commentUrl: 'https://github.com/octo/spec/pull/7#c99',
    });

    const checks = first.calls.filter((c) => c.command === process.execPath);
    expect(checks.map((c) => c.args[c.args.indexOf('--format') + 1])).toEqual(['github', 'sarif', 'markdown']);
    for (const c of checks)
      expect(c.args.slice(c.args.indexOf('--base'), c.args.indexOf('--base') + 2)).toEqual(['--base', ws.base]);
    expect(first.calls[0]).toEqual({ command: 'git', args: ['cat-file', '-e', `${ws.base}^{commit}`] });
    const markdownRun = checks[2].args;
    expect(markdownRun[markdownRun.indexOf('--blob-url') + 1]).toBe(`https://github.com/octo/spec/blob/${HEAD}`);

    expect(first.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', 'https://api.github.com/repos/octo/spec/issues/7/comments?per_page=100&page=1'],
      ['POST', 'https://api.github.com/repos/octo/spec/issues/7/comments'],
    ]);
    expect(first.requests[1].headers.authorization).toBe('Bearer the-token');
    const body = (first.requests[1].body as { body: string }).body;
    expect(body).toBe(read('summary.md').slice(0, -1));
    expect(body.startsWith(COMMENT_MARKER)).toBe(true);

    comments = [...comments, { id: 99, body }];
    const second = fakeDeps(env, answer);
    await runAction(second.deps);
    expect(second.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', 'https://api.github.com/repos/octo/spec/issues/7/comments?per_page=100&page=1'],
      ['PATCH', 'https://api.github.com/repos/octo/spec/issues/comments/99'],
    ]);
  });

  it('fetches a base commit the checkout lacks, and a token that may not comment is a warning', async () => {
    const ws = workspace();
    const { env } = githubEnv(ws.dir, pullRequest(ws.base), { root: 'spec', comment: 'true' });
    const fake = fakeDeps(env, () => ({ status: 403, body: { message: 'Resource not accessible by integration' } }));
    const realExec = fake.deps.exec;
    fake.deps.exec = async (command, args, cwd) => {
      if (command === 'git') {
        fake.calls.push({ command, args });
        return { code: args[0] === 'cat-file' ? 128 : 0, stdout: '', stderr: '' };
      }
      return realExec(command, args, cwd);
    };
    const result = await runAction(fake.deps);
    expect(fake.calls.slice(0, 2)).toEqual([
      { command: 'git', args: ['cat-file', '-e', `${ws.base}^{commit}`] },
      { command: 'git', args: ['fetch', '--no-tags', '--depth=1', 'origin', ws.base] },
    ]);
    expect(result.commentUrl).toBeUndefined();
    expect(fake.log()).toContain(
      '::warning::spec-check: could not find the pull-request comment: HTTP 403 Resource not accessible by integration\n',
    );

    fake.deps.exec = async (command, args) => {
      fake.calls.push({ command, args });
      return { code: 128, stdout: '', stderr: 'fatal: remote error: upload-pack: not our ref\n' };
    };
    await expect(runAction(fake.deps)).rejects.toThrow(
      `cannot fetch the base commit ${ws.base}: fatal: remote error: upload-pack: not our ref`,
    );
  });

  it('posts no comment on a clean pull request that had none, and says in one line what is missing', async () => {
    const ws = workspace();
    fs.rmSync(path.join(ws.dir, 'spec'), { recursive: true });
    fs.cpSync(path.join(projectRoot, 'examples/sample-spec'), path.join(ws.dir, 'spec'), { recursive: true });
    const { env } = githubEnv(ws.dir, pullRequest(ws.head), { root: 'spec', comment: 'true' });
    const clean = fakeDeps(env, () => ({ status: 200, body: [] }));
    expect(await runAction(clean.deps)).toMatchObject({ exitCode: 0, errors: 0, warnings: 0 });
    expect(clean.requests.map((r) => r.method)).toEqual(['GET']);

    const bare = tempDir('action-bare-');
    fs.writeFileSync(path.join(bare, 'package.json'), '{}');
    await expect(runAction({ ...clean.deps, env: { ...env, GITHUB_WORKSPACE: bare } })).rejects.toThrow(
      `protocol-spec-check is not installed in ${bare}: add it as a devDependency and run npm ci before this step`,
    );
  });

  it('runs a committed bundle that is what the build writes, from src/action and the comment marker only', async () => {
    const { text, inputs } = await bundleAction();
    expect(fs.readFileSync(path.join(projectRoot, 'action/main.mjs'), 'utf8')).toBe(text);
    expect(inputs.sort()).toEqual(['src/action/main.ts', 'src/action/run.ts', 'src/reporters/comment-marker.ts']);
    const yml = fs.readFileSync(path.join(projectRoot, 'action.yml'), 'utf8');
    // A composite action: the cache restored (and saved after the job) around the bundled program.
    expect(yml).toMatch(/\nruns:\n {2}using: composite\n/);
    expect(yml).toContain('\n      run: node "$GITHUB_ACTION_PATH/action/main.mjs"\n');
    expect(yml).toMatch(/uses: actions\/cache@v4\n/);
    expect(yml).toMatch(
      /key: spec-check-\$\{\{ runner\.os \}\}-\$\{\{ steps\.cache-folder\.outputs\.lock \}\}-\$\{\{ github\.run_id \}\}/,
    );
    expect(yml).toMatch(
      /restore-keys: \|\n +spec-check-\$\{\{ runner\.os \}\}-\$\{\{ steps\.cache-folder\.outputs\.lock \}\}-\n/,
    );
    // Every input the action reads is declared and passed to the program; every output is the program's.
    const read = [
      ...fs.readFileSync(path.join(projectRoot, 'src/action/run.ts'), 'utf8').matchAll(/input\(env, '([a-z-]+)'/g),
    ];
    expect(read.length).toBeGreaterThan(5);
    for (const [, name] of read) {
      expect(yml, name).toMatch(new RegExp(`\\n {2}${name}:\\n {4}description: `));
      const variable = `INPUT_${name.toUpperCase().replace(/-/g, '_')}`;
      expect(yml, name).toContain(`\n        ${variable}: \${{ inputs.${name} }}\n`);
    }
    for (const name of ['errors', 'warnings', 'sarif-file', 'comment-url'])
      expect(yml, name).toContain(`\n    value: \${{ steps.check.outputs.${name} }}\n`);
  });
});

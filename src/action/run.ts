/**
 * The GitHub Action (action.yml): runs the spec-check installed in the workspace (the project's
 * devDependency, so CI checks with the version and config the maintainers run locally) three
 * times, for annotations (`--format github`, printed for the runner), SARIF for code scanning and
 * Markdown for the job summary and, if asked, one sticky pull-request comment. On a pull request
 * it checks in PR mode (`--base <base sha>`). Everything it touches comes in through
 * `ActionDeps`, so that tests give it temp files and a fake HTTP client. It imports only Node's
 * built-ins and the comment marker: scripts/bundle-action.mjs bundles it into action/main.mjs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { COMMENT_MARKER } from '../reporters/comment-marker.js';

/** The npm package the action runs (the name `spec-check` on the registry is another package). */
export const PACKAGE_NAME = 'protocol-spec-check';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface HttpResponse {
  status: number;
  body: unknown;
}

export interface ActionDeps {
  env: Record<string, string | undefined>;
  exec(command: string, args: string[], cwd: string): Promise<ExecResult>;
  request(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<HttpResponse>;
  /** The step's log: workflow commands written here become annotations. */
  log(text: string): void;
}

/** A problem that stops the action: one line, shown as an error annotation. */
export class ActionError extends Error {}

interface PullRequest {
  number: number;
  base: { sha: string };
  head: { sha: string };
}

/**
 * An input as the runner passes it to a JavaScript action (`INPUT_<NAME>`, upper case, spaces as
 * `_`), or as action.yml's composite step passes it (hyphens as `_` too, names a shell can hold), trimmed.
 */
function input(env: ActionDeps['env'], name: string, fallback = ''): string {
  const upper = name.replace(/ /g, '_').toUpperCase();
  const value = (env[`INPUT_${upper}`] ?? env[`INPUT_${upper.replace(/-/g, '_')}`])?.trim();
  return value ? value : fallback;
}

function required(env: ActionDeps['env'], name: string): string {
  const value = env[name];
  if (!value) throw new ActionError(`${name} is not set: spec-check's action runs in a GitHub Actions job`);
  return value;
}

function pullRequestOf(env: ActionDeps['env']): PullRequest | undefined {
  if (env.GITHUB_EVENT_NAME !== 'pull_request' && env.GITHUB_EVENT_NAME !== 'pull_request_target') return undefined;
  const eventPath = required(env, 'GITHUB_EVENT_PATH');
  let event: { pull_request?: PullRequest };
  try {
    event = JSON.parse(fs.readFileSync(eventPath, 'utf8'));
  } catch (error) {
    throw new ActionError(`cannot read the event payload ${eventPath}: ${(error as Error).message}`);
  }
  const pr = event.pull_request;
  if (!pr?.base?.sha || !pr.head?.sha || typeof pr.number !== 'number')
    throw new ActionError(
      `the ${env.GITHUB_EVENT_NAME} payload in ${eventPath} has no pull_request with base and head`,
    );
  return pr;
}

/** dist/cli.js of the spec-check the workspace installed. */
function installedCli(workspace: string): string {
  try {
    const manifest = createRequire(path.join(workspace, 'package.json')).resolve(`${PACKAGE_NAME}/package.json`);
    return path.join(path.dirname(manifest), 'dist', 'cli.js');
  } catch {
    throw new ActionError(
      `${PACKAGE_NAME} is not installed in ${workspace}: add it as a devDependency and run npm ci before this step`,
    );
  }
}

/**
 * docs/rules.md in the action's own repository at the ref the workflow uses, which code
 * scanning can link to. Not for a local action (`uses: ./`), for which the runner may leave
 * these variables as an earlier action set them.
 */
function rulesUrlOf(env: ActionDeps['env'], workspace: string): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_ACTION_REPOSITORY: repo, GITHUB_ACTION_REF: ref } = env;
  const actionPath = env.GITHUB_ACTION_PATH;
  if (!server || !repo || !ref || !actionPath) return undefined;
  const relative = path.relative(workspace, actionPath);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) return undefined;
  return `${server}/${repo}/blob/${ref}/docs/rules.md`;
}

/** Counts of a SARIF log's results by level. */
function countsOf(sarif: string): { errors: number; warnings: number } {
  const results = (JSON.parse(sarif) as { runs: { results: { level: string }[] }[] }).runs.flatMap((r) => r.results);
  const errors = results.filter((r) => r.level === 'error').length;
  return { errors, warnings: results.length - errors };
}

export interface ActionResult {
  exitCode: number;
  errors: number;
  warnings: number;
  sarifFile: string;
  commentUrl?: string;
}

export async function runAction(deps: ActionDeps): Promise<ActionResult> {
  const { env } = deps;
  const workspace = required(env, 'GITHUB_WORKSPACE');
  const temp = env.RUNNER_TEMP || workspace;
  const pr = pullRequestOf(env);
  const cli = installedCli(workspace);

  if (pr) await ensureCommit(deps, workspace, pr.base.sha);

  const common = ['check', '--root', input(env, 'root', '.'), '--quiet'];
  const config = input(env, 'config');
  if (config) common.push('--config', config);
  const baseline = input(env, 'baseline');
  if (baseline) common.push('--baseline', baseline);
  if (pr) common.push('--base', pr.base.sha);
  if (pr && input(env, 'changed-only', 'false') === 'true') common.push('--changed');
  const rulesUrl = rulesUrlOf(env, workspace);
  const links = rulesUrl ? ['--rules-url', rulesUrl] : [];
  const headSha = pr?.head.sha ?? env.GITHUB_SHA;
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && headSha)
    links.push('--blob-url', `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/blob/${headSha}`);

  const check = async (args: string[]) => {
    const run = await deps.exec(process.execPath, [cli, ...common, ...args], workspace);
    // Exit 1 is findings; anything else is spec-check unable to run, with its one-line reason.
    if (run.code !== 0 && run.code !== 1)
      throw new ActionError(run.stderr.trim().split('\n').pop() || `spec-check exited with code ${run.code}`);
    return run;
  };
  const annotations = await check(['--format', 'github']);
  deps.log(annotations.stdout);

  const sarifFile = path.resolve(workspace, input(env, 'sarif-file', path.join(temp, 'spec-check.sarif')));
  await check(['--format', 'sarif', '--output', sarifFile, ...links]);
  const { errors, warnings } = countsOf(fs.readFileSync(sarifFile, 'utf8'));

  const markdownFile = path.join(temp, 'spec-check.md');
  await check(['--format', 'markdown', '--output', markdownFile, ...links]);
  const markdown = fs.readFileSync(markdownFile, 'utf8');
  if (env.GITHUB_STEP_SUMMARY) fs.appendFileSync(env.GITHUB_STEP_SUMMARY, markdown + '\n');

  let commentUrl: string | undefined;
  if (pr && input(env, 'comment', 'false') === 'true')
    commentUrl = await postComment(deps, pr, markdown, errors + warnings > 0);

  if (env.GITHUB_OUTPUT) {
    const outputs: Record<string, string | number> = { errors, warnings, 'sarif-file': sarifFile };
    if (commentUrl) outputs['comment-url'] = commentUrl;
    fs.appendFileSync(
      env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
  }
  return { exitCode: errors > 0 ? 1 : 0, errors, warnings, sarifFile, commentUrl };
}

/** PR mode reads the base from git objects: a shallow checkout may not have it, so fetch that one commit. */
async function ensureCommit(deps: ActionDeps, workspace: string, sha: string): Promise<void> {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new ActionError(`the pull request's base is not a commit id: "${sha}"`);
  if ((await deps.exec('git', ['cat-file', '-e', `${sha}^{commit}`], workspace)).code === 0) return;
  const fetch = await deps.exec('git', ['fetch', '--no-tags', '--depth=1', 'origin', sha], workspace);
  if (fetch.code !== 0)
    throw new ActionError(`cannot fetch the base commit ${sha}: ${fetch.stderr.trim().split('\n').pop() ?? ''}`);
}

/**
 * Updates the comment this action posted before on the pull request (found by the marker the
 * Markdown report starts with), or posts one when there is something to say. A token that may
 * not comment (a pull request from a fork) is a warning, not a failed check.
 */
async function postComment(
  deps: ActionDeps,
  pr: PullRequest,
  body: string,
  anyFindings: boolean,
): Promise<string | undefined> {
  const { env } = deps;
  const token = input(env, 'github-token') || env.GITHUB_TOKEN;
  if (!token) {
    deps.log('::warning::spec-check: no github-token, so no pull-request comment\n');
    return undefined;
  }
  const api = `${env.GITHUB_API_URL || 'https://api.github.com'}/repos/${required(env, 'GITHUB_REPOSITORY')}`;
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${token}`,
    'x-github-api-version': '2022-11-28',
    'user-agent': 'spec-check-action',
  };
  const fail = (what: string, response: HttpResponse) => {
    const message = (response.body as { message?: string } | undefined)?.message;
    deps.log(
      `::warning::spec-check: could not ${what} the pull-request comment: HTTP ${response.status}${message ? ` ${message}` : ''}\n`,
    );
    return undefined;
  };
  let existing: { id: number } | undefined;
  for (let page = 1; !existing; page++) {
    const list = await deps.request('GET', `${api}/issues/${pr.number}/comments?per_page=100&page=${page}`, headers);
    if (list.status !== 200) return fail('find', list);
    const comments = list.body as { id: number; body?: string }[];
    existing = comments.find((c) => c.body?.startsWith(COMMENT_MARKER));
    if (comments.length < 100) break;
  }
  // A clean pull request gets no new comment; one that had findings sees them gone.
  if (!existing && !anyFindings) return undefined;
  const response = existing
    ? await deps.request('PATCH', `${api}/issues/comments/${existing.id}`, headers, { body })
    : await deps.request('POST', `${api}/issues/${pr.number}/comments`, headers, { body });
  if (response.status !== 200 && response.status !== 201) return fail(existing ? 'update' : 'post', response);
  return (response.body as { html_url?: string }).html_url;
}

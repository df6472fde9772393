#!/usr/bin/env zx
/**
 * Does spec-check's generator agree with the spec repository's own toolchain, in both directions?
 *
 * Copies the corpus (default ../shared/corpus/mcp-spec) to a temp folder, installs there only the
 * generator packages at the versions its package-lock.json pins (TypeDoc, TypeScript,
 * typescript-json-schema, tsx, Prettier, and what the TypeDoc plugin imports: a lockfile cut down
 * to their dependencies, installed with `npm ci`), applies a schema.ts edit (a `@minItems 1` tag on
 * a member, two descriptions reworded) and a SEP edit (a Final SEP's title and status changed), then
 * checks:
 *   A. after `spec-check generate`, the repository's `check:schema:md`, `check:schema:json` and
 *      `check:seps` pass;
 *   B. after the repository's own `generate:schema` and `generate:seps`, `spec-check check` reports
 *      no generated/* finding.
 * On the corpus as it is, the repository's `check:seps` passes and `spec-check generate --check`
 * finds nothing to change.
 * Exits 1 when either fails. Nothing is written outside the temp folder (removed unless --keep).
 *
 *   zx scripts/toolchain-fidelity.mjs [--corpus DIR] [--keep]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GENERATOR_PACKAGES as ROOTS, prunedLock } from './pruned-lock.mjs';

const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const corpus = path.resolve(argv.corpus ?? path.join(projectRoot, '../shared/corpus/mcp-spec'));
const cli = path.join(projectRoot, 'dist/cli.js');
$.verbose = false;

if (!fs.existsSync(path.join(corpus, 'package-lock.json'))) {
  console.log(`toolchain-fidelity: no corpus with a package-lock.json at ${corpus}; skipped`);
  process.exit(0);
}
if (!fs.existsSync(cli)) {
  console.error('toolchain-fidelity: dist/cli.js is missing; run `npm run build` first');
  process.exit(2);
}

/** The SEP edit: the first Final SEP (by file name) gets a longer title and the status Superseded. */
function editSep(dir) {
  const seps = path.join(dir, 'seps');
  for (const name of fs.readdirSync(seps).sort()) {
    if (!/^\d+-.+\.md$/.test(name) || name.startsWith('0000-')) continue;
    const file = path.join(seps, name);
    const text = fs.readFileSync(file, 'utf8');
    if (!/^- \*\*Status\*\*: Final$/m.test(text) || !/^# SEP-\d+: .+$/m.test(text)) continue;
    fs.writeFileSync(
      file,
      text
        .replace(/^(# SEP-\d+: .+)$/m, '$1, Revised')
        .replace(/^- \*\*Status\*\*: Final$/m, '- **Status**: Superseded'),
    );
    return name;
  }
  throw new Error('SEP edit: no Final SEP found');
}

/** The schema.ts edit: a `@minItems` tag on a member's JSDoc and two reworded descriptions. */
function editSchema(text) {
  const edits = [
    [
      '   * A list of content objects that represent the unstructured result of the tool call.\n   */\n  content: ContentBlock[];',
      '   * The content objects that make up the unstructured result of the tool call.\n   *\n   * @minItems 1\n   */\n  content: ContentBlock[];',
    ],
    [
      '   * An optional JSON value that represents the structured result of the tool call.',
      '   * A JSON value holding the structured result of the tool call, when there is one.',
    ],
  ];
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`schema.ts edit: ${JSON.stringify(from.slice(0, 60))} not found`);
    text = text.replace(from, to);
  }
  return text;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-fidelity-'));
const started = Date.now();
const failures = [];
try {
  // The toolchain, once, shared by both copies through a link.
  const tools = path.join(work, 'tools');
  fs.mkdirSync(tools);
  const { packageJson, lock } = prunedLock(
    JSON.parse(fs.readFileSync(path.join(corpus, 'package-lock.json'), 'utf8')),
    [...ROOTS, 'prettier'],
  );
  fs.writeFileSync(path.join(tools, 'package.json'), JSON.stringify(packageJson, null, 2) + '\n');
  fs.writeFileSync(path.join(tools, 'package-lock.json'), JSON.stringify(lock, null, 2) + '\n');
  console.log(
    `installing ${Object.keys(lock.packages).length - 1} packages (${[...ROOTS, 'prettier'].map((n) => `${n}@${lock.packages[`node_modules/${n}`].version}`).join(', ')})`,
  );
  await $({ cwd: tools })`npm ci --ignore-scripts --no-audit --no-fund --loglevel=error`;

  const copy = (name, { edit = true } = {}) => {
    const dir = path.join(work, name);
    fs.cpSync(corpus, dir, { recursive: true, filter: (src) => path.basename(src) !== 'node_modules' });
    fs.symlinkSync(path.join(tools, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    if (!edit) return dir;
    editSep(dir);
    const schemaTs = path.join(dir, 'schema/draft/schema.ts');
    fs.writeFileSync(schemaTs, editSchema(fs.readFileSync(schemaTs, 'utf8')));
    return dir;
  };
  const npmRun = (dir, script) => $({ cwd: dir, nothrow: true })`npm run --silent ${script}`;

  // The corpus as it is: both agree that the SEP pages are up to date.
  const asIs = copy('as-is', { edit: false });
  const repoSeps = await npmRun(asIs, 'check:seps');
  console.log(`0. check:seps on the corpus: ${repoSeps.exitCode === 0 ? 'accepted' : 'REJECTED'}`);
  if (repoSeps.exitCode !== 0)
    failures.push(`check:seps rejects the corpus:\n${(repoSeps.stdout + repoSeps.stderr).trim()}`);
  const ownCheck = await $({ cwd: asIs, nothrow: true })`node ${cli} generate --root . --check`;
  console.log(`0. spec-check generate --check on the corpus: ${ownCheck.stdout.trim().split('\n').at(-1)}`);
  if (ownCheck.exitCode !== 0) failures.push(`spec-check generate --check on the corpus:\n${ownCheck.stdout.trim()}`);

  // A. spec-check writes; the repository's checks read.
  const a = copy('spec-check-wrote');
  const generated = await $({ cwd: a, nothrow: true })`node ${cli} generate --root .`;
  if (generated.exitCode !== 0)
    failures.push(`spec-check generate exited ${generated.exitCode}: ${generated.stderr.trim()}`);
  else console.log(`A. spec-check generate: ${generated.stdout.trim().split('\n').at(-1)}`);
  for (const script of ['check:schema:md', 'check:schema:json', 'check:seps']) {
    const run = await npmRun(a, script);
    console.log(`A. ${script} on spec-check's output: ${run.exitCode === 0 ? 'accepted' : 'REJECTED'}`);
    if (run.exitCode !== 0)
      failures.push(`${script} rejects spec-check's output:\n${(run.stdout + run.stderr).trim().slice(0, 2000)}`);
  }

  // B. the repository's generators write; spec-check reads.
  const b = copy('repo-wrote');
  for (const script of ['generate:schema', 'generate:seps']) {
    const repoGenerate = await npmRun(b, script);
    if (repoGenerate.exitCode !== 0) failures.push(`the repository's ${script} failed: ${repoGenerate.stderr.trim()}`);
  }
  const checked = await $({ cwd: b, nothrow: true })`node ${cli} check --root . --format json --no-cache`;
  const findings = JSON.parse(checked.stdout || '{"findings":[]}').findings.filter((f) =>
    f.rule.startsWith('generated/'),
  );
  console.log(`B. spec-check check on the repository's output: ${findings.length} generated/* finding(s)`);
  for (const f of findings) failures.push(`spec-check: ${f.file}:${f.line}:${f.column}: ${f.rule}: ${f.message}`);
} finally {
  if (argv.keep) console.log(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
console.log(
  `toolchain-fidelity: ${failures.length ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
for (const f of failures) console.error(`- ${f}`);
process.exit(failures.length ? 1 : 0);

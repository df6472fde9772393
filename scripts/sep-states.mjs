#!/usr/bin/env zx
// `sep-diff` on real SEP states of the spec repository: for each SEP file in seps/, the newest commit off
// main (a pull request's branch) that changed it, checked with --pages set to the files that branch changes
// against main. Lists each SEP's findings and coverage for review. test/corpus/fixtures/sep-states.json
// records verdicts (each finding true or false); with it, the script prints precision per rule and flags
// findings not yet judged. A verdict with a `line` is for the finding at that line of its file only (two
// findings of one message in one file share a key); one without applies to every finding of its key.
// Not part of `npm test` or CI: without the mirror it says so and succeeds.
// --config gives a config file for every state (to turn on the kinds that ship off, for instance).
// --proposals takes instead every distinct text of a SEP, at any commit of any branch (main included), that
// has a block labelled md, markdown, mdx or diff: the states where wording is proposed for a named page.
//
//   zx scripts/sep-states.mjs [--mirror DIR] [--cli FILE] [--config FILE] [--rule sep-diff/template] [--proposals] [--json FILE]
import { spawnSync } from 'node:child_process';
import { argv, fs, os, path } from 'zx';
import { cliOrExit, extractState, mirrorGit, mirrorOrSkip } from './repo-states.mjs';

const projectRoot = path.resolve(import.meta.dirname, '..');
const mirror = mirrorOrSkip(argv, 'sep-states');
const cli = cliOrExit(argv.cli ? [argv.cli] : ['dist/cli.js', path.join(projectRoot, 'dist/cli.js')], 'sep-states');
const fixturePath = path.join(projectRoot, 'test/corpus/fixtures/sep-states.json');
const fixture = fs.existsSync(fixturePath) ? fs.readJsonSync(fixturePath) : { verdicts: [] };
const onlyRule = argv.rule ? String(argv.rule) : undefined;
const config = argv.config ? path.resolve(String(argv.config)) : undefined;

const out = (args) => mirrorGit(mirror, args, { encoding: 'utf8' }).stdout.trim();

/** The newest commit off main that changed each SEP file, with the files its branch changes against main. */
function sepStates() {
  const onMain = new Set(out(['rev-list', 'main']).split('\n'));
  const log = out(['log', '--all', '--format=C %H %ct', '--name-only', '--', 'seps/']);
  const newest = new Map();
  let commit;
  for (const line of log.split('\n')) {
    if (line.startsWith('C ')) {
      const [, sha, time] = line.split(' ');
      commit = { sha, time: Number(time) };
    } else if (/^seps\/\d+-.*\.md$/.test(line) && commit && !onMain.has(commit.sha)) {
      const seen = newest.get(line);
      if (!seen || seen.time < commit.time) newest.set(line, commit);
    }
  }
  return [...newest]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([sep, { sha }]) => {
      const mergeBase = out(['merge-base', 'main', sha]);
      const files = out(['diff', '--name-only', mergeBase, sha]).split('\n').filter(Boolean);
      // The SEP file must be in the state (a later commit may have renamed it).
      const present = spawnSync('git', ['--git-dir', mirror, 'cat-file', '-e', `${sha}:${sep}`]).status === 0;
      return { sep, sha, files, present };
    })
    .filter((s) => s.present);
}

/** Each distinct text of a SEP file with a labelled Markdown or diff block, at the newest commit that has it. */
function proposalStates() {
  const log = out(['log', '--all', '--format=C %H', '--name-only', '--', 'seps/']);
  const seen = new Set();
  const states = [];
  let sha;
  for (const line of log.split('\n')) {
    if (line.startsWith('C ')) sha = line.slice(2);
    else if (/^seps\/\d+-.*\.md$/.test(line) && sha) {
      const r = mirrorGit(mirror, ['show', `${sha}:${line}`], { encoding: 'utf8' });
      if (r.status !== 0 || seen.has(r.stdout)) continue;
      seen.add(r.stdout);
      if (/^\s*(?:```|~~~)(?:md|markdown|mdx|diff)\s*$/m.test(r.stdout)) states.push({ sep: line, sha, files: [] });
    }
  }
  return states.sort((a, b) => (a.sep < b.sep ? -1 : a.sep > b.sep ? 1 : a.sha < b.sha ? -1 : 1));
}

/** The key a verdict is recorded under: the SEP, the commit, the rule, the file and the message. */
const keyOf = (state, f) => `${state.sep}@${state.sha.slice(0, 8)}|${f.rule}|${f.file}|${f.message}`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-sep-states-'));
const verdicts = new Map(fixture.verdicts.map((v) => [v.line ? `${v.key}@${v.line}` : v.key, v]));
const verdictOf = (state, f) =>
  (verdicts.get(`${keyOf(state, f)}@${f.line}`) ?? verdicts.get(keyOf(state, f)))?.verdict;
const report = { cli, states: [] };
try {
  for (const state of argv.proposals ? proposalStates() : sepStates()) {
    const root = extractState(mirror, state.sha, path.join(work, state.sha));
    const pages = state.files.filter(
      (f) => /\.(mdx?|ts)$/.test(f) && !f.startsWith('seps/') && fs.existsSync(path.join(root, f)),
    );
    const args = [
      cli,
      'sep-diff',
      state.sep,
      '--root',
      root,
      '--format',
      'json',
      ...(pages.length ? ['--pages', pages.join(',')] : []),
      ...(config ? ['--config', config] : []),
    ];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const entry = { sep: state.sep, sha: state.sha, pages: pages.length };
    if (r.status !== 0 && r.status !== 1) {
      entry.error = (r.stderr || `exit ${r.status}`).trim();
      console.log(`ERROR  ${state.sep}@${state.sha.slice(0, 8)}: ${entry.error}`);
    } else {
      const parsed = JSON.parse(r.stdout);
      entry.summary = parsed.summary;
      entry.findings = parsed.findings
        .filter((f) => !onlyRule || f.rule === onlyRule)
        .map((f) => ({
          key: keyOf(state, f),
          rule: f.rule,
          file: f.file,
          line: f.line,
          message: f.message,
          verdict: verdictOf(state, f),
        }));
      const s = parsed.summary;
      console.log(
        `${state.sep}@${state.sha.slice(0, 8)}: ${entry.findings.length} findings; templates ${s.messageTemplates}, messages ${s.messagesChecked}, units ${s.specificationUnitsLocated}/${s.specificationUnits}`,
      );
      for (const f of entry.findings)
        console.log(`    [${f.verdict ?? '?'}] ${f.rule} ${f.file}:${f.line} ${f.message.slice(0, 200)}`);
    }
    report.states.push(entry);
    fs.removeSync(root);
  }
} finally {
  fs.removeSync(work);
}
const all = report.states.flatMap((s) => s.findings ?? []);
const byRule = new Map();
for (const f of all) {
  const r = byRule.get(f.rule) ?? { all: 0, true: 0, false: 0 };
  r.all++;
  if (f.verdict === 'true') r.true++;
  if (f.verdict === 'false') r.false++;
  byRule.set(f.rule, r);
}
console.log(
  `\n${report.states.length} SEP states, ${all.length} findings; errors: ${report.states.filter((s) => s.error).length}`,
);
for (const [rule, r] of [...byRule].sort())
  console.log(`  ${rule}: ${r.all} (judged ${r.true} true, ${r.false} false)`);
if (argv.json) {
  fs.writeJsonSync(path.resolve(String(argv.json)), report, { spaces: 2 });
  console.log(`wrote ${argv.json}`);
}

#!/usr/bin/env zx
// `check --base` on real pull requests of the spec repository: for each PR merged into main (a merge commit,
// or a squashed commit), the merged tree is checked against its first parent, and the findings the PR
// introduced are listed for review. A sample: every k-th PR since --since that changed docs/ or schema/,
// deterministic for a given mirror. test/corpus/fixtures/pr-states.json records the verdicts of a review
// (each new finding true or false); with it, the script prints precision and flags findings not yet judged.
// Not part of `npm test` or CI: without the mirror it says so and succeeds.
//
//   zx scripts/pr-states.mjs [--mirror DIR] [--cli FILE] [--since DATE] [--until DATE] [--count N] [--json FILE]
import { spawnSync } from 'node:child_process';
import { argv, fs, os, path } from 'zx';
import { cliOrExit, mirrorGit, mirrorOrSkip } from './repo-states.mjs';

const projectRoot = path.resolve(import.meta.dirname, '..');
const mirror = mirrorOrSkip(argv, 'pr-states');
const cli = cliOrExit(argv.cli ? [argv.cli] : ['dist/cli.js', path.join(projectRoot, 'dist/cli.js')], 'pr-states');
const fixturePath = path.join(projectRoot, 'test/corpus/fixtures/pr-states.json');
const fixture = fs.existsSync(fixturePath) ? fs.readJsonSync(fixturePath) : { verdicts: [] };
const since = String(argv.since ?? '2026-01-01');
const until = argv.until ? String(argv.until) : undefined;
const count = Number(argv.count ?? 30);

const out = (args) => mirrorGit(mirror, args, { encoding: 'utf8' }).stdout.trim();

/** PRs merged into main between the dates that changed the spec's sources, oldest first. */
function pullRequests() {
  const range = [`--since=${since}`, ...(until ? [`--until=${until}`] : [])];
  const log = out(['log', '--first-parent', ...range, '--format=%H %P%x09%ad%x09%s', '--date=short', 'main']);
  const prs = [];
  for (const line of log.split('\n').reverse()) {
    const [shas, date, subject] = line.split('\t');
    const [sha, parent] = shas.split(' ');
    const number = /#(\d+)/.exec(subject)?.[1];
    if (!number || !parent) continue;
    const files = out(['diff', '--name-only', parent, sha]).split('\n');
    if (!files.some((f) => /^(docs|schema)\//.test(f) && !f.startsWith('docs/blog/'))) continue;
    prs.push({ pr: Number(number), sha, parent, date, subject, files: files.length });
  }
  return prs;
}

/** Every k-th PR so that about `count` are taken, spread over the period. */
function sample(prs) {
  const step = Math.max(1, Math.floor(prs.length / count));
  return prs.filter((_, i) => i % step === 0).slice(0, count);
}

/** The key a verdict is recorded under: the PR, the rule, the file and the message (line numbers shift). */
const keyOf = (pr, f) => `${pr}|${f.rule}|${f.file}|${f.message}`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-pr-states-'));
const verdicts = new Map(fixture.verdicts.map((v) => [v.key, v]));
const report = { cli, since, until, prs: [] };
try {
  for (const pr of sample(pullRequests())) {
    const root = path.join(work, String(pr.pr));
    // A shared clone: the objects stay in the mirror, only the work tree of the merged state is written.
    spawnSync('git', ['clone', '-q', '--shared', '--no-checkout', mirror, root]);
    spawnSync('git', ['-C', root, 'checkout', '-q', '--detach', pr.sha]);
    const started = performance.now();
    const r = spawnSync(
      process.execPath,
      [cli, 'check', '--root', root, '--base', pr.parent, '--format', 'json', '--no-cache', '--quiet'],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const entry = { pr: pr.pr, sha: pr.sha, date: pr.date, subject: pr.subject, seconds };
    if (r.status !== 0 && r.status !== 1) {
      entry.error = (r.stderr || `exit ${r.status}`).trim();
      console.log(`ERROR  #${pr.pr} ${pr.date}: ${entry.error}`);
    } else {
      const parsed = JSON.parse(r.stdout);
      entry.summary = { new: parsed.summary.new, fixed: parsed.summary.fixed, unchanged: parsed.summary.unchanged };
      entry.new = parsed.findings.map((f) => ({
        key: keyOf(pr.pr, f),
        rule: f.rule,
        severity: f.severity,
        file: f.file,
        line: f.line,
        message: f.message,
        verdict: verdicts.get(keyOf(pr.pr, f))?.verdict,
      }));
      console.log(
        `#${pr.pr} ${pr.date} ${seconds}s: ${entry.new.length} new, ${entry.summary.fixed} fixed — ${pr.subject}`,
      );
      for (const f of entry.new)
        console.log(`    [${f.verdict ?? '?'}] ${f.rule} ${f.file}:${f.line} ${f.message.slice(0, 200)}`);
    }
    report.prs.push(entry);
    fs.removeSync(root);
  }
} finally {
  fs.removeSync(work);
}
const all = report.prs.flatMap((p) => p.new ?? []);
const judged = all.filter((f) => f.verdict);
const real = judged.filter((f) => f.verdict === 'true').length;
console.log(
  `\n${report.prs.length} PRs, ${all.length} new findings; judged ${judged.length}: ${real} true, ${judged.length - real} false` +
    (judged.length ? ` (precision ${((100 * real) / judged.length).toFixed(1)}%)` : '') +
    `; not judged: ${all.length - judged.length}; errors: ${report.prs.filter((p) => p.error).length}`,
);
if (argv.json) {
  fs.writeJsonSync(path.resolve(String(argv.json)), report, { spaces: 2 });
  console.log(`wrote ${argv.json}`);
}

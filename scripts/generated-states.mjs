#!/usr/bin/env zx
// spec-check's generated/* findings on real states of the spec repository where its CI was green
// (test/corpus/fixtures/generated-states.json). At each state the repository's own checks accept its
// generated files with the toolchain its lockfile pins, so every generated/* finding is a false alarm.
// Each state is extracted from a bare git mirror of the repository into a temp folder; the script checks
// that the lockfile pins the versions the fixture records, then runs
// `node <cli> check --root <state> --format json --no-cache` and fails on any generated/* finding.
// --repo-check also installs the state's pinned generators (scripts/pruned-lock.mjs) and runs the
// repository's own `check:schema:json` and `check:schema:md` there, to confirm the state is green
// (about a minute a state). Without the mirror it says so and succeeds. Run by .ci/run.
//
//   zx scripts/generated-states.mjs [--mirror DIR] [--cli FILE] [--only SHA_PREFIX] [--repo-check]
import { spawnSync } from 'node:child_process';
import { argv, fs, os, path } from 'zx';
import { GENERATOR_PACKAGES, prunedLock } from './pruned-lock.mjs';
import { checkState, cliOrExit, extractState, mirrorOrSkip } from './repo-states.mjs';

const projectRoot = path.resolve(import.meta.dirname, '..');
const mirror = mirrorOrSkip(argv, 'generated-states');
const cli = cliOrExit([argv.cli ?? path.join(projectRoot, 'dist/cli.js')], 'generated-states');
const fixture = fs.readJsonSync(path.join(projectRoot, 'test/corpus/fixtures/generated-states.json'));

/** The versions a lockfile pins for the generator packages. */
function pinsOf(lock) {
  const version = (name) => lock.packages?.[`node_modules/${name}`]?.version;
  return {
    typedoc: version('typedoc'),
    typescript: version('typescript'),
    'typescript-json-schema': version('typescript-json-schema'),
  };
}

/** Runs the repository's own generated-file checks with its pinned toolchain; the failures, one line each. */
function repoCheck(root, lock, work) {
  const tools = path.join(work, 'tools');
  fs.removeSync(tools);
  fs.mkdirpSync(tools);
  const wanted = GENERATOR_PACKAGES.filter((n) => lock.packages[`node_modules/${n}`]);
  const pruned = prunedLock(lock, wanted);
  fs.writeJsonSync(path.join(tools, 'package.json'), pruned.packageJson, { spaces: 2 });
  fs.writeJsonSync(path.join(tools, 'package-lock.json'), pruned.lock, { spaces: 2 });
  const install = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: tools,
    encoding: 'utf8',
  });
  if (install.status !== 0) return [`npm ci of the pinned toolchain failed: ${install.stderr.trim().split('\n')[0]}`];
  fs.symlinkSync(path.join(tools, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const failures = [];
  for (const script of ['check:schema:json', 'check:schema:md']) {
    const run = spawnSync('npm', ['run', '--silent', script], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (run.status !== 0) failures.push(`${script} failed: ${(run.stderr || run.stdout).trim().split('\n')[0]}`);
  }
  return failures;
}

const only = argv.only ? String(argv.only) : undefined;
const states = fixture.greenStates.filter((s) => !only || s.state.startsWith(only));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-generated-states-'));
const failures = [];
const started = Date.now();
try {
  for (const s of states) {
    const root = path.join(work, s.state.slice(0, 12));
    extractState(mirror, s.state, root);
    const lock = fs.readJsonSync(path.join(root, 'package-lock.json'));
    const pins = pinsOf(lock);
    for (const [name, version] of Object.entries(s.pins))
      if (pins[name] !== version)
        failures.push(`${s.state.slice(0, 8)}: the lockfile pins ${name} ${pins[name]}, the fixture says ${version}`);
    if (argv['repo-check'])
      for (const f of repoCheck(root, lock, work)) failures.push(`${s.state.slice(0, 8)}: the repository's own ${f}`);
    const r = checkState(cli, root);
    if (r.error) {
      failures.push(`${s.state.slice(0, 8)}: spec-check check stopped: ${r.error}`);
    } else {
      const generated = r.findings.filter((f) => f.rule.startsWith('generated/'));
      console.log(
        `${generated.length ? 'FAIL' : 'ok  '} ${s.state.slice(0, 8)} ${s.date} typedoc ${pins.typedoc}, typescript-json-schema ${pins['typescript-json-schema']}: ${generated.length} generated/* findings`,
      );
      for (const f of generated.slice(0, 5))
        failures.push(`${s.state.slice(0, 8)}: ${f.file}:${f.line}: ${f.rule}: ${f.message.slice(0, 300)}`);
      if (generated.length > 5) failures.push(`${s.state.slice(0, 8)}: … and ${generated.length - 5} more`);
    }
    fs.removeSync(root);
  }
} finally {
  fs.removeSync(work);
}
console.log(
  `generated-states: ${failures.length ? 'FAILED' : 'ok'} on ${states.length} states in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
for (const f of failures) console.error(`- ${f}`);
process.exit(failures.length ? 1 : 0);

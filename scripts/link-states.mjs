#!/usr/bin/env zx
// spec-check's link findings on real states of the spec repository (test/corpus/fixtures/link-states.json):
// - broken states (the parent of a commit where maintainers fixed a link by hand): did spec-check report
//   that link (an xref/* finding at its file and line)? That is recall.
// - green states (merges on main whose CI passed): every xref/* finding is a candidate false alarm, to judge.
// Each state is extracted from a bare git mirror of the spec repository into a temp folder and checked with
// `node <cli> check --root <state> --format json --no-cache`. Not part of `npm test` or CI: without the
// mirror it says so and succeeds.
//
//   zx scripts/link-states.mjs [--mirror DIR] [--cli FILE] [--only SHA_PREFIX] [--json FILE] [--mint]
//
// --cli defaults to dist/cli.js of the current folder (else of this worktree): run it from the worktree
// whose build you want to measure. --mint also runs Mintlify's checker on each broken state (slow: about
// two minutes a state) and records whether it reported the link.
import { argv, fs, os, path } from 'zx';
import { installMint, MINT_VERSION, parseBrokenLinks, runBrokenLinks } from './mint-cli.mjs';
import { checkState, cliOrExit, extractState, mirrorOrSkip } from './repo-states.mjs';

const projectRoot = path.resolve(import.meta.dirname, '..');
const mirror = mirrorOrSkip(argv, 'link-states');
const cli = cliOrExit(argv.cli ? [argv.cli] : ['dist/cli.js', path.join(projectRoot, 'dist/cli.js')], 'link-states');
const fixture = fs.readJsonSync(path.join(projectRoot, 'test/corpus/fixtures/link-states.json'));

/** Extracts the tree of `commit` into a fresh folder under `work`. */
const extract = (commit, work) => extractState(mirror, commit, path.join(work, commit.slice(0, 12)));

/** spec-check's findings on one extracted state, or the one-line error it stopped with. */
const check = (root) => checkState(cli, root);

const isXref = (f) => f.rule.startsWith('xref/');

/**
 * Whether finding `f` is about the expected broken link `e`: same file, and either the recorded line or
 * (a link whose text wraps onto the recorded line starts up to three lines above) a finding there naming
 * the link's fragment or path.
 */
function isAbout(f, e) {
  if (!isXref(f) || f.file !== e.file) return false;
  if (f.line === e.line) return true;
  const [pathPart, fragment] = e.link.split('#');
  const named = (fragment && f.message.includes(`#${fragment}`)) || (pathPart && f.message.includes(pathPart));
  return named && f.line < e.line && f.line >= e.line - 3;
}

/** Whether Mintlify's checker reported `link` on `file` in the extracted state. */
function mintCaught(mintEntry, root, home, expected) {
  const docs = path.join(root, 'docs');
  const r = runBrokenLinks(mintEntry, docs, [], home);
  const parsed = parseBrokenLinks(r.stdout);
  if (parsed.error || !parsed.reported) return expected.map(() => `error: ${parsed.error ?? r.stderr.trim()}`);
  return expected.map((e) =>
    parsed.links.some((l) => path.posix.join('docs', l.page) === e.file && l.target === e.link) ? 'yes' : 'no',
  );
}

const only = argv.only ? String(argv.only) : undefined;
const wanted = (state) => !only || state.startsWith(only);
const brokenByState = new Map();
for (const b of fixture.brokenStates.filter((b) => wanted(b.state))) {
  brokenByState.set(b.state, [...(brokenByState.get(b.state) ?? []), b]);
}
const greens = fixture.greenStates.filter((g) => wanted(g.state));

let mintEntry;
if (argv.mint) {
  try {
    mintEntry = installMint(path.join(os.tmpdir(), `spec-check-mint-${MINT_VERSION}`));
  } catch (e) {
    console.log(`--mint ignored: ${e.message.split('\n')[0]}`);
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-link-states-'));
const report = { cli, broken: [], green: [] };
try {
  for (const [state, expected] of brokenByState) {
    const root = extract(state, work);
    const result = check(root);
    const mint = mintEntry ? mintCaught(mintEntry, root, path.join(work, 'home'), expected) : [];
    expected.forEach((e, i) => {
      const hits = (result.findings ?? []).filter((f) => isAbout(f, e));
      const entry = { ...e, reported: hits.length > 0, findings: hits.map((f) => `${f.rule}: ${f.message}`) };
      if (result.error) entry.error = result.error;
      if (mint[i]) entry.mint = mint[i];
      report.broken.push(entry);
      const mark = result.error ? 'ERROR' : entry.reported ? 'found' : 'MISSED';
      console.log(`${mark.padEnd(6)} ${state.slice(0, 8)} ${e.file}:${e.line} ${e.link} [${e.kinds.join(', ')}]`);
    });
    fs.removeSync(root);
  }
  for (const g of greens) {
    const root = extract(g.state, work);
    const result = check(root);
    const xref = (result.findings ?? []).filter(isXref);
    report.green.push({ ...g, error: result.error, seconds: result.seconds, xref });
    console.log(
      `green  ${g.state.slice(0, 8)} ${g.date}: ${result.error ? `ERROR ${result.error}` : `${xref.length} xref findings`}`,
    );
    for (const f of xref) console.log(`         ${f.rule} ${f.file}:${f.line} ${f.message}`);
    fs.removeSync(root);
  }
} finally {
  fs.removeSync(work);
}

// Recall overall and per kind (a link counts under each of its kinds).
const byKind = new Map();
for (const b of report.broken) {
  for (const k of ['all', ...b.kinds]) {
    const s = byKind.get(k) ?? { found: 0, total: 0 };
    s.total += 1;
    if (b.reported) s.found += 1;
    byKind.set(k, s);
  }
}
console.log('\nrecall on broken states:');
for (const [k, s] of byKind) console.log(`  ${k.padEnd(28)} ${s.found}/${s.total}`);
if (report.broken.some((b) => b.mint)) {
  const caught = report.broken.filter((b) => b.mint === 'yes').length;
  console.log(`  Mintlify's checker caught ${caught}/${report.broken.length}`);
}
const alarms = report.green.reduce((n, g) => n + g.xref.length, 0);
console.log(`xref findings on green states (candidate false alarms): ${alarms}`);
if (argv.json) {
  fs.writeJsonSync(path.resolve(String(argv.json)), report, { spaces: 2 });
  console.log(`wrote ${argv.json}`);
}

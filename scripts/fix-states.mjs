#!/usr/bin/env zx
// Recall on what the spec repository's maintainers fixed by hand. Selects commits on main (no merges, since
// --since) that touch the spec (docs/specification/, schema/) and whose subject says they fix a defect,
// classifies each by its subject and the files its diff touches (generated file, typo, changelog line,
// link, error code, example, JSDoc, JSON block), and runs `check` on the fix's parent and on the fix.
// The defect counts as found when a finding at the parent is gone at the fix (no finding of the same rule,
// file and message remains) and lies in the lines the fix changed (its line, or one of its related
// locations, within a changed hunk of the parent's side, give or take --slack lines, or its message names a
// file the fix changed, as a stale generated file's finding does).
// Commits that only reformat (prettier, "fix formatting"), repair a merge, or change more than --max-lines
// lines outside the generated files (feature work that happens to say "fix") are left out.
// Each check reads only the versions the fix changes (`--version`), with the repository's own config.
// Each state's findings are cached in --cache (by commit and by a hash of the CLI's build), so a rerun only
// checks states it has not seen. Not part of `npm test` or CI: without the mirror it says so and succeeds.
//
//   zx scripts/fix-states.mjs [--mirror DIR] [--cli FILE] [--since 2025-01-01] [--until DATE] [--limit 60]
//        [--max-lines 120] [--slack 2] [--class link] [--skip-class typo] [--other] [--only SHA_PREFIX,...] [--cache DIR] [--json FILE] [--list]
//   zx scripts/fix-states.mjs --from FILE [--class link] [--json FILE]
//
// A fix of no class ('other': mostly changes of design that say "fix") is left out unless --other is given.
// --from FILE (an earlier --json report) checks again only that report's misses, with the current build,
// and prints the whole table with their new results: the "after" of a change that adds findings.
// --list prints the selected commits and their classes without checking anything.
import { createHash } from 'node:crypto';
import { argv, fs, os, path } from 'zx';
import { checkState, cliOrExit, extractState, mirrorGit, mirrorOrSkip } from './repo-states.mjs';

const projectRoot = path.resolve(import.meta.dirname, '..');
const mirror = mirrorOrSkip(argv, 'fix-states');
const cli = cliOrExit(argv.cli ? [argv.cli] : ['dist/cli.js', path.join(projectRoot, 'dist/cli.js')], 'fix-states');
const since = String(argv.since ?? '2025-01-01');
const until = argv.until ? String(argv.until) : undefined;
const limit = Number(argv.limit ?? 60);
const maxLines = Number(argv['max-lines'] ?? 120);
const slack = Number(argv.slack ?? 2);
const onlyClass = argv.class ? String(argv.class) : undefined;
// --skip-class leaves classes out of the checks (listed, counted as not checked): say, one handled elsewhere.
const skipClasses = new Set(argv['skip-class'] ? String(argv['skip-class']).split(',') : []);
const only = argv.only ? String(argv.only).split(',') : undefined;

const out = (args) => mirrorGit(mirror, args, { encoding: 'utf8' }).stdout;

const SPEC_PATH = /^(docs\/specification\/|schema\/)/;
const GENERATED = /^(schema\/[^/]+\/schema\.json|docs\/specification\/[^/]+\/schema\.mdx)$/;
const CHANGELOG = /^docs\/specification\/[^/]+\/changelog\.mdx$/;
const SAYS_FIX =
  /\b(fix(es|ed|ing)?|typos?|broken|dead|stale|correct(s|ed|ion)?|regenerat\w*|misspell\w*|spelling|wrong|incorrect|missing|missed)\b/i;
const OUT_OF_SCOPE = /\b(prettier|formatting|format|merge|whitespace|lint)\b/i;

/** The defect class of a fix, from its subject and the spec files it changes; undefined when none fits. */
function classify(subject, files) {
  const spec = files.filter((f) => SPEC_PATH.test(f));
  if (/regenerat|generated|schema\.json|schema\.mdx|schema md/i.test(subject) || spec.every((f) => GENERATED.test(f)))
    return 'generated';
  if (/typo|spelling|misspel|grammar|grammatical/i.test(subject)) return 'typo';
  if (spec.every((f) => CHANGELOG.test(f)) || /changelog/i.test(subject)) return 'changelog';
  // "URLs" (plural): the singular names the URL mode of elicitation as often as a link.
  if (/\b(links?|anchors?|href|urls)\b/i.test(subject)) return 'link';
  if (/error code/i.test(subject)) return 'error-code';
  if (/example/i.test(subject)) return 'example';
  if (/docstring|jsdoc|comment/i.test(subject) || spec.every((f) => /^schema\/[^/]+\/schema\.ts$/.test(f)))
    return 'jsdoc';
  if (/\bjson\b/i.test(subject)) return 'json-block';
  return 'other';
}

/** Lines changed outside the generated files (added plus removed), from `git diff --numstat`. */
function handLines(parent, sha) {
  let n = 0;
  for (const line of out(['diff', '--numstat', parent, sha]).split('\n')) {
    const [added, removed, file] = line.split('\t');
    if (!file || GENERATED.test(file) || added === '-') continue;
    n += Number(added) + Number(removed);
  }
  return n;
}

/** The fix commits, newest first, each with its parent, subject, class and changed files. */
function fixCommits() {
  const range = [`--since=${since}`, ...(until ? [`--until=${until}`] : [])];
  const log = out([
    'log',
    '--no-merges',
    ...range,
    '--format=%H %P%x09%ad%x09%s',
    '--date=short',
    'main',
    '--',
    'docs/specification/',
    'schema/',
  ]);
  const fixes = [];
  const skipped = { outOfScope: 0, tooLarge: 0 };
  for (const line of log.split('\n').filter(Boolean)) {
    const [shas, date, subject] = line.split('\t');
    const [sha, parent] = shas.split(' ');
    if (only && !only.some((prefix) => sha.startsWith(prefix))) continue;
    if (!parent || !SAYS_FIX.test(subject)) continue;
    if (OUT_OF_SCOPE.test(subject) && !/typo|link|example|changelog/i.test(subject)) {
      skipped.outOfScope++;
      continue;
    }
    const files = out(['diff', '--name-only', '--no-renames', parent, sha]).split('\n').filter(Boolean);
    if (!files.some((f) => SPEC_PATH.test(f))) continue;
    if (handLines(parent, sha) > maxLines) {
      skipped.tooLarge++;
      continue;
    }
    const kind = classify(subject, files);
    if (onlyClass ? kind !== onlyClass : kind === 'other' && !argv.other) continue;
    fixes.push({ sha, parent, date, subject, class: kind, files });
    if (fixes.length >= limit) break;
  }
  return { fixes, skipped };
}

/** The parent-side line ranges each file's hunks change (`git diff -U0`), a pure insertion as the line it follows. */
function changedRanges(parent, sha) {
  const ranges = new Map();
  let file;
  for (const line of out(['diff', '-U0', '--no-renames', parent, sha]).split('\n')) {
    if (line.startsWith('--- ')) file = line === '--- /dev/null' ? undefined : line.slice(6);
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+/.exec(line);
    if (hunk && file) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      const list = ranges.get(file) ?? [];
      list.push([start, start + Math.max(count, 1) - 1]);
      ranges.set(file, list);
    }
  }
  return ranges;
}

const cliHash = (() => {
  const hash = createHash('sha1');
  const dist = path.dirname(cli);
  for (const f of fs.readdirSync(dist, { recursive: true }).sort()) {
    const p = path.join(dist, String(f));
    if (fs.statSync(p).isFile()) hash.update(String(f)).update(fs.readFileSync(p));
  }
  return hash.digest('hex').slice(0, 12);
})();
const cacheDir = path.resolve(String(argv.cache ?? path.join(os.tmpdir(), 'spec-check-fix-states')), cliHash);
fs.mkdirpSync(cacheDir);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-fix-states-'));

/**
 * The versions a fix changes (`--version` for each), so that a check reads only those; none (the whole
 * tree) when it changes a spec file outside a version's folder.
 */
function versionsOf(files) {
  const versions = new Set();
  for (const f of files.filter((f) => SPEC_PATH.test(f))) {
    const m = /^(?:docs\/specification|schema)\/([^/]+)\//.exec(f);
    if (!m) return [];
    versions.add(m[1]);
  }
  return [...versions].sort();
}

/** The findings of `check` at one commit (of `versions` only), from the cache or by checking its tree. */
function findingsAt(sha, versions) {
  const cached = path.join(cacheDir, `${sha}${versions.length ? `-${versions.join('+')}` : ''}.json`);
  if (fs.existsSync(cached)) return fs.readJsonSync(cached);
  const root = extractState(mirror, sha, path.join(work, sha.slice(0, 12)));
  const r = checkState(
    cli,
    root,
    versions.flatMap((v) => ['--version', v]),
  );
  fs.removeSync(root);
  const result = r.error
    ? { error: r.error, seconds: r.seconds }
    : {
        seconds: r.seconds,
        findings: r.findings.map((f) => ({
          rule: f.rule,
          file: f.file,
          line: f.line,
          message: f.message,
          related: (f.related ?? []).map((l) => ({ file: l.file, line: l.line })),
        })),
      };
  fs.writeJsonSync(cached, result);
  return result;
}

const keyOf = (f) => `${f.rule}|${f.file}|${f.message}`;

/** The parent's findings that the fix removed and that lie in the lines it changed. */
function reported(fix) {
  const versions = versionsOf(fix.files);
  const before = findingsAt(fix.parent, versions);
  const after = findingsAt(fix.sha, versions);
  if (before.error || after.error) return { error: before.error ?? after.error };
  const remaining = new Map();
  for (const f of after.findings) remaining.set(keyOf(f), (remaining.get(keyOf(f)) ?? 0) + 1);
  const count = new Map();
  for (const f of before.findings) count.set(keyOf(f), (count.get(keyOf(f)) ?? 0) + 1);
  const ranges = changedRanges(fix.parent, fix.sha);
  const inHunk = (file, line) => (ranges.get(file) ?? []).some(([a, b]) => line >= a - slack && line <= b + slack);
  const gone = before.findings.filter((f) => (remaining.get(keyOf(f)) ?? 0) < count.get(keyOf(f)));
  // A finding may be placed at the source of a defect the fix repaired elsewhere: a stale generated file is
  // reported at its declaration in schema.ts, naming the file; a broken link names the page that lacks the anchor.
  const changed = [...ranges.keys()];
  const hits = gone.filter(
    (f) =>
      inHunk(f.file, f.line) ||
      f.related.some((l) => inHunk(l.file, l.line)) ||
      changed.some((file) => f.message.includes(file)),
  );
  return { hits, gone: gone.length, seconds: (before.seconds ?? 0) + (after.seconds ?? 0) };
}

/** With --from: the rows of an earlier --json report, and the fixes among them to check again (its misses). */
const earlier = argv.from ? fs.readJsonSync(path.resolve(String(argv.from))).rows : undefined;
const { fixes, skipped } = earlier
  ? {
      fixes: earlier.filter((r) => r.error || !r.hits.length).filter((r) => !onlyClass || r.class === onlyClass),
      skipped: { outOfScope: 0, tooLarge: 0 },
    }
  : fixCommits();
console.log(
  `${fixes.length} fix commits since ${since} (left out: ${skipped.outOfScope} formatting or merge, ${skipped.tooLarge} over ${maxLines} hand-changed lines); CLI build ${cliHash}`,
);
if (argv.list) {
  for (const f of fixes) console.log(`${f.sha.slice(0, 8)} ${f.date} ${f.class.padEnd(10)} ${f.subject}`);
  process.exit(0);
}
const rows = [];
try {
  for (const fix of fixes) {
    if (skipClasses.has(fix.class)) continue;
    const r = reported(fix);
    const row = {
      sha: fix.sha,
      parent: fix.parent,
      date: fix.date,
      class: fix.class,
      subject: fix.subject,
      files: fix.files,
      ...r,
    };
    rows.push(row);
    const verdict = r.error ? 'ERROR' : r.hits.length ? 'found' : 'missed';
    console.log(`${verdict.padEnd(6)} ${fix.sha.slice(0, 8)} ${fix.date} ${fix.class.padEnd(10)} ${fix.subject}`);
    if (r.error) console.log(`    ${r.error}`);
    for (const f of r.hits ?? []) console.log(`    ${f.rule} ${f.file}:${f.line} ${f.message.slice(0, 160)}`);
  }
} finally {
  fs.removeSync(work);
}
// The earlier report's rows, with the misses checked again replaced by this run's rows.
if (earlier) {
  const again = new Map(rows.map((r) => [r.sha, r]));
  rows.splice(0, rows.length, ...earlier.map((r) => again.get(r.sha) ?? r));
}

const byClass = new Map();
for (const row of rows) {
  const c = byClass.get(row.class) ?? { commits: 0, found: 0, missed: 0, errors: 0 };
  c.commits++;
  if (row.error) c.errors++;
  else if (row.hits.length) c.found++;
  else c.missed++;
  byClass.set(row.class, c);
}
const total = { commits: 0, found: 0, missed: 0, errors: 0 };
console.log('\n| class | commits | found | missed |\n|---|---|---|---|');
for (const [name, c] of [...byClass].sort()) {
  console.log(`| ${name} | ${c.commits} | ${c.found} | ${c.missed}${c.errors ? ` (+${c.errors} errors)` : ''} |`);
  for (const k of Object.keys(total)) total[k] += c[k];
}
console.log(`| **all** | ${total.commits} | ${total.found} | ${total.missed} |`);
if (argv.json) {
  fs.writeJsonSync(path.resolve(String(argv.json)), { cli, cliHash, since, until, limit, rows }, { spaces: 2 });
  console.log(`wrote ${argv.json}`);
}

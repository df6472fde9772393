#!/usr/bin/env zx
// Benchmark of `spec-check check` on the MCP spec snapshot: whole-process wall time (min and
// median over runs), per-phase times, peak memory, cold (no cache) and warm (cache present),
// and how the cost grows with the size of the spec.
//
// Then PR mode (`check --base`) on a temp git copy of the corpus with one changed page, against a
// plain check of the same tree.
//
// Then watch mode: how long a re-check takes after one edit of an MDX page, an example and a
// schema.ts (in a temp copy of the corpus), from the write and in-process (load, prepare, rules),
// and the memory the process holds after N more edits against its size after the first check.
//
// When the spec repository's own toolchain is installed (`zx scripts/repo-checks.mjs install`), its four
// checks that a check replaces run side by side with a cold check, and the ratio is printed.
//
// Then incremental checks across processes: a check with the cache of the tree before one edit
// (an MDX page, an example, a schema.ts), against a cold check of the same edited tree.
//
// Then the worker pool: a cold check with --workers 1, 2, 3 and 4, its wall and CPU time, and the
// wall time four cores would give, derived from each thread's CPU time (see `benchWorkers`).
//
//   npm run bench -- [--runs N] [--corpus DIR] [--no-scaling] [--no-review] [--no-watch] [--watch-edits N]
//                    [--repo-checks DIR | --no-repo-checks] [--no-incremental | --incremental-only]
//                    [--no-workers] [--no-cold]
import { argv, fs, path, os } from 'zx';
import { defaultRepoChecksDir, REPO_CHECKS, repoChecksReady, repoTree, runRepoChecks } from './repo-checks.mjs';
import { spawn, spawnSync } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';

const projectRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(argv.corpus ?? path.join(projectRoot, '../shared/corpus/mcp-spec'));
const runs = Number(argv.runs ?? 5);
const cli = path.join(projectRoot, 'dist/cli.js');
const cacheDir = path.join(projectRoot, 'node_modules/.cache/spec-check');
// The cold cases clear the cache: through a linked node_modules that would be another tree's cache.
if (fs.lstatSync(path.join(projectRoot, 'node_modules'), { throwIfNoEntry: false })?.isSymbolicLink()) {
  console.error(`bench: ${path.join(projectRoot, 'node_modules')} is a link; its cache is another tree's, not cleared`);
  process.exit(2);
}

if (!fs.existsSync(corpus)) {
  console.log(`bench skipped: ${corpus} not found`);
  process.exit(0);
}

/** One whole-process run: wall time measured outside, phases and peak memory reported inside. */
function runCheck(root, extra = []) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, 'check', '--root', root, '--format', 'json', ...extra], {
    encoding: 'utf8',
    env: { ...process.env, SPEC_CHECK_TIMING: '1' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const wall = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`check exited ${r.status}: ${r.stderr}`);
  const line = r.stderr.split('\n').find((l) => l.startsWith('spec-check timing: '));
  const phases = line ? JSON.parse(line.slice('spec-check timing: '.length)) : {};
  return { wall, phases, findings: JSON.parse(r.stdout).findings.length };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${Math.round(x)} ms`;
// The timing line also carries counts (pages parsed, verdicts read back, pages rendered): no unit.
const COUNTS = new Set([
  'pagesParsed',
  'pagesFromCache',
  'pageTreesRead',
  'verdictsFromCache',
  'verdictsJudged',
  'schemaJsonGenerated',
  'referencePagesRendered',
  'referencePagesSpliced',
  'referencePagesAsCommitted',
  'sepPagesByHead',
  'sepPagesFormattedWhole',
  'pagesParsedInWorkers',
  'workerThreadsStarted',
  'jobsStartedEarly',
  'referenceBlocksHighlighted',
  'inlineTypesFromCache',
  'inlineTypesParsed',
  'pageClaimsFromCache',
  'pageClaimsRead',
  'schemaClaimsFromCache',
  'schemaClaimsRead',
]);
const unitOf = (name) => (COUNTS.has(name) ? (x) => String(Math.round(x)) : ms);

function series(label, root, extra = [], { clearCache = false } = {}) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    if (clearCache) fs.rmSync(cacheDir, { recursive: true, force: true });
    results.push(runCheck(root, extra));
  }
  const walls = results.map((r) => r.wall);
  const phaseNames = [...new Set(results.flatMap((r) => Object.keys(r.phases)))].filter((k) => k !== 'maxRssMB');
  console.log(
    `\n${label}: wall min ${ms(Math.min(...walls))}, median ${ms(median(walls))} (${runs} runs); peak memory ${Math.max(...results.map((r) => r.phases.maxRssMB ?? 0))} MB; ${results[0].findings} findings`,
  );
  for (const name of phaseNames) {
    const xs = results.map((r) => r.phases[name] ?? 0);
    if (median(xs) >= 1 || ['load', 'prepare', 'rules', 'total'].includes(name))
      console.log(
        `  ${name.padEnd(36)} min ${unitOf(name)(Math.min(...xs)).padStart(8)}  median ${unitOf(name)(median(xs)).padStart(8)}`,
      );
  }
  return { min: Math.min(...walls), median: median(walls) };
}

console.log(
  `spec-check bench on ${path.relative(process.cwd(), corpus)} (node ${process.version}, ${os.cpus().length} cores)`,
);
if (argv['incremental-only']) {
  benchIncremental();
  process.exit(0);
}
if (argv.cold !== false) {
  series('cold (no cache)', corpus, [], { clearCache: true });
  series('warm (cache present)', corpus);
}
if (argv['repo-checks'] !== false) benchRepoChecks();
if (argv.workers !== false) await benchWorkers();

if (argv.review !== false) benchReview();

if (argv.incremental !== false) benchIncremental();

if (argv.scaling !== false) {
  const versions = fs
    .readdirSync(path.join(corpus, 'schema'))
    .filter((v) => /^(\d{4}-\d{2}-\d{2}|draft)$/.test(v))
    .sort((a, b) => (a === 'draft' ? -1 : b === 'draft' ? 1 : a < b ? 1 : -1));
  const sizeOf = (root, vs) =>
    vs.reduce(
      (sum, v) => sum + dirBytes(path.join(root, 'schema', v)) + dirBytes(path.join(root, 'docs/specification', v)),
      0,
    );
  const rows = [];
  // Without the cache: the rows measure the work, not a cache lookup.
  for (const n of [1, 2, 4, 6].filter((n) => n <= versions.length)) {
    const vs = versions.slice(0, n);
    const r = series(`${n} version${n > 1 ? 's' : ''} (${vs.join(', ')}), no cache`, corpus, [
      ...vs.flatMap((v) => ['--version', v]),
      '--no-cache',
    ]);
    rows.push({ label: `${n} version${n > 1 ? 's' : ''}`, bytes: sizeOf(corpus, vs), ...r });
  }
  for (const k of [2, 4]) {
    const root = syntheticSpec(k);
    const r = series(`synthetic ${k}x draft, no cache`, root, ['--no-cache']);
    rows.push({ label: `${k}x draft`, bytes: sizeOf(root, fs.readdirSync(path.join(root, 'schema'))), ...r });
    fs.rmSync(root, { recursive: true, force: true });
  }
  console.log('\nscaling (median wall time; the SEPs are read in every row):');
  console.log('  spec                 size      median     ms per MB');
  for (const row of rows) {
    const mb = row.bytes / 1048576;
    console.log(
      `  ${row.label.padEnd(18)} ${mb.toFixed(1).padStart(6)} MB ${ms(row.median).padStart(10)} ${(row.median / mb).toFixed(0).padStart(10)}`,
    );
  }
}

if (argv.watch !== false) await benchWatch();

/**
 * The spec repository's own four checks (see scripts/repo-checks.mjs) and a cold check, one after
 * the other in each run, so that the ratio is of two figures taken under the same load. As many
 * runs as the other figures (`--runs`, 5 by default), since the ratio moves with the machine's
 * load: each run's ratio, their median and range, and the ratio of each side's fastest run.
 */
function benchRepoChecks() {
  const dir = path.resolve(typeof argv['repo-checks'] === 'string' ? argv['repo-checks'] : defaultRepoChecksDir());
  const installed = repoChecksReady(dir);
  if (!installed) {
    console.log(
      `\nthe spec repository's own checks: not installed in ${dir} (zx scripts/repo-checks.mjs install); skipped`,
    );
    return;
  }
  const tree = repoTree(corpus, dir);
  const pairs = [];
  try {
    for (let i = 0; i < Math.max(1, runs); i++) {
      fs.rmSync(cacheDir, { recursive: true, force: true });
      const check = runCheck(corpus).wall / 1000;
      const repo = runRepoChecks(tree, dir);
      pairs.push({ check, repo, total: repo.reduce((sum, c) => sum + c.seconds, 0) });
    }
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }
  const s = (x) => `${x.toFixed(2)} s`;
  console.log(
    `\nthe spec repository's own checks (${Object.entries(installed.packages)
      .map(([n, v]) => `${n}@${v}`)
      .join(', ')}, mint@${installed.mint}), side by side with a cold check (${pairs.length} runs, medians):`,
  );
  for (const name of REPO_CHECKS) {
    const runsOf = pairs.map((p) => p.repo.find((c) => c.name === name));
    console.log(`  ${name.padEnd(24)} ${s(median(runsOf.map((c) => c.seconds)))} (exit ${runsOf[0].status})`);
  }
  console.log(`  ${'the four'.padEnd(24)} ${s(median(pairs.map((p) => p.total)))}`);
  console.log(`  ${'spec-check check, cold'.padEnd(24)} ${s(median(pairs.map((p) => p.check)))}`);
  const ratios = pairs.map((p) => p.total / p.check);
  const x = (r) => `${r.toFixed(1)}x`;
  console.log(
    `  the four take ${x(median(ratios))} a cold check (median of the runs' ratios; min ${x(Math.min(...ratios))}, max ${x(Math.max(...ratios))}; runs ${ratios.map(x).join(', ')}; fastest against fastest ${x(Math.min(...pairs.map((p) => p.total)) / Math.min(...pairs.map((p) => p.check)))})`,
  );
}

/**
 * PR mode: the corpus committed in a temp git repository, then one page edited (lines moved and a
 * broken link added); `check --base HEAD` against a plain check of that tree, both without the
 * cache (the work) and with it warm (the base's report comes from the cache).
 */
function benchReview() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-bench-review-'));
  fs.cpSync(corpus, root, { recursive: true });
  const git = (...args) => {
    const r = spawnSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'b',
        GIT_AUTHOR_EMAIL: 'b@b',
        GIT_COMMITTER_NAME: 'b',
        GIT_COMMITTER_EMAIL: 'b@b',
      },
    });
    if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.stderr}`);
  };
  git('init', '-q');
  git('add', '-A');
  git('-c', 'commit.gpgsign=false', 'commit', '-qm', 'base');
  const page = path.join(root, 'docs/specification/draft/server/tools.mdx');
  const text = fs.readFileSync(page, 'utf8');
  fs.writeFileSync(page, text.replace(/\n## /, '\nA new paragraph, with [a broken link](#no-such-heading).\n\n## '));
  try {
    const plain = series('PR mode baseline: plain check of the changed tree, no cache', root, ['--no-cache']);
    const review = series('PR mode: check --base HEAD, one changed page, no cache', root, [
      '--base',
      'HEAD',
      '--no-cache',
    ]);
    fs.rmSync(cacheDir, { recursive: true, force: true });
    runCheck(root, ['--base', 'HEAD']);
    const warm = series('PR mode: check --base HEAD, cache warm', root, ['--base', 'HEAD']);
    console.log(
      `\nPR mode cost: ${(review.min / plain.min).toFixed(2)}x (min), ${(review.median / plain.median).toFixed(2)}x (median) a plain check without the cache; ${(warm.min / plain.min).toFixed(2)}x (min) with the cache warm`,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Incremental checks across processes, on a temp copy of the corpus with a cache of its own
 * (its own node_modules): for each kind of edit, the tree before the edit is checked with the
 * cache (filling it), then the edited tree is checked with the cache and cold (`--no-cache`), in
 * alternating order, so that each ratio is of two figures taken under the same load. Each edit is
 * new text, so no whole report is in the cache. The two reports must be equal.
 */
function benchIncremental() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-bench-incremental-'));
  fs.cpSync(corpus, root, { recursive: true });
  fs.mkdirSync(path.join(root, 'node_modules'), { recursive: true });
  const check = (extra) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, [cli, 'check', '--root', root, '--format', 'json', ...extra], {
      encoding: 'utf8',
      env: { ...process.env, SPEC_CHECK_TIMING: '1' },
      maxBuffer: 256 * 1024 * 1024,
    });
    if ((r.status !== 0 && r.status !== 1) || !r.stdout.startsWith('{'))
      throw new Error(`check exited ${r.status}: ${r.stderr}`);
    const line = r.stderr.split('\n').find((l) => l.startsWith('spec-check timing: '));
    return { wall: performance.now() - started, stdout: r.stdout, phases: line ? JSON.parse(line.slice(19)) : {} };
  };
  const edits = benchEdits(root);
  console.log(
    `\nincremental (a check with the cache of the tree before one edit, against a cold check of the edited tree; ${runs} runs):`,
  );
  let n = 0;
  try {
    for (const [label, rel, change] of edits) {
      const file = path.join(root, rel);
      const original = fs.readFileSync(file, 'utf8');
      const rows = [];
      for (let i = 0; i < runs; i++) {
        fs.writeFileSync(file, original);
        check([]);
        fs.writeFileSync(file, change(original, n++));
        const order = i % 2 ? ['cold', 'cached'] : ['cached', 'cold'];
        const got = {};
        for (const which of order) got[which] = check(which === 'cold' ? ['--no-cache'] : []);
        if (got.cached.stdout !== got.cold.stdout)
          throw new Error(`the report after a ${label} edit differs from a cold check's`);
        rows.push({
          ratio: got.cached.wall / got.cold.wall,
          cached: got.cached.wall,
          cold: got.cold.wall,
          phases: got.cached.phases,
          cpu: { cached: got.cached.phases.cpuMs, cold: got.cold.phases.cpuMs },
        });
      }
      fs.writeFileSync(file, original);
      const ratios = rows.map((r) => r.ratio);
      const parsed = median(rows.map((r) => r.phases.pagesParsed ?? 0));
      // CPU (user + sys, every thread) as the timing line gives it: steadier than wall on a shared machine.
      const cpu = (which) => median(rows.map((r) => r.cpu[which] ?? NaN));
      const cpuRatio = median(rows.map((r) => r.cpu.cached / r.cpu.cold));
      const rendered = median(rows.map((r) => r.phases.referencePagesRendered ?? 0));
      console.log(
        `  ${label.padEnd(9)} edit: ratio min ${Math.min(...ratios).toFixed(2)}x, median ${median(ratios).toFixed(2)}x (with the cache median ${ms(median(rows.map((r) => r.cached)))}, cold ${ms(median(rows.map((r) => r.cold)))}; CPU with the cache median ${ms(cpu('cached'))}, cold ${ms(cpu('cold'))}, ratio median ${cpuRatio.toFixed(2)}x; pages parsed ${parsed}, Schema Reference pages rendered ${rendered}, reports equal)`,
      );
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Watch mode in this process: the first check, then one edit at a time (each undone before the
 * next), timed from the write to the end of the re-check.
 */
async function benchWatch() {
  const { watchCheck } = await import(path.join(projectRoot, 'dist/watch.js'));
  // Memory is compared after a full collection, so that garbage not yet collected is not counted.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const rss = () => {
    gc();
    return process.memoryUsage().rss;
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-bench-watch-'));
  fs.cpSync(corpus, root, { recursive: true });
  const checks = [];
  let wake = () => {};
  const controller = new AbortController();
  // The phases of each check, as the watch records them (load, prepare, rules).
  const timings = {};
  const started = performance.now();
  const done = watchCheck({
    root,
    checkOptions: () => ({ timings }),
    io: { stdout: () => {}, stderr: () => {} },
    signal: controller.signal,
    quiet: true,
    onCheck: (report) => {
      checks.push({ at: performance.now(), findings: report.findings.length, phases: { ...timings } });
      for (const k of Object.keys(timings)) delete timings[k];
      wake();
    },
  });
  const next = async () => {
    while (!checks.length) await new Promise((r) => (wake = r));
    return checks.shift();
  };
  const first = await next();
  const rssFirst = rss();
  console.log(
    `\nwatch: first check ${ms(first.at - started)}; process memory after it ${Math.round(rssFirst / 1048576)} MB`,
  );
  const edits = benchEdits(root);
  let edit = 0;
  const timeEdit = async (file, text) => {
    await new Promise((r) => setTimeout(r, 100));
    const written = performance.now();
    fs.writeFileSync(file, text);
    const check = await next();
    edit++;
    return { wall: check.at - written, ...check.phases };
  };
  const minMedian = (xs) => `min ${ms(Math.min(...xs))}, median ${ms(median(xs))}`;
  for (const [label, rel, change] of edits) {
    const file = path.join(root, rel);
    const original = fs.readFileSync(file, 'utf8');
    const times = [];
    for (let i = 0; i < Math.max(1, Math.min(runs, 3)); i++) {
      times.push(await timeEdit(file, change(original, edit)));
      await timeEdit(file, original);
    }
    // The debounce (30 ms) is part of what a user waits for; the phases are the re-check itself.
    const phase = (name) => times.map((t) => t[name] ?? 0);
    const inProcess = times.map((t) => (t.load ?? 0) + (t.prepare ?? 0) + (t.rules ?? 0));
    console.log(
      `watch: re-check after one ${label.padEnd(9)} edit: ${minMedian(phase('wall'))} (${times.length} edits, write to report); in-process ${minMedian(inProcess)} (load ${ms(median(phase('load')))}, prepare ${ms(median(phase('prepare')))}, rules ${ms(median(phase('rules')))})`,
    );
  }
  // Memory over many edits: pages and examples, and a schema.ts edit in every ten (new texts each time).
  const memoryEdits = Number(argv['watch-edits'] ?? 100);
  const originals = new Map(edits.map(([, rel]) => [rel, fs.readFileSync(path.join(root, rel), 'utf8')]));
  for (let i = 0; i < memoryEdits; i++) {
    const [, rel, change] = i % 10 === 9 ? edits[2] : edits[i % 2];
    await timeEdit(path.join(root, rel), change(originals.get(rel), edit));
  }
  const rssAfter = rss();
  console.log(
    `watch: process memory after ${memoryEdits} more edits ${Math.round(rssAfter / 1048576)} MB, ${Math.round((rssAfter - rssFirst) / 1048576)} MB more than after the first check`,
  );
  controller.abort();
  await done;
  fs.rmSync(root, { recursive: true, force: true });
}

function dirBytes(dir) {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => fs.statSync(f).isFile())
    .reduce((sum, f) => sum + fs.statSync(f).size, 0);
}

/** A spec holding k copies of the corpus draft (as `draft` and dated versions), plus the SEPs. */
function syntheticSpec(k) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `spec-check-bench-${k}x-`));
  fs.cpSync(path.join(corpus, 'seps'), path.join(root, 'seps'), { recursive: true });
  for (let i = 0; i < k; i++) {
    const v = i === 0 ? 'draft' : `2100-01-${String(i).padStart(2, '0')}`;
    fs.cpSync(path.join(corpus, 'schema/draft'), path.join(root, 'schema', v), { recursive: true });
    fs.cpSync(path.join(corpus, 'docs/specification/draft'), path.join(root, 'docs/specification', v), {
      recursive: true,
    });
  }
  return root;
}

/**
 * A cold check with 1, 2, 3 and 4 worker threads (3 is the default on four cores): wall time,
 * CPU time (all threads), peak memory, and the wall time on four cores, derived so that a 4-core
 * runner's figure can be read from a 2-core machine. The CPU time of every thread of the process is sampled from /proc every 20 ms (Linux;
 * a thread that ends loses at most its last 20 ms). With enough cores no thread waits for a core,
 * so the wall time is at least the busiest thread's CPU time (the main thread, or a worker) and at
 * least the whole CPU time over the cores: the derived figure is the larger of the two, a lower
 * bound that ignores the waits between threads (the measured 1-worker row on this machine shows
 * how far the two-core figure derived the same way is from the measured one).
 */
async function benchWorkers() {
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const rows = [];
  for (const workers of [1, 2, 3, 4]) {
    const results = [];
    for (let i = 0; i < runs; i++)
      results.push(await runCheckThreads(corpus, ['--no-cache', '--workers', String(workers)]));
    const pick = (f) => results.map(f);
    const derived = (c) => pick((r) => Math.max(r.busiestThread, r.cpu / c));
    rows.push({
      workers,
      wall: pick((r) => r.wall),
      cpu: pick((r) => r.cpu),
      busiest: pick((r) => r.busiestThread),
      on2: derived(2),
      on4: derived(4),
      peak: Math.max(...pick((r) => r.peak)),
      findings: results[0].findings,
    });
  }
  console.log(`\nworker pool, cold (no cache), ${runs} runs each, on ${cores} cores (min / median):`);
  console.log(
    '  workers   wall               CPU                busiest thread     derived, 2 cores   derived, 4 cores   peak',
  );
  const cell = (xs) => `${ms(Math.min(...xs))} / ${ms(median(xs))}`.padEnd(21);
  for (const r of rows)
    console.log(
      `  ${String(r.workers).padEnd(9)} ${cell(r.wall)}${cell(r.cpu)}${cell(r.busiest)}${cell(r.on2)}${cell(r.on4)}${r.peak} MB`,
    );
  if (new Set(rows.map((r) => r.findings)).size > 1)
    console.log('  the worker counts gave different numbers of findings!');
}

/** One whole-process check, with every thread's CPU time sampled from /proc (see `benchWorkers`). */
function runCheckThreads(root, extra) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'check', '--root', root, '--format', 'json', ...extra], {
      env: { ...process.env, SPEC_CHECK_TIMING: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const threads = new Map();
    const tick = 1000 / 100; // ms per clock tick (USER_HZ)
    const sample = () => {
      let tids = [];
      try {
        tids = fs.readdirSync(`/proc/${child.pid}/task`);
      } catch {
        return;
      }
      for (const tid of tids) {
        try {
          const stat = fs.readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          threads.set(tid, (Number(fields[11]) + Number(fields[12])) * tick);
        } catch {
          // The thread ended between the listing and the read.
        }
      }
    };
    const timer = setInterval(sample, 20);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const wall = performance.now() - started;
      if (code !== 0 && code !== 1) return reject(new Error(`check exited ${code}: ${stderr}`));
      const line = stderr.split('\n').find((l) => l.startsWith('spec-check timing: '));
      const phases = line ? JSON.parse(line.slice('spec-check timing: '.length)) : {};
      resolve({
        wall,
        cpu: phases.cpuMs ?? [...threads.values()].reduce((a, b) => a + b, 0),
        busiestThread: Math.max(0, ...threads.values()),
        peak: phases.maxRssMB ?? 0,
        findings: JSON.parse(stdout).findings.length,
      });
    });
  });
}

/**
 * The three edits the watch and incremental benches make in a copy of the corpus: an MDX page, an
 * example and a schema.ts of the draft. Each call `i` gives a text no cache holds products of yet.
 */
function benchEdits(root) {
  const mdx = fs.readdirSync(path.join(root, 'docs/specification/draft/server')).find((f) => f.endsWith('.mdx'));
  const exampleType = fs.readdirSync(path.join(root, 'schema/draft/examples'))[0];
  const example = fs.readdirSync(path.join(root, 'schema/draft/examples', exampleType))[0];
  return [
    ['MDX page', `docs/specification/draft/server/${mdx}`, (t, i) => t + `\nOne more paragraph (${i}).\n`],
    [
      'example',
      `schema/draft/examples/${exampleType}/${example}`,
      (t, i) => t.replace('{', `{\n  "benchExtra${i}": 1,`),
    ],
    [
      'schema.ts',
      'schema/draft/schema.ts',
      (t, i) => t + `\n/** A bench declaration. */\nexport interface BenchExtra${i} { a: string }\n`,
    ],
  ];
}

#!/usr/bin/env zx
/**
 * The spec repository's own checks that a `spec-check check` replaces, run as the repository runs
 * them, so that their cost can be set beside a check's (`npm run bench` prints the ratio once this
 * toolchain is installed):
 *
 *   check:schema:json       tsx scripts/generate-schemas.ts --check    (generated/schema-json)
 *   check:schema:examples   tsx scripts/validate-examples.ts           (example/valid)
 *   check:schema:md         TypeDoc for each version, compared by cmp   (generated/schema-reference)
 *   check:docs:links        mint broken-links                          (xref/link)
 *
 * `install` puts their toolchain in a temp folder, never in the project: the packages the corpus
 * lockfile pins for its generators and example validation (a lockfile cut down to them,
 * installed with `npm ci`) and Mintlify's CLI. `run` times each check once on a copy of the corpus.
 *
 *   zx scripts/repo-checks.mjs install [--corpus DIR] [--dir DIR]
 *   zx scripts/repo-checks.mjs run [--corpus DIR] [--dir DIR]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { argv, fs, os, path } from 'zx';
import { GENERATOR_PACKAGES, prunedLock } from './pruned-lock.mjs';
import { installMint, MINT_VERSION, runBrokenLinks } from './mint-cli.mjs';

/** The packages the repository's schema checks run: its generators' and the example validator's. */
const PACKAGES = [...GENERATOR_PACKAGES, 'ajv', 'ajv-formats'];

/** The npm scripts timed, in the repository's order, and the link check, which runs Mintlify's CLI. */
const NPM_CHECKS = ['check:schema:json', 'check:schema:examples', 'check:schema:md'];
const LINK_CHECK = 'check:docs:links';
export const REPO_CHECKS = [...NPM_CHECKS, LINK_CHECK];

export const defaultRepoChecksDir = () => path.join(os.tmpdir(), 'spec-check-repo-checks');

/** Where the toolchain lives under `dir`, and the file that says it is complete. */
const layout = (dir) => ({
  tools: path.join(dir, 'tools'),
  mint: path.join(dir, 'mint'),
  ready: path.join(dir, 'ready.json'),
  tree: path.join(dir, 'tree'),
  home: path.join(dir, 'home'),
});

/** Installs the toolchain the corpus lockfile pins (and Mintlify's CLI) under `dir`. */
export function installRepoChecks(corpus, dir) {
  const where = layout(dir);
  const lockText = fs.readFileSync(path.join(corpus, 'package-lock.json'), 'utf8');
  const { packageJson, lock } = prunedLock(JSON.parse(lockText), PACKAGES);
  fs.rmSync(where.ready, { force: true });
  fs.mkdirpSync(where.tools);
  fs.writeJsonSync(path.join(where.tools, 'package.json'), packageJson, { spaces: 2 });
  fs.writeJsonSync(path.join(where.tools, 'package-lock.json'), lock, { spaces: 2 });
  const r = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: where.tools,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm ci of the repository's toolchain failed:\n${r.stderr.trim()}`);
  installMint(where.mint);
  const versions = Object.fromEntries(PACKAGES.map((n) => [n, lock.packages[`node_modules/${n}`].version]));
  fs.writeJsonSync(where.ready, { packages: versions, mint: MINT_VERSION }, { spaces: 2 });
  return versions;
}

/** The installed toolchain's versions, or undefined when `dir` holds no complete install. */
export function repoChecksReady(dir) {
  const { ready } = layout(dir);
  return fs.existsSync(ready) ? fs.readJsonSync(ready) : undefined;
}

/**
 * A copy of the corpus under `dir` with the toolchain's node_modules linked in (the checks run in
 * the repository's own tree), made again each call. The four checks only read it, so the runs of
 * one bench share it.
 */
export function repoTree(corpus, dir) {
  const where = layout(dir);
  fs.rmSync(where.tree, { recursive: true, force: true });
  fs.cpSync(corpus, where.tree, { recursive: true, filter: (src) => path.basename(src) !== 'node_modules' });
  fs.symlinkSync(path.join(where.tools, 'node_modules'), path.join(where.tree, 'node_modules'), 'dir');
  return where.tree;
}

/**
 * Runs the four checks once in `tree`, one after another as `npm run check` runs them; each one's
 * wall time in seconds and exit status. (`check:docs:links` is `cd docs && npx mint broken-links`:
 * here the installed CLI, so that nothing is downloaded while it is timed.)
 */
export function runRepoChecks(tree, dir) {
  const where = layout(dir);
  const out = [];
  for (const name of NPM_CHECKS) {
    const started = performance.now();
    const r = spawnSync('npm', ['run', '--silent', name], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 28 });
    out.push({ name, seconds: (performance.now() - started) / 1000, status: r.status });
  }
  const mintEntry = path.join(where.mint, 'node_modules/mint/index.js');
  const started = performance.now();
  const links = runBrokenLinks(mintEntry, path.join(tree, 'docs'), [], where.home);
  out.push({ name: LINK_CHECK, seconds: (performance.now() - started) / 1000, status: links.status });
  return out;
}

// Run as a script (by zx or node), not imported by the bench.
if (process.argv.slice(1, 3).some((a) => path.resolve(a) === fileURLToPath(import.meta.url))) {
  const projectRoot = path.resolve(import.meta.dirname, '..');
  const corpus = path.resolve(argv.corpus ?? path.join(projectRoot, '../shared/corpus/mcp-spec'));
  const dir = path.resolve(argv.dir ?? defaultRepoChecksDir());
  const command = argv._[0] ?? 'run';
  if (!fs.existsSync(path.join(corpus, 'package-lock.json'))) {
    console.log(`repo-checks: no corpus with a package-lock.json at ${corpus}; skipped`);
    process.exit(0);
  }
  if (command === 'install') {
    const versions = installRepoChecks(corpus, dir);
    console.log(
      `repo-checks: installed in ${dir}: ${Object.entries(versions)
        .map(([n, v]) => `${n}@${v}`)
        .join(', ')}, mint@${MINT_VERSION}`,
    );
  } else if (command === 'run') {
    if (!repoChecksReady(dir)) {
      console.error(`repo-checks: no toolchain in ${dir}; run \`zx scripts/repo-checks.mjs install\` first`);
      process.exit(2);
    }
    const times = runRepoChecks(repoTree(corpus, dir), dir);
    for (const t of times) console.log(`${t.name.padEnd(24)} ${t.seconds.toFixed(2)} s (exit ${t.status})`);
    console.log(`${'total'.padEnd(24)} ${times.reduce((s, t) => s + t.seconds, 0).toFixed(2)} s`);
  } else {
    console.error(`repo-checks: unknown command ${command}; use install or run`);
    process.exit(2);
  }
}

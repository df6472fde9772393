// What the scripts that check real states of the spec repository share: where its bare git mirror is, how a
// state's tree is extracted from it, and how the built CLI is run on that tree.
import { spawnSync } from 'node:child_process';
import { fs, path } from 'zx';

const DEFAULT_MIRROR = '/work/.mirror/modelcontextprotocol+modelcontextprotocol/repo';

/**
 * The mirror named by --mirror or SPEC_CHECK_MIRROR (else the default). Without one, says that `script` is
 * skipped and exits 0: these scripts measure, and a machine without the mirror has nothing to measure.
 */
export function mirrorOrSkip(argv, script) {
  const mirror = path.resolve(argv.mirror ?? process.env.SPEC_CHECK_MIRROR ?? DEFAULT_MIRROR);
  if (!fs.existsSync(path.join(mirror, 'HEAD'))) {
    console.log(`${script} skipped: no git mirror at ${mirror}`);
    process.exit(0);
  }
  return mirror;
}

/** The built CLI to measure (the first of `candidates` that exists); exit 2 when there is none. */
export function cliOrExit(candidates, script) {
  const cli = candidates.map((c) => path.resolve(c)).find((c) => fs.existsSync(c));
  if (!cli) {
    console.error(
      `${script}: no spec-check build at ${path.resolve(candidates[0])} (run npm run build, or pass --cli)`,
    );
    process.exit(2);
  }
  return cli;
}

/** Runs git on the bare mirror. */
export const mirrorGit = (mirror, args, options = {}) =>
  spawnSync('git', ['--git-dir', mirror, ...args], { maxBuffer: 1 << 30, ...options });

/** Writes the tree of `commit` into `dir` (made if missing). */
export function extractState(mirror, commit, dir) {
  fs.mkdirpSync(dir);
  const archive = mirrorGit(mirror, ['archive', '--format=tar', commit]);
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
  const tar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout, maxBuffer: 1 << 30 });
  if (tar.status !== 0) throw new Error(`tar failed for ${commit}: ${tar.stderr}`);
  return dir;
}

/**
 * `spec-check check` of `root` with the JSON report: its findings, or the one-line error it stopped with
 * (any exit other than 0 or 1), and the seconds it took. `extraArgs` go after the fixed arguments.
 */
export function checkState(cli, root, extraArgs = [], options = {}) {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [cli, 'check', '--root', root, '--format', 'json', '--no-cache', '--quiet', ...extraArgs],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options },
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (r.status !== 0 && r.status !== 1) return { error: (r.stderr || `exit ${r.status}`).trim(), seconds };
  const report = JSON.parse(r.stdout);
  return { findings: report.findings, report, seconds };
}

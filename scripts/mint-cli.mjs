// Mintlify's own link checker (`mint broken-links`), installed and run outside the project, for the
// scripts that measure spec-check against it (mint-links.mjs, link-states.mjs). Never used by `npm test`:
// the package is about 1 GB installed.
import { spawnSync } from 'node:child_process';
import { fs, path } from 'zx';

export const MINT_VERSION = '4.2.941';

/** Extensions Mintlify treats as media (its link checker's list); a broken link to one is a missing file. */
const MEDIA_EXTENSIONS = new Set(
  '.jpeg .jpg .jfif .pjpeg .pjp .png .svg .svgz .ico .webp .gif .apng .avif .bmp .mp4 .css .xml'.split(' '),
);

/**
 * Installs `mint@version` into `dir` (its own package.json, never the project's node_modules) unless it is
 * there already. Returns the path of the CLI's entry file, or throws with npm's last lines.
 */
export function installMint(dir, version = MINT_VERSION) {
  const entry = path.join(dir, 'node_modules/mint/index.js');
  const installed = path.join(dir, 'node_modules/mint/package.json');
  if (fs.existsSync(installed) && fs.readJsonSync(installed).version === version) return entry;
  fs.mkdirpSync(dir);
  fs.writeJsonSync(path.join(dir, 'package.json'), { name: 'mint-tool', private: true });
  // --ignore-scripts: the CLI needs no install step, and one of its dependencies reports usage on install.
  const r = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', `mint@${version}`],
    { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) {
    const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-8).join('\n');
    throw new Error(`npm install mint@${version} failed (exit ${r.status}):\n${tail}`);
  }
  return entry;
}

/**
 * Runs `mint broken-links [flags]` in `docsDir` (the folder holding docs.json or mint.json; mint may
 * rewrite a mint.json there, so pass a copy). Telemetry is off; HOME is a throwaway folder so no login
 * state is read or written. CLI_TEST_MODE makes mint print plain lines instead of an 80-column
 * terminal layout that wraps long links.
 */
export function runBrokenLinks(mintEntry, docsDir, flags = [], home) {
  const env = {
    ...process.env,
    HOME: home,
    MINTLIFY_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    CI: 'true',
    CLI_TEST_MODE: 'true',
  };
  fs.mkdirpSync(home);
  // Output goes to files: mint exits with process.exit, which cuts a pipe's unflushed tail.
  const outFile = path.join(home, 'mint.stdout');
  const errFile = path.join(home, 'mint.stderr');
  const outFd = fs.openSync(outFile, 'w');
  const errFd = fs.openSync(errFile, 'w');
  const started = performance.now();
  let r;
  try {
    r = spawnSync(process.execPath, [mintEntry, 'broken-links', ...flags], {
      cwd: docsDir,
      env,
      stdio: ['ignore', outFd, errFd],
      timeout: 15 * 60 * 1000,
    });
  } finally {
    fs.closeSync(outFd);
    fs.closeSync(errFd);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const stdout = fs.readFileSync(outFile, 'utf8');
  const stderr = fs.readFileSync(errFile, 'utf8');
  return { status: r.status, stdout, stderr, seconds };
}

/**
 * Parses mint's plain output: `found N broken links in M files`, then per file its path (relative to
 * docs/) and one ` ├─ link` / ` └─ link` line per broken link, as written in the page. Returns the
 * links in order, the totals mint printed, and mint's error line if it stopped on one (a page it
 * cannot parse).
 */
export function parseBrokenLinks(stdout) {
  const links = [];
  let page;
  let reported;
  let error;
  for (const line of stdout.split('\n')) {
    const found = /^found (\d+) broken links? in (\d+) files?$/.exec(line.trim());
    const item = /^ [├└]─ (.*)$/.exec(line);
    if (found) reported = { links: Number(found[1]), files: Number(found[2]) };
    else if (item && page !== undefined) links.push({ page, target: item[1] });
    else if (/^error\b/.test(line)) error = line.trim();
    else if (/^(info|success|warning|checking for broken links)\b/.test(line)) continue;
    else if (line.trim() !== '' && !line.startsWith(' ')) page = line.trim();
  }
  if (/no broken links found/.test(stdout)) reported = { links: 0, files: 0 };
  return { links, reported, error };
}

/** What kind of target a reported link is: a redirect line, a media file, an anchor, or a page path. */
export function targetKind(target) {
  if (target.includes(' → ')) return 'redirect';
  const pathPart = target.split(/[?#]/)[0];
  if (MEDIA_EXTENSIONS.has(path.extname(pathPart).toLowerCase())) return 'media';
  if (target.includes('#')) return 'anchor';
  return 'page';
}

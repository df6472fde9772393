#!/usr/bin/env zx
// Mintlify's own verdict on the corpus's links, recorded as a fixture the corpus suite asserts against.
// Installs the `mint` CLI into a temp folder (about 1 GB, about a minute; reused on later runs), copies the
// corpus's docs/ to a temp folder and runs `mint broken-links` there three ways: plain (page paths and
// media), `--check-anchors` and `--check-redirects`. Not part of `npm test` or CI.
//
//   zx scripts/mint-links.mjs [--corpus DIR] [--mint-dir DIR] [--out FILE] [--check]
//
// --check compares with the recorded fixture instead of writing it (exit 1 on a difference).
import { argv, fs, os, path } from 'zx';
import { installMint, MINT_VERSION, parseBrokenLinks, runBrokenLinks, targetKind } from './mint-cli.mjs';

const projectRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(argv.corpus ?? path.join(projectRoot, '../shared/corpus/mcp-spec'));
const mintDir = path.resolve(argv['mint-dir'] ?? path.join(os.tmpdir(), `spec-check-mint-${MINT_VERSION}`));
const out = path.resolve(argv.out ?? path.join(projectRoot, 'test/corpus/fixtures/mint-broken-links.json'));

if (!fs.existsSync(path.join(corpus, 'docs'))) {
  console.log(`mint-links skipped: ${corpus}/docs not found`);
  process.exit(0);
}

/** The snapshot's commit, as its README states it ("at commit b0f60ba5"). */
function corpusCommit() {
  const readme = path.join(path.dirname(corpus), 'README.md');
  const text = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8') : '';
  return /commit\s+([0-9a-f]{7,40})/.exec(text)?.[1] ?? 'unknown';
}

const REASONS = {
  page: 'no page, file, folder or redirect at this path',
  media: 'file not found',
  anchor: 'fragment not among the target page heading ids that mint knows',
  redirect: 'redirect destination does not resolve',
};

function run(mintEntry, docsCopy, home, flags) {
  const r = runBrokenLinks(mintEntry, docsCopy, flags, home);
  const parsed = parseBrokenLinks(r.stdout);
  if (parsed.error || (r.status !== 0 && r.status !== 1) || !parsed.reported) {
    throw new Error(`mint broken-links ${flags.join(' ')} failed (exit ${r.status}): ${parsed.error ?? r.stderr}`);
  }
  if (parsed.reported.links !== parsed.links.length) {
    throw new Error(`mint said ${parsed.reported.links} broken links but ${parsed.links.length} were parsed`);
  }
  console.log(
    `mint broken-links ${flags.join(' ')}: ${parsed.links.length} in ${parsed.reported.files} files, ${r.seconds} s`,
  );
  return parsed;
}

const byKind = (links) => {
  const counts = {};
  for (const l of links) counts[targetKind(l.target)] = (counts[targetKind(l.target)] ?? 0) + 1;
  return counts;
};

let mintEntry;
try {
  console.log(`installing mint@${MINT_VERSION} into ${mintDir} (skipped when present)`);
  mintEntry = installMint(mintDir);
} catch (e) {
  console.error(`mint-links: mint could not be installed: ${e.message}`);
  process.exit(2);
}
const cliVersion = fs.readJsonSync(path.join(mintDir, 'node_modules/@mintlify/cli/package.json')).version;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-mint-links-'));
try {
  const docsCopy = path.join(work, 'docs');
  fs.copySync(path.join(corpus, 'docs'), docsCopy);
  const home = path.join(work, 'home');
  const plain = run(mintEntry, docsCopy, home, []);
  const anchors = run(mintEntry, docsCopy, home, ['--check-anchors']);
  const redirects = run(mintEntry, docsCopy, home, ['--check-redirects']);
  const withReason = (l) => ({ ...l, reason: REASONS[targetKind(l.target)] });
  const fixture = {
    about:
      "Verdict of Mintlify's checker (`mint broken-links`, run in docs/) on the corpus; written by scripts/mint-links.mjs. " +
      'Media links are broken only because the snapshot has no images.',
    mint: { package: 'mint', version: MINT_VERSION, cli: cliVersion },
    corpus: { commit: corpusCommit(), path: '../shared/corpus/mcp-spec' },
    command: 'mint broken-links',
    pagesRelativeTo: 'docs/',
    brokenPageLinks: plain.links.filter((l) => targetKind(l.target) === 'page').map(withReason),
    brokenMediaLinks: plain.links.filter((l) => targetKind(l.target) === 'media'),
    anchorMode: {
      command: 'mint broken-links --check-anchors',
      reported: anchors.links.length,
      files: anchors.reported.files,
      byKind: byKind(anchors.links),
    },
    redirectMode: {
      command: 'mint broken-links --check-redirects',
      brokenRedirects: redirects.links.filter((l) => targetKind(l.target) === 'redirect').map(withReason),
    },
  };
  const text = `${JSON.stringify(fixture, null, 2)}\n`;
  if (argv.check) {
    const same = fs.existsSync(out) && fs.readFileSync(out, 'utf8') === text;
    console.log(
      same ? `same as ${path.relative(projectRoot, out)}` : `differs from ${path.relative(projectRoot, out)}`,
    );
    process.exitCode = same ? 0 : 1;
  } else {
    fs.mkdirpSync(path.dirname(out));
    fs.writeFileSync(out, text);
    console.log(
      `wrote ${path.relative(projectRoot, out)}: ${fixture.brokenPageLinks.length} broken page links, ` +
        `${fixture.brokenMediaLinks.length} media, ${fixture.anchorMode.reported} in anchor mode, ` +
        `${fixture.redirectMode.brokenRedirects.length} broken redirects`,
    );
  }
} finally {
  fs.removeSync(work);
}

#!/usr/bin/env node
// Does judging a SEP page by its head alone (the committed body taken as formatted; see
// `bodyTakenAsCommitted` in src/generators/sep-pages.ts), or by its head and the blocks of its body
// that differ from the committed body (`differingBodyChunks`, src/generators/sep-body-chunks.ts),
// give the verdict that formatting the whole page gives? For every SEP page of a tree (--root), or every distinct (SEP text, committed page
// text, Prettier config, head parts) of a git mirror's commits that changed seps/ or docs/seps/
// (--mirror; --all for every branch, not only HEAD's history), it formats the page both ways with
// the bundled Prettier and compares:
//   full verdict: Prettier(generated page) === committed page;
//   fast verdict: "equal" when the head path or the blocks' path accepts the committed page, else
//   the full verdict;
// and, as generated/sep-pages reports, whether each way gives a finding: not when the page is equal, nor
// when the lockfile pins another Prettier and the bundled one formats the committed page as generated.
// It also checks, for each page the head path accepts, that Prettier formats the committed page as
// it formats the generated one (which holds whether or not the committed page is formatted).
// Prints the counts and every disagreement; exits 1 on a disagreement. Needs `npm run build`.
// SEP_BODY_LIST=1 also lists each page judged equal by its head that Prettier would format otherwise.
//
//   node scripts/sep-body-equivalence.mjs --root DIR
//   node scripts/sep-body-equivalence.mjs --mirror GIT_DIR [--all] [--limit N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const projectRoot = path.resolve(import.meta.dirname, '..');
const dist = (p) => import(path.join(projectRoot, 'dist', p));
const { readSepHeader, sepPageParts, noticeOf, pullRequestBaseOf, bodyTakenAsCommitted, pageWithCommittedBody } =
  await dist('generators/sep-pages.js');
const { prettierOptionsFor } = await dist('generators/prettier-config.js');
const { differingBodyChunks, pageWithCommittedChunks } = await dist('generators/sep-body-chunks.js');
const prettier = await import('prettier');

const { values: args } = parseArgs({
  options: {
    root: { type: 'string' },
    mirror: { type: 'string' },
    all: { type: 'boolean', default: false },
    limit: { type: 'string' },
  },
});
if (!args.root && !args.mirror) {
  console.error('sep-body-equivalence: give --root DIR or --mirror GIT_DIR');
  process.exit(2);
}

const withLf = (text) => text.replaceAll('\r\n', '\n');

/** The value most of the texts have (the first of them on a tie), as sep-outputs.ts takes it. */
function mostCommon(values) {
  const counts = new Map();
  for (const v of values) if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)) best = v;
  return best;
}

/** Prettier's config file names in the order it looks for them in a folder (the ones read as data). */
const CONFIG_NAMES = [
  'package.json',
  'package.yaml',
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
];

/**
 * The combinations of one tree: `files` maps a path (relative to the root) to a function giving its
 * text. Each is { sepPath, pagePath, sepText, pageText, options, parts }.
 */
function combinations(paths, read) {
  const sepPaths = paths.filter((p) => /^seps\/[^/]+\.md$/.test(p)).sort();
  const pagePaths = new Set(paths.filter((p) => /^docs\/seps\/[^/]+\.mdx$/.test(p)));
  if (!pagePaths.has('docs/seps/index.mdx')) return [];
  const seps = [];
  for (const p of sepPaths) {
    const text = read(p);
    const header = readSepHeader(p, text);
    if (header) seps.push({ header, text });
  }
  const pagePath = (h) => `docs/seps/${h.number}-${h.slug}.mdx`;
  const pages = [...pagePaths].map((p) => read(p));
  const pullRequests = mostCommon(pages.map((t) => pullRequestBaseOf(t)));
  if (pullRequests === undefined) return [];
  const finalNotice = mostCommon(
    seps
      .filter((s) => s.header.status.toLowerCase() === 'final')
      .map((s) => (pagePaths.has(pagePath(s.header)) ? noticeOf(withLf(read(pagePath(s.header)))) : undefined)),
  );
  let config;
  for (const dir of ['docs/seps/', 'docs/', '']) {
    for (const name of CONFIG_NAMES) {
      if (!paths.includes(dir + name)) continue;
      const text = read(dir + name);
      if (name.startsWith('package.') && !/"prettier"\s*:|^prettier:/m.test(text)) continue;
      config = { path: dir + name, text };
      break;
    }
    if (config) break;
  }
  const out = [];
  for (const { header, text } of seps) {
    const page = pagePath(header);
    if (!pagePaths.has(page)) continue;
    const resolved = prettierOptionsFor(config, page);
    if (resolved.problem) continue;
    const parts = sepPageParts(header, text, { pullRequests, ...(finalNotice ? { finalNotice } : {}) });
    out.push({ pagePath: page, sepText: text, pageText: withLf(read(page)), options: resolved.options, parts });
  }
  return out;
}

const format = async (text, options, filepath) => {
  try {
    return await prettier.format(text, { ...options, filepath });
  } catch {
    return undefined;
  }
};

const counts = {
  combinations: 0,
  fastEqual: 0,
  headDiffers: 0,
  chunksEqual: 0,
  chunksDiffer: 0,
  notTaken: 0,
  fullEqual: 0,
  fullDiffers: 0,
  fullAccepted: 0,
  verdictsDiffer: 0,
  findingsDiffer: 0,
};
const disagreements = [];
const unequalReformat = [];

/** The version of Prettier a package-lock.json text pins, if any. */
function pinnedPrettier(lockText) {
  try {
    return JSON.parse(lockText).packages?.['node_modules/prettier']?.version;
  } catch {
    return undefined;
  }
}

async function judge(c, where, pinned) {
  counts.combinations++;
  const { head, body } = c.parts;
  const full = await format(`${head}${body}\n`, c.options, c.pagePath);
  const fullEqual = full === c.pageText;
  counts[fullEqual ? 'fullEqual' : 'fullDiffers']++;
  let fastEqual;
  if (bodyTakenAsCommitted(head, body, c.pageText)) {
    const formattedHead = await format(head, c.options, c.pagePath);
    const taken = formattedHead === undefined ? undefined : pageWithCommittedBody(formattedHead, body, c.pageText);
    if (taken === undefined) counts.headDiffers++;
    else {
      counts.fastEqual++;
      fastEqual = true;
      // Prettier formats the committed page as the generated one, formatted or not.
      if ((await format(c.pageText, c.options, c.pagePath)) !== full) unequalReformat.push(`${where} ${c.pagePath}`);
    }
  } else {
    // The path of a page whose committed body differs in a few blocks: its head and those blocks formatted alone.
    const judged = differingBodyChunks(head, body, c.pageText);
    if (judged) {
      const formattedHead = await format(head, c.options, c.pagePath);
      const chunks = [];
      for (const chunk of judged.chunks) chunks.push(await format(chunk.text, c.options, c.pagePath));
      const taken =
        formattedHead === undefined ? undefined : pageWithCommittedChunks(formattedHead, c.pageText, judged, chunks);
      if (taken === undefined) counts.chunksDiffer++;
      else {
        counts.chunksEqual++;
        fastEqual = true;
      }
    } else counts.notTaken++;
  }
  // As the rule has it: a page formatted by another pinned Prettier is accepted when the bundled one formats it as generated.
  const accepted =
    !fullEqual && pinned && pinned !== prettier.version && (await format(c.pageText, c.options, c.pagePath)) === full;
  if (accepted) counts.fullAccepted++;
  if (fastEqual && !fullEqual) {
    counts.verdictsDiffer++;
    if (process.env.SEP_BODY_LIST) console.log(`VERDICT DIFFERS: ${where} ${c.pagePath} (pinned Prettier ${pinned})`);
    if (!accepted) {
      counts.findingsDiffer++;
      const committedFormatted = (await format(c.pageText, c.options, c.pagePath)) === c.pageText;
      disagreements.push(
        `${where} ${c.pagePath} (pinned Prettier ${pinned}; committed page formatted: ${committedFormatted})`,
      );
    }
  }
}

if (args.root) {
  const root = path.resolve(args.root);
  const walk = (dir) =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) return ['seps', 'docs', 'docs/seps'].some((d) => d === rel) ? walk(rel) : [];
      return [rel];
    });
  const paths = walk('');
  const lock = path.join(root, 'package-lock.json');
  const pinned = fs.existsSync(lock) ? pinnedPrettier(fs.readFileSync(lock, 'utf8')) : undefined;
  for (const c of combinations(paths, (p) => fs.readFileSync(path.join(root, p), 'utf8'))) await judge(c, root, pinned);
} else {
  const git = (...a) => execFileSync('git', ['-C', args.mirror, ...a], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const commits = git('log', ...(args.all ? ['--all'] : []), '--format=%H', '--', 'docs/seps', 'seps')
    .trim()
    .split('\n')
    .slice(0, args.limit ? Number(args.limit) : undefined);
  const blobs = new Map();
  const blob = (id) => {
    if (!blobs.has(id)) blobs.set(id, git('cat-file', 'blob', id));
    return blobs.get(id);
  };
  const seen = new Set();
  let withPages = 0;
  for (const commit of commits) {
    const listing = git('ls-tree', commit, '--', ...CONFIG_NAMES, ...CONFIG_NAMES.map((n) => `docs/${n}`))
      .concat(git('ls-tree', '-r', commit, '--', 'seps', 'docs/seps'))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [meta, p] = line.split('\t');
        return { id: meta.split(' ')[2], path: p };
      });
    const ids = new Map(listing.map((e) => [e.path, e.id]));
    const all = combinations([...ids.keys()], (p) => blob(ids.get(p)));
    let pinned;
    try {
      pinned = pinnedPrettier(git('show', `${commit}:package-lock.json`));
    } catch {
      pinned = undefined;
    }
    if (all.length) withPages++;
    for (const c of all) {
      const key = JSON.stringify([c.sepText, c.pageText, c.options, c.parts.head, pinned]);
      if (seen.has(key)) continue;
      seen.add(key);
      await judge(c, commit.slice(0, 10), pinned);
    }
  }
  console.log(`commits: ${commits.length}, with SEP pages: ${withPages}`);
}
console.log(JSON.stringify(counts));
for (const d of disagreements) console.log(`DISAGREES: ${d}`);
for (const d of unequalReformat) console.log(`REFORMAT DIFFERS: ${d}`);
process.exit(disagreements.length || unequalReformat.length ? 1 : 0);

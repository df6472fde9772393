#!/usr/bin/env node
// The second step of `npm run build`: bundles two vendored stacks into one module each, in place
// of the re-export tsc wrote there (its .d.ts stays):
// - dist/vendor/markdown.js, the Markdown stack (src/vendor/markdown.ts says why), its compile loop
//   handing one context to every event (see `oneCompileContext`) and its subtokenizer keeping its
//   jumps in a Map (see `subtokenizeJumpsInAMap`);
// - dist/vendor/typedoc.js, TypeDoc and its small dependencies, with TypeScript loaded by
//   `require` and the code highlighter left out (src/vendor/typedoc.ts and scripts/typedoc-shims/
//   say why), its comment parser moving over plain text at once (see `plainCommentTextSkipped`).
// Then the command line and the worker thread, each in place of the module tsc wrote (see
// `bundleEntries`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const shims = path.join(root, 'scripts/typedoc-shims');

/** Resolves the named packages to the shims of the same name. */
const shimmed = (names) => ({
  name: 'shims',
  setup(b) {
    const filter = new RegExp(`^(${names.map((n) => n.replace(/[/@.-]/g, '\\$&')).join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: path.join(shims, `${args.path.split('/').pop()}.mjs`) }));
  },
});

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  allowOverwrite: true,
  legalComments: 'eof',
  logLevel: 'warning',
  metafile: true,
};
// TypeDoc's CommonJS dependencies (yaml) require Node's modules: `require` is given them.
const requireBanner =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";
/**
 * Where `part` is in a package's file that a rewrite below was written for: the build fails when
 * it is not there exactly once (the package changed, and the rewrite must be looked at again).
 */
function onlyPlace(text, part, file, what) {
  const at = text.indexOf(part);
  if (at < 0 || text.indexOf(part, at + 1) >= 0)
    throw new Error(`${file}: ${what} is not the one scripts/bundle.mjs rewrites`);
  return at;
}
/**
 * mdast-util-from-markdown hands each event's handler a fresh copy of its compile context (eight
 * members and the event's `sliceSerialize`), up to three per event: on the MCP corpus that is
 * millions of short-lived objects, and the copying and their collection took about a tenth of a
 * cold check's parse time. The handlers only read the context, so one copy per document, its
 * `sliceSerialize` set before each event, gives the same trees (test/e2e/build.test.ts
 * compares them). The build fails if the loop is not the one this was written for.
 */
const oneCompileContext = {
  name: 'one-compile-context',
  setup(b) {
    b.onLoad({ filter: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      const start = '    while (++index < events.length) {\n      const handler = config[events[index][0]];\n';
      const end = '\n    // Handle tokens still being open.';
      const from = onlyPlace(text, start, args.path, 'its compile loop');
      const to = text.indexOf(end, from);
      const loop = to < 0 ? '' : text.slice(from, to);
      if (loop.split('...context,').length !== 4)
        throw new Error(`${args.path}: its compile loop is not the one scripts/bundle.mjs rewrites`);
      const body = loop
        .slice(start.length)
        .replace(/\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g, 'bound');
      if (body.includes('...context,')) throw new Error(`${args.path}: a context copy was left in its compile loop`);
      const rewritten =
        '    const bound = { ...context, sliceSerialize: undefined };\n' +
        start +
        '      bound.sliceSerialize = events[index][2].sliceSerialize;\n' +
        body;
      return { contents: text.slice(0, from) + rewritten + text.slice(to), loader: 'js' };
    });
  },
};

/**
 * micromark's subtokenizer keeps the event ranges it has expanded, and skips them, in an object
 * keyed by event index, asking `index in jumps` at every event of every pass: the keys are sparse
 * integers, so each miss walks to the object's prototype. A Map gives the same answers; parsing
 * the MCP corpus's 138 version pages cold took 5% less time (20 interleaved runs, trees equal).
 * The build fails if the function is not the one this was written for (test/e2e/build.test.ts
 * parses with the bundle and with the packages).
 */
const subtokenizeJumpsInAMap = {
  name: 'subtokenize-jumps-in-a-map',
  setup(b) {
    b.onLoad({ filter: /[\\/]micromark-util-subtokenize[\\/]index\.js$/ }, (args) => {
      let text = fs.readFileSync(args.path, 'utf8');
      for (const [from, to] of [
        ['  const jumps = {};\n', '  const jumps = new Map();\n'],
        [
          '    while (index in jumps) {\n      index = jumps[index];\n',
          '    while (jumps.has(index)) {\n      index = jumps.get(index);\n',
        ],
        [
          '        Object.assign(jumps, subcontent(events, index));\n        index = jumps[index];\n',
          '        for (const [gap, end] of subcontent(events, index)) jumps.set(gap, end);\n        index = jumps.get(index);\n',
        ],
        ['  const gaps = {};\n', '  const gaps = new Map();\n'],
        [
          '    gaps[adjust + jumps[index][0]] = adjust + jumps[index][1];\n',
          '    gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);\n',
        ],
      ]) {
        const at = onlyPlace(text, from, args.path, 'its subtokenizer');
        text = text.slice(0, at) + to + text.slice(at + from.length);
      }
      if (/\bin jumps\b|Object\.assign\(jumps|gaps\[/.test(text))
        throw new Error(`${args.path}: its subtokenizer still reads its jumps as an object`);
      return { contents: text, loader: 'js' };
    });
  },
};

/**
 * TypeDoc's comment parser looks for relative links (`[a](./x.md)`, `[a]: ./x.md`, `<img src>`)
 * at every character of a comment's text, with three calls each. At a character other than `[`,
 * `<` or a line break, not at a line's start and outside a link's label or destination, none of
 * them finds anything and the loop moves on by one: it now moves to the next such character at
 * once. The MCP schema.ts files are mostly comments; 16 interleaved pairs of cold checks of the
 * corpus: CPU 0.984x, wall 0.990x. The build fails if the loop is not the one this was written
 * for; test/e2e/build.test.ts converts comments with the bundle and with the package.
 */
const plainCommentTextSkipped = {
  name: 'plain-comment-text-skipped',
  setup(b) {
    b.onLoad({ filter: /[\\/]typedoc[\\/]dist[\\/]index\.js$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      const loop =
        '  while (data.pos < data.token.text.length) {\n    if (canEndMarkdownLink) {\n      const link = checkMarkdownLink(data, reentry);\n';
      const at = onlyPlace(text, loop, args.path, 'its comment text loop');
      if (!text.slice(0, at).includes('function textContent('))
        throw new Error(`${args.path}: its comment text loop is not the one scripts/bundle.mjs rewrites`);
      const skip =
        '  const SPECIAL = /[[<\\n]/g;\n' +
        '  while (data.pos < data.token.text.length) {\n' +
        '    if (canEndMarkdownLink && !data.atNewLine && !reentry.withinLinkLabel && !reentry.withinLinkDest) {\n' +
        '      SPECIAL.lastIndex = data.pos;\n' +
        '      const next = SPECIAL.exec(data.token.text)?.index ?? data.token.text.length;\n' +
        '      if (next > data.pos) {\n' +
        '        data.pos = next;\n' +
        '        continue;\n' +
        '      }\n' +
        '    }\n';
      const rewritten = text.slice(0, at) + skip + loop.slice(loop.indexOf('\n') + 1) + text.slice(at + loop.length);
      return { contents: rewritten, loader: 'js' };
    });
  },
};
for (const [name, extra] of [
  ['markdown', { plugins: [oneCompileContext, subtokenizeJumpsInAMap] }],
  [
    'typedoc',
    {
      plugins: [shimmed(['typescript', '@gerrit0/mini-shiki']), plainCommentTextSkipped],
      banner: { js: requireBanner },
    },
  ],
]) {
  const result = await build({
    ...common,
    ...extra,
    entryPoints: [path.join(root, `src/vendor/${name}.ts`)],
    outfile: path.join(root, `dist/vendor/${name}.js`),
  });
  const inputs = Object.keys(result.metafile.inputs).length;
  console.log(`bundled dist/vendor/${name}.js from ${inputs} modules`);
}

/**
 * Packages of many small files that a check loads whole, bundled into the chunks that import
 * them: Node resolves, reads and compiles each file of a package it loads one by one, and ajv
 * alone is 95 files (with its dependencies and ajv-formats, about 35 ms of a check's start-up
 * against about 20 bundled); every command loads the command line's parser and its config
 * reader's. Their `require`s of Node's modules go through the `require` the banner makes, and a
 * package's ES module build is taken where it has one (jsonc-parser's CommonJS build is UMD, whose
 * `require`s a bundler cannot follow). A package the sources also load on demand by `require`
 * stays one (picomatch, for a config's ignore entries), or would be loaded twice; ajv, which the
 * config's vocabulary check loads that way, is then loaded twice, for a config with a vocabulary.
 */
const BUNDLED_PACKAGES = new Set([
  'ajv',
  'ajv-formats',
  'fast-deep-equal',
  'fast-uri',
  'json-schema-traverse',
  'commander',
  'jsonc-parser',
  'picocolors',
  'safe-stable-stringify',
]);

/** The package a bare import names (`@scope/name/x` -> `@scope/name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The command line (dist/cli.js) and the worker thread (dist/runtime/worker/worker.js), bundled
 * from src/ with the modules they share and each module they import on demand in chunks under
 * dist/chunks/. Node resolves, reads and links each ES module it loads one by one: the compiled
 * tree is about 200 modules, of which a check whose report is cached loaded 66 and an edit check
 * most (about a third of a second of start-up on two busy cores); bundled, it loads about 30
 * chunks. The code a command imports on demand stays in chunks of its own, loaded only then, so
 * a cached check loads no parser or generator. The packages stay imports (TypeScript is loaded
 * by `require` as before), but for `BUNDLED_PACKAGES`, and so do the two vendored bundles above,
 * by their path from each chunk. The library (dist/index.js and the modules tsc wrote) is
 * unchanged, and starts this bundled worker as the command line does.
 */
async function bundleEntries() {
  const dist = path.join(root, 'dist');
  const chunks = path.join(dist, 'chunks');
  fs.rmSync(chunks, { recursive: true, force: true });
  const vendorMark = 'spec-check-vendor:';
  const result = await build({
    ...common,
    entryPoints: {
      cli: path.join(root, 'src/cli.ts'),
      'runtime/worker/worker': path.join(root, 'src/runtime/worker/worker.ts'),
    },
    outdir: dist,
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    write: false,
    banner: { js: requireBanner },
    mainFields: ['module', 'main'],
    // Where the bundled command line finds the worker's script (see `workerScript` in runner.ts).
    define: { SPEC_CHECK_BUNDLED_WORKER: JSON.stringify('dist/runtime/worker/worker.js') },
    plugins: [
      {
        name: 'packages',
        setup(b) {
          // Every package an import (or a bundled package's `require`) names stays one, but for those bundled.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            BUNDLED_PACKAGES.has(packageOf(args.path)) ? undefined : { path: args.path, external: true },
          );
        },
      },
      {
        name: 'vendored',
        setup(b) {
          // Left as an import, made relative to the chunk that imports it once the chunks are known.
          b.onResolve({ filter: /\/vendor\/(markdown|typedoc)\.js$/ }, (args) => ({
            path: vendorMark + path.basename(args.path),
            external: true,
          }));
        },
      },
    ],
  });
  for (const file of result.outputFiles) {
    let vendor = path.relative(path.dirname(file.path), path.join(dist, 'vendor'));
    if (!vendor.startsWith('.')) vendor = `./${vendor}`;
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    fs.writeFileSync(file.path, file.text.replaceAll(`"${vendorMark}`, `"${vendor}/`));
  }
  const inputs = Object.keys(result.metafile.inputs).length;
  console.log(
    `bundled dist/cli.js and dist/runtime/worker/worker.js from ${inputs} modules into ${result.outputFiles.length} files`,
  );
}

await bundleEntries();

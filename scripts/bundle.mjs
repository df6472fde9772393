#!/usr/bin/env node
// The second step of `npm run build`: bundles two vendored stacks into one module each, in place
// of the re-export tsc wrote there (its .d.ts stays):
// - dist/vendor/markdown.js, the Markdown stack (src/vendor/markdown.ts says why);
// - dist/vendor/typedoc.js, TypeDoc and its small dependencies, with TypeScript loaded by
//   `require` and the code highlighter left out (src/vendor/typedoc.ts and scripts/typedoc-shims/
//   say why).
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
for (const [name, extra] of [
  ['markdown', {}],
  ['typedoc', { plugins: [shimmed(['typescript', '@gerrit0/mini-shiki'])], banner: { js: requireBanner } }],
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
 * The command line (dist/cli.js) and the worker thread (dist/runtime/worker/worker.js), bundled
 * from src/ with the modules they share and each module they import on demand in chunks under
 * dist/chunks/. Node resolves, reads and links each ES module it loads one by one: the compiled
 * tree is about 200 modules, of which a check whose report is cached loaded 66 and an edit check
 * most (about a third of a second of start-up on two busy cores); bundled, it loads about 30
 * chunks. The code a command imports on demand stays in chunks of its own, loaded only then, so
 * a cached check loads no parser or generator. The packages stay imports (TypeScript is loaded
 * by `require` as before), and so do the two vendored bundles above, by their path from each
 * chunk. The library (dist/index.js and the modules tsc wrote) is unchanged, and starts this
 * bundled worker as the command line does.
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
    packages: 'external',
    write: false,
    // Where the bundled command line finds the worker's script (see `workerScript` in runner.ts).
    define: { SPEC_CHECK_BUNDLED_WORKER: JSON.stringify('dist/runtime/worker/worker.js') },
    plugins: [
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

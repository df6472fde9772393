#!/usr/bin/env node
// The second step of `npm run build`: bundles two vendored stacks into one module each, in place
// of the re-export tsc wrote there (its .d.ts stays):
// - dist/vendor/markdown.js, the Markdown stack (src/vendor/markdown.ts says why);
// - dist/vendor/typedoc.js, TypeDoc and its small dependencies, with TypeScript loaded by
//   `require` and the code highlighter left out (src/vendor/typedoc.ts and scripts/typedoc-shims/
//   say why).
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

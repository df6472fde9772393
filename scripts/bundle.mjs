#!/usr/bin/env node
// The second step of `npm run build`: bundles the Markdown stack (src/vendor/markdown.ts and the
// packages it re-exports) into one module, dist/vendor/markdown.js, in place of the re-export tsc
// wrote there (its .d.ts stays). See src/vendor/markdown.ts for why.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = await build({
  entryPoints: [path.join(root, 'src/vendor/markdown.ts')],
  outfile: path.join(root, 'dist/vendor/markdown.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  allowOverwrite: true,
  legalComments: 'eof',
  logLevel: 'warning',
  metafile: true,
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`bundled dist/vendor/markdown.js from ${inputs} modules`);

#!/usr/bin/env node
// Bundles the GitHub Action's entry (src/action/main.ts, which imports only Node's built-ins and
// the comment marker) into action/main.mjs, the file action.yml runs. The runner runs an action
// from its repository as committed, with no install and no build, so the bundle is committed;
// test/action.test.ts fails when it differs from what this script writes. `--check` compares
// instead of writing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = path.join(root, 'action/main.mjs');

export async function bundleAction() {
  const result = await build({
    entryPoints: [path.join(root, 'src/action/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    banner: { js: '// Generated from src/action by `npm run build:action`. Do not edit by hand.' },
  });
  return { text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { text } = await bundleAction();
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(outfile) ? fs.readFileSync(outfile, 'utf8') : '';
    if (committed !== text) {
      console.error('action/main.mjs is out of date: run npm run build:action');
      process.exit(1);
    }
  } else {
    fs.mkdirSync(path.dirname(outfile), { recursive: true });
    fs.writeFileSync(outfile, text);
    console.log(`wrote ${path.relative(root, outfile)} (${text.length} bytes)`);
  }
}

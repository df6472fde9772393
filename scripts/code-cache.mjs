#!/usr/bin/env node
// The last step of `npm run build`: a V8 code cache of TypeScript (dist/typescript.code-cache),
// made after checking the sample specs in this thread, so that the functions a check runs
// (parsing, binding, type-checking, typescript-json-schema's and TypeDoc's walks) are in it
// compiled. src/util/typescript.ts says how it is used and when it is not. It is made by the Node
// that builds, for that Node and the executable's V8 flags (src/util/v8-flags.ts): another V8,
// or other flags, and TypeScript is compiled from its text.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Under the executable's flags: V8 takes a code cache only under the flags it was made with.
(await import('../dist/util/v8-flags.js')).setExecutableFlags();
const { recordTypescriptCodeCache, TYPESCRIPT_CODE_CACHE } = await import('../dist/util/typescript.js');
const makeCache = recordTypescriptCodeCache();
const { check } = await import('../dist/index.js');
const started = performance.now();
for (const spec of ['sample-spec', 'drifted-spec']) await check(path.join(root, 'examples', spec), { worker: false });
const cache = makeCache();
const target = path.join(root, TYPESCRIPT_CODE_CACHE);
const temp = `${target}.${process.pid}.tmp`;
fs.writeFileSync(temp, cache);
fs.renameSync(temp, target);
console.log(
  `wrote ${TYPESCRIPT_CODE_CACHE} (${(cache.length / 1e6).toFixed(1)} MB, after checking two sample specs in ${Math.round(performance.now() - started)} ms)`,
);

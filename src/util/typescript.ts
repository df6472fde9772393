/**
 * The TypeScript compiler (9 MB), loaded with `require` on first use. Importing its CommonJS file
 * as an ES module makes Node scan the whole file for export names first, and loading it at all
 * takes 0.2-0.3 s: a check after a page edit, whose schema.ts models come from the cache, need
 * not pay for it. Modules call `typescript()` where they parse (Node's require cache keeps the one
 * module) and take the types from `import type * as TS from 'typescript'`.
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

const require = createRequire(import.meta.url);

/** The TypeScript module, loaded the first time it is asked for. */
export function typescript(): typeof TS {
  return require('typescript') as typeof TS;
}

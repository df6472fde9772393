/**
 * The TypeScript compiler, loaded with `require`. Importing its 9 MB CommonJS file as an ES module
 * makes Node scan the whole file for export names first: about 0.2 s on every start.
 * Modules take the value from here and the types from `import type * as TS from 'typescript'`.
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

const ts = createRequire(import.meta.url)('typescript') as typeof TS;
export default ts;

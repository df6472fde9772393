// What TypeDoc's `import ts from 'typescript'` becomes in dist/vendor/typedoc.js: the compiler
// loaded with `require`, the same module object spec-check's own modules use.
import { createRequire } from 'node:module';

export default createRequire(import.meta.url)('typescript');

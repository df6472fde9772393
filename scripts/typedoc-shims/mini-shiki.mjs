// What TypeDoc's `import * as shiki from '@gerrit0/mini-shiki'` becomes in dist/vendor/typedoc.js:
// the highlighter is left out of the bundle (it imports each language's grammar on demand), and
// is found from TypeDoc's own folder, where npm puts TypeDoc's dependencies.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const fromTypedoc = createRequire(createRequire(import.meta.url).resolve('typedoc/package.json'));
const shiki = await import(pathToFileURL(fromTypedoc.resolve('@gerrit0/mini-shiki')).href);

export const {
  bundledLanguages,
  bundledLanguagesInfo,
  bundledThemes,
  createOnigurumaEngine,
  createShikiInternal,
  loadBuiltinWasm,
} = shiki;

// With no time limit per line (the highlighter's default is 500 ms, after which the rest of the
// line is one token): what TypeDoc highlights must not depend on the machine's load.
export function codeToTokensWithThemes(internal, code, options) {
  return shiki.codeToTokensWithThemes(internal, code, { ...options, tokenizeTimeLimit: 0 });
}

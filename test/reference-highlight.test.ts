import { describe, expect, it } from 'vitest';
import * as td from '../src/vendor/typedoc.js';
import { highlightedCode } from '../src/generators/reference-highlight.js';
import { renumberHighlightClasses } from '../src/generators/reference-theme.js';

/** TypeDoc's own highlighting, from an application with its default theme, as the Schema Reference renders. */
async function typedocHighlighter(): Promise<(code: string, lang?: string) => string> {
  const app = await td.Application.bootstrap({}, []);
  const theme = new td.DefaultTheme(app.renderer);
  await theme.preRender(new td.RendererEvent('', new td.ProjectReflection('x', app.files), []));
  return (code, lang) => app.renderer.markedPlugin.getHighlighted(code, lang);
}

describe('the Schema Reference highlighter without TypeDoc', () => {
  it('gives what TypeDoc gives, class numbers aside, for JSON, other languages, plain text and unknown ones', async () => {
    const typedoc = await typedocHighlighter();
    const blocks: [string, string | undefined][] = [
      ['{\n  "a": [1, true, null, "x<y>&\'"],\n  "b": { "c": -2.5e3 }\n}\n', 'json'],
      ['{\n  // a comment\n  "a": 1,\n}\n', 'jsonc'],
      ["{ a: 1, 'b': Infinity }", 'JSON5'],
      ['const x: number = 1;\ninterface A { b?: string }\n', 'ts'],
      ['let y = `t ${1}`;\n\n', undefined],
      ['npm install x\n', 'bash'],
      ['plain <text> & more\n', 'text'],
      ['some code', 'no-such-language'],
    ];
    // Numbered per page, as the page numbers them, on both sides.
    const ours = new Map<string, number>();
    const theirs = new Map<string, number>();
    for (const [code, lang] of blocks)
      expect(renumberHighlightClasses(await highlightedCode(code, lang), ours)).toBe(
        renumberHighlightClasses(typedoc(code, lang), theirs),
      );
  });
});

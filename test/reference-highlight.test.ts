import { describe, expect, it, vi } from 'vitest';
import * as td from '../src/vendor/typedoc.js';
import { highlightedCode } from '../src/generators/reference-highlight.js';
import { finishDeclaration, renumberHighlightClasses } from '../src/generators/reference-slots.js';

/** TypeDoc's own highlighting, from an application with its default theme, as the Schema Reference renders. */
async function typedocHighlighter(): Promise<(code: string, lang?: string) => string> {
  const app = await td.Application.bootstrap({}, []);
  const theme = new td.DefaultTheme(app.renderer);
  await theme.preRender(new td.RendererEvent('', new td.ProjectReflection('x', app.files), []));
  return (code, lang) => app.renderer.markedPlugin.getHighlighted(code, lang);
}

describe('the Schema Reference highlighter without TypeDoc', () => {
  it('gives what TypeDoc gives, class numbers aside, for JSON, other languages, plain text and unknown ones', async () => {
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
    // Ours first: this thread's regular expression engine is loaded by spec-check's highlighter
    // (as in a check's main thread), then TypeDoc's uses it.
    const highlighted = [];
    for (const [code, lang] of blocks) highlighted.push(await highlightedCode(code, lang));
    const typedoc = await typedocHighlighter();
    // Numbered per page, as the page numbers them, on both sides.
    const ours = new Map<string, number>();
    const theirs = new Map<string, number>();
    for (const [i, [code, lang]] of blocks.entries())
      expect(renumberHighlightClasses(highlighted[i], ours)).toBe(
        renumberHighlightClasses(typedoc(code, lang), theirs),
      );
  });

  // The tokenizer stops a line when its time limit runs out (by `Date.now`): a clock that runs a
  // second per reading makes any limit run out at once, so the output shows whether one is set.
  it('tokenizes with no time limit: a slow machine highlights as a fast one', async () => {
    const code = '{\n  "a": [1, true, null, "x"],\n  "b": { "c": -2.5e3 }\n}\n';
    const ours = await highlightedCode(code, 'json');
    const shim = await import('../scripts/typedoc-shims/mini-shiki.mjs');
    await shim.loadBuiltinWasm();
    const internal = await shim.createShikiInternal({
      engine: await shim.createOnigurumaEngine(),
      themes: [shim.bundledThemes['light-plus']],
      langs: [shim.bundledLanguages.json],
    });
    const tokens = () =>
      JSON.stringify(shim.codeToTokensWithThemes(internal, code, { themes: { light: 'light-plus' }, lang: 'json' }));
    const theirs = tokens();
    let now = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      expect(await highlightedCode(code, 'json')).toBe(ours);
      // TypeDoc's highlighting in the bundle goes through this shim.
      expect(tokens()).toBe(theirs);
    } finally {
      clock.mockRestore();
    }
  });
});

describe("a Schema Reference declaration's escapes", () => {
  it('writes each character MDX would read as syntax as a reference, no-break spaces as `&nbsp;` (two as one), and joins a tag to the line before it', () => {
    const html =
      '<h3 id="a">x_y</h3><p>[a] {b} $c `d` \\e *f* ~g~\u00A0\u00A0\u00A0|\u00A0\u00A0\u00A0\u00A0|</p>\n\n<p>@TJS-type integer</p>';
    expect(finishDeclaration('T', html)).toBe(
      '<div class="type">\n\n### `T`\n\n' +
        '<div id="a" data-typedoc-h="3">x&#x5F;y</div><p>&#x5B;a] &#x7B;b} &#x24;c &#x60;d&#x60; &#x5C;e &#x2A;f&#x2A; &#x7E;g&#x7E;&nbsp;&nbsp;|&nbsp;&nbsp;|</p> ' +
        '\n</div>\n\n',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { sentenceSpans } from '../src/util/sentences.js';
import { sentences } from '../src/consistency/text.js';
import { readMarkdownPage } from '../src/sources/markdown.js';
import { TextFile } from '../src/core/text-file.js';
import { unitsOf } from '../src/sep-diff/units.js';

const split = (text: string) => sentenceSpans(text).map((s) => text.slice(s.start, s.end));

describe('one sentence splitter', () => {
  it.each([
    ['Servers reply. Clients wait.', ['Servers reply.', 'Clients wait.']],
    ['Is it done? Yes! Then stop.', ['Is it done?', 'Yes!', 'Then stop.']],
    // What may start a sentence: emphasis, code, a link, a digit, a quote, a parenthesis.
    [
      'One. **Two** next. `three` here. [Four](x) too. 5 follow. "Six" said. (Seven) ends.',
      ['One.', '**Two** next.', '`three` here.', '[Four](x) too.', '5 follow.', '"Six" said.', '(Seven) ends.'],
    ],
    // A closing quote or parenthesis stays with its sentence.
    [
      'He said "stop." Then left. It ended (at last.) Done.',
      ['He said "stop."', 'Then left.', 'It ended (at last.)', 'Done.'],
    ],
    // Abbreviations and version numbers end no sentence; a lower-case word starts none.
    [
      'Use e.g. Cursors, i.e. Tokens, vs. Pages, cf. Figures. As in v1.2 of WXP. and so on.',
      ['Use e.g. Cursors, i.e. Tokens, vs. Pages, cf. Figures.', 'As in v1.2 of WXP. and so on.'],
    ],
    [
      'See Fig. 2 and No. 5. E.g. This. It is yes or no. Then more.',
      ['See Fig. 2 and No. 5.', 'E.g. This.', 'It is yes or no.', 'Then more.'],
    ],
    ['  \n ', []],
    ['Is a cursor required? No. Servers MAY omit it.', ['Is a cursor required?', 'No.', 'Servers MAY omit it.']],
    ['See No. 5 and Fig. 2 for it. Then stop.', ['See No. 5 and Fig. 2 for it.', 'Then stop.']],
  ])('splits %j', (text, expected) => {
    expect(split(text)).toEqual(expected);
  });

  it('cuts a paragraph alike for the consistency claims and for sep-diff', () => {
    const text =
      'Servers MUST reply with an error. Use `-32602` (e.g. Invalid params) for it. "Unknown tool" is one case.';
    const claims = sentences(text);
    expect(claims.map((s) => text.slice(s.offset, s.offset + s.text.length))).toEqual(claims.map((s) => s.text));
    const source = new TextFile('p.md', text + '\n');
    const units = unitsOf(readMarkdownPage(source, 'md').tree!.children, {
      source,
      map: (line, column) => ({ file: 'p.md', line, column }),
    });
    expect(units.map((u) => u.plain)).toEqual(claims.map((s) => s.text.replace(/`/g, '')));
    expect(claims.map((s) => s.offset)).toEqual([0, text.indexOf('Use'), text.indexOf('"Unknown')]);
  });
});

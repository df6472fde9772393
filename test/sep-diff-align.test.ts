import { describe, expect, it } from 'vitest';
import { readMarkdownPage } from '../src/sources/markdown.js';
import { TextFile } from '../src/core/text-file.js';
import { align, keywordsOf, matchScore, outOfOrder, wordHunks } from '../src/sep-diff/align.js';
import { unitsOf, type Unit } from '../src/sep-diff/units.js';
import { sentenceSpans } from '../src/util/sentences.js';

function units(text: string, file = 'p.md'): Unit[] {
  const source = new TextFile(file, text);
  const page = readMarkdownPage(source, 'md');
  return unitsOf(page.tree!.children, { source, map: (line, column) => ({ file, line, column }) });
}

describe('units', () => {
  it('splits paragraphs into sentences, keeping abbreviations and versions inside them', () => {
    const text = 'Servers MUST reply. Use e.g. a cursor, as in v1.2 of WXP. Then stop!';
    expect(sentenceSpans(text).map((s) => text.slice(s.start, s.end))).toEqual([
      'Servers MUST reply.',
      'Use e.g. a cursor, as in v1.2 of WXP.',
      'Then stop!',
    ]);
  });

  it('makes list items, nested items and sentences into units located at their first character', () => {
    const u = units('Intro text. Second one.\n\n- **Bold** item with `code`\n  - Nested item\n- Last\n');
    expect(u.map((x) => [x.kind, x.plain, x.location.line, x.location.column])).toEqual([
      ['sentence', 'Intro text.', 1, 1],
      ['sentence', 'Second one.', 1, 13],
      ['item', 'Bold item with code', 3, 5],
      ['item', 'Nested item', 4, 5],
      ['item', 'Last', 5, 3],
    ]);
    // Offsets map back through inline code and to continuation lines.
    const item = u[2];
    expect(item.locate(item.plain.indexOf('code'))).toEqual({ file: 'p.md', line: 3, column: 23 });
    const wrapped = units('- first line of an item\n  that wraps here\n')[0];
    expect(wrapped.locate(wrapped.plain.indexOf('wraps'))).toEqual({ file: 'p.md', line: 2, column: 8 });
    // Escapes and entities are longer in the source than in the text.
    const escaped = units('> A \\*starred\\* word &amp; an entity, then `code`.\n')[0];
    expect(escaped.plain).toBe('A *starred* word & an entity, then code.');
    expect(escaped.locate(escaped.plain.indexOf('entity'))).toEqual({ file: 'p.md', line: 1, column: 31 });
    expect(escaped.locate(escaped.plain.indexOf('code'))).toEqual({ file: 'p.md', line: 1, column: 45 });
  });
});

describe('alignment', () => {
  const one = (text: string) => units(text)[0];

  it('reads RFC 2119 keywords in upper case only, merging equivalent forms', () => {
    expect(
      keywordsOf(
        one('Clients MUST NOT retry, SHOULD wait, and MAY log; it is OPTIONAL and NOT RECOMMENDED but must be fine.'),
      ).map((k) => [k.text, k.level]),
    ).toEqual([
      ['MUST NOT', 'MUST NOT'],
      ['SHOULD', 'SHOULD'],
      ['MAY', 'MAY'],
      ['OPTIONAL', 'MAY'],
      ['NOT RECOMMENDED', 'SHOULD NOT'],
    ]);
  });

  it('describes word-level differences as hunks of dropped and added words', () => {
    const sep = one('Widget locked by another client, with the time to wait.');
    const doc = one('Widget held by another client.');
    expect(
      wordHunks(sep, doc).map((h) => [h.dropped.map((w) => w.raw).join(' '), h.added.map((w) => w.raw).join(' ')]),
    ).toEqual([
      ['locked', 'held'],
      ['with the time to wait.', ''],
    ]);
  });

  it('places hunks among repeated words where the words changed, at their offsets, leaving out skipped words', () => {
    const sep = one('The server sends the result to the client, and the client MUST wait.');
    const doc = one('The server sends the final result to the client, and the client SHOULD wait for it.');
    const skipSep = new Set(keywordsOf(sep).flatMap((k) => k.words));
    const skipDoc = new Set(keywordsOf(doc).flatMap((k) => k.words));
    const hunks = wordHunks(sep, doc, skipSep, skipDoc);
    expect(
      hunks.map((h) => [
        h.dropped.map((w) => w.raw).join(' '),
        h.added.map((w) => w.raw).join(' '),
        sep.plain.slice(h.sepOffset),
        doc.plain.slice(h.docOffset),
      ]),
    ).toEqual([
      [
        '',
        'final',
        'result to the client, and the client MUST wait.',
        'final result to the client, and the client SHOULD wait for it.',
      ],
      // Keys leave out punctuation: `wait.` is `wait`, and the SEP's hunk starts at its end.
      ['', 'for it.', '', 'for it.'],
    ]);
    expect(wordHunks(sep, sep)).toEqual([]);
  });

  it('matches an item that lost a long clause, but not two short unrelated items', () => {
    expect(
      matchScore(one('Input validation errors (wrong format, value out of range)'), one('Input validation errors')),
    ).toBe(0.5);
    expect(matchScore(one('Server errors'), one('Server timeouts'))).toBe(0);
  });

  it('pairs identical units, similar ones, and leftovers in the same slot; finds moved units', () => {
    const sep = units('- Alpha one two\n- Beta three four\n- Gamma five six\n- Delta seven eight\n');
    const doc = units('- Beta three four\n- Alpha one two\n- Gamma five nine\n- Something else entirely new\n');
    const a = align(sep, doc);
    expect(a.pairs.map((p) => [p.sep.plain, p.doc.plain])).toEqual([
      ['Alpha one two', 'Alpha one two'],
      ['Beta three four', 'Beta three four'],
      ['Gamma five six', 'Gamma five nine'],
    ]);
    expect(a.sepOnly.map((u) => u.plain)).toEqual(['Delta seven eight']);
    expect(a.docOnly.map((u) => u.plain)).toEqual(['Something else entirely new']);
    expect(outOfOrder(a.pairs).map((p) => p.sep.plain)).toEqual(['Alpha one two']);
  });
});

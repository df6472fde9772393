import { describe, expect, it } from 'vitest';
import { spellingUnknownWord } from '../src/rules/spelling-unknown-word.js';
import { TextFile } from '../src/core/text-file.js';
import { wordsOf, type ProseWord } from '../src/prose/spelling-words.js';
import { parseConfig } from '../src/config/config.js';
import { RuleTester } from './rule-tester.js';

/** The rule ships off: these cases turn it on, as a config would. */
const rule = { ...spellingUnknownWord, meta: { ...spellingUnknownWord.meta, defaultSeverity: 'warning' as const } };

/** A small gadget protocol whose names are not English words. */
const schema = `/**
 * A gadget the server keeps.
 */
export interface Gadget {
  /**
   * How many sprockles the gadget holds.
   */
  sprockleCount: number;
  /**
   * The gadget's zindle: see {@link Gadget} and {@link https://example.com/zorp | the zorp site}.
   *
   * @example
   * \`\`\`json
   * { "frumble": 1 }
   * \`\`\`
   * @see Gadget
   * @category gadgets/quorble
   */
  zindle?: string;
  capabilities?: { twizzle?: { blorpChanged?: boolean } };
}
export interface GadgetRequest {
  method: "gadgets/snarfle";
}
export const GADGET_WOBBLED = -32011;
`;

const PAGE = 'docs/specification/draft/gadgets.mdx';
const tester = new RuleTester({ files: { 'schema/draft/schema.ts': schema } });

describe('spelling/unknown-word', () => {
  it('reports a misspelled word of a page with where it is and the nearest words', async () => {
    await tester.verify(rule, {
      files: { [PAGE]: '# Gadgets\n\nServers MUST send a notificaton when\nthe list changes.\n' },
      errors: [
        {
          file: PAGE,
          line: 3,
          column: 21,
          endLine: 3,
          endColumn: 32,
          messageIncludes: 'Unknown word "notificaton": did you mean "notification"',
        },
      ],
    });
  });

  it('locates words on continuation lines and after escapes as the page writes them', async () => {
    await tester.verify(rule, {
      files: { [PAGE]: '- A gadget \\*always\\* sends\n  a reqest, then\n  > waits for its answr.\n' },
      errors: [
        { line: 2, column: 5, messageIncludes: 'Unknown word "reqest": did you mean "request"' },
        { line: 3, column: 19, messageIncludes: 'Unknown word "answr"' },
      ],
    });
  });

  it('keeps the case of a capitalised word in its suggestions', async () => {
    const [finding] = await tester.findings(rule, { files: { [PAGE]: 'Recieve the list first.\n' } });
    expect(finding.message).toMatch(/^Unknown word "Recieve": did you mean "Receive"/);
  });

  it('does not read code, inline code, URLs, names, numbers, paths or markup', async () => {
    await tester.verify(rule, {
      files: {
        [PAGE]: [
          '---',
          'title: Gadgtes',
          '---',
          '',
          'Call `gadgets/snarfel` with `{ "sprokle": 1 }`, or see https://example.com/flibber and',
          '[the flobber page](https://example.com/flobber) and <https://example.com/wibblewobble>.',
          'The plainWordz member, the OAUTHZ flow, the zz9 plural, gadgetz.json, a_b_cdef and i.e. are names.',
          '',
          '```json',
          '{ "frobnicatte": true }',
          '```',
          '',
          '<Note title="Spellling">Ths is short.</Note>',
          '',
          '![a picure](gadget.png)',
        ].join('\n'),
      },
    });
  });

  it("knows the spec's own names and their parts: declarations, members, nested capabilities, methods, error codes", async () => {
    await tester.verify(rule, {
      files: {
        [PAGE]:
          'Each gadget holds sprockles. Its zindle, twizzle and blorp are its own words.\nA snarfle request may be wobbled.\n',
      },
    });
  });

  it('accepts the words of the config, in any case, and regular forms of known words', async () => {
    const files = { [PAGE]: 'The Quuxinator refetches the hostnames statelessly, sandboxed.\n' };
    await tester.verify(rule, {
      files,
      errors: [{ line: 1, column: 5, messageIncludes: 'Unknown word "Quuxinator"' }],
    });
    await tester.verify(rule, {
      files: { [PAGE]: 'The Quuxinator refetches the hostnames; two quuxinators.\n' },
      options: { spelling: { words: ['quuxinator'] } },
    });
  });

  it('reports a typo that reads as a short known word with a suffix', async () => {
    await tester.verify(rule, {
      files: { [PAGE]: 'Tokens are not for corss-origin use.\n' },
      errors: [{ line: 1, column: 20, messageIncludes: 'Unknown word "corss": did you mean "cross"' }],
    });
  });

  it('reads the prose of JSDoc comments, not their code, links or naming tags', async () => {
    const typo = schema.replace(
      'How many sprockles the gadget holds.',
      'How many sprockles the gadget holds, at mosst.',
    );
    await tester.verify(rule, {
      files: { 'schema/draft/schema.ts': typo },
      errors: [{ file: 'schema/draft/schema.ts', line: 6, column: 46, messageIncludes: 'Unknown word "mosst"' }],
    });
  });

  it("reports inline code one typo from a name of the spec (a method's segment too), not a plural, a change of case, a short name or an English word", async () => {
    await tester.verify(rule, {
      files: {
        [PAGE]:
          'Set `sprockleCuont` and `zindel`, not `Gadgets`, `gadget`, `zindles` or `Gizmo`; see `blorpChange` and `twizle`. Not `kindle`; `snarfel`.\n',
      },
      errors: [
        { line: 1, column: 6, message: 'Unknown name `sprockleCuont`: did you mean `sprockleCount`?' },
        { line: 1, column: 26, message: 'Unknown name `zindel`: did you mean `zindle`?' },
        { line: 1, column: 87, message: 'Unknown name `blorpChange`: did you mean `blorpChanged`?' },
        { line: 1, column: 105, message: 'Unknown name `twizle`: did you mean `twizzle`?' },
        { line: 1, column: 129, message: 'Unknown name `snarfel`: did you mean `snarfle`?' },
      ],
    });
  });

  it('is silenced by a suppression comment on the line before', async () => {
    await tester.verify(rule, {
      files: {
        [PAGE]:
          '{/* spec-check-disable-next-line spelling/unknown-word -- a name of ours */}\nThe Flurbtron sends it.\n',
      },
    });
  });

  it('is off by default, and then loads no dictionary', async () => {
    expect(spellingUnknownWord.meta.defaultSeverity).toBe('off');
    const found = await tester.findings(spellingUnknownWord, { files: { [PAGE]: 'A notificaton.\n' } });
    expect(found).toEqual([]);
  });
});

describe('the words of a text', () => {
  const words = (text: string) => {
    const out: ProseWord[] = [];
    wordsOf(text, new TextFile('a.md', text), 0, out);
    return out.map((w) => [w.word, w.offset]);
  };

  it('splits hyphenated words, drops possessives and outer punctuation, and keeps offsets', () => {
    expect(words('The server’s well-known (default) "value".')).toEqual([
      ['server', 4],
      ['well', 13],
      ['known', 18],
      ['default', 25],
      ['value', 35],
    ]);
  });

  it('leaves out short words, names and anything with digits, underscores, dots or slashes inside', () => {
    expect(words('a bit of camelCase, JSON, v2beta, snake_case, file.ts, and/or, e.g. words')).toEqual([['words', 68]]);
  });
});

describe('config spelling', () => {
  it('reads spelling.words', () => {
    expect(parseConfig('{ "spelling": { "words": ["Gizmo", "frobbed"] } }').spelling).toEqual({
      words: ['Gizmo', 'frobbed'],
    });
  });

  it('rejects a word with a space and an unknown key, at their place', () => {
    expect(() => parseConfig('{\n  "spelling": { "words": ["two words"] }\n}')).toThrow(
      'spec-check.config.json:2:27: spelling.words[0] must be a word (a string without spaces)',
    );
    expect(() => parseConfig('{ "spelling": { "word": [] } }')).toThrow(
      'unknown key "spelling.word" (did you mean "words"?) (allowed: words)',
    );
  });
});

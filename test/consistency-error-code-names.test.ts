import { consistencyErrorCode } from '../src/rules/consistency-error-code.js';
import { RuleTester } from './rule-tester.js';

// A spec of gadgets with two standard codes and one of its own, named as constants and by an
// error declaration whose code is one of them.
const SCHEMA = `export const BAD_ARGUMENTS = -32602;
export const INTERNAL_ERROR = -32603;
export const GADGET_JAMMED = -32030;

/**
 * The gadget is jammed.
 */
export interface GadgetJammedError {
  jsonrpc: "2.0";
  id: string;
  error: { code: typeof GADGET_JAMMED; message: string };
}
`;
const TS = 'schema/draft/schema.ts';
const PAGE = 'docs/specification/draft/server/gadgets.mdx';
const md = (body: string) => `---\ntitle: Gadgets\n---\n\n${body}\n`;

new RuleTester({ files: { [TS]: SCHEMA } }).run(consistencyErrorCode, {
  valid: [
    {
      name: 'codes given beside the names schema.ts gives them',
      files: {
        [PAGE]: md(
          [
            'Servers answer with `-32602` (Bad arguments) or `-32603` (Internal error).',
            '',
            '- Bad arguments: `-32602`',
            '',
            '| Code | Error |',
            '| --- | --- |',
            '| `-32030` | [`GadgetJammed`](/schema#gadgetjammederror) |',
            '',
            'A jammed gadget gives a [`GadgetJammedError`](#errors) (code `-32030`).',
          ].join('\n'),
        ),
      },
    },
    {
      name: 'a condition phrase beside a code is not a name',
      files: { [PAGE]: md('- Gadget missing: `-32602` (Gadget not there)') },
    },
    {
      name: 'a line about earlier versions',
      files: { [PAGE]: md('Earlier versions used `-32001` (Gadget jammed); it was replaced by `-32030`.') },
    },
    {
      name: 'two constants with different codes',
      files: { [TS]: `${SCHEMA}export const GADGET_LOST = -32031;\n` },
    },
  ],
  invalid: [
    {
      name: 'a parenthesised name beside another code, at the code',
      files: { [PAGE]: md('Servers answer with `-32603` (Bad arguments).') },
      errors: [
        {
          message: `In draft, code -32603 is given here for Bad arguments, but ${TS} declares BAD_ARGUMENTS with code -32602`,
          file: PAGE,
          line: 5,
          column: 22,
        },
      ],
    },
    {
      name: 'a table row naming the error declaration without its suffix',
      files: { [PAGE]: md('| Code | Error |\n| --- | --- |\n| `-32031` | [`GadgetJammed`](/schema) |') },
      errors: [{ messageIncludes: 'code -32031 is given here for GadgetJammed, but', line: 7, column: 4 }],
    },
    {
      name: 'a list item led by the name',
      files: { [PAGE]: md('- Internal error: `-32602`') },
      errors: [{ messageIncludes: 'code -32602 is given here for Internal error, but', line: 5, column: 20 }],
    },
    {
      name: 'the name of a declaration before its code, a tail of the words before',
      files: { [PAGE]: md('Servers return a `GadgetJammedError` (code `-32033`) when stuck.') },
      errors: [{ messageIncludes: 'code -32033 is given here for GadgetJammedError, but', line: 5, column: 45 }],
    },
    {
      name: 'a JSON comment naming the constant',
      files: {
        [PAGE]: md('```json\n{ "error": {\n  "code": -32603, // GADGET_JAMMED\n  "message": "Jammed" } }\n```'),
      },
      errors: [{ messageIncludes: 'code -32603 is given here for GADGET_JAMMED, but', line: 7, column: 11 }],
    },
    {
      name: 'a JSDoc link with a code in schema.ts',
      files: {
        [TS]: `${SCHEMA}\n/**\n * Sent instead of {@link GadgetJammedError} (\`-32602\`) when the gadget is busy.\n */\nexport interface GadgetBusy {\n  busy: true;\n}\n`,
      },
      errors: [
        { messageIncludes: 'code -32602 is given here for GadgetJammedError, but', file: TS, line: 15, column: 48 },
      ],
    },
    {
      name: 'two constants with one code, at the second',
      files: { [TS]: `${SCHEMA}export const GADGET_LOST = -32030;\n` },
      errors: [
        {
          message:
            'In draft, GADGET_LOST has code -32030, the code of GADGET_JAMMED too: one code for two different errors',
          file: TS,
          line: 13,
          column: 28,
        },
      ],
    },
  ],
});

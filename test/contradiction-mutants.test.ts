/**
 * Seeded defects: a small consistent spec of lamps, on which jsdoc/contradiction and
 * consistency/error-code report nothing, and single edits of it (mutants), each of which must be
 * reported at the edited statement with the edited token in the message.
 */
import { describe, expect, it } from 'vitest';
import { jsdocContradiction } from '../src/rules/jsdoc-contradiction.js';
import { consistencyErrorCode } from '../src/rules/consistency-error-code.js';
import type { Rule } from '../src/core/rule.js';
import { RuleTester, type Files } from './rule-tester.js';

const TS = 'schema/draft/schema.ts';
const PAGE = 'docs/specification/draft/server/lamps.mdx';
const EXAMPLE = 'schema/draft/examples/Lamp/desk.json';

const clean: Files = {
  [TS]: `export const INVALID_PARAMS = -32602;
export const LAMP_BROKEN = -32040;

/** The lamp is broken. */
export interface LampBrokenError {
  jsonrpc: "2.0";
  id: string | number;
  error: { code: typeof LAMP_BROKEN; message: string };
}

/** A lamp. */
export interface Lamp {
  /** The lamp's name. Required. */
  name: string;
  /** Optional colour of the light. */
  colour?: string;
  /**
   * Brightness, between 0 and 100.
   */
  brightness?: number;
  /**
   * Default: false
   */
  dimmed?: boolean;
  /**
   * Warmth of the light.
   * @minimum 0
   * @maximum 1
   */
  warmth?: number;
}
`,
  'schema/draft/schema.json': JSON.stringify({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: {
      Lamp: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          colour: { type: 'string' },
          brightness: { type: 'number' },
          dimmed: { type: 'boolean' },
          warmth: { type: 'number', minimum: 0, maximum: 1 },
        },
        required: ['name'],
      },
    },
  }),
  [EXAMPLE]: '{ "name": "desk", "brightness": 80, "warmth": 0.5 }\n',
  [PAGE]:
    '---\ntitle: Lamps\n---\n\n- Unknown lamp: `-32602` (Invalid params)\n- Broken lamp: `-32040` (`LampBrokenError`)\n',
};

interface Mutant {
  name: string;
  rule: Rule;
  file: string;
  from: string;
  to: string;
  /** The text of the line the finding must be on (the edited text when absent). */
  at?: string;
  /** The file of that line, when another than the edited one. */
  atFile?: string;
  /** What the message must name. */
  token: string;
}

const mutants: Mutant[] = [
  {
    name: '"Required." on an optional member',
    rule: jsdocContradiction,
    file: TS,
    from: '/** Optional colour of the light. */',
    to: '/** The colour of the light. Required. */',
    token: '"Required."',
  },
  {
    name: 'a required member made optional under "Required."',
    rule: jsdocContradiction,
    file: TS,
    from: '  name: string;',
    to: '  name?: string;',
    at: "/** The lamp's name. Required. */",
    token: 'name?',
  },
  {
    name: 'an optional member made required under "Optional …"',
    rule: jsdocContradiction,
    file: TS,
    from: '  colour?: string;',
    to: '  colour: string;',
    at: '/** Optional colour of the light. */',
    token: 'Optional colour',
  },
  {
    name: 'a bound the example exceeds',
    rule: jsdocContradiction,
    file: TS,
    from: 'Brightness, between 0 and 100.',
    to: 'Brightness, between 0 and 50.',
    token: 'between 0 and 50',
  },
  {
    name: 'an example value past the stated bound',
    rule: jsdocContradiction,
    file: EXAMPLE,
    from: '"brightness": 80',
    to: '"brightness": 180',
    at: 'Brightness, between 0 and 100.',
    atFile: TS,
    token: 'gives 180',
  },
  {
    name: 'a default of the wrong type',
    rule: jsdocContradiction,
    file: TS,
    from: 'Default: false',
    to: 'Default: "no"',
    token: 'default "no"',
  },
  {
    name: 'a maximum below the minimum',
    rule: jsdocContradiction,
    file: TS,
    from: '@maximum 1',
    to: '@maximum -1',
    token: '@maximum -1',
  },
  {
    name: 'a text bound against the tag',
    rule: jsdocContradiction,
    file: TS,
    from: 'Warmth of the light.',
    to: 'Warmth of the light, at most 2.',
    token: 'maximum 2',
  },
  {
    name: 'a code given for another named error',
    rule: consistencyErrorCode,
    file: PAGE,
    from: '`-32040` (`LampBrokenError`)',
    to: '`-32602` (`LampBrokenError`)',
    token: 'code -32602 is given here for LampBrokenError',
  },
  {
    name: 'one code for two constants',
    rule: consistencyErrorCode,
    file: TS,
    from: 'LAMP_BROKEN = -32040',
    to: 'LAMP_BROKEN = -32602',
    token: 'LAMP_BROKEN has code -32602',
  },
];

const tester = new RuleTester({ files: clean });

describe('seeded defects (mutants)', () => {
  for (const rule of [jsdocContradiction, consistencyErrorCode])
    it(`the clean spec gives ${rule.meta.id} nothing`, async () => {
      expect(await tester.findings(rule, { files: {} })).toEqual([]);
    });
  for (const m of mutants)
    it(`${m.rule.meta.id} catches: ${m.name}`, async () => {
      const original = clean[m.file]!;
      expect(original).toContain(m.from);
      const mutated = original.replace(m.from, m.to);
      const findings = await tester.findings(m.rule, { files: { [m.file]: mutated } });
      const atFile = m.atFile ?? m.file;
      const atText = (atFile === m.file ? mutated : clean[atFile]!).split('\n');
      const line = atText.findIndex((l) => l.includes(m.at ?? m.to)) + 1;
      expect(findings.map((f) => `${f.file}:${f.line} ${f.message}`)).toContainEqual(
        expect.stringMatching(new RegExp(`^${atFile}:${line} .*${m.token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
      );
    });
});

import { jsdocContradiction } from '../src/rules/jsdoc-contradiction.js';
import { RuleTester } from './rule-tester.js';
import { page, partsFiles, partsSchemaJson, partsSchemaTs } from './prose-fixture.js';

// The parts spec, with a dial whose members each test documents in its own words.
const schemaJson = structuredClone(partsSchemaJson) as unknown as { $defs: Record<string, { properties: object }> };
schemaJson.$defs.Part.properties = { ...schemaJson.$defs.Part.properties, tolerance: { type: 'number' } };
schemaJson.$defs.Dial = {
  type: 'object',
  properties: {
    label: { type: 'string' },
    position: { type: 'number' },
    spacing: { type: 'number' },
    scale: { enum: ['linear', 'log'], type: 'string' },
    locked: { type: 'boolean' },
  },
} as never;

const PART = `export interface Part {
  id: string;
  /** Size in millimetres. */
  size: number;
  kind?: "bolt" | "nut";
}`;

/** schema.ts with the dial's members (and, when given, Part's) as written. */
function schema(dial: string, part = PART): string {
  return `${partsSchemaTs.replace(PART, part)}
/**
 * A dial.
 *
 * @category Parts
 */
export interface Dial {
${dial}
}
`;
}

const TS = 'schema/draft/schema.ts';
const EX = 'schema/draft/examples';
const PAGE = 'docs/specification/draft/server/parts.mdx';
/** The line of schema.ts where the dial's members start. */
const D = schema('').split('\n').indexOf('export interface Dial {') + 2;

const tolerancePart = (doc: string) =>
  PART.replace('  kind?: "bolt" | "nut";', `  kind?: "bolt" | "nut";\n  /** ${doc} */\n  tolerance?: number;`);

new RuleTester({
  files: { ...partsFiles, 'schema/draft/schema.json': JSON.stringify(schemaJson, null, 2) },
}).run(jsdocContradiction, {
  valid: [
    {
      name: '"Required." on a required member, "Optional …" on an optional one',
      files: {
        [TS]: schema(
          '  /** The label. Required. */\n  label: string;\n  /** Optional spacing of ticks. */\n  spacing?: number;',
        ),
      },
    },
    {
      name: 'a sentence about another thing being required',
      files: { [TS]: schema('  /** A scale; `"log"` is required for wide ranges. */\n  scale?: "linear" | "log";') },
    },
    {
      name: 'a backticked subject that is another member',
      files: { [TS]: schema('  /** The label. `position` is required with it. */\n  label?: string;') },
    },
    {
      name: 'an optional member that says what its absence means',
      files: { [TS]: schema('  /** If omitted, the dial is unlocked. */\n  locked?: boolean;') },
    },
    {
      name: 'a required member whose type admits undefined, called optional',
      files: { [TS]: schema('  /** Optional label. */\n  label: string | undefined;') },
    },
    {
      name: 'a default of another thing, under a condition',
      files: { [TS]: schema('  /** Defaults to metres when no `unit` is provided. */\n  position: number;') },
    },
    {
      name: 'a default its type allows, given twice alike',
      files: {
        [TS]: schema('  /**\n   * Default: "linear"\n   *\n   * @default "linear"\n   */\n  scale?: "linear" | "log";'),
      },
    },
    {
      name: 'an enumerated value marked the default, of the type',
      files: {
        [TS]: schema(
          '  /**\n   * The scale:\n   * - `"linear"`: even ticks (default)\n   * - `"log"`: decades\n   */\n  scale?: "linear" | "log";',
        ),
      },
    },
    {
      name: 'a bound in the text equal to its tag',
      files: {
        [TS]: schema(
          '  /**\n   * Spacing, between 0 and 10.\n   *\n   * @minimum 0\n   * @maximum 10\n   */\n  spacing?: number;',
        ),
      },
    },
    {
      name: 'a count is not a bound of the value',
      files: {
        [TS]: schema('  /**\n   * Spacing, shown at most 3 times.\n   *\n   * @maximum 10\n   */\n  spacing?: number;'),
      },
    },
    {
      name: 'bounds of a member that is not a number are not read',
      files: { [TS]: schema('  /** A label between 1 and 5. */\n  label?: string;') },
    },
    {
      name: 'examples and JSON blocks within the bound the text states',
      files: {
        [TS]: schema('  label?: string;', tolerancePart('Tolerance, between 0 and 1.')),
        [`${EX}/Part/a.json`]: '{ "id": "a", "size": 1, "tolerance": 0.5 }',
        [`${EX}/GetPartResult/a.json`]: '{ "part": { "id": "a", "size": 1, "tolerance": 1 } }',
      },
    },
  ],
  invalid: [
    {
      name: '"Required." on an optional member, at the sentence',
      files: { [TS]: schema('  /** The label. Required. */\n  label?: string;') },
      errors: [
        {
          message: 'Dial.label is declared optional (`label?`), but its JSDoc says it is required: "Required."',
          file: TS,
          line: D,
          column: 18,
        },
      ],
    },
    {
      name: '"This field is required" on an optional member',
      files: { [TS]: schema('  /**\n   * The label.\n   * This field is required.\n   */\n  label?: string;') },
      errors: [{ messageIncludes: 'its JSDoc says it is required: "This field is required."', line: D + 2, column: 6 }],
    },
    {
      name: 'an opening "Optional …" on a required member',
      files: { [TS]: schema('  /** Optional label for the dial. */\n  label: string;') },
      errors: [
        {
          message:
            'Dial.label is declared required (no `?`), but its JSDoc calls it optional: "Optional label for the dial."',
          line: D,
          column: 7,
        },
      ],
    },
    {
      name: '"If not provided" on a required member',
      files: {
        [TS]: schema('  /**\n   * The label.\n   * If not provided, the id is shown.\n   */\n  label: string;'),
      },
      errors: [
        {
          messageIncludes: 'its JSDoc says what its absence means: "If not provided, the id is shown."',
          line: D + 2,
          column: 6,
        },
      ],
    },
    {
      name: 'a default on a required member',
      files: { [TS]: schema('  /** Default: false */\n  locked: boolean;') },
      errors: [
        {
          message:
            'Dial.locked is declared required (no `?`), but its JSDoc gives it a default (false); a default applies only to a member that may be left out',
          line: D,
          column: 7,
        },
      ],
    },
    {
      name: 'two defaults that differ: the text and the tag, each reported',
      files: { [TS]: schema('  /**\n   * Default: false\n   *\n   * @default true\n   */\n  locked?: boolean;') },
      errors: [
        {
          message: 'Dial.locked: its JSDoc gives the default false here, and true elsewhere ("@default true")',
          line: D + 1,
          column: 6,
        },
        {
          message: 'Dial.locked: its JSDoc gives the default true here, and false elsewhere ("Default: false")',
          line: D + 3,
          column: 6,
        },
      ],
    },
    {
      name: 'a default its literal type does not allow',
      files: { [TS]: schema('  /** Default is `"cubic"`. */\n  scale?: "linear" | "log";') },
      errors: [
        {
          message: 'Dial.scale: its JSDoc gives the default "cubic", which its type ("linear" | "log") does not allow',
          line: D,
          column: 7,
        },
      ],
    },
    {
      name: 'a default of the wrong kind, through an alias',
      files: {
        [TS]: `${schema('  /** Defaults to 3. */\n  scale?: Scale;')}\nexport type Scale = "linear" | "log";\n`,
      },
      errors: [{ messageIncludes: 'gives the default 3, which its type (Scale) does not allow', line: D, column: 7 }],
    },
    {
      name: 'an enumerated default against the stated one',
      files: {
        [TS]: schema(
          '  /**\n   * Default is `"log"`.\n   * - `"linear"`: even ticks (default)\n   */\n  scale?: "linear" | "log";',
        ),
      },
      errors: [
        { messageIncludes: 'gives the default "log" here, and "linear" elsewhere', line: D + 1, column: 6 },
        {
          messageIncludes: 'gives the default "linear" here, and "log" elsewhere ("Default is `"log"`.")',
          line: D + 2,
          column: 8,
        },
      ],
    },
    {
      name: 'a bound in the text against its tag',
      files: { [TS]: schema('  /**\n   * Spacing, at most 5.\n   *\n   * @maximum 10\n   */\n  spacing?: number;') },
      errors: [
        {
          message: 'Dial.spacing: its JSDoc states the maximum 5 ("at most 5"), but its @maximum tag gives 10',
          line: D + 1,
          column: 15,
        },
      ],
    },
    {
      name: '@minimum above @maximum',
      files: { [TS]: schema('  /**\n   * Spacing.\n   * @minimum 5\n   * @maximum 1\n   */\n  spacing?: number;') },
      errors: [
        {
          message: 'Dial.spacing: @minimum 5 is greater than @maximum 1; no value satisfies both',
          line: D + 3,
          column: 6,
        },
      ],
    },
    {
      name: 'a default outside the bound',
      files: { [TS]: schema('  /**\n   * Default: 20\n   * @maximum 10\n   */\n  spacing?: number;') },
      errors: [
        {
          messageIncludes: 'gives the default 20, outside the maximum it states (10, "@maximum 10")',
          line: D + 1,
          column: 6,
        },
      ],
    },
    {
      name: 'an example value outside the bound the text states, reported at the statement',
      files: {
        [TS]: schema('  label?: string;', tolerancePart('Tolerance, between 0 and 1.')),
        [`${EX}/GetPartResult/a.json`]: '{\n  "part": { "id": "a", "size": 1, "tolerance": 5 }\n}',
      },
      errors: [
        {
          message:
            'Part.tolerance: its JSDoc states the maximum 1 ("between 0 and 1"), but schema/draft/examples/GetPartResult/a.json gives 5 (at /part/tolerance)',
          file: TS,
          line: toleranceLine(),
          column: 18,
        },
      ],
    },
    {
      name: 'a JSON block value outside the bound',
      files: {
        [TS]: schema('  label?: string;', tolerancePart('Tolerance, at least 0.')),
        [PAGE]: page(
          'To get a part, send:',
          '{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": { "id": "a" } }\n```\n\nThe reply:\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "result": { "part": { "id": "a", "size": 1, "tolerance": -2 } } }',
        ),
      },
      errors: [
        {
          messageIncludes: `states the minimum 0 ("at least 0"), but a JSON block of ${PAGE} gives -2 (at /result/part/tolerance)`,
          line: toleranceLine(),
          column: 18,
        },
      ],
    },
  ],
});

function toleranceLine(): number {
  return schema('', tolerancePart('x')).split('\n').indexOf('  /** x */') + 1;
}

import { jsdocNestedOpener } from '../src/rules/jsdoc-nested-opener.js';
import { RuleTester } from './rule-tester.js';
import { partsFiles, partsSchemaTs } from './prose-fixture.js';

const TS = 'schema/draft/schema.ts';
/** The parts schema with one more declaration, documented as given. */
const withGauge = (jsdoc: string) => `${partsSchemaTs}\n${jsdoc}\nexport interface Gauge {\n  reading: number;\n}\n`;

new RuleTester({ files: partsFiles }).run(jsdocNestedOpener, {
  valid: [
    { name: 'a plain comment', files: { [TS]: withGauge('/**\n * Measures a part.\n */') } },
    {
      name: 'globs and paths in the text are not openers',
      files: { [TS]: withGauge('/**\n * Reads files matching src/**/*.ts.\n * /**-prefixed names are reserved.\n */') },
    },
    {
      name: 'an opener in a comment that is not JSDoc of a declaration',
      files: { [TS]: `${partsSchemaTs}\n/* /**\n   old note */\nexport const GAUGE_LIMIT = 3;\n` },
    },
  ],
  invalid: [
    {
      name: 'an opener left on its own line, at the opener',
      files: { [TS]: withGauge('/**\n/**\n * Measures a part.\n */') },
      errors: [
        {
          messageIncludes: 'A comment opener inside a JSDoc comment (opened at line',
          file: TS,
          line: 99,
          column: 1,
        },
      ],
    },
    {
      name: "an opener after a member comment's star",
      files: {
        [TS]: withGauge('/** Measures a part. */').replace(
          '  reading: number;',
          '  /**\n   * /** The value read.\n   */\n  reading: number;',
        ),
      },
      errors: [{ messageIncludes: 'shows as "/** The value read."', line: 101, column: 6 }],
    },
  ],
});

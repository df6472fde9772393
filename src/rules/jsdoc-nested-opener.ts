import type { Rule } from '../core/rule.js';
import { jsdocsOf } from './jsdoc-link.js';

/** A body line that opens another JSDoc comment: `/**` first on the line, then nothing or a space. */
const OPENER = /^\s*\/\*\*(?=\s|$)/;

/** No JSDoc comment of schema.ts holds a second comment opener. */
export const jsdocNestedOpener: Rule = {
  meta: {
    id: 'jsdoc/nested-opener',
    description:
      'No JSDoc comment in schema.ts has a line that opens another comment (`/**` at the start of a line inside it): an edit that left an opener behind.',
    rationale:
      'A comment does not nest: the stray opener becomes text of the comment, and the Schema Reference and schema.json show "/**" at the start of the description. TypeScript accepts it, so nothing else reports it.',
    defaultSeverity: 'error',
    details:
      'Read: the JSDoc comments of declarations and of their members, as TypeDoc takes them (the last comment before each). Only an opener first on its line, alone or followed by a space, is reported; a glob such as `src/**/*.ts` or a path in the text is not an opener.',
    examples: {
      file: 'schema/draft/schema.ts',
      fail: '/**\n/**\n * A part of a widget.\n */\nexport interface Part {}',
      pass: '/**\n * A part of a widget.\n */\nexport interface Part {}',
    },
  },
  check(project, { report }) {
    // A types file that serves several versions is reported once.
    const seen = new Set<string>();
    for (const version of project.spec.versions)
      for (const { jsdoc } of jsdocsOf(version))
        for (const line of jsdoc.lines) {
          if (!OPENER.test(line.text)) continue;
          const at = `${line.location.file}:${line.location.line}`;
          if (seen.has(at)) continue;
          seen.add(at);
          report({
            message: `A comment opener inside a JSDoc comment (opened at line ${jsdoc.location.line}): it is text of the comment, and shows as "${line.text.trim()}" in the description`,
            location: {
              ...line.location,
              column: line.location.column + (line.text.length - line.text.trimStart().length),
            },
            related: [{ ...jsdoc.location, message: 'the comment opens here' }],
          });
        }
  },
};

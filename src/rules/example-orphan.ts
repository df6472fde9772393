import { jsdocsOf } from './jsdoc-link.js';
import type { Rule } from '../core/rule.js';

/** Examples that no `@example` shows, and `@example`s that show an example of another type. */
export const exampleOrphan: Rule = {
  meta: {
    id: 'example/orphan',
    description:
      'Every example file is shown by an `@example` in schema.ts, and an `@example` includes a file from the folder of the declaration it documents. A spec with no Schema Reference template whose types file has no `@example` at all shows its examples nowhere, and they are not reported.',
    rationale:
      'An example no @example includes is validated but never shown in the Schema Reference; one included under another type shows readers a shape that is not the documented type.',
    defaultSeverity: 'warning',
    examples: {
      file: 'schema/draft/schema.ts',
      fail: '/**\n * @example A dial\n * {@includeCode ./examples/WidgetGroup/dial.json}\n */\nexport interface Widget { ... }',
      pass: '/**\n * @example A dial\n * {@includeCode ./examples/Widget/dial.json}\n */\nexport interface Widget { ... }',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    for (const version of spec.versions) {
      if (!version.schemaTs) continue;
      const examplesDir = `${version.schemaDir}/examples/`;
      const included = new Set<string>();
      let showsExamples = false;
      for (const { declaration, jsdoc, member } of jsdocsOf(version)) {
        showsExamples ||= jsdoc.examples.length > 0;
        for (const include of jsdoc.includes) included.add(include.resolved);
        for (const example of jsdoc.examples) {
          const resolved = example.include?.resolved;
          if (!resolved?.startsWith(examplesDir)) continue;
          const folder = resolved.slice(examplesDir.length).split('/')[0];
          if (folder !== declaration.name && resolved.slice(examplesDir.length).includes('/')) {
            const documented = member ? `${declaration.name}.${member}` : declaration.name;
            report({
              message: `@example "${example.title}" of ${documented} includes ${resolved}, an example of ${folder} (validated against ${folder}, not ${declaration.name})`,
              location: example.include!.location,
            });
          }
        }
      }
      // A spec that shows no example through `@example` and has no Schema Reference has no place
      // where an example would be shown: its examples are test data, not orphans.
      if (!version.referenceTemplate && !showsExamples) continue;
      for (const example of version.examples) {
        if (included.has(example.path)) continue;
        report({
          message: `No @example in ${version.schemaTs.file.path} includes this example of ${example.typeName}: it is validated but not shown in the Schema Reference`,
          location: { file: example.path, line: 1, column: 1 },
        });
      }
    }
  },
};

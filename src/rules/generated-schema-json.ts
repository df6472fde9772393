import { prepareGenerated, preparedGenerated } from '../generators/outputs.js';
import { declarationRelated, excerpt, firstDifference } from './generated-diff.js';
import type { Rule } from '../core/rule.js';

/** A definition of schema.json starts at eight spaces of indentation (four-space indent, under `$defs`). */
const DEFINITION_LINE = /^ {8}"([^"]+)": \{$/;

/** The definition whose text holds `offset`: the nearest definition line at or before it. */
function definitionAt(text: string, offset: number): string | undefined {
  const lines = text.slice(0, text.indexOf('\n', offset) < 0 ? text.length : text.indexOf('\n', offset)).split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = DEFINITION_LINE.exec(lines[i]);
    if (m) return m[1];
  }
  return undefined;
}

/** The committed schema.json is what `generate` writes from schema.ts. */
export const generatedSchemaJson: Rule = {
  meta: {
    id: 'generated/schema-json',
    description:
      'The committed schema/<version>/schema.json is exactly what `spec-check generate` writes from schema.ts.',
    rationale:
      'schema.json is generated from schema.ts and is what validators and SDKs consume. A stale copy publishes a wire format that the types and their docs no longer describe.',
    defaultSeverity: 'error',
    examples: {
      file: 'schema/draft/schema.json',
      fail: '// schema.ts: /** The widget\'s label. */ label: string;\n"label": { "description": "The label.", "type": "string" }',
      pass: '"label": { "description": "The widget\'s label.", "type": "string" }',
    },
  },
  prepare: (project) => prepareGenerated(project, 'schema-json'),
  check(project, { report }) {
    const { spec } = project;
    for (const file of preparedGenerated(project, 'schema-json')) {
      const committed = file.committed;
      if (!committed) continue; // Nothing committed, nothing to compare.
      const version = spec.versions.find((v) => v.id === file.version)!;
      if (file.text === undefined) {
        // Syntax errors are input/parse findings already; type errors are said here.
        if (version.schemaTs?.syntaxErrors.length) continue;
        for (const p of file.problems) {
          // A committed file that does not parse, or names no dialect, is an input/parse finding already.
          if (p.coveredBy) continue;
          report({ message: `${file.path} cannot be generated to compare: ${p.message}`, location: p.location });
        }
        continue;
      }
      const at = firstDifference(committed.text, file.text);
      if (at < 0) continue;
      const definition = definitionAt(committed.text, at) ?? definitionAt(file.text, at);
      const location = committed.location(at);
      const where = definition ? `definition ${definition}, line ${location.line}` : `line ${location.line}`;
      report({
        message:
          `${file.path} is stale: it differs from what schema.ts generates, first at ${where} ` +
          `(committed: ${JSON.stringify(excerpt(committed.text, at))}; generated: ${JSON.stringify(excerpt(file.text, at))}). ` +
          'Run `spec-check generate`.',
        location,
        related: declarationRelated(version, definition, `${definition} is declared here`),
      });
    }
  },
};

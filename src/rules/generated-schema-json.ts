import { committedAsLf, prepareGenerated, preparedGenerated } from '../generators/outputs.js';
import {
  differingSections,
  differingExcerpts,
  firstDifference,
  readableSkeleton,
  sectioned,
  shortDiff,
} from './generated-diff.js';
import type { Rule } from '../core/rule.js';
import { programRoot } from '../generators/keys.js';
import { withoutMachinePaths } from '../util/machine-paths.js';

/**
 * A definition of schema.json: from its line at eight spaces of indentation (four-space indent,
 * under `$defs`) to its closing brace at the same indentation, and the comma after it.
 */
const DEFINITION = /^ {8}"((?:[^"\\]|\\.)+)": \{\n[^]*?\n {8}\},?(?=\n)/gm;

/** A definition's text without the comma after it (the last one has none). */
const withoutComma = (text: string) => (text.endsWith(',') ? text.slice(0, -1) : text);

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
      const committed = committedAsLf(file.committed);
      if (!committed) continue; // Nothing committed, nothing to compare.
      const version = spec.versions.find((v) => v.id === file.version)!;
      if (file.text === undefined) {
        // Syntax errors are input/parse findings already; type errors are said here.
        if (version.schemaTs?.syntaxErrors.length) continue;
        for (const p of file.problems) {
          // A committed file that does not parse, or names no dialect, is an input/parse finding already.
          if (p.coveredBy) continue;
          // TypeScript names files by their place in the program: named relative to the root.
          const message = withoutMachinePaths(p.message, [programRoot(spec.root), spec.root]);
          report({ message: `${file.path} cannot be generated to compare: ${message}`, location: p.location });
        }
        continue;
      }
      // A checkout with CRLF line ends holds the same file (see `committedAsLf`).
      if (committed.text === file.text) continue;
      const committedDefs = sectioned(committed.text, DEFINITION);
      const freshDefs = sectioned(file.text, DEFINITION);
      const run = 'Run `spec-check generate`.';
      // One finding per definition that differs, at its declaration in schema.ts.
      const same = (a: string, b: string) => withoutComma(a) === withoutComma(b);
      for (const { name, old, fresh } of differingSections(committedDefs, freshDefs, same)) {
        const definitionAt = old ? committed.location(old.offset + 8) : undefined;
        if (!fresh) {
          report({
            message: `${file.path} is stale: it defines ${name}, which schema.ts no longer generates. ${run}`,
            location: definitionAt!,
          });
          continue;
        }
        const declared = version.schemaTs?.byName.get(name)?.location;
        report({
          message: old
            ? `${file.path} is stale in definition ${name}: ${shortDiff(withoutComma(old.text), withoutComma(fresh.text))}. ${run}`
            : `${file.path} is stale: it has no definition ${name}. ${run}`,
          location: declared ?? definitionAt ?? committed.location(0),
          related: declared && definitionAt ? [{ ...definitionAt, message: `${name} in ${file.path}` }] : [],
        });
      }
      // What lies outside the definitions: one finding.
      const at = firstDifference(committedDefs.skeleton, freshDefs.skeleton);
      if (at < 0) continue;
      const [shownCommitted, shownGenerated] = differingExcerpts(committedDefs.skeleton, freshDefs.skeleton, at);
      const location = committed.location(Math.min(committedDefs.textOffset(at), committed.text.length));
      report({
        message:
          `${file.path} is stale outside the definitions, first at line ${location.line} ` +
          `(committed: ${JSON.stringify(readableSkeleton(shownCommitted))}; generated: ${JSON.stringify(readableSkeleton(shownGenerated))}). ${run}`,
        location,
      });
    }
  },
};

import { prepareGenerated, preparedGenerated } from '../generators/outputs.js';
import { canonicalUnions, programRoot } from '../generators/keys.js';
import { withoutMachinePaths } from '../util/machine-paths.js';
import { declarationRelated, excerpt, firstDifference } from './generated-diff.js';
import type { Rule } from '../core/rule.js';

const DECLARATION_HEADING = /^### `([^`]+)`$/gm;

/** The declaration whose block holds `offset`: the nearest `### \`Name\`` heading before it. */
function declarationAt(text: string, offset: number): string | undefined {
  let name: string | undefined;
  for (const m of text.matchAll(DECLARATION_HEADING)) {
    if (m.index! > offset) break;
    name = m[1];
  }
  return name;
}

/**
 * Offset in `committed` of the first difference that is not only the order of union members
 * (see `canonicalUnions`), line by line; -1 when there is none.
 */
function firstMeaningfulDifference(committed: string, generated: string): number {
  if (committed === generated) return -1;
  const a = committed.split('\n');
  const b = generated.split('\n');
  let offset = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x === undefined || y === undefined || canonicalUnions(x) !== canonicalUnions(y))) {
      const inLine = x === undefined ? 0 : firstDifference(x, y ?? '');
      return Math.min(offset + Math.max(inLine, 0), committed.length);
    }
    offset += (x?.length ?? 0) + 1;
  }
  return -1;
}

/** The committed Schema Reference page is what `generate` renders from schema.ts and the template. */
export const generatedSchemaReference: Rule = {
  meta: {
    id: 'generated/schema-reference',
    description:
      'The committed docs/specification/<version>/schema.mdx is exactly what `spec-check generate` renders from schema.ts and the template schema/<version>/schema.mdx (a category missing from the template is reported by schema/category, where it is used).',
    rationale:
      'The Schema Reference is the page readers and the prose link to for every type. A stale page documents fields, types or rules that schema.ts no longer has, and a category missing from the template drops its types from the docs.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/specification/draft/schema.mdx',
      fail: "// schema.ts: /** The widget's label. @category Widgets */\n### `Widget` ... <p>The label.</p>",
      pass: '### `Widget` ... <p>The widget&#39;s label.</p>',
    },
  },
  prepare: (project) => prepareGenerated(project, 'schema-reference'),
  check(project, { report }) {
    const { spec } = project;
    for (const version of spec.versions) {
      if (version.referencePage && !version.referenceTemplate && version.schemaTs) {
        report({
          message: `${version.referencePage.path} has no template ${version.schemaDir}/schema.mdx to be generated from, so its freshness cannot be checked; restore the template or remove the page.`,
          location: { file: version.referencePage.path, line: 1, column: 1 },
        });
      }
    }
    for (const file of preparedGenerated(project, 'schema-reference')) {
      const version = spec.versions.find((v) => v.id === file.version)!;
      // A schema.ts that does not parse is an input/parse finding; what it renders to says nothing.
      if (version.schemaTs?.syntaxErrors.length) continue;
      // Causes another rule reports at a better place (a missing include, a category missing from
      // the template) are left to it; and a page generated with problems is not compared, since
      // every difference would be an echo of them.
      for (const p of file.problems)
        if (!p.coveredBy)
          report({
            message: withoutMachinePaths(p.message, [programRoot(spec.root), spec.root]),
            location: p.location,
          });
      if (file.text === undefined || file.problems.length) continue;
      const committed = file.committed;
      if (!committed) {
        report({
          message: `${file.path} is missing: the template ${version.referenceTemplate!.path} is there to generate it from. Run \`spec-check generate\`.`,
          location: { file: version.referenceTemplate!.path, line: 1, column: 1 },
        });
        continue;
      }
      const at = firstMeaningfulDifference(committed.text, file.text);
      if (at < 0) continue;
      const declaration = declarationAt(committed.text, at) ?? declarationAt(file.text, at);
      const location = committed.location(at);
      const where = declaration
        ? `in declaration ${declaration} (line ${location.line})`
        : `at line ${location.line}, outside the declarations`;
      report({
        message:
          `${file.path} is stale: it differs from what schema.ts and the template generate, first ${where} ` +
          `(committed: ${JSON.stringify(excerpt(committed.text, at))}; generated: ${JSON.stringify(excerpt(file.text, at))}). ` +
          'Run `spec-check generate`.',
        location,
        related: declarationRelated(version, declaration, `${declaration} is declared here`),
      });
    }
  },
};

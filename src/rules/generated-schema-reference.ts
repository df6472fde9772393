import { committedAsLf, prepareGenerated, preparedGenerated } from '../generators/outputs.js';
import { canonicalUnions, programRoot } from '../generators/keys.js';
import { withoutMachinePaths } from '../util/machine-paths.js';
import {
  differingSections,
  differingExcerpts,
  firstDifference,
  readableSkeleton,
  sectioned,
  shortDiff,
} from './generated-diff.js';
import type { Rule } from '../core/rule.js';

/** A declaration's block of the page, as the renderer writes it (content on one line; lazily, to its end). */
const DECLARATION_BLOCK = /^<div class="type">\n\n### `([^`\n]+)`\n\n[^]*?\n<\/div>\n\n/gm;

/**
 * The permalink of an `@see` or `@deprecated` heading whose id the spec repository's plugin took
 * away: until its plugin also removed the permalink, pages kept it, pointing nowhere.
 */
const ID_LESS_PERMALINK =
  /(<div class="tsd-anchor-link" data-typedoc-h="4">[^<]*)<a href="#(?:see|deprecated[^"]*)" aria-label="Permalink" class="tsd-anchor-icon"><svg [^>]*><use [^>]*\/><\/svg><\/a>/g;

/** A block as the plugin's current version writes it: without those permalinks. */
const withoutIdLessPermalinks = (text: string) =>
  text.includes('aria-label="Permalink"') ? text.replace(ID_LESS_PERMALINK, '$1') : text;

/**
 * Two renderings of a block document the same thing: equal, or equal but for union member order,
 * or for the permalinks an earlier version of the repository's plugin left on `@see` and
 * `@deprecated` headings (the page was written by the plugin the repository had then).
 */
function sameBlock(a: string, b: string): boolean {
  if (a === b || canonicalUnions(a) === canonicalUnions(b)) return true;
  const [plainA, plainB] = [withoutIdLessPermalinks(a), withoutIdLessPermalinks(b)];
  return plainA !== a && (plainA === plainB || canonicalUnions(plainA) === canonicalUnions(plainB));
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
    // Before templates, the spec repository's plugin wrote the whole page, without the template
    // renderer's `<div class="type">` blocks: such a page, in a repository with no template, is
    // made some other way, and its freshness is not this rule's to judge.
    const usesTemplates = spec.versions.some((v) => v.referenceTemplate);
    for (const version of spec.versions) {
      const page = version.referencePage;
      const fromTemplate = usesTemplates || page?.text.includes('<div class="type">');
      if (page && fromTemplate && !version.referenceTemplate && version.schemaTs) {
        report({
          message: `${page.path} has no template ${version.schemaDir}/schema.mdx to be generated from, so its freshness cannot be checked; restore the template or remove the page.`,
          location: { file: page.path, line: 1, column: 1 },
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
      const committed = committedAsLf(file.committed);
      if (!committed) {
        report({
          message: `${file.path} is missing: the template ${version.referenceTemplate!.path} is there to generate it from. Run \`spec-check generate\`.`,
          location: { file: version.referenceTemplate!.path, line: 1, column: 1 },
        });
        continue;
      }
      // A checkout with CRLF line ends holds the same page (see `committedAsLf`).
      if (committed.text === file.text) continue;
      const page = sectioned(committed.text, DECLARATION_BLOCK);
      const fresh = sectioned(file.text, DECLARATION_BLOCK);
      const run = 'Run `spec-check generate`.';
      // One finding per declaration whose block differs, at its declaration in schema.ts.
      for (const { name, old, fresh: block } of differingSections(page, fresh, sameBlock)) {
        const blockAt = old ? committed.location(old.offset) : undefined;
        if (!block) {
          report({
            message: `${file.path} is stale: it documents ${name}, which schema.ts and the template no longer render. ${run}`,
            location: blockAt!,
          });
          continue;
        }
        const declared = version.schemaTs?.byName.get(name)?.location;
        report({
          message: old
            ? `${file.path} is stale in declaration ${name}: ${shortDiff(old.text, block.text)}. ${run}`
            : `${file.path} is stale: it has no block for declaration ${name}. ${run}`,
          location: declared ?? blockAt ?? { file: file.path, line: 1, column: 1 },
          related: declared && blockAt ? [{ ...blockAt, message: `${name} in the Schema Reference` }] : [],
        });
      }
      // What lies outside the blocks (the template's text, the blocks' order): one finding.
      const at = firstDifference(page.skeleton, fresh.skeleton);
      if (at < 0) continue;
      const [shownCommitted, shownGenerated] = differingExcerpts(page.skeleton, fresh.skeleton, at);
      const location = committed.location(Math.min(page.textOffset(at), committed.text.length));
      report({
        message:
          `${file.path} is stale outside the declaration blocks, first at line ${location.line} ` +
          `(committed: ${JSON.stringify(readableSkeleton(shownCommitted))}; generated: ${JSON.stringify(readableSkeleton(shownGenerated))}). ${run}`,
        location,
      });
    }
  },
};

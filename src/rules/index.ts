import type { Rule } from '../core/rule.js';
import { registered, sepDiffKinds, type RegisteredRule, type ReportingCommand } from './registry.js';
import { exampleValid } from './example-valid.js';
import { inputParse, inputUnreadable } from './input.js';
import { proseJsonValid } from './prose-json-valid.js';
import { proseDeclarationSketch } from './prose-declaration-sketch.js';
import { proseMemberDescription } from './prose-member-description.js';
import { xrefLink } from './xref-link.js';
import { xrefCrossVersion } from './xref-cross-version.js';
import { xrefPrivateHost } from './xref-private-host.js';
import { siteRedirect } from './site-redirect.js';
import { siteNavigation, siteUnlistedPage } from './site-navigation.js';
import { jsdocLink } from './jsdoc-link.js';
import { jsdocContradiction } from './jsdoc-contradiction.js';
import { jsdocNestedOpener } from './jsdoc-nested-opener.js';
import { exampleOrphan } from './example-orphan.js';
import { exampleExcessMember } from './example-excess-member.js';
import { exampleEmbeddedSchema } from './example-embedded-schema.js';
import { consistencyProtocolVersion } from './consistency-protocol-version.js';
import { schemaCategory } from './schema-category.js';
import { schemaImport } from './schema-import.js';
import { mdxEsmComment } from './mdx-esm-comment.js';
import { mdxParse } from './mdx-parse.js';
import { mdxUnclosedFence } from './mdx-unclosed-fence.js';
import { sepHeader } from './sep-header.js';

import { consistencyErrorReporting } from './consistency-error-reporting.js';
import { consistencyErrorCode } from './consistency-error-code.js';
import { consistencyChangelog } from './consistency-changelog.js';
import { suppressionUnused } from './suppression-unused.js';
import { generatedSchemaJson } from './generated-schema-json.js';
import { generatedSchemaReference } from './generated-schema-reference.js';
import { generatedSepPages } from './generated-sep-pages.js';
import { spellingUnknownWord } from './spelling-unknown-word.js';

/** Every rule spec-check knows, in the order the rules reference lists them. */
export const allRules: Rule[] = [
  exampleValid,
  inputParse,
  inputUnreadable,
  proseJsonValid,
  proseDeclarationSketch,
  proseMemberDescription,
  xrefLink,
  xrefCrossVersion,
  xrefPrivateHost,
  siteNavigation,
  siteRedirect,
  siteUnlistedPage,
  jsdocLink,
  jsdocContradiction,
  jsdocNestedOpener,
  exampleOrphan,
  exampleExcessMember,
  exampleEmbeddedSchema,
  consistencyProtocolVersion,
  schemaCategory,
  schemaImport,
  mdxEsmComment,
  mdxParse,
  mdxUnclosedFence,
  sepHeader,
  consistencyErrorReporting,
  consistencyErrorCode,
  consistencyChangelog,
  generatedSchemaJson,
  generatedSchemaReference,
  generatedSepPages,
  spellingUnknownWord,
  suppressionUnused,
];

/**
 * The registry: every rule `check` runs, then the kinds of difference `sep-diff` reports, each
 * with its metadata, the command that reports it and its link into the rules reference. The
 * config, docs/rules.md, schema/config.schema.json, SARIF and `spec-check rules` read it.
 */
export const registry: readonly RegisteredRule[] = [
  ...allRules.map((r) => registered(r.meta, 'check')),
  ...Object.values(sepDiffKinds).map((meta) => registered(meta, 'sep-diff')),
];

/** The registered rules one command reports (what its SARIF driver lists). */
export function rulesReportedBy(command: ReportingCommand): RegisteredRule[] {
  return registry.filter((r) => r.command === command);
}

/** The metadata of every rule `check` runs, for its reporters. */
export const ruleMetas: readonly RegisteredRule[] = rulesReportedBy('check');

/** Every id a suppression comment may name: the registry's. */
export const registeredIds: readonly string[] = registry.map((r) => r.id);

export function ruleById(id: string): Rule | undefined {
  return allRules.find((r) => r.meta.id === id);
}

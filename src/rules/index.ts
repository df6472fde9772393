import type { Rule } from '../core/rule.js';
import { exampleValid } from './example-valid.js';
import { inputParse, inputUnreadable } from './input.js';
import { proseJsonValid } from './prose-json-valid.js';
import { xrefLink } from './xref-link.js';
import { jsdocLink } from './jsdoc-link.js';
import { exampleOrphan } from './example-orphan.js';
import { schemaCategory } from './schema-category.js';
import { mdxEsmComment } from './mdx-esm-comment.js';
import { mdxParse } from './mdx-parse.js';

import { consistencyErrorReporting } from './consistency-error-reporting.js';
import { consistencyErrorCode } from './consistency-error-code.js';
import { suppressionUnused } from './suppression-unused.js';
import { generatedSchemaJson } from './generated-schema-json.js';
import { generatedSchemaReference } from './generated-schema-reference.js';

/** Every rule spec-check knows, in the order the rules reference lists them. */
export const allRules: Rule[] = [exampleValid, inputParse, inputUnreadable, proseJsonValid, xrefLink, jsdocLink, exampleOrphan, schemaCategory, mdxEsmComment, mdxParse, consistencyErrorReporting, consistencyErrorCode, generatedSchemaJson, generatedSchemaReference, suppressionUnused];

/** The metadata of every rule, for reporters and generated docs. */
export const ruleMetas = allRules.map((r) => r.meta);

export function ruleById(id: string): Rule | undefined {
  return allRules.find((r) => r.meta.id === id);
}

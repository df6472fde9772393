import type { Rule } from './types.js';
import { exampleValid } from './example-valid.js';
import { inputParse, inputUnreadable } from './input.js';
import { generatedSchemaJson } from './generated-schema-json.js';
import { generatedSchemaReference } from './generated-schema-reference.js';

/** Every rule spec-check knows, in the order the rules reference lists them. */
export const allRules: Rule[] = [exampleValid, inputParse, inputUnreadable, generatedSchemaJson, generatedSchemaReference];

export function ruleById(id: string): Rule | undefined {
  return allRules.find((r) => r.id === id);
}

import type { Rule } from './types.js';
import { exampleValid } from './example-valid.js';
import { inputParse, inputUnreadable } from './input.js';
import { suppressionUnused } from './suppression-unused.js';

/** Every rule spec-check knows, in the order the rules reference lists them. */
export const allRules: Rule[] = [exampleValid, inputParse, inputUnreadable, suppressionUnused];

export function ruleById(id: string): Rule | undefined {
  return allRules.find((r) => r.id === id);
}

/**
 * How the Schema Reference lists declarations under the template's categories: which category a
 * declaration is in, their order within it, and the categories the template lacks.
 */
import type * as td from '../vendor/typedoc.js';
import type { GenerationProblem } from './keys.js';

/** The category a declaration is listed under (its `@category` tag). */
export function categoryOf(reflection: td.DeclarationReflection): string | undefined {
  const tag = reflection.comment?.getTag('@category');
  return tag ? tag.content.map((p) => p.text).join(' ') : undefined;
}

/** Categories named after an RPC method (`` `tools/call` ``) list request, params, result, notification first. */
function isMethodCategory(category: string): boolean {
  return /^`[a-z]/.test(category);
}

const METHOD_ORDER = ['Request', 'RequestParams', 'ResultResponse', 'Result', 'Notification', 'NotificationParams'];

export function compareInCategory(category: string, a: td.DeclarationReflection, b: td.DeclarationReflection): number {
  if (isMethodCategory(category)) {
    for (const suffix of METHOD_ORDER) {
      const d = +b.name.endsWith(suffix) - +a.name.endsWith(suffix);
      if (d) return d;
    }
  }
  return a.name.localeCompare(b.name, 'en');
}

/** Categories schema.ts uses that the template has no line for: their declarations would be left out of the page. */
export function missingCategories(
  events: td.PageEvent<td.DeclarationReflection>[],
  used: Set<string>,
  templatePath: string,
): GenerationProblem[] {
  const problems: GenerationProblem[] = [];
  const missing = new Map<string, td.DeclarationReflection>();
  for (const e of events) {
    const category = categoryOf(e.model);
    if (category && !used.has(category) && !missing.has(category)) missing.set(category, e.model);
  }
  for (const [category, reflection] of [...missing].sort(([a], [b]) => (a < b ? -1 : 1))) {
    problems.push({
      message: `Category "${category}" (used by ${reflection.name} and others in schema.ts) is missing from the template ${templatePath}; add a line {/* @category ${category} */}`,
      location: { file: templatePath, line: 1, column: 1 },
      coveredBy: 'schema/category',
    });
  }
  return problems;
}

import type { Declaration, SpecVersion } from '../model/spec.js';
import type { Rule } from '../core/rule.js';

const PLACEHOLDER = /\{\/\*\s*@category\s+(.+?)\s*\*\/\}/g;

/** Every exported declaration has a `@category`, and the template places exactly the categories used. */
export const schemaCategory: Rule = {
  meta: {
    id: 'schema/category',
    description:
      'In a version with a Schema Reference template, every exported declaration has a `@category`, the template has a `{/* @category NAME */}` placeholder for every category used, and none for an unused one.',
    rationale:
      'The Schema Reference is rendered category by category into the template: a declaration without a category, or a category without a placeholder, is missing from the published reference, and the generator fails on it.',
    defaultSeverity: 'error',
    examples: {
      file: 'schema/draft/schema.mdx',
      fail: '{/* @category Widgets */}\n// schema.ts uses @category Widgets and @category Groups',
      pass: '{/* @category Widgets */}\n{/* @category Groups */}',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    for (const version of spec.versions) {
      const template = version.referenceTemplate;
      const source = version.schemaTs;
      if (!template || !source) continue; // categories only matter where the reference is generated
      const firstUse = new Map<string, Declaration>();
      const uses = new Map<string, number>();
      for (const decl of source.declarations) {
        if (!documented(decl)) continue;
        const category = decl.jsdoc?.category;
        if (category) {
          if (!firstUse.has(category)) firstUse.set(category, decl);
          uses.set(category, (uses.get(category) ?? 0) + 1);
          continue;
        }
        report({ message: missingCategory(version, decl), location: decl.location });
      }
      const placed = new Set<string>();
      for (const m of template.text.matchAll(PLACEHOLDER)) {
        const name = m[1];
        placed.add(name);
        if (!firstUse.has(name)) {
          report({
            message: `Placeholder for category "${name}", which no exported declaration in ${source.file.path} uses`,
            location: template.location(m.index!),
          });
        }
      }
      for (const [name, decl] of firstUse) {
        if (placed.has(name)) continue;
        const tag = decl.jsdoc!.tags.find((t) => t.name === 'category');
        const others = uses.get(name)! - 1;
        const users = others ? `${decl.name} and ${others} more` : decl.name;
        report({
          message: `Category "${name}" (used by ${users}) has no {/* @category ${name} */} placeholder in ${template.path}`,
          location: tag?.location ?? decl.location,
          related: [{ ...template.location(0), message: 'the Schema Reference template' }],
        });
      }
    }
  },
};

/**
 * Declarations the Schema Reference documents: exported, not `@internal`, and not an
 * undocumented constant (the JSON-RPC error codes are values the documented types refer to).
 */
function documented(decl: Declaration): boolean {
  if (!decl.exported) return false;
  if (decl.jsdoc?.tags.some((t) => t.name === 'internal' || t.name === 'hidden' || t.name === 'ignore')) return false;
  if (decl.kind === 'const' && !decl.jsdoc) return false;
  return true;
}

function missingCategory(version: SpecVersion, decl: Declaration): string {
  const base = `${decl.name} is exported but has no @category`;
  // A `/* ... */` comment right above is a doc comment TypeDoc does not read (it needs `/**`).
  const plain = version.schemaTs!.plainComments.find((c) => {
    const lines = c.text.split('\n').length;
    return c.location.line < decl.location.line && c.location.line + lines + 1 >= decl.location.line;
  });
  return plain
    ? `${base} (the comment above it opens with /* instead of /**, so TypeDoc reads neither its description nor a category)`
    : base;
}

import type { Declaration, JsDoc, SpecVersion } from '../model/spec.js';
import { baseName, messageIndex, type MessageIndex } from '../prose/schema-index.js';
import type { Rule } from '../core/rule.js';

/** Every JSDoc comment of a declaration or of one of its members, with what it documents. */
export function* jsdocsOf(
  version: SpecVersion,
): Generator<{ declaration: Declaration; jsdoc: JsDoc; member?: string }> {
  for (const declaration of version.schemaTs?.declarations ?? []) {
    if (declaration.jsdoc) yield { declaration, jsdoc: declaration.jsdoc };
    for (const m of declaration.members) if (m.jsdoc) yield { declaration, jsdoc: m.jsdoc, member: m.name };
  }
}

/** `{@link X}`, `{@link X.member}` and `{@includeCode path}` in schema.ts point at something that exists. */
export const jsdocLink: Rule = {
  meta: {
    id: 'jsdoc/link',
    description:
      'Every `{@link X}` and `{@link X.member}` in schema.ts names an existing declaration or member, and every `{@includeCode path}` file exists.',
    rationale:
      'TypeDoc renders a broken {@link} as plain text and a missing {@includeCode} file breaks the Schema Reference build; both usually mean a type or example was renamed and its references were not.',
    defaultSeverity: 'error',
    examples: {
      file: 'schema/draft/schema.ts',
      fail: '/** Sent in reply to a {@link ListWidgetRequest}. */',
      pass: '/** Sent in reply to a {@link ListWidgetsRequest}. */',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    for (const version of spec.versions) {
      const index = messageIndex(project, version);
      if (!index) continue;
      const examples = new Set(version.examples.map((e) => e.path));
      // `{@includeCode}` may show any file of the schema folder; `{@include}` inlines example texts only.
      const files = new Set([...(version.schemaFiles ?? []), ...examples]);
      for (const { jsdoc } of jsdocsOf(version)) {
        for (const link of jsdoc.links) {
          const problem = linkProblem(index, link.target);
          if (problem) report({ message: problem, location: link.location });
        }
        for (const include of jsdoc.includes) {
          const tag = include.tag === 'include' ? '@include' : '@includeCode';
          if (include.outsideRoot) {
            report({
              message: `{${tag} ${include.path}}: names a file outside the root; spec-check reads nothing outside it`,
              location: include.location,
            });
          } else if (!(include.tag === 'include' ? examples : files).has(include.resolved)) {
            report({ message: `{${tag} ${include.path}}: no file ${include.resolved}`, location: include.location });
          }
        }
      }
    }
  },
};

/** What is wrong with a link target, or undefined when it names something that exists (or is a URL). */
function linkProblem(index: MessageIndex, target: string): string | undefined {
  if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || target.startsWith('#'))
    return undefined;
  // TypeDoc's declaration references: `X`, `X.member`, `X#member`, `X.member.nested`.
  const [name, ...path] = target.split(/[.#]/);
  const decl = index.declaration(name);
  if (!decl) return `{@link ${target}}: no declaration named ${name}`;
  let members: { name: string; typeText?: string }[] = index.membersOf(decl);
  let owner = name;
  for (const segment of path) {
    const member = members.find((m) => m.name === segment);
    if (!member) {
      // A nested member of an inline object type is only known from its type text.
      return `{@link ${target}}: ${owner} has no member ${segment}`;
    }
    owner = `${owner}.${segment}`;
    const typeText = member.typeText ?? '';
    const named = index.declaration(baseName(typeText.replace(/\[\]$/, '')));
    if (named) members = index.membersOf(named);
    else members = inlineMembers(typeText);
  }
  return undefined;
}

/** Property names of an inline object type (`{ a?: X; b: { c: Y } }`): the top level only. */
function inlineMembers(typeText: string): { name: string }[] {
  const out: { name: string }[] = [];
  let depth = 0;
  const text = typeText.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').trim();
  if (!text.startsWith('{')) return out;
  let token = '';
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '[' || c === '<') depth++;
    else if (c === '}' || c === ')' || c === ']' || c === '>') depth--;
    else if (depth === 0 && c === ':') {
      const m = /(["']?)([\w$./-]+)\1\??\s*$/.exec(token);
      if (m) out.push({ name: m[2] });
      token = '';
      continue;
    } else if (depth === 0 && (c === ';' || c === ',' || c === '\n')) {
      token = '';
      continue;
    }
    if (depth === 0) token += c;
  }
  return out;
}

import type { Declaration, JsDoc, SpecVersion } from '../model/spec.js';
import { baseName, messageIndex, messageIndexOfSource, type MessageIndex } from '../prose/schema-index.js';
import type { Rule } from '../core/rule.js';
import { nearestName } from '../model/excess-members.js';
import { parseDeclarationReference } from '../model/declaration-reference.js';

/** Every JSDoc comment of a declaration or of one of its members, with what it documents. */
export function* jsdocsOf(
  version: SpecVersion,
): Generator<{ declaration: Declaration; jsdoc: JsDoc; member?: string }> {
  for (const declaration of version.schemaTs?.declarations ?? []) {
    if (declaration.jsdoc) yield { declaration, jsdoc: declaration.jsdoc };
    for (const m of declaration.members) if (m.jsdoc) yield { declaration, jsdoc: m.jsdoc, member: m.name };
  }
}

/**
 * `{@link X}`, `{@link X.member}` (any TypeDoc declaration reference) and `{@includeCode path}` in
 * schema.ts point at something that exists. A reference into a module spec-check does not read
 * (`other!X`) cannot be checked: it is counted as `jsdocLinksUnresolved`, never reported.
 */
export const jsdocLink: Rule = {
  meta: {
    id: 'jsdoc/link',
    description:
      'Every `{@link X}`, `{@link X.member}` and other TypeDoc declaration reference (`module!X#member`, `X~local`) in schema.ts names an existing declaration or member, and every `{@includeCode path}` file exists. References into modules spec-check does not read are counted as unresolved, not reported.',
    rationale:
      'TypeDoc renders a broken {@link} as plain text and a missing {@includeCode} file breaks the Schema Reference build; both usually mean a type or example was renamed and its references were not.',
    defaultSeverity: 'error',
    details:
      "References resolve among the types file's declarations, and, for a spec that extends a base protocol (config `extends`), among the base's: `{@link @scope/base!Tool.name}`, or `{@link Tool}` for a name the file imports from it. A types file that refers to other modules of its package (`{@link app!App.connect}`) is one module of a larger TypeDoc project: there a name that no file spec-check reads declares (`{@link applyTheme}`, `{@link app.App.connect}`) may be another module's, and is counted as unresolved, unless it is a near-miss of a declared name (`{@link Gadgte}`: did you mean Gadget?), which is reported. In any types file, `{@link app.App.connect}` (a lower-case module name, as TypeDoc takes one from a file, then a declaration's capitalised name) that names no declaration there is another module's `module.Declaration.member`, counted as unresolved.",
    examples: {
      file: 'schema/draft/schema.ts',
      fail: '/** Sent in reply to a {@link ListWidgetRequest}. */',
      pass: '/** Sent in reply to a {@link ListWidgetsRequest}. */',
    },
  },
  check(project, { report, count }) {
    const { spec } = project;
    const modules = typesModuleNames(spec.versions);
    // The base protocol (config `extends`): its package's references resolve to its types file.
    const base: BaseModule | undefined = spec.base?.schema
      ? { index: messageIndexOfSource(project, spec.base.schema), modules: new Set(spec.base.imports) }
      : undefined;
    // A types file that serves several versions has its references counted once (as its findings are reported once).
    const counted = new Set<string>();
    const otherModules = refersToOtherModules(spec.versions, modules, base);
    for (const version of spec.versions) {
      const index = messageIndex(project, version);
      if (!index) continue;
      const examples = new Set(version.examples.map((e) => e.path));
      // `{@includeCode}` may show any file of the schema folder; `{@include}` inlines example texts only.
      const files = new Set([...(version.schemaFiles ?? []), ...examples]);
      // Where the file is one module of a larger TypeDoc project, a name it does not declare may be another's.
      const declared = otherModules
        ? [...(version.schemaTs?.declarations ?? []), ...(spec.base?.schema?.declarations ?? [])].map((d) => d.name)
        : undefined;
      for (const { jsdoc } of jsdocsOf(version)) {
        for (const link of jsdoc.links) {
          const problem = linkProblem(index, link.target, modules, base, declared);
          if (problem === OUTSIDE) {
            const at = `${link.location.file}:${link.location.line}:${link.location.column}`;
            if (!counted.has(at)) count('jsdocLinksUnresolved');
            counted.add(at);
          } else if (problem) report({ message: problem, location: link.location });
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

/** The module names TypeDoc may give the types file: its base name and its path, without extension. */
function typesModuleNames(versions: readonly SpecVersion[]): Set<string> {
  const names = new Set<string>();
  for (const version of versions) {
    const file = version.schemaTs?.file.path;
    if (!file) continue;
    const stem = file.replace(/\.[cm]?tsx?$/, '');
    names.add(stem);
    names.add(stem.slice(stem.lastIndexOf('/') + 1));
  }
  return names;
}

/**
 * Whether the types files refer to modules other than themselves and the base (`app!App.connect`):
 * they are then documented as modules of a larger TypeDoc project, whose other modules spec-check
 * does not read.
 */
function refersToOtherModules(versions: readonly SpecVersion[], modules: Set<string>, base?: BaseModule): boolean {
  for (const version of versions)
    for (const { jsdoc } of jsdocsOf(version))
      for (const link of jsdoc.links) {
        const module = parseDeclarationReference(link.target)?.module;
        if (module !== undefined && !modules.has(module) && !base?.modules.has(module)) return true;
      }
  return false;
}

/** A module's name as TypeDoc takes it from a file name (`app`, `app-bridge`). */
const MODULE_NAME = /^[a-z][a-z0-9_-]*$/;

/** A link into a module spec-check does not read: neither resolved nor broken. */
const OUTSIDE = Symbol('outside');

/** The base protocol's declarations, and the package specifiers that name its module. */
interface BaseModule {
  index: MessageIndex;
  modules: Set<string>;
}

/**
 * What is wrong with a link target, undefined when it names something that exists (or is a URL),
 * or OUTSIDE when it names a module other than the types file (and the base protocol's).
 */
function linkProblem(
  own: MessageIndex,
  target: string,
  modules: Set<string>,
  base?: BaseModule,
  /** The names declared in what is read, when the file is one module of several (see `refersToOtherModules`). */
  declaredHere?: string[],
): string | typeof OUTSIDE | undefined {
  if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || target.startsWith('#'))
    return undefined;
  const reference = parseDeclarationReference(target);
  let [name, ...path] = reference?.path ?? target.split(/[.#~]/);
  let index = own;
  if (reference?.module !== undefined && !modules.has(reference.module)) {
    if (!base || !base.modules.has(reference.module)) return OUTSIDE;
    index = base.index;
  }
  // `schema.Name.member`: the module named as a namespace, as in an import of it.
  if (reference?.module === undefined && modules.has(name) && path.length && !index.declaration(name))
    [name, ...path] = path;
  // A name the types file imports from the base protocol is the base's declaration.
  if (reference?.module === undefined && base && !index.declaration(name) && base.index.declaration(name))
    index = base.index;
  const decl = index.declaration(name);
  // `app.App.connect`: TypeDoc's `module.Declaration.member`, a module of the package named as a
  // namespace (lower-case, as a file is) followed by a declaration's name; that module is not read.
  if (!decl && reference?.module === undefined && MODULE_NAME.test(name) && /^[A-Z]/.test(path[0] ?? ''))
    return OUTSIDE;
  if (!decl) {
    // Another module's name (`applyHostFonts`, `app.App.connect`) is not judged; a near-miss of a name
    // declared here is a typo all the same.
    if (declaredHere && reference?.module === undefined) {
      const near = nearestName(name, declaredHere);
      if (!near) return OUTSIDE;
      return `{@link ${target}}: no declaration named ${name}; did you mean ${near}?`;
    }
    return `{@link ${target}}: no declaration named ${name}`;
  }
  let members: { name: string; typeText?: string }[] = index.membersOf(decl);
  let owner = name;
  for (const segment of path) {
    const member = members.find((m) => m.name === segment);
    if (!member) {
      // A nested member of an inline object type is only known from its type text.
      const nearest = nearestName(
        segment,
        members.map((m) => m.name),
      );
      return `{@link ${target}}: ${owner} has no member ${segment}${nearest ? `; did you mean ${nearest}?` : ''}`;
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

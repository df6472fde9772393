import type { ModuleImport, SchemaSource } from '../model/spec.js';
import type { Rule } from '../core/rule.js';
import type { Project } from '../project/project.js';
import { isPackageSpecifier, isRelativeSpecifier, resolvedImport } from '../sources/type-declarations.js';
import { prepareGenerated, preparedGenerated } from '../generators/outputs.js';

/**
 * Every module a types file imports resolves: the base protocol's package to its types file
 * (config `extends`), other packages to declaration files under the root's node_modules. One
 * finding per import, however many versions the file serves; generating is not reported again.
 */
export const schemaImport: Rule = {
  meta: {
    id: 'schema/import',
    description:
      "Every module the types file imports resolves: the base protocol's package (config `extends.imports`) or a relative import of a file of the tree to the base's types file, any other package to type declarations under the root's `node_modules` (read, never run; nothing outside the root). An import that does not resolve leaves the types it gives unknown, so schema.json is not generated from the file (nor compared); the other checks go on.",
    rationale:
      'An unresolved import turns every type taken from it into an error type: the generated JSON Schema would accept anything where they are used, and TypeDoc renders them as plain names.',
    defaultSeverity: 'error',
    details:
      "Packages are resolved as a bundler resolves them (the `types` condition of `exports`, then `types`/`typings`, then `index.d.ts`), from the root's `node_modules` and those of the packages on the way; at most 2,000 declaration files are read. A relative import (`./spec.types.js`) resolves as TypeScript resolves it (`.js` to `.ts`, a folder to its `index.ts`) to a TypeScript file inside the root, read through the same reader (a link leading out is refused, and said): with no `extends` in the config, the one file the types files import that way is the base protocol (a vendored copy of the base's types), as if `extends.schema` named it. Imports of two different files by relative paths are reported: `extends` must say which is the base. Generating reports what TypeScript itself could not find as well, once, at the import.",
    examples: {
      file: 'src/gadgets.types.ts',
      fail: "import type { Panel } from '@example/ui-kit'; // no node_modules/@example/ui-kit",
      pass: "import type { Panel } from '@example/ui-kit'; // node_modules/@example/ui-kit/index.d.ts",
    },
  },
  prepare(project) {
    // TypeScript's own verdict comes with generating; without imports there is nothing to wait for.
    return typesFiles(project).some((s) => s.imports?.length) ? prepareGenerated(project, 'schema-json') : undefined;
  },
  check(project, { report }) {
    const reported = new Set<string>();
    const at = (l: { file: string; line: number; column: number }) => `${l.file}:${l.line}:${l.column}`;
    let anyImport = false;
    for (const source of typesFiles(project)) {
      for (const imported of source.imports ?? []) {
        anyImport = true;
        const problem = importProblem(project, source, imported);
        if (!problem) continue;
        reported.add(at(imported.location));
        report({ message: problem, location: imported.location });
      }
    }
    if (!anyImport) return;
    // What generating met that the loader's resolution did not foresee (a file a package's declarations need).
    for (const file of preparedGenerated(project, 'schema-json'))
      for (const p of file.problems) {
        if (p.coveredBy !== 'schema/import' || reported.has(at(p.location))) continue;
        reported.add(at(p.location));
        report({ message: p.message, location: p.location });
      }
  },
};

/** Each types file once (one file may serve every version). */
function typesFiles(project: Project): SchemaSource[] {
  return [...new Set(project.spec.versions.map((v) => v.schemaTs).filter((s) => s !== undefined))];
}

function importProblem(project: Project, source: SchemaSource, imported: ModuleImport): string | undefined {
  const { spec } = project;
  const { specifier } = imported;
  const isBase = spec.base?.imports.includes(specifier);
  if (isBase && spec.base?.schema) return undefined;
  if (isRelativeSpecifier(specifier)) {
    const to = spec.relativeImports?.get(`${source.file.path}\0${specifier}`);
    return to
      ? `Import "${specifier}" names ${to}, but the types files import more than one file by relative paths, and only one can be the base protocol: name it in extends.schema; the types it takes from this module are unknown, so schema.json is not generated from ${source.file.path}`
      : `Cannot resolve import "${specifier}": it names no TypeScript file inside the root (relative imports resolve as TypeScript resolves them, .js to .ts, a folder to its index.ts); the types it takes from this module are unknown, so schema.json is not generated from ${source.file.path}`;
  }
  if (!isPackageSpecifier(specifier))
    return `Cannot resolve import "${specifier}": a types file is read alone, with its base protocol (config extends) and the packages it imports; the types it takes from this module are unknown, so schema.json is not generated from it`;
  if (resolvedImport(spec.typeDeclarations, source.file.path, imported)) return undefined;
  const hint = isBase
    ? 'the base protocol is given as a JSON Schema (config extends), so its package must be installed for its types'
    : spec.base
      ? 'install it, or add it to extends.imports if it means the base protocol'
      : 'install it (its declarations are read, never run)';
  return `Cannot resolve import "${specifier}": no type declarations for it under node_modules/ (${hint}); the types it gives are unknown, so schema.json is not generated from ${source.file.path}`;
}

/**
 * One TypeScript program holding every version's schema.ts, built from the texts already in
 * the model (schema.ts is read once, by the loader). Only TypeScript's own lib files come from
 * disk, and their parsed forms are kept for the life of the process: every program built here
 * uses the same options, so the lib files parse the same way each time.
 */
import path from 'node:path';
import { typescript } from '../util/typescript.js';
import type * as TS from 'typescript';
import type { Spec, SpecVersion } from '../model/spec.js';
import { TextFile } from '../core/text-file.js';
import { programRoot } from './keys.js';
import { isPackageSpecifier, packageResolution } from '../sources/type-declarations.js';

// Only the worker threads that generate import this module: it loads TypeScript as it is imported.
const ts = typescript();

/**
 * The options `typescript-json-schema` gives the program it builds from files (its CLI with
 * `--skipLibCheck`): the schema.json output depends on them, so they are kept as it sets them.
 */
export const schemaCompilerOptions: TS.CompilerOptions = {
  noEmit: true,
  emitDecoratorMetadata: true,
  experimentalDecorators: true,
  target: ts.ScriptTarget.ES5,
  module: ts.ModuleKind.CommonJS,
  allowUnusedLabels: true,
  strictNullChecks: false,
  esModuleInterop: false,
  skipLibCheck: true,
  // Never look for @types packages next to the checked spec: schema.ts stands alone.
  types: [],
};

/**
 * The options of the program TypeDoc documents: strict, as the spec repository's tsconfig is, so
 * that `T | null` stays in the rendered types (the schema.json program drops it, as its
 * generator does).
 */
export const referenceCompilerOptions: TS.CompilerOptions = {
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  types: [],
};

export interface SchemaProgram {
  program: TS.Program;
  /** Absolute file name of each version's schema.ts in the program, by version id. */
  fileNames: Map<string, string>;
}

/**
 * TypeScript's own lib files (`lib.es2023.d.ts`...), parsed once per thread and shared by every
 * program: they come from the installed TypeScript package, not from any checked tree, so no
 * project can see another's data through them.
 */
const libSourceFiles = new Map<string, TS.SourceFile>();

/** The part of a `Spec` the generators read, made from plain data (a job's, or one schema.ts text). */
export function generatorSpec(
  root: string,
  versions: { id: string; path: string; text: string }[],
  base?: BaseSource,
  declarations?: DeclarationText[],
): Spec {
  return {
    root,
    ...(base ? { base: { file: new TextFile(base.path, base.text), imports: base.imports } } : {}),
    ...(declarations?.length
      ? {
          typeDeclarations: {
            files: new Map(declarations.map((d) => [d.path, new TextFile(d.path, d.text)])),
            resolved: new Map(),
          },
        }
      : {}),
    versions: versions.map(
      (v) =>
        ({
          id: v.id,
          schemaDir: '',
          schemaJsonPath: '',
          docsDir: '',
          examples: [],
          pages: [],
          schemaTs: { file: new TextFile(v.path, v.text) },
        }) as unknown as SpecVersion,
    ),
  } as unknown as Spec;
}

/** A declaration file (or package.json) under node_modules as a job carries it (see `Spec.typeDeclarations`). */
export interface DeclarationText {
  path: string;
  text: string;
}

/** The base protocol's types file as a job carries it (see `Spec.base`). */
export interface BaseSource {
  path: string;
  text: string;
  imports: string[];
}

/** Absolute path of a file of the tree, as it is named inside the program. */
function programFileName(spec: Spec, relPath: string): string {
  return path.join(programRoot(spec.root), ...relPath.split('/'));
}

/** Absolute path of a version's schema.ts, as it is named inside the program. */
function schemaFileName(spec: Spec, version: SpecVersion): string {
  return path.join(programRoot(spec.root), ...version.schemaTs!.file.path.split('/'));
}

/**
 * Builds one program over the schema.ts of the given versions (those that have one), from the
 * model's texts. (The program parses them again with its own file names: a program takes
 * ownership of its source files, so the model's parse is not handed to it.)
 */
function buildSchemaProgram(
  spec: Spec,
  versions: SpecVersion[] = spec.versions,
  options: TS.CompilerOptions = schemaCompilerOptions,
  reusable?: ReadonlyMap<string, TS.SourceFile>,
): SchemaProgram {
  const sources = new Map<string, { text: string; sourceFile?: TS.SourceFile }>();
  const fileNames = new Map<string, string>();
  for (const version of versions) {
    if (!version.schemaTs) continue;
    const name = schemaFileName(spec, version);
    fileNames.set(version.id, name);
    sources.set(name, { text: version.schemaTs.file.text });
  }
  // An import of the base protocol's package is its types file (config `extends`), loaded like schema.ts.
  const baseName = spec.base && programFileName(spec, spec.base.file.path);
  if (spec.base && baseName) sources.set(baseName, { text: spec.base.file.text });
  // Other package imports resolve among the declaration files the loader read under node_modules.
  for (const [rel, file] of spec.typeDeclarations?.files ?? [])
    sources.set(programFileName(spec, rel), { text: file.text });
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  // Nothing of the checked spec is read here but the loaded texts: an import in schema.ts of
  // another file resolves to nothing (a type error), and only TypeScript's lib files come from disk.
  const isLib = libFileTest(options);
  host.fileExists = (f) => sources.has(path.resolve(f)) || (isLib(f) && fileExists(f));
  host.readFile = (f) => sources.get(path.resolve(f))?.text ?? (isLib(f) ? readFile(f) : undefined);
  host.directoryExists = (d) =>
    isLib(path.join(d, 'x')) || [...sources.keys()].some((k) => k.startsWith(path.resolve(d) + path.sep));
  host.getDirectories = () => [];
  host.getSourceFile = (fileName, languageVersion) => {
    const own = sources.get(path.resolve(fileName));
    if (own) {
      const kept = reusable?.get(path.resolve(fileName));
      const target = typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion;
      if (!own.sourceFile && kept?.text === own.text && kept.languageVersion === target) own.sourceFile = kept;
      own.sourceFile ??= ts.createSourceFile(fileName, own.text, languageVersion, true, ts.ScriptKind.TS);
      return own.sourceFile;
    }
    if (!isLib(fileName)) return undefined;
    const key = `${fileName}\0${typeof languageVersion === 'object' ? languageVersion.languageVersion : languageVersion}`;
    let sf = libSourceFiles.get(key);
    if (!sf) {
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      sf = ts.createSourceFile(fileName, text, languageVersion, false);
      libSourceFiles.set(key, sf);
    }
    return sf;
  };
  host.writeFile = () => {};
  if (baseName || spec.typeDeclarations) {
    const imports = new Set(baseName ? spec.base!.imports : []);
    host.resolveModuleNames = (names, containingFile) =>
      names.map((name) =>
        imports.has(name)
          ? { resolvedFileName: baseName!, extension: ts.Extension.Ts, isExternalLibraryImport: false }
          : ts.resolveModuleName(name, containingFile, resolutionOf(name, containingFile, options), host)
              .resolvedModule,
      );
  }
  const program = ts.createProgram({ rootNames: [...fileNames.values()], options, host });
  return { program, fileNames };
}

/** How a module name is resolved: packages, and whatever a package's declarations import, as the loader found them. */
function resolutionOf(name: string, containingFile: string, options: TS.CompilerOptions): TS.CompilerOptions {
  return isPackageSpecifier(name) || containingFile.split(/[\\/]/).includes('node_modules')
    ? packageResolution()
    : options;
}

/**
 * The standard library without the DOM, for the target of `options`: `lib.es5.d.ts` where the
 * default is `lib.d.ts`, `lib.es2022.d.ts` where it is `lib.es2022.full.d.ts`. The DOM is most
 * of the default library's size: leaving it out makes a program about 0.3 s quicker to build and
 * check, and typescript-json-schema, which walks every file's declarations, quicker still.
 */
function libWithoutDom(options: TS.CompilerOptions): string {
  const name = ts.getDefaultLibFileName(options);
  return name === 'lib.d.ts' ? 'lib.es5.d.ts' : name.replace('.full.d.ts', '.d.ts');
}

/**
 * Builds a program over the versions' schema.ts and type-checks every file, in program order,
 * before anything reads types from it: typescript-json-schema does the same (its pre-emit
 * diagnostics), and the order matters, since TypeScript orders the members of a union by the
 * order their types were created in. The program is first built without the DOM library; when a
 * schema.ts then has type errors (it may name a DOM type), it is built again with the default
 * library, as the spec repository's tools build it, so that the output and its errors are theirs.
 */
export function buildCheckedProgram(
  spec: Spec,
  versions: SpecVersion[],
  options: TS.CompilerOptions,
  reusable?: ReadonlyMap<string, TS.SourceFile>,
): SchemaProgram {
  const lean = buildSchemaProgram(spec, versions, { ...options, lib: [libWithoutDom(options)] }, reusable);
  const own = new Set([...lean.fileNames.values()].map((f) => path.resolve(f)));
  const clean = !ts.getPreEmitDiagnostics(lean.program).some((d) => d.file && own.has(path.resolve(d.file.fileName)));
  if (clean) return lean;
  // The same texts parsed for the same target: only the library differs.
  const full = buildSchemaProgram(spec, versions, options, ownSourceFiles(lean));
  ts.getPreEmitDiagnostics(full.program);
  return full;
}

/**
 * The source files of a program's own texts (not TypeScript's lib files), by absolute path: a
 * program built next over the same texts takes them as they are (parsed and bound once), as a
 * language service does with files an edit left unchanged.
 */
export function ownSourceFiles(built: SchemaProgram): Map<string, TS.SourceFile> {
  const isLib = libFileTest(built.program.getCompilerOptions());
  return new Map(
    built.program
      .getSourceFiles()
      .filter((sf) => !isLib(sf.fileName))
      .map((sf) => [path.resolve(sf.fileName), sf]),
  );
}

/** Whether a file is one of TypeScript's own lib files (`lib.es2022.d.ts`...), the only files read from disk. */
function libFileTest(options: TS.CompilerOptions): (fileName: string) => boolean {
  const libDir = path.dirname(ts.getDefaultLibFilePath(options));
  return (fileName) => path.resolve(fileName).startsWith(libDir + path.sep);
}

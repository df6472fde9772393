/**
 * The type declarations a types file imports from packages other than the base protocol
 * (`import type { X } from 'some-package'`): found as TypeScript resolves them, under the root's
 * `node_modules`, and read through the loader's reader, so that nothing outside the root is read
 * and a link leading out is not followed. Only declaration files (`.d.ts`) and the packages'
 * `package.json` are read; none of it runs. What the generators' program resolves an import to
 * is one of these texts or nothing (see generators/program.ts).
 */
import path from 'node:path';
import { typescript } from '../util/typescript.js';
import type * as TS from 'typescript';
import type { TextFile } from '../core/text-file.js';
import type { ModuleImport, SchemaSource, TypeDeclarations } from '../model/spec.js';
import type { FileReader } from '../runtime/files.js';
import { MAX_TYPE_DECLARATION_FILES } from '../core/limits.js';

/**
 * How an import of a package is resolved, here and in the generators' program: as a bundler
 * does, by the package's `exports` (condition `types`), `types`/`typings`, then `index.d.ts`.
 */
export function packageResolution(): TS.CompilerOptions {
  const ts = typescript();
  return { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, noEmit: true, types: [] };
}

/** A module a file names that is a package: not relative, not absolute, not a URL or `node:` built-in. */
export function isPackageSpecifier(specifier: string): boolean {
  return /^(@[\w.-]+\/)?[\w.-]/.test(specifier) && !specifier.startsWith('.') && !/^[a-z]+:/i.test(specifier);
}

/**
 * The declaration files the types files' package imports resolve to (and what those import in
 * turn), at most `MAX_TYPE_DECLARATION_FILES` of them. `skip`: the specifiers that mean the base
 * protocol, which resolve to its own file.
 */
export async function readTypeDeclarations(
  reader: FileReader,
  typesFiles: SchemaSource[],
  skip: ReadonlySet<string>,
): Promise<TypeDeclarations | undefined> {
  const wanted: { specifier: string; from: string }[] = [];
  for (const source of typesFiles)
    for (const { specifier } of source.imports ?? [])
      if (isPackageSpecifier(specifier) && !skip.has(specifier)) wanted.push({ specifier, from: source.file.path });
  if (!wanted.length) return undefined;
  const reading = new ReadingHost(reader, isDeclarationInput);
  const known = reading.known;
  const resolved = new Map<string, string>();
  const files = new Map<string, TextFile>();
  const queue = [...wanted];
  const seen = new Set<string>();
  while (queue.length && files.size < MAX_TYPE_DECLARATION_FILES) {
    const { specifier, from } = queue.shift()!;
    const key = `${from}\0${specifier}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const resolvedFile = await reading.resolve(specifier, from, packageResolution(), 32);
    const found = resolvedFile && /\.d\.[cm]?ts$/.test(resolvedFile) ? reading.rel(resolvedFile) : undefined;
    if (!found) continue;
    resolved.set(key, found);
    const file = known.get(found);
    if (!file || files.has(found)) continue;
    files.set(found, file);
    // What the declaration file imports is resolved from it in turn, relative paths included.
    const pre = typescript().preProcessFile(file.text, true, true);
    for (const f of [...pre.importedFiles, ...pre.referencedFiles]) queue.push({ specifier: f.fileName, from: found });
  }
  for (const [r, file] of known) if (file && r.endsWith('package.json')) files.set(r, file);
  return { files, resolved };
}

/** What resolving packages may read: declaration files and package manifests, under `node_modules`. */
function isDeclarationInput(rel: string): boolean {
  return rel.split('/').includes('node_modules') && (/\.d\.[cm]?ts$/.test(rel) || rel.endsWith('/package.json'));
}

/** The file an import of a types file resolves to among the read declarations; undefined when none. */
export function resolvedImport(
  declarations: TypeDeclarations | undefined,
  from: string,
  imported: ModuleImport,
): string | undefined {
  return declarations?.resolved.get(`${from}\0${imported.specifier}`);
}

/** A relative import of a types file (`./spec.types.js`): a file of the tree, not a package. */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
}

/** How a relative import is resolved: as TypeScript resolves one for a bundler (`.js` names its `.ts`, a folder its `index.ts`). */
const relativeResolution = (): TS.CompilerOptions => ({ ...packageResolution(), allowImportingTsExtensions: true });

/** The types files' relative imports, each resolved to the file of the tree it names (or to nothing). */
export interface RelativeImports {
  /** `<importing file>\0<specifier>` -> the file it resolves to, relative to the root; absent when none. */
  resolved: Map<string, string>;
  /** The files they resolve to, by path. */
  files: Map<string, TextFile>;
}

/**
 * Resolves the relative imports of the types files (`import type { Result } from "./spec.types.js"`)
 * as TypeScript does, asking the reader for each file TypeScript asks about: only TypeScript
 * sources inside the root are read (a link leading out is refused by the reader, and said).
 */
export async function readRelativeImports(reader: FileReader, typesFiles: SchemaSource[]): Promise<RelativeImports> {
  const out: RelativeImports = { resolved: new Map(), files: new Map() };
  const reading = new ReadingHost(reader, (r) => /\.(?:d\.)?[cm]?tsx?$/.test(r));
  for (const source of typesFiles)
    for (const { specifier } of source.imports ?? []) {
      if (!isRelativeSpecifier(specifier)) continue;
      const resolvedFile = await reading.resolve(specifier, source.file.path, relativeResolution(), 16);
      const file = resolvedFile && reading.known.get(reading.rel(resolvedFile));
      if (!file || file.path === source.file.path) continue;
      out.resolved.set(`${source.file.path}\0${specifier}`, file.path);
      out.files.set(file.path, file);
    }
  return out;
}

/**
 * A module resolution host over the files read so far, inside the root and of the kinds
 * `accepts` takes. TypeScript asks a host synchronously: what it asks for that is not read yet
 * is noted, read, and the resolution run again, until it asks nothing new.
 */
class ReadingHost {
  /** Files asked about, by path relative to the root: the text, or null where there is none. */
  readonly known = new Map<string, TextFile | null>();
  private asked = new Set<string>();
  private readonly host: TS.ModuleResolutionHost;

  constructor(
    private readonly reader: FileReader,
    accepts: (rel: string) => boolean,
  ) {
    const probe = (file: string): TextFile | null | undefined => {
      const r = this.rel(file);
      if (!this.inside(r) || !accepts(r)) return null;
      if (!this.known.has(r)) this.asked.add(r);
      return this.known.get(r);
    };
    this.host = {
      fileExists: (f) => !!probe(f),
      readFile: (f) => probe(f)?.text,
      directoryExists: (d) => this.inside(this.rel(path.join(d, 'x'))),
      realpath: (f) => f,
      getCurrentDirectory: () => reader.root,
    };
  }

  /** A path relative to the root, with `/`. */
  rel(file: string): string {
    return path.relative(this.reader.root, path.resolve(file)).split(path.sep).join('/');
  }

  private inside(rel: string): boolean {
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  }

  /** The absolute file `specifier` resolves to from `from` (relative to the root), after at most `rounds` reads. */
  async resolve(
    specifier: string,
    from: string,
    options: TS.CompilerOptions,
    rounds: number,
  ): Promise<string | undefined> {
    let found: string | undefined;
    for (let round = 0; round < rounds; round++) {
      this.asked = new Set();
      const fromFile = path.join(this.reader.root, ...from.split('/'));
      found = typescript().resolveModuleName(specifier, fromFile, options, this.host).resolvedModule?.resolvedFileName;
      if (!this.asked.size) break;
      await Promise.all([...this.asked].map(async (r) => this.known.set(r, (await this.reader.read(r)) ?? null)));
    }
    return found;
  }
}

/**
 * Loads a spec repository into one `Spec`: discovers versions from folders, reads schema.ts,
 * schema.json, examples, MDX pages and SEPs. Every unreadable or unparsable file becomes an
 * input problem with a location; loading goes on with the rest.
 */
import path from 'node:path';
import type { Example, JsonSchemaSource, MarkdownPage, SchemaDialect, Spec, SpecVersion } from '../model/spec.js';
import { TextFile } from '../core/text-file.js';
import { JsonDocument } from '../core/json-document.js';
import { readSchemaSource, suppressionsInTypeScript } from './schema-ts.js';
import { lazyMarkdownPage, pageFromData, readMarkdownPage } from './markdown.js';
import { readTypeDeclarations } from './type-declarations.js';
import { memo, FileReader, isFolder, type FileSystem, type LoadCache } from '../runtime/files.js';
import type { Runtime } from '../runtime/runtime.js';
import { LoadError } from '../core/errors.js';
import { DIRECTIVE, suppressionsInPage } from './suppressions.js';
import { loadSite } from './site.js';
import { loadSepPages } from './sep-pages.js';
import { compareVersions } from '../model/versions.js';
import { LOCKFILE } from '../generators/pins.js';
import {
  atVersion,
  defaultLayout,
  hasVersion,
  isUnversioned,
  layoutPattern,
  UNVERSIONED,
  versionNameTest,
  versionNaming,
  versionsFolder,
  type Layout,
} from './layout.js';
import { findVersions, listSeps, posixJoin } from './inputs.js';

export { defaultLayout, type Layout } from './layout.js';

export interface LoadOptions {
  layout?: Partial<Layout>;
  /** Only these versions (folder names); all when empty. */
  versions?: string[];
  /** Paths relative to the root to leave out (exact files or folder prefixes). */
  ignore?: (relPath: string) => boolean;
  /** Keeps files and parse results between loads (watch mode): unchanged files are neither re-read nor re-parsed. */
  cache?: LoadCache;
  /** Called as each version finishes loading, for a progress line. */
  onProgress?: (phase: string, done: number, total: number) => void;
  /** Texts already read in this run (by `inputFingerprint`), by path: used instead of reading again. */
  preread?: Map<string, TextFile>;
  /**
   * Called once every file is read and every source but the prose is parsed: the spec then has
   * its versions with schema.ts, schema.json, examples and templates, and no pages or SEPs yet
   * (they are parsed next, into the same object). Work that needs only those can start here.
   */
  onSourcesLoaded?: (spec: Spec) => void;
  /**
   * Where the SEPs (those parsed at loading) are parsed: with a runtime, in the worker thread when
   * it says so, while this thread parses the versions' pages; without one, here. The worker stops
   * when a generation job is posted after them, and this thread parses the rest after the pages.
   * A SEP parsed there has no `tree` in the model: `check` reads only the code blocks of the SEPs.
   */
  runtime?: Runtime;
  /**
   * The SEPs whose parsed fields (headings, code blocks, links, tree) the caller will read, by
   * their text; the others are loaded as pages parsed when first read (`lazyMarkdownPage`), and a
   * parse error of theirs is not reported by loading. Default: every SEP. A SEP with suppression
   * comments is parsed at loading either way (see `sepParsedAtLoad`).
   */
  sepsToParse?: (text: string) => boolean;
  /** With `prose: false`: still read the site's SEP pages and the SEPs they are made from (`generate` writes them). */
  sepPages?: boolean;
  /** `false`: leave the MDX pages and SEPs unparsed (`generate` needs none of them). */
  prose?: boolean;
  /** Where the files are read: the disk when absent (`memoryFileSystem` holds a tree in memory). */
  fileSystem?: FileSystem;
  /** The base protocol the types file imports (config `extends`): its types file is read with the rest. */
  extends?: { schema: string; imports: string[] };
}

/** Whether loading parses a SEP of this text (see `LoadOptions.sepsToParse`): its suppression comments are read from the tree. */
export function sepParsedAtLoad(text: string, options: Pick<LoadOptions, 'sepsToParse'>): boolean {
  return text.includes(DIRECTIVE) || (options.sepsToParse?.(text) ?? true);
}

export async function loadSpec(rootArg: string, options: LoadOptions = {}): Promise<Spec> {
  const root = path.resolve(rootArg);
  const layout = { ...defaultLayout, ...options.layout };
  if (!(await isFolder(root, options.fileSystem))) throw new LoadError(`root folder not found: ${rootArg}`);
  const schemaPattern = layoutPattern(layout, 'schema');
  const schemaFolder = versionsFolder(schemaPattern);
  if (hasVersion(schemaPattern) && !(await isFolder(path.join(root, schemaFolder), options.fileSystem))) {
    throw new LoadError(`no ${schemaFolder}/ folder in ${rootArg}`);
  }

  const reader = new FileReader(root, options.ignore, options.cache, options.preread, options.fileSystem);
  const versionNames = await layoutVersions(reader, layout, rootArg);
  let names = [...versionNames].sort(compareVersions);
  if (options.versions?.length) {
    const unknown = options.versions.filter((v) => !versionNames.has(v));
    if (versionNames.has(UNVERSIONED))
      throw new LoadError(`--version ${options.versions[0]}: the spec has no versions (no {version} in its layout)`);
    if (unknown.length)
      throw new LoadError(`unknown version: ${unknown.join(', ')} (found: ${names.join(', ') || 'none'})`);
    names = names.filter((n) => options.versions!.includes(n));
  }

  const prose = options.prose !== false;
  const sepsRead = readSeps(reader, layout);
  // The SEPs go to the worker as soon as they are read, before `onSourcesLoaded` posts any
  // generation: the worker parses them while this thread parses schema.ts and the examples,
  // until the generation comes (the job gives way); this thread parses what is left after the
  // versions' pages.
  const parsingSeps = sepsRead.then(async (files) => {
    const now = files.filter((f) => sepParsedAtLoad(f.text, options));
    const length = now.reduce((n, f) => n + f.text.length, 0);
    const inWorker = prose && now.length > 0 && !!options.runtime?.useWorker(length);
    const job = {
      kind: 'markdown' as const,
      pages: now.map((f) => ({ path: f.path, text: f.text, syntax: 'md' as const })),
      givesWay: true,
    };
    // The worker's output covers the first of `now`, in order; a failed job leaves them all here.
    const parsed = inWorker ? await options.runtime!.run(job, length).catch(() => undefined) : undefined;
    return { now: new Set(now), parsed: parsed?.values() };
  });
  // Awaited below, unless reading the versions fails first.
  parsingSeps.catch(() => undefined);
  const siteRead = prose
    ? loadSite(
        reader,
        layout.site,
        [...versionNames].map((id) => atVersion(layoutPattern(layout, 'docs'), id)),
      )
    : undefined;
  const sepPagesRead =
    prose || options.sepPages
      ? (siteRead ?? Promise.resolve(undefined)).then((site) => loadSepPages(reader, layout, site, sepsRead))
      : undefined;
  const [loaded, sepFiles, site, lockfile, baseFile, sepPages] = await Promise.all([
    Promise.all(names.map((id) => loadVersion(reader, layout, id))),
    sepsRead,
    siteRead,
    // The toolchain versions the repository pins, read as data (see generators/pins.ts).
    reader.read(LOCKFILE),
    options.extends ? reader.read(options.extends.schema) : undefined,
    sepPagesRead,
  ]);
  // A base that is not there (or not inside the root) is a mistake in the config, not a finding.
  if (options.extends && !baseFile)
    throw new LoadError(`extends.schema "${options.extends.schema}" is no readable file inside ${rootArg}`);
  // Package imports of the types files other than the base resolve to declarations under node_modules.
  const baseImports = new Set(
    baseFile && options.extends && !baseFile.path.endsWith('.json') ? options.extends.imports : [],
  );
  const typesFiles = [...new Set(loaded.map((l) => l.version.schemaTs).filter((s) => s !== undefined))];
  const typeDeclarations = await readTypeDeclarations(reader, typesFiles, baseImports);
  const spec: Spec = {
    root,
    versions: loaded.map((l) => l.version),
    seps: [],
    inputProblems: reader.problems,
    filesRead: 0,
    files: new Map(),
    suppressions: [],
    ...(site ? { site } : {}),
    ...(lockfile ? { lockfile } : {}),
    ...(sepPages ? { sepPages } : {}),
    ...(typeDeclarations ? { typeDeclarations } : {}),
    ...(baseFile && options.extends
      ? {
          base: {
            file: baseFile,
            imports: options.extends.imports,
            ...(baseFile.path.endsWith('.json')
              ? { jsonSchema: readJsonSchema(baseFile, reader) }
              : { schema: memo(reader.cache, 'schema.ts', baseFile, () => readSchemaSource(baseFile)) }),
          },
        }
      : {}),
  };
  options.onSourcesLoaded?.(spec);
  // Parsing the prose is most of loading.
  for (const [i, { version, pageFiles }] of loaded.entries()) {
    if (prose) for (const file of pageFiles) version.pages.push(readPage(file, 'mdx', reader));
    options.onProgress?.(`loaded version ${version.id}`, i + 1, loaded.length);
  }
  const { now, parsed: fromWorker } = await parsingSeps;
  spec.seps = (prose ? sepFiles : []).map((f) => {
    // Without suppression comments, a page parsed later has nothing to add to what loading reports.
    if (!now.has(f)) return memo(reader.cache, 'md-lazy', f, () => lazyMarkdownPage(f, 'md'));
    const parsed = fromWorker?.next().value;
    if (!parsed) return readPage(f, 'md', reader);
    reader.suppressions.push(...parsed.suppressions);
    return pageRead(pageFromData(f, parsed.data), reader);
  });
  spec.filesRead = reader.filesRead;
  spec.files = new Map([...reader.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  spec.suppressions = [...reader.suppressions].sort((a, b) =>
    a.location.file < b.location.file ? -1 : a.location.file > b.location.file ? 1 : a.location.line - b.location.line,
  );
  return spec;
}

/**
 * The versions the layout finds. A types file that is not there, or one types file with no
 * version folder in the docs, is a mistake in the config (exit 2); a schema folder without
 * versions is a finding.
 */
async function layoutVersions(reader: FileReader, layout: Layout, rootArg: string): Promise<Set<string>> {
  const schemaPattern = layoutPattern(layout, 'schema');
  const schemaFolder = versionsFolder(schemaPattern);
  const isVersion = versionNameTest(layout);
  if (!isVersion) throw new LoadError(`layout.versions "${layout.versions}" is not a regular expression`);
  if (!hasVersion(schemaPattern) && !(await reader.exists(schemaPattern)))
    throw new LoadError(`layout.schema "${schemaPattern}" matches no file in ${rootArg}`);
  const docsPattern = layoutPattern(layout, 'docs');
  if (isUnversioned(layout) && !(await reader.exists(docsPattern)))
    throw new LoadError(`layout.docs "${docsPattern}" matches no folder in ${rootArg}`);
  const versionNames = await findVersions(reader, layout);
  if (!hasVersion(schemaPattern) && versionNames.size === 0)
    throw new LoadError(
      `layout.docs "${docsPattern}" matches no version folder (${versionNaming(layout)}) in ${rootArg}; ` +
        `a spec without versions names its prose folder without {version}`,
    );
  if (hasVersion(schemaPattern) && !(await reader.subfolders(schemaFolder)).some(isVersion)) {
    // Nothing to check is not a pass.
    reader.problem(
      'unreadable',
      `No versions in ${schemaFolder}/: expected a folder per version, ${versionNaming(layout)}, holding its ${path.posix.basename(schemaPattern)}`,
      { file: schemaFolder, line: 1, column: 1 },
    );
  }
  return versionNames;
}

/** A version's sources, parsed, and its pages, read but not parsed yet. */
async function loadVersion(
  reader: FileReader,
  layout: Layout,
  id: string,
): Promise<{ version: SpecVersion; pageFiles: TextFile[] }> {
  const schemaTsPath = atVersion(layoutPattern(layout, 'schema'), id);
  const schemaJsonPath = atVersion(layoutPattern(layout, 'schemaJson'), id);
  const schemaDir = path.posix.dirname(schemaTsPath);
  const docsDir = atVersion(layoutPattern(layout, 'docs'), id);
  const version: SpecVersion = { id, schemaDir, schemaJsonPath, docsDir, examples: [], pages: [] };

  const [schemaTs, schemaJson, template, reference, schemaFiles, pageFiles] = await Promise.all([
    reader.read(schemaTsPath),
    reader.read(schemaJsonPath),
    reader.read(posixJoin(schemaDir, 'schema.mdx')),
    reader.read(posixJoin(docsDir, 'schema.mdx')),
    // Every file under the schema folder (for `{@includeCode}` checks); the examples are among them.
    reader.list(schemaDir, () => true),
    // The Schema Reference page is generated: it is compared as text, not read as prose.
    reader.list(docsDir, (p) => p.endsWith('.mdx') && p !== posixJoin(docsDir, 'schema.mdx')),
  ]);
  version.schemaFiles = schemaFiles;
  const examplesDir = posixJoin(schemaDir, 'examples') + '/';
  const exampleFiles = schemaFiles.filter((p) => p.startsWith(examplesDir) && p.endsWith('.json'));

  if (!schemaTs && (await reader.exists(schemaDir)) && !(await reader.exists(schemaTsPath))) {
    const name = path.posix.basename(schemaTsPath);
    reader.problem('unreadable', `No ${name} in ${schemaDir}: the version's declarations cannot be checked`, {
      file: schemaDir,
      line: 1,
      column: 1,
    });
  }
  const source = schemaTs && memo(reader.cache, 'schema.ts', schemaTs, () => readSchemaSource(schemaTs));
  if (source?.tooDeep) {
    // Not handed to the rules or the generators: their parsers would overflow the stack.
    for (const e of source.syntaxErrors) reader.problem('parse', e.message, e.location);
  } else if (schemaTs && source) {
    version.schemaTs = source;
    reader.suppressions.push(...memo(reader.cache, 'suppressions', schemaTs, () => suppressionsInTypeScript(schemaTs)));
    for (const e of version.schemaTs.syntaxErrors)
      reader.problem('parse', `TypeScript syntax error: ${e.message}`, e.location);
  }
  if (schemaJson) version.jsonSchema = readJsonSchema(schemaJson, reader);
  version.referenceTemplate = template;
  version.referencePage = reference;

  const examples = await Promise.all(exampleFiles.map((p) => reader.read(p)));
  for (const file of examples) {
    if (!file) continue;
    const rel = file.path.slice(schemaDir.length + '/examples/'.length);
    const parts = rel.split('/');
    // Examples live at examples/<TypeName>/<name>.json; deeper files still name their type by the first folder.
    if (parts.length < 2) continue;
    version.examples.push({
      path: file.path,
      typeName: parts[0],
      name: parts.at(-1)!.replace(/\.json$/, ''),
      file,
      document: memo(reader.cache, 'json', file, () => new JsonDocument(file.text)),
    } satisfies Example);
  }

  const pages = await Promise.all(pageFiles.map((p) => reader.read(p)));
  return { version, pageFiles: pages.filter((f): f is TextFile => !!f) };
}

async function readSeps(reader: FileReader, layout: Layout): Promise<TextFile[]> {
  const files = await listSeps(reader, layout);
  const read = await Promise.all(files.map((p) => reader.read(p)));
  return read.filter((f): f is TextFile => !!f);
}

function readPage(file: TextFile, syntax: 'mdx' | 'md', reader: FileReader): MarkdownPage {
  const page = memo(reader.cache, syntax, file, () => readMarkdownPage(file, syntax));
  reader.suppressions.push(
    ...memo(reader.cache, `suppressions-${syntax}`, file, () => suppressionsInPage(file, page.tree)),
  );
  return pageRead(page, reader);
}

/** A page as read: a Markdown parse error is an input problem (rule `mdx/parse` reports MDX ones). */
function pageRead(page: MarkdownPage, reader: FileReader): MarkdownPage {
  if (page.parseError && page.syntax === 'md')
    reader.problem('parse', `Markdown parse error: ${page.parseError.message}`, page.parseError.location);
  return page;
}

function readJsonSchema(file: TextFile, reader: FileReader): JsonSchemaSource {
  const document = memo(reader.cache, 'json', file, () => new JsonDocument(file.text));
  for (const e of document.errors) reader.problem('parse', `JSON syntax error: ${e.message}`, file.location(e.offset));
  const value = (document.value ?? {}) as Record<string, unknown>;
  const dialect = dialectOf(value.$schema);
  if (document.ok && !dialect) {
    reader.problem(
      'parse',
      `Unknown JSON Schema dialect ${JSON.stringify(value.$schema ?? null)}; expected draft-07, 2019-09 or 2020-12`,
      file.location(0),
    );
  }
  return jsonSchemaSource(file, document);
}

/** A parsed JSON Schema file as validation reads it: its dialect and definitions. */
export function jsonSchemaSource(file: TextFile, document: JsonDocument): JsonSchemaSource {
  const value = (document.value ?? {}) as Record<string, unknown>;
  const dialect = dialectOf(value.$schema);
  const definitionsKey =
    value.$defs !== undefined || (dialect === '2020-12' && value.definitions === undefined) ? '$defs' : 'definitions';
  const defs = value[definitionsKey];
  const definitionNames = new Set(defs && typeof defs === 'object' ? Object.keys(defs) : []);
  return { file, document, dialect, definitionsKey, definitionNames };
}

export function dialectOf(uri: unknown): SchemaDialect | undefined {
  if (typeof uri !== 'string') return undefined;
  if (uri.includes('draft-07')) return 'draft-07';
  if (uri.includes('2019-09')) return '2019-09';
  if (uri.includes('2020-12')) return '2020-12';
  return undefined;
}

/**
 * Loads a spec repository into one `Spec`: discovers versions from folders, reads schema.ts,
 * schema.json, examples, MDX pages and SEPs. Every unreadable or unparsable file becomes an
 * input problem with a location; loading goes on with the rest.
 */
import path from 'node:path';
import type {
  BaseProtocol,
  Example,
  JsonSchemaSource,
  MarkdownPage,
  ResolvedInclude,
  SchemaDialect,
  SiteKind,
  Spec,
  SpecVersion,
} from '../model/spec.js';
import { TextFile } from '../core/text-file.js';
import { JsonDocument } from '../core/json-document.js';
import { readSchemaSource, suppressionsInTypeScript } from './schema-ts.js';
import {
  lazyMarkdownPage,
  markdownJob,
  pageData,
  pageFromData,
  readMarkdownPage,
  type ParsedPageProducts,
} from './markdown.js';
import { readRelativeImports, readTypeDeclarations, type RelativeImports } from './type-declarations.js';
import { memo, FileReader, isFolder, type LoadCache } from '../runtime/files.js';
import type { Runtime } from '../runtime/runtime.js';
import { LoadError } from '../core/errors.js';
import { DIRECTIVE, suppressionsInPage } from './suppressions.js';
import { loadMarkdownSite, loadSite } from './site.js';
import { loadSepPages } from './sep-pages.js';
import { findSiteMarker, type SiteMarker } from './site-kind.js';
import { compareVersions } from '../model/versions.js';
import { LOCKFILE } from '../generators/pins.js';
import { readSchemaJsonScript } from './package-scripts.js';
import {
  atVersion,
  defaultLayout,
  hasVersion,
  isUnversioned,
  layoutPattern,
  typesFileless,
  UNVERSIONED,
  versionNameTest,
  versionNaming,
  versionsFolder,
  type Layout,
} from './layout.js';
import { findVersions, listSeps, posixJoin, type InputSelection } from './inputs.js';
import type { PageProducts } from './page-products.js';
import { pageJobItem, parsePagesInPool, syntaxOf } from './page-pool.js';

export { defaultLayout, type Layout } from './layout.js';

/** What loading reads (`InputSelection`), and how. */
export interface LoadOptions extends InputSelection {
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
  /** The pages' parse products kept in the disk cache: a page whose text they hold is not parsed again. */
  pageProducts?: PageProducts;
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
  const marker = prose ? await findSiteMarker(reader, layout.site) : undefined;
  const givenKind = options.siteKind ?? marker?.kind;
  const sepsRead = readSeps(reader, layout);
  // The SEPs go to the worker as soon as they are read, before `onSourcesLoaded` posts any
  // generation: the worker parses them while this thread parses schema.ts and the examples,
  // until the generation comes (the job gives way); this thread parses what is left after the
  // versions' pages.
  const products = prose ? options.pageProducts : undefined;
  const parsingSeps = sepsRead.then(async (files) => {
    const now = files.filter((f) => sepParsedAtLoad(f.text, options));
    // SEPs whose products the cache holds are not parsed again, here or there.
    const cached = new Map<TextFile, NonNullable<ReturnType<PageProducts['sep']>>>();
    for (const f of now) {
      const stored = products?.sep(f);
      if (stored) cached.set(f, stored);
    }
    const toParse = now.filter((f) => !cached.has(f));
    const length = toParse.reduce((n, f) => n + f.text.length, 0);
    const inWorker = prose && toParse.length > 0 && !!options.runtime?.useWorker(length);
    const pages = toParse.map((f) => ({ path: f.path, text: f.text, syntax: 'md' as const }));
    // With a pool, the last worker parses them all (the first one's time goes to the generation);
    // alone, the first gives way to the generation.
    const runtime = options.runtime;
    const last = runtime ? runtime.workers - 1 : 0;
    // The worker's output covers the first of `toParse`, in order; a failed job leaves them all here.
    const parsed = !inWorker
      ? undefined
      : await (
          last > 0
            ? runtime!.runInWorker({ kind: 'markdown', pages }, last)
            : runtime!.run({ kind: 'markdown', pages, givesWay: true }, length)
        ).catch(() => undefined);
    return { now: new Set(now), cached, parsed: parsed?.values() };
  });
  // Awaited below, unless reading the versions fails first.
  parsingSeps.catch(() => undefined);
  const proseDirs = [...versionNames].map((id) => atVersion(layoutPattern(layout, 'docs'), id));
  const siteRead =
    prose && (givenKind === undefined || givenKind === 'mintlify')
      ? loadSite(reader, layout.site, proseDirs, products)
      : undefined;
  // How the repository makes its JSON Schema, read as data (see generators/schema-json-generator.ts).
  const scriptRead = readSchemaJsonScript(reader);
  const sepPagesRead =
    prose || options.sepPages ? loadSepPages(reader, layout, siteRead, sepsRead, scriptRead) : undefined;
  const [loaded, sepFiles, site, lockfile, baseFile, schemaJsonScript, sepPages] = await Promise.all([
    Promise.all(names.map((id) => loadVersion(reader, layout, id, options.pageProducts))),
    sepsRead,
    siteRead,
    // The toolchain versions the repository pins, read as data (see generators/pins.ts).
    reader.read(LOCKFILE),
    options.extends ? reader.read(options.extends.schema) : undefined,
    scriptRead,
    sepPagesRead,
  ]);
  // A base that is not there (or not inside the root) is a mistake in the config, not a finding.
  if (options.extends && !baseFile)
    throw new LoadError(`extends.schema "${options.extends.schema}" is no readable file inside ${rootArg}`);
  // Package imports of the types files other than the base resolve to declarations under node_modules.
  const baseImports = new Set(
    baseFile && options.extends && !baseFile.path.endsWith('.json') ? options.extends.imports : [],
  );
  // Without a config or a marker: MDX prose is Mintlify's (as spec-check has always read it), Markdown GitHub's.
  const siteKind: SiteKind =
    givenKind ?? (loaded.some((l) => l.pageFiles.some((f) => f.path.endsWith('.mdx'))) ? 'mintlify' : 'github');
  // Posted before `onSourcesLoaded` posts the generation: the pool's workers parse pages first.
  const pooled =
    prose && !reader.cache
      ? parsePagesInPool(
          loaded.flatMap((l) => l.pageFiles),
          siteKind,
          products,
          options.runtime,
          sepFiles.filter((f) => sepParsedAtLoad(f.text, options)).reduce((n, f) => n + f.text.length, 0),
        )
      : undefined;
  const markdownSite =
    prose && siteKind !== 'mintlify'
      ? await loadMarkdownSite(reader, siteKind, marker, layout.site, proseDirs)
      : undefined;
  const typesFiles = [...new Set(loaded.map((l) => l.version.schemaTs).filter((s) => s !== undefined))];
  const [typeDeclarations, relativeImports] = await Promise.all([
    readTypeDeclarations(reader, typesFiles, baseImports),
    readRelativeImports(reader, typesFiles),
  ]);
  const base = baseProtocol(reader, baseFile, options.extends, relativeImports);
  const spec: Spec = {
    root,
    versions: loaded.map((l) => l.version),
    seps: [],
    inputProblems: reader.problems,
    filesRead: 0,
    files: new Map(),
    suppressions: [],
    ...(site ? { site } : {}),
    siteKind,
    ...(markdownSite ? { markdownSite } : {}),
    ...(lockfile ? { lockfile } : {}),
    ...(schemaJsonScript ? { schemaJsonScript } : {}),
    ...(sepPages ? { sepPages } : {}),
    ...(typeDeclarations ? { typeDeclarations } : {}),
    ...(base ? { base } : {}),
    ...(relativeImports.resolved.size ? { relativeImports: relativeImports.resolved } : {}),
  };
  options.onSourcesLoaded?.(spec);
  // Parsing the prose is most of loading: with a pool, this thread parses its share of the pages
  // while the pool's other workers parse theirs; the pages then go into the model in file order.
  const parsedAhead = new Map<TextFile, ParsedPageProducts>();
  for (const file of pooled?.here ?? [])
    parsedAhead.set(file, markdownJob([pageJobItem(file, siteKind)], undefined, true)[0]);
  const parsedInPool = (await pooled?.there) ?? new Map<TextFile, ParsedPageProducts>();
  for (const [i, { version, pageFiles }] of loaded.entries()) {
    if (prose)
      for (const file of pageFiles)
        version.pages.push(
          readPage(file, syntaxOf(file), reader, siteKind, products, parsedAhead.get(file) ?? parsedInPool.get(file)),
        );
    options.onProgress?.(`loaded version ${version.id}`, i + 1, loaded.length);
  }
  const { now, cached, parsed: fromWorker } = await parsingSeps;
  spec.seps = (prose ? sepFiles : []).map((f) => {
    // Without suppression comments, a page parsed later has nothing to add to what loading reports.
    if (!now.has(f)) return memo(reader.cache, 'md-lazy', f, () => lazyMarkdownPage(f, 'md', products?.lazySeps));
    const parsed = cached.get(f) ?? fromWorker?.next().value;
    if (!parsed) {
      const page = readPage(f, 'md', reader);
      products?.keepSep(f, pageData(page), suppressionsInPage(f, page.tree));
      return page;
    }
    if (!cached.has(f)) products?.keepSep(f, parsed.data, parsed.suppressions);
    reader.suppressions.push(...parsed.suppressions);
    return pageRead(pageFromData(f, parsed.data), reader);
  });
  if (prose && siteKind !== 'mintlify') {
    const includes = await resolveIncludes(reader, spec, marker);
    if (includes.length) spec.includes = includes;
  }
  spec.filesRead = reader.filesRead;
  spec.files = new Map([...reader.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  spec.suppressions = [...reader.suppressions].sort((a, b) =>
    a.location.file < b.location.file ? -1 : a.location.file > b.location.file ? 1 : a.location.line - b.location.line,
  );
  return spec;
}

/**
 * The base protocol: the types file (or JSON Schema) config `extends` names, else the one file of
 * the tree that the types files' relative imports name (`./spec.types.js`, a vendored copy of the
 * base's types): what it declares is the base's, as `extends` would make it. A relative import
 * of the file `extends` names means the base too.
 */
function baseProtocol(
  reader: FileReader,
  baseFile: TextFile | undefined,
  configured: LoadOptions['extends'],
  relative: RelativeImports,
): BaseProtocol | undefined {
  const specifiersOf = (path: string) =>
    [...relative.resolved].filter(([, to]) => to === path).map(([key]) => key.slice(key.indexOf('\0') + 1));
  const typesBase = (file: TextFile, imports: string[], fromImport: boolean): BaseProtocol => ({
    file,
    imports: [...new Set(imports)],
    schema: memo(reader.cache, 'schema.ts', file, () => readSchemaSource(file)),
    ...(fromImport ? { fromImport } : {}),
  });
  if (configured && baseFile) {
    if (baseFile.path.endsWith('.json'))
      return { file: baseFile, imports: configured.imports, jsonSchema: readJsonSchema(baseFile, reader) };
    return typesBase(baseFile, [...configured.imports, ...specifiersOf(baseFile.path)], false);
  }
  // Two files imported by relative paths are not one base protocol: `extends` must say which is.
  if (configured || relative.files.size !== 1) return undefined;
  const [file] = relative.files.values();
  return typesBase(file, specifiersOf(file.path), true);
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
    throw new LoadError(
      typesFileless(layout)
        ? `layout.schemaJson "${schemaPattern}" matches no file in ${rootArg}`
        : `layout.schema "${schemaPattern}" matches no file in ${rootArg} (where the JSON Schema is the source and there is no types file, set "schema": false)`,
    );
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
  products: PageProducts | undefined,
): Promise<{ version: SpecVersion; pageFiles: TextFile[] }> {
  const schemaTsPath = atVersion(layoutPattern(layout, 'schema'), id);
  const schemaJsonPath = atVersion(layoutPattern(layout, 'schemaJson'), id);
  const schemaDir = path.posix.dirname(schemaTsPath);
  const docsDir = atVersion(layoutPattern(layout, 'docs'), id);
  // Without a types file the JSON Schema is the source: nothing is read as a types file.
  const fileless = typesFileless(layout);
  const version: SpecVersion = {
    id,
    schemaDir,
    schemaJsonPath,
    docsDir,
    examples: [],
    pages: [],
    ...(fileless ? { source: 'jsonSchema' as const } : {}),
  };

  const [schemaTs, schemaJson, template, reference, schemaFiles, pageFiles, methodList] = await Promise.all([
    fileless ? undefined : reader.read(schemaTsPath),
    reader.read(schemaJsonPath),
    reader.read(posixJoin(schemaDir, 'schema.mdx')),
    reader.read(posixJoin(docsDir, 'schema.mdx')),
    // Every file under the schema folder (for `{@includeCode}` checks); the examples are among them.
    reader.list(schemaDir, () => true),
    // The Schema Reference page is generated: it is compared as text, not read as prose.
    reader.list(docsDir, (p) => /\.mdx?$/.test(p) && p !== posixJoin(docsDir, 'schema.mdx')),
    // The method names a JSON Schema that is the source may list beside it (see `methodsListed`).
    fileless ? reader.read(posixJoin(path.posix.dirname(schemaJsonPath), METHOD_LIST)) : undefined,
  ]);
  version.schemaFiles = schemaFiles;
  if (methodList)
    version.methods = methodsListed(memo(reader.cache, 'json', methodList, () => new JsonDocument(methodList.text)));
  const examplesDir = posixJoin(schemaDir, 'examples') + '/';
  const exampleFiles = schemaFiles.filter((p) => p.startsWith(examplesDir) && p.endsWith('.json'));

  if (fileless && !schemaJson && !(await reader.exists(schemaJsonPath))) {
    reader.problem(
      'unreadable',
      `No ${path.posix.basename(schemaJsonPath)} in ${schemaDir}: the version's messages cannot be checked`,
      { file: schemaDir, line: 1, column: 1 },
    );
  }
  if (!fileless && !schemaTs && (await reader.exists(schemaDir)) && !(await reader.exists(schemaTsPath))) {
    const name = path.posix.basename(schemaTsPath);
    reader.problem('unreadable', `No ${name} in ${schemaDir}: the version's declarations cannot be checked`, {
      file: schemaDir,
      line: 1,
      column: 1,
    });
  }
  const source = schemaTs && schemaSourceOf(schemaTs, reader, products);
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

/** A schema.ts file's declarations: kept in memory (watch mode) or in the disk cache's page products, else parsed. */
function schemaSourceOf(file: TextFile, reader: FileReader, products: PageProducts | undefined) {
  return memo(reader.cache, 'schema.ts', file, () =>
    products && !reader.cache ? products.schemaSource(file, () => readSchemaSource(file)) : readSchemaSource(file),
  );
}

async function readSeps(reader: FileReader, layout: Layout): Promise<TextFile[]> {
  const files = await listSeps(reader, layout);
  const read = await Promise.all(files.map((p) => reader.read(p)));
  return read.filter((f): f is TextFile => !!f);
}

/**
 * Where the pages' includes lead: MkDocs snippets from the folder holding mkdocs.yml (the
 * snippets' default base), VitePress `@/` from the site's source folder, others from the page's
 * folder. One leading outside the root is not read.
 */
async function resolveIncludes(
  reader: FileReader,
  spec: Spec,
  marker: SiteMarker | undefined,
): Promise<ResolvedInclude[]> {
  const pages = [...spec.versions.flatMap((v) => v.pages), ...(spec.markdownSite?.pages ?? [])];
  const wanted = pages.flatMap((page) =>
    // Includes of URLs (`url_download`) are the generator's to fetch; a path a template
    // expression fills in (`file.ts:{{ region }}` in a macro's body) is known only when it renders.
    (page.includes ?? [])
      .filter((include) => !/^[a-z][a-z0-9+.-]*:/i.test(include.written) && !/\{\{|\{%/.test(include.written))
      .map((include) => {
        const base =
          include.base === 'snippets'
            ? (marker?.dir ?? '')
            : include.base === 'site'
              ? (spec.markdownSite?.dir ?? '')
              : include.base === 'root'
                ? ''
                : path.posix.dirname(page.path);
        const joined = path.posix.normalize(base ? `${base}/${include.written}` : include.written);
        const inside = !include.written.startsWith('/') && joined !== '..' && !joined.startsWith('../');
        return { written: include.written, location: include.location, target: inside ? joined : undefined };
      }),
  );
  // A file in a folder the tree does not have is taken to be made by the site's build (not judged).
  const found = await Promise.all(
    wanted.map(async (w) =>
      w.target ? (await reader.exists(w.target)) || !(await reader.exists(path.posix.dirname(w.target))) : false,
    ),
  );
  return wanted.map((w, i) => ({
    written: w.written,
    ...(w.target ? { target: w.target } : {}),
    found: found[i],
    location: w.location,
  }));
}

function readPage(
  file: TextFile,
  syntax: 'mdx' | 'md',
  reader: FileReader,
  kind?: SiteKind,
  products?: PageProducts,
  parsed?: ParsedPageProducts,
): MarkdownPage {
  // Pages of a generator with a syntax of its own are read differently: their parse is kept apart.
  const key = kind && kind !== 'mintlify' ? `${syntax}-${kind}` : syntax;
  if (products && !reader.cache) {
    const read = products.page(file, syntax, kind, parsed);
    reader.suppressions.push(...read.suppressions);
    return pageRead(read.page, reader);
  }
  if (parsed) {
    reader.suppressions.push(...parsed.suppressions);
    return pageRead({ ...pageFromData(file, parsed.data), ...(parsed.tree ? { tree: parsed.tree } : {}) }, reader);
  }
  const page = memo(reader.cache, key, file, () => readMarkdownPage(file, syntax, kind));
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

/** The file beside a JSON Schema that is the source which lists the protocol's method names. */
const METHOD_LIST = 'meta.json';

/**
 * The method names a list beside the JSON Schema gives: the string values of its objects that
 * look like methods (`{ "agentMethods": { "session_new": "session/new" } }`); none when it is
 * not such a list.
 */
function methodsListed(document: JsonDocument): string[] {
  const value = document.value;
  if (!document.ok || !value || typeof value !== 'object' || Array.isArray(value)) return [];
  const methods = new Set<string>();
  for (const group of Object.values(value))
    if (group && typeof group === 'object' && !Array.isArray(group))
      for (const method of Object.values(group))
        if (typeof method === 'string' && /^[A-Za-z_][\w.-]*(\/[\w.-]+)*$/.test(method)) methods.add(method);
  return [...methods];
}

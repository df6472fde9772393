/**
 * Loads a spec repository into one `Spec`: discovers versions from folders, reads schema.ts,
 * schema.json, examples, MDX pages and SEPs. Every unreadable or unparsable file becomes an
 * input problem with a location; loading goes on with the rest.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Example, InputProblem, JsonSchemaSource, MarkdownPage, SchemaDialect, Spec, SpecVersion, Suppression } from '../model/types.js';
import { TextFile } from '../model/text-file.js';
import { JsonDocument } from './json.js';
import { readSchemaSource, suppressionsInTypeScript } from './schema-ts.js';
import { lazyMarkdownPage, pageFromData, readMarkdownPage } from './markdown.js';
import { runJob, worthAWorker } from '../worker/runner.js';
import { DIRECTIVE, suppressionsInPage } from './suppressions.js';

export interface Layout {
  /** Folder holding `<version>/schema.ts`, relative to the root. */
  schema: string;
  /** Folder holding `<version>/**\/*.mdx`, relative to the root. */
  docs: string;
  /** Folder holding the SEPs. */
  seps: string;
}

export const defaultLayout: Layout = { schema: 'schema', docs: 'docs/specification', seps: 'seps' };

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
   * Parse the SEPs (those parsed at loading) in the worker thread while this one parses the
   * versions' pages: `true`, `'auto'` (when they are large enough for it to pay), or `false` (the
   * default). The worker stops when a generation job is posted after them, and this thread
   * parses the rest after the pages. A SEP parsed there has no `tree` in the model: `check`
   * reads only the code blocks of the SEPs.
   */
  sepsInWorker?: boolean | 'auto';
  /**
   * The SEPs whose parsed fields (headings, code blocks, links, tree) the caller will read, by
   * their text; the others are loaded as pages parsed when first read (`lazyMarkdownPage`), and a
   * parse error of theirs is not reported by loading. Default: every SEP. A SEP with suppression
   * comments is parsed at loading either way (see `sepParsedAtLoad`).
   */
  sepsToParse?: (text: string) => boolean;
  /** `false`: leave the MDX pages and SEPs unparsed (`generate` needs none of them). */
  prose?: boolean;
}

/** Whether loading parses a SEP of this text (see `LoadOptions.sepsToParse`): its suppression comments are read from the tree. */
export function sepParsedAtLoad(text: string, options: Pick<LoadOptions, 'sepsToParse'>): boolean {
  return text.includes(DIRECTIVE) || (options.sepsToParse?.(text) ?? true);
}

/** Files by path with their size and times, and parse results by kind and path. */
export interface LoadCache {
  files: Map<string, { stamp: string; file: TextFile }>;
  parsed: Map<string, { file: TextFile; value: unknown }>;
}

export function createLoadCache(): LoadCache {
  return { files: new Map(), parsed: new Map() };
}

/** The cached result of parsing `file` as `kind`, or a fresh one when the file's text changed. */
function memo<T>(cache: LoadCache | undefined, kind: string, file: TextFile, make: () => T): T {
  if (!cache) return make();
  const key = `${kind}:${file.path}`;
  const hit = cache.parsed.get(key);
  if (hit && (hit.file === file || hit.file.text === file.text)) return hit.value as T;
  const value = make();
  cache.parsed.set(key, { file, value });
  return value;
}

export class LoadError extends Error {}

const VERSION_NAME = /^(\d{4}-\d{2}-\d{2}|draft)$/;

/** Files larger than this are reported, not parsed: no spec source is near it. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export async function loadSpec(rootArg: string, options: LoadOptions = {}): Promise<Spec> {
  const root = path.resolve(rootArg);
  const layout = { ...defaultLayout, ...options.layout };
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat?.isDirectory()) throw new LoadError(`root folder not found: ${rootArg}`);
  const schemaRoot = path.join(root, layout.schema);
  if (!(await fs.stat(schemaRoot).catch(() => undefined))?.isDirectory()) {
    throw new LoadError(`no ${layout.schema}/ folder in ${rootArg}`);
  }

  const reader = new FileReader(root, options.ignore, options.cache, options.preread);
  const versionNames = await findVersions(reader, layout);
  let names = [...versionNames].sort(compareVersions);
  if (options.versions?.length) {
    const unknown = options.versions.filter((v) => !versionNames.has(v));
    if (unknown.length) throw new LoadError(`unknown version: ${unknown.join(', ')} (found: ${names.join(', ') || 'none'})`);
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
    const inWorker = prose && now.length > 0 && (options.sepsInWorker === true || (options.sepsInWorker === 'auto' && worthAWorker(length)));
    const job = { kind: 'markdown' as const, pages: now.map((f) => ({ path: f.path, text: f.text, syntax: 'md' as const })), givesWay: true };
    // The worker's output covers the first of `now`, in order; a failed job leaves them all here.
    const parsed = inWorker ? await runJob(job, true).catch(() => undefined) : undefined;
    return { now: new Set(now), parsed: parsed?.values() };
  });
  // Awaited below, unless reading the versions fails first.
  parsingSeps.catch(() => undefined);
  const [loaded, sepFiles] = await Promise.all([Promise.all(names.map((id) => loadVersion(reader, layout, id))), sepsRead]);
  const spec: Spec = { root, versions: loaded.map((l) => l.version), seps: [], inputProblems: reader.problems, filesRead: 0, files: new Map(), suppressions: [] };
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
  spec.suppressions = [...reader.suppressions].sort((a, b) => (a.location.file < b.location.file ? -1 : a.location.file > b.location.file ? 1 : a.location.line - b.location.line));
  return spec;
}

/**
 * What a check of the root reads, without parsing any of it: every file under the versions'
 * schema folders, their MDX pages and the SEPs (the files `loadSpec` would list, after `ignore`
 * and `versions`), as one hash of paths and bytes, and the text files for showing findings.
 * Undefined when a file or folder cannot be read (the full load reports that).
 */
export async function inputFingerprint(rootArg: string, options: LoadOptions = {}): Promise<{ key: string; files: Map<string, TextFile> } | undefined> {
  const root = path.resolve(rootArg);
  const layout = { ...defaultLayout, ...options.layout };
  const reader = new FileReader(root, options.ignore);
  const names = [...(await findVersions(reader, layout))].filter((n) => !options.versions?.length || options.versions.includes(n)).sort(compareVersions);
  const lists = await Promise.all([
    ...names.flatMap((id) => [reader.list(posixJoin(layout.schema, id), () => true), reader.list(posixJoin(layout.docs, id), (p) => p.endsWith('.mdx'))]),
    listSeps(reader, layout),
  ]);
  const paths = [...new Set(lists.flat())].sort();
  const hash = createHash('sha256').update(`${root}\0${names.join(',')}\0`);
  const files = new Map<string, TextFile>();
  const texts = /\.(ts|json|mdx?)$/;
  try {
    const contents = await Promise.all(paths.map((p) => fs.readFile(path.join(root, ...p.split('/')))));
    for (const [i, p] of paths.entries()) {
      const bytes = contents[i];
      hash.update(`${p}\0${bytes.length}\0`).update(bytes);
      const text = texts.test(p) ? decodeUtf8(bytes) : undefined;
      if (text !== undefined) files.set(p, new TextFile(p, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
    }
  } catch {
    return undefined;
  }
  if (reader.problems.length) return undefined;
  return { key: hash.digest('hex'), files };
}

/** The version folders (dates and `draft`) under the schema and docs folders. */
async function findVersions(reader: FileReader, layout: Layout): Promise<Set<string>> {
  const names = new Set<string>();
  for (const dir of [layout.schema, layout.docs]) {
    for (const name of await reader.subfolders(dir)) if (VERSION_NAME.test(name)) names.add(name);
  }
  return names;
}

/** The SEPs: Markdown files directly in the SEP folder. */
function listSeps(reader: FileReader, layout: Layout): Promise<string[]> {
  return reader.list(layout.seps, (p) => p.endsWith('.md') && !p.includes('/', layout.seps.length + 1));
}

/** Dates in order, `draft` last. */
export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'draft') return 1;
  if (b === 'draft') return -1;
  return a < b ? -1 : 1;
}

/** A version's sources, parsed, and its pages, read but not parsed yet. */
async function loadVersion(reader: FileReader, layout: Layout, id: string): Promise<{ version: SpecVersion; pageFiles: TextFile[] }> {
  const schemaDir = posixJoin(layout.schema, id);
  const docsDir = posixJoin(layout.docs, id);
  const version: SpecVersion = { id, schemaDir, docsDir, examples: [], pages: [] };

  const [schemaTs, schemaJson, template, reference, schemaFiles, pageFiles] = await Promise.all([
    reader.read(posixJoin(schemaDir, 'schema.ts')),
    reader.read(posixJoin(schemaDir, 'schema.json')),
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

  if (!schemaTs && (await reader.exists(schemaDir)) && !(await reader.exists(posixJoin(schemaDir, 'schema.ts')))) {
    reader.problem('unreadable', `No schema.ts in ${schemaDir}: the version's declarations cannot be checked`, { file: schemaDir, line: 1, column: 1 });
  }
  if (schemaTs) {
    version.schemaTs = memo(reader.cache, 'schema.ts', schemaTs, () => readSchemaSource(schemaTs));
    reader.suppressions.push(...memo(reader.cache, 'suppressions', schemaTs, () => suppressionsInTypeScript(schemaTs)));
    for (const e of version.schemaTs.syntaxErrors) reader.problem('parse', `TypeScript syntax error: ${e.message}`, e.location);
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
  reader.suppressions.push(...memo(reader.cache, `suppressions-${syntax}`, file, () => suppressionsInPage(file, page.tree)));
  return pageRead(page, reader);
}

/** A page as read: a Markdown parse error is an input problem (rule `mdx/parse` reports MDX ones). */
function pageRead(page: MarkdownPage, reader: FileReader): MarkdownPage {
  if (page.parseError && page.syntax === 'md') reader.problem('parse', `Markdown parse error: ${page.parseError.message}`, page.parseError.location);
  return page;
}

function readJsonSchema(file: TextFile, reader: FileReader): JsonSchemaSource {
  const document = memo(reader.cache, 'json', file, () => new JsonDocument(file.text));
  for (const e of document.errors) reader.problem('parse', `JSON syntax error: ${e.message}`, file.location(e.offset));
  const value = (document.value ?? {}) as Record<string, unknown>;
  const dialect = dialectOf(value.$schema);
  if (document.ok && !dialect) {
    reader.problem('parse', `Unknown JSON Schema dialect ${JSON.stringify(value.$schema ?? null)}; expected draft-07, 2019-09 or 2020-12`, file.location(0));
  }
  const definitionsKey = value.$defs !== undefined || (dialect === '2020-12' && value.definitions === undefined) ? '$defs' : 'definitions';
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

function posixJoin(...parts: string[]): string {
  return path.posix.join(...parts);
}

/**
 * Reads files under the root, counting them and turning failures into input problems. Never
 * follows a link that leaves the root, and never visits a folder twice (link loops).
 */
class FileReader {
  readonly problems: InputProblem[] = [];
  readonly files = new Map<string, TextFile>();
  readonly suppressions: Suppression[] = [];
  filesRead = 0;
  private realRoot?: Promise<string>;

  constructor(
    readonly root: string,
    private readonly ignore?: (relPath: string) => boolean,
    readonly cache?: LoadCache,
    private readonly preread?: Map<string, TextFile>,
  ) {}

  problem(kind: InputProblem['kind'], message: string, location: InputProblem['location']): void {
    this.problems.push({ kind, message, location });
  }

  private abs(rel: string): string {
    return path.join(this.root, ...rel.split('/'));
  }

  private async insideRoot(abs: string): Promise<boolean> {
    this.realRoot ??= fs.realpath(this.root);
    const real = await fs.realpath(abs).catch(() => undefined);
    if (!real) return false;
    const root = await this.realRoot;
    return real === root || real.startsWith(root + path.sep);
  }

  async exists(rel: string): Promise<boolean> {
    return !!(await fs.stat(this.abs(rel)).catch(() => undefined));
  }

  async subfolders(rel: string): Promise<string[]> {
    const entries = await fs.readdir(this.abs(rel), { withFileTypes: true }).catch(() => []);
    const out: string[] = [];
    for (const e of entries) {
      if (this.ignore?.(`${rel}/${e.name}`)) continue;
      const abs = this.abs(`${rel}/${e.name}`);
      if (e.isDirectory() || (e.isSymbolicLink() && (await this.insideRoot(abs)) && (await fs.stat(abs).catch(() => undefined))?.isDirectory())) {
        out.push(e.name);
      }
    }
    return out.sort();
  }

  /** Files under a folder (recursively) whose relative path passes `accept`, sorted. */
  async list(rel: string, accept: (relPath: string) => boolean): Promise<string[]> {
    const out: string[] = [];
    const visited = new Set<string>();
    const walk = async (dirRel: string): Promise<void> => {
      const abs = this.abs(dirRel);
      const real = await fs.realpath(abs).catch(() => undefined);
      if (!real || visited.has(real)) return;
      visited.add(real);
      let entries;
      try {
        entries = await fs.readdir(abs, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          this.problem('unreadable', `Cannot read folder: ${(error as NodeJS.ErrnoException).code}`, { file: dirRel, line: 1, column: 1 });
        }
        return;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const childRel = `${dirRel}/${e.name}`;
        if (this.ignore?.(childRel)) continue;
        let isDir = e.isDirectory();
        let isFile = e.isFile();
        if (e.isSymbolicLink()) {
          if (!(await this.insideRoot(this.abs(childRel)))) {
            this.problem('unreadable', 'Symbolic link points outside the root or nowhere; not followed', { file: childRel, line: 1, column: 1 });
            continue;
          }
          const st = await fs.stat(this.abs(childRel)).catch(() => undefined);
          isDir = !!st?.isDirectory();
          isFile = !!st?.isFile();
        }
        if (isDir) await walk(childRel);
        else if (isFile && accept(childRel)) out.push(childRel);
      }
    };
    await walk(rel);
    return out.sort();
  }

  /** The file as text, or undefined when it does not exist (silently) or cannot be read (a problem). */
  async read(rel: string): Promise<TextFile | undefined> {
    if (this.ignore?.(rel)) return undefined;
    const abs = this.abs(rel);
    const location = { file: rel, line: 1, column: 1 };
    let bytes: Buffer;
    try {
      const st = await fs.lstat(abs);
      if (st.isSymbolicLink() && !(await this.insideRoot(abs))) {
        this.problem('unreadable', 'Symbolic link points outside the root or nowhere; not followed', location);
        return undefined;
      }
      const target = st.isSymbolicLink() ? await fs.stat(abs) : st;
      if (!target.isFile()) return undefined;
      if (target.size > MAX_FILE_BYTES) {
        this.problem('unreadable', `File is ${Math.round(target.size / 1048576)} MB, over the ${MAX_FILE_BYTES / 1048576} MB limit; not read`, location);
        return undefined;
      }
      const stamp = `${target.size}:${target.mtimeMs}:${target.ctimeMs}`;
      const cached = this.cache?.files.get(rel);
      // Unchanged since the last load, or read moments ago to fingerprint the inputs: no second read.
      const known = cached && cached.stamp === stamp ? cached.file : this.preread?.get(rel);
      if (known) {
        this.filesRead++;
        this.files.set(rel, known);
        if (!cached) this.cache?.files.set(rel, { stamp, file: known });
        return known;
      }
      bytes = await fs.readFile(abs);
      const file = this.decode(rel, bytes);
      if (file) this.cache?.files.set(rel, { stamp, file });
      return file;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      this.problem('unreadable', `Cannot read file: ${code ?? (error as Error).message}`, location);
      return undefined;
    }
  }

  private decode(rel: string, bytes: Buffer): TextFile | undefined {
    this.filesRead++;
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      this.problem('parse', bytes.includes(0) ? 'Binary file: expected UTF-8 text' : 'File is not valid UTF-8', { file: rel, line: 1, column: 1 });
      return undefined;
    }
    const file = new TextFile(rel, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    this.files.set(rel, file);
    return file;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * What a check of the root reads, listed without parsing any of it (the files `loadSpec` would
 * read, after `ignore` and `versions`), and their fingerprint: one hash of paths and contents
 * that keys the whole report in the cache. Nothing here loads a parser: a check whose report is
 * cached needs only this.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { TextFile } from '../core/text-file.js';
import { FileReader, type FileSystem } from '../runtime/files.js';
import { textFileOf } from '../runtime/text-bytes.js';
import { digestOf, type FileDigests } from '../runtime/file-digests.js';
import { compareVersions } from '../model/versions.js';
import { LOCKFILE } from '../generators/pins.js';
import { PACKAGE_JSON, schemaJsonScriptOf } from './package-scripts.js';
import { MAX_FILE_BYTES } from '../core/limits.js';
import {
  atVersion,
  defaultLayout,
  hasVersion,
  isUnversioned,
  layoutPattern,
  SITE_CONFIG,
  UNVERSIONED,
  versionNameTest,
  versionsFolder,
  type Layout,
} from './layout.js';
import type { SiteKind } from '../model/spec.js';
import { findSiteMarker, readMkDocsConfig } from './site-kind.js';
import { prettierConfigCandidates, sepPagesFolder } from './sep-pages.js';

/** Which files of the root a check reads: what both listing the inputs and loading them are given. */
export interface InputSelection {
  /** Where the versions, schemas, pages and SEPs are (defaults: `defaultLayout`). */
  layout?: Partial<Layout>;
  /** Only these versions (folder names); all when empty. */
  versions?: string[];
  /** Paths relative to the root to leave out (exact files or folder prefixes). */
  ignore?: (relPath: string) => boolean;
  /** Where the files are read: the disk when absent (`memoryFileSystem` holds a tree in memory). */
  fileSystem?: FileSystem;
  /** The base protocol the types file imports (config `extends`): its types file is read with the rest. */
  extends?: { schema: string; imports: string[] };
  /** The site generator of the prose (config `site.kind`); absent: found from its marker file (see site-kind.ts). */
  siteKind?: SiteKind;
}

/** Texts among the inputs: kept from the fingerprint's read for the load and for showing findings' lines. */
const TEXT_FILE = /\.(ts|json|mdx?)$/;

export class CheckInputs {
  private constructor(
    private readonly reader: FileReader,
    /** The hash of the root and the versions, which every key starts from. */
    private readonly head: string,
    /** Every file the check reads, sorted. */
    readonly paths: string[],
  ) {}

  /**
   * Lists every file under the versions' schema folders, their MDX pages, the SEPs, the site's
   * files and the lockfile. Undefined when a file or folder cannot be read (the full load
   * reports that).
   */
  static async list(rootArg: string, options: InputSelection = {}): Promise<CheckInputs | undefined> {
    const root = path.resolve(rootArg);
    const layout = { ...defaultLayout, ...options.layout };
    const reader = new FileReader(root, options.ignore, undefined, undefined, options.fileSystem);
    const names = [...(await findVersions(reader, layout))]
      .filter((n) => !options.versions?.length || options.versions.includes(n))
      .sort(compareVersions);
    const lists = await Promise.all([
      ...names.flatMap((id) => {
        const schemaTs = atVersion(layoutPattern(layout, 'schema'), id);
        const schemaJson = atVersion(layoutPattern(layout, 'schemaJson'), id);
        return [
          reader.list(path.posix.dirname(schemaTs), () => true),
          // The JSON Schema may live in a folder of its own.
          reader.exists(schemaJson).then((found) => (found ? [schemaJson] : [])),
          reader.list(atVersion(layoutPattern(layout, 'docs'), id), (p) => /\.mdx?$/.test(p)),
        ];
      }),
      listSeps(reader, layout),
      siteFiles(reader, layout, options.siteKind),
      // The toolchain versions it pins decide how the Schema Reference is rendered.
      !options.ignore?.(LOCKFILE) && (await reader.exists(LOCKFILE)) ? [LOCKFILE] : [],
      options.extends ? [options.extends.schema] : [],
      // The script that writes the JSON Schema decides how it is judged.
      schemaJsonScriptPaths(reader, options.ignore),
      // The Prettier config the generated SEP pages are formatted with.
      sepPagesConfigs(reader, layout),
    ]);
    if (reader.problems.length) return undefined;
    const head = `${root}\0${names.join(',')}\0`;
    return new CheckInputs(reader, head, [...new Set(lists.flat())].sort());
  }

  private keyOf(digests: Map<string, string>): string {
    const hash = createHash('sha256').update(this.head);
    for (const p of this.paths) hash.update(`${p}\0${digests.get(p)}\0`);
    return hash.digest('hex');
  }

  /**
   * The key from the recorded digests alone, when every file has one that its stamp confirms
   * (nothing is read); undefined when a file must be read (or cannot be).
   */
  async keyFromDigests(index: FileDigests): Promise<string | undefined> {
    try {
      const known = await Promise.all(this.paths.map((p) => index.known(this.reader, p)));
      if (known.some((d) => d === undefined) || this.reader.problems.length) return undefined;
      return this.keyOf(new Map(this.paths.map((p, i) => [p, known[i]!])));
    } catch {
      return undefined;
    }
  }

  /**
   * Reads every file: the key of their contents (recorded in `index` with the stamps `keyFromDigests`
   * took), and the texts. Undefined when a file cannot be read.
   */
  async read(index?: FileDigests): Promise<{ key: string; files: Map<string, TextFile> } | undefined> {
    const digests = new Map<string, string>();
    const files = new Map<string, TextFile>();
    try {
      const contents = await Promise.all(this.paths.map((p) => this.reader.readBytes(p)));
      for (const [i, p] of this.paths.entries()) {
        const digest = index ? index.record(p, contents[i]) : digestOf(contents[i]);
        digests.set(p, digest);
        const file = TEXT_FILE.test(p) ? textFileOf(p, contents[i], digest) : undefined;
        if (file) files.set(p, file);
      }
    } catch {
      return undefined;
    }
    if (this.reader.problems.length) return undefined;
    return { key: this.keyOf(digests), files };
  }

  /**
   * The texts of some of the files, read now; undefined when one of them is not what its digest
   * in `index` says (it changed since its stamp was taken).
   */
  async texts(paths: Iterable<string>, index: FileDigests): Promise<Map<string, TextFile> | undefined> {
    const wanted = [...new Set(paths)].filter((p) => TEXT_FILE.test(p) && this.paths.includes(p)).sort();
    try {
      const contents = await Promise.all(wanted.map((p) => this.reader.readBytes(p)));
      const files = new Map<string, TextFile>();
      for (const [i, p] of wanted.entries()) {
        if (digestOf(contents[i]) !== index.digest(p)) return undefined;
        const file = textFileOf(p, contents[i]);
        if (file) files.set(p, file);
      }
      return files;
    } catch {
      return undefined;
    }
  }
}

/** package.json and the file its JSON Schema script runs, as `loadSpec` reads them (see `readSchemaJsonScript`). */
async function schemaJsonScriptPaths(reader: FileReader, ignore?: (relPath: string) => boolean): Promise<string[]> {
  if (ignore?.(PACKAGE_JSON) || !(await reader.exists(PACKAGE_JSON))) return [];
  // A package.json over the limit is not read by the load either: listed, not parsed.
  const size = (await reader.fileSystem.stat(path.join(reader.root, PACKAGE_JSON)).catch(() => undefined))?.size;
  if (size === undefined || size > MAX_FILE_BYTES) return [PACKAGE_JSON];
  const text = textFileOf(PACKAGE_JSON, await reader.readBytes(PACKAGE_JSON).catch(() => Buffer.from('')));
  const runs = text && schemaJsonScriptOf(text)?.runsPath;
  return runs && !ignore?.(runs) && (await reader.exists(runs)) ? [PACKAGE_JSON, runs] : [PACKAGE_JSON];
}

/**
 * The version folders (named as `layout.versions` says) where the schema and docs paths have
 * `{version}`; the one version `UNVERSIONED` where no path has.
 */
export async function findVersions(reader: FileReader, layout: Layout): Promise<Set<string>> {
  if (isUnversioned(layout)) return new Set([UNVERSIONED]);
  const isVersion = versionNameTest(layout) ?? (() => false);
  const names = new Set<string>();
  for (const pattern of [layoutPattern(layout, 'schema'), layoutPattern(layout, 'docs')]) {
    if (!hasVersion(pattern)) continue;
    for (const name of await reader.subfolders(versionsFolder(pattern))) if (isVersion(name)) names.add(name);
  }
  return names;
}

/**
 * Every file of the site when its folder has a docs.json (links resolve against all of them); for
 * a Markdown generator's site, every file of the folders its marker and the site folder hold.
 */
async function siteFiles(reader: FileReader, layout: Layout, kind: SiteKind | undefined): Promise<string[]> {
  const marker = await findSiteMarker(reader, layout.site);
  const markdownKind = (kind ?? marker?.kind ?? 'github') !== 'mintlify';
  if (!markdownKind) {
    if (!(await reader.exists(posixJoin(layout.site, SITE_CONFIG)))) return [];
    return reader.list(layout.site, () => true);
  }
  // The folder the pages are served from: MkDocs's docs_dir, the folder of another marker, else the site folder.
  let folder = layout.site;
  const marked: string[] = [];
  if (marker && marker.kind !== 'mintlify') {
    folder = marker.dir || '.';
    if (marker.kind === 'mkdocs') {
      marked.push(marker.file);
      const config = await reader.read(marker.file);
      if (config) folder = readMkDocsConfig(config).docsDir;
    }
  }
  const files = await reader.list(folder, (p) => !/(^|\/)node_modules\//.test(p));
  return [...marked, ...files];
}

/** The Prettier config files that may apply to the site's SEP pages, when it has a SEP index. */
async function sepPagesConfigs(reader: FileReader, layout: Layout): Promise<string[]> {
  const { dir, index } = sepPagesFolder(layout);
  if (!(await reader.exists(posixJoin(layout.site, SITE_CONFIG))) || !(await reader.exists(index))) return [];
  return prettierConfigCandidates(reader, dir);
}

/** The SEPs: Markdown files directly in the SEP folder. */
export function listSeps(reader: FileReader, layout: Layout): Promise<string[]> {
  return reader.list(layout.seps, (p) => p.endsWith('.md') && !p.includes('/', layout.seps.length + 1));
}

export function posixJoin(...parts: string[]): string {
  return path.posix.join(...parts);
}

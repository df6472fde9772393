/**
 * The only code that reads the checked tree. Every file and folder the loaders see comes
 * through a `FileReader`: it counts them, turns failures into input problems, never follows a
 * link that leaves the root, never visits a folder twice (link loops), and keeps files between
 * loads in watch mode (`LoadCache`). The reader reads through a `FileSystem`: the disk, or a
 * map of paths to texts (`memoryFileSystem`, for tests that need no disk).
 */
import fs from 'node:fs/promises';
// The synchronous calls go through the module's object, not bindings of their own: a test that
// watches the files a command reads spies on it.
import fsSync from 'node:fs';
import path from 'node:path';
import type { InputProblem, Suppression } from '../model/spec.js';
import { TextFile } from '../core/text-file.js';
import { textFileOf, whyNotText } from './text-bytes.js';
import { isWithin, slashed } from '../util/paths.js';
import { MAX_FILE_BYTES } from '../core/limits.js';
import { ReadScheduler } from './read-scheduler.js';

/** What the reader needs of a file or folder (a subset of `fs.Stats`). */
export interface FileStats {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** A folder entry (a subset of `fs.Dirent`). */
export interface FolderEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/**
 * The calls the reader makes, on absolute paths, as `node:fs/promises` makes them: a missing
 * path rejects with an error whose `code` is `ENOENT`.
 */
export interface FileSystem {
  stat(abs: string): Promise<FileStats>;
  lstat(abs: string): Promise<FileStats>;
  readdir(abs: string): Promise<FolderEntry[]>;
  realpath(abs: string): Promise<string>;
  readFile(abs: string): Promise<Buffer>;
  /**
   * What identifies the file's present content as far as its metadata can tell (see
   * `FileStamp`), without following a link at `abs`. Only a file system whose metadata changes
   * with every write has it (the disk); without it, a file is known by its bytes alone.
   */
  stamp?(abs: string): Promise<FileStamp>;
}

/**
 * A file's metadata that any write changes: device, inode, size, and the modification and
 * status-change times in nanoseconds (the status-change time cannot be set back by a user).
 */
export interface FileStamp {
  id: string;
  /** The later of the two times, in ms: a stamp taken soon after it may not see a write in the same clock tick. */
  changedMs: number;
  isSymbolicLink: boolean;
}

/**
 * The disk. The calls that open a file descriptor (reading a file or a folder) go through a
 * bounded scheduler: a tree may hold more files than the process may open. Metadata calls hold
 * none, and skip the queue.
 */
export const diskFileSystem: FileSystem = {
  stat: (abs) => fs.stat(abs),
  // Synchronous, as `stamp`, `readdir` and `readFile` are: a check lists and reads every file of
  // the tree (664 on the MCP corpus), and the round trips through the thread pool cost the main
  // thread more than the calls themselves (an example edit's check: 0.95x wall with all four).
  lstat: async (abs) => fsSync.lstatSync(abs),
  realpath: (abs) => fs.realpath(abs),
  // Synchronous: one lstat takes microseconds, and a warm check stamps every file while it has
  // nothing else to do; a round trip through the thread pool per file cost several times more.
  async stamp(abs) {
    const st = fsSync.lstatSync(abs, { bigint: true });
    return {
      id: `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`,
      changedMs: Number(st.mtimeMs > st.ctimeMs ? st.mtimeMs : st.ctimeMs),
      isSymbolicLink: st.isSymbolicLink(),
    };
  },
  ...new ReadScheduler().wrap({
    readdir: async (abs: string) => fsSync.readdirSync(abs, { withFileTypes: true }),
    readFile: async (abs: string) => readRegularFile(abs),
  }),
};

/**
 * A regular file's bytes, read synchronously: `fs.promises.readFile` makes four round trips
 * through the thread pool (open, stat, read, close), and reading the MCP corpus's files so was
 * about 80 ms of the main thread in a check after an edit. Opened without blocking, so that a
 * FIFO put where a file was listed is refused at once, not waited on.
 */
function readRegularFile(abs: string): Buffer {
  const { constants } = fsSync;
  const fd = fsSync.openSync(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fsSync.fstatSync(fd).isFile())
      throw Object.assign(new Error(`${abs}: not a regular file`), { code: 'ENOTREGULAR' });
    return fsSync.readFileSync(fd);
  } finally {
    fsSync.closeSync(fd);
  }
}

/**
 * A tree held in memory: `files` maps paths relative to `root` (`/`-separated) to their text or
 * bytes; the folders are those the paths imply. No links; every time stamp is 0.
 */
export function memoryFileSystem(root: string, files: Record<string, string | Uint8Array>): FileSystem {
  const base = path.resolve(root);
  const contents = new Map<string, Buffer>();
  const folders = new Map<string, Set<string>>([['', new Set()]]);
  for (const [rel, content] of Object.entries(files)) {
    const parts = rel.split('/').filter((p) => p !== '' && p !== '.');
    contents.set(parts.join('/'), Buffer.from(content));
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      if (!folders.has(parent)) folders.set(parent, new Set());
      folders.get(parent)!.add(parts[i]);
    }
  }
  const missing = (abs: string, syscall: string) =>
    Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${abs}'`), {
      code: 'ENOENT',
      syscall,
      path: abs,
    });
  const relOf = (abs: string): string | undefined =>
    isWithin(base, path.resolve(abs)) ? slashed(path.relative(base, path.resolve(abs))) : undefined;
  const kind = (file: boolean, size = 0): FileStats => ({
    isFile: () => file,
    isDirectory: () => !file,
    isSymbolicLink: () => false,
    size,
    mtimeMs: 0,
    ctimeMs: 0,
  });
  const stat = async (abs: string): Promise<FileStats> => {
    const rel = relOf(abs);
    if (rel !== undefined && folders.has(rel)) return kind(false);
    const bytes = rel === undefined ? undefined : contents.get(rel);
    if (!bytes) throw missing(abs, 'stat');
    return kind(true, bytes.length);
  };
  return {
    stat,
    lstat: stat,
    async readdir(abs) {
      const rel = relOf(abs);
      const names = rel === undefined ? undefined : folders.get(rel);
      if (!names)
        throw rel !== undefined && contents.has(rel)
          ? Object.assign(new Error(`ENOTDIR: not a directory, scandir '${abs}'`), { code: 'ENOTDIR' })
          : missing(abs, 'scandir');
      return [...names].map((name) => {
        const isFolder = folders.has(rel === '' ? name : `${rel}/${name}`);
        return { name, isFile: () => !isFolder, isDirectory: () => isFolder, isSymbolicLink: () => false };
      });
    },
    async realpath(abs) {
      await stat(abs);
      return path.resolve(abs);
    },
    async readFile(abs) {
      const rel = relOf(abs);
      const bytes = rel === undefined ? undefined : contents.get(rel);
      if (!bytes) throw missing(abs, 'open');
      return Buffer.from(bytes);
    },
  };
}

/**
 * A tree whose installed packages are another tree's: a path with a `node_modules` folder in it
 * is looked up in `packages`, unless `tree` holds a `node_modules` of its own. For the base of
 * `check --base`, read from git objects, which hold no installed packages: its imports resolve
 * to the packages the working tree has installed, as they would in CI. No stamps: a file is
 * known by its bytes.
 */
export function withInstalledPackages(
  root: string,
  tree: FileSystem,
  packages: FileSystem,
  hasOwn: boolean,
): FileSystem {
  if (hasOwn) return tree;
  const base = path.resolve(root);
  const route = (abs: string): FileSystem => {
    const resolved = path.resolve(abs);
    return isWithin(base, resolved) && slashed(path.relative(base, resolved)).split('/').includes('node_modules')
      ? packages
      : tree;
  };
  return {
    stat: (abs) => route(abs).stat(abs),
    lstat: (abs) => route(abs).lstat(abs),
    readdir: (abs) => route(abs).readdir(abs),
    realpath: (abs) => route(abs).realpath(abs),
    readFile: (abs) => route(abs).readFile(abs),
  };
}

/** Files by path with their size and times, and parse results by kind and path. */
export interface LoadCache {
  files: Map<string, { stamp: string; file: TextFile }>;
  parsed: Map<string, { file: TextFile; value: unknown }>;
}

export function createLoadCache(): LoadCache {
  return { files: new Map(), parsed: new Map() };
}

/** Whether an absolute path is a folder (following links). */
export async function isFolder(abs: string, files: FileSystem = diskFileSystem): Promise<boolean> {
  return !!(await files.stat(abs).catch(() => undefined))?.isDirectory();
}

/** Why a path is not read: it resolves outside the root (through a link on the way), or to nothing. */
export const OUTSIDE_ROOT = 'Symbolic link points outside the root or nowhere; not followed';

/**
 * Reads files under the root, counting them and turning failures into input problems. Every
 * path is confined by its real path: a link (of the file, or of a folder on the way) that leads
 * outside the root is not followed, and is a problem at the path. A folder is visited once, and a
 * file reached through links is listed once (under its own path when the walk also reaches it
 * without links), so link loops and links to other listed folders add nothing.
 */
export class FileReader {
  readonly problems: InputProblem[] = [];
  readonly files = new Map<string, TextFile>();
  readonly suppressions: Suppression[] = [];
  filesRead = 0;
  private realRoot?: Promise<string>;
  /** Real paths of folders by path relative to the root; null: missing or unresolvable. */
  private readonly realFolders = new Map<string, Promise<string | null>>();
  /** Paths already reported as leading outside the root (one problem each). */
  private readonly refused = new Set<string>();

  constructor(
    readonly root: string,
    private readonly ignore?: (relPath: string) => boolean,
    readonly cache?: LoadCache,
    private readonly preread?: Map<string, TextFile>,
    readonly fileSystem: FileSystem = diskFileSystem,
  ) {}

  problem(kind: InputProblem['kind'], message: string, location: InputProblem['location']): void {
    this.problems.push({ kind, message, location });
  }

  private abs(rel: string): string {
    return path.join(this.root, ...rel.split('/'));
  }

  private async inside(real: string): Promise<boolean> {
    this.realRoot ??= this.fileSystem.realpath(this.root).catch(() => path.resolve(this.root));
    const root = await this.realRoot;
    return isWithin(root, real);
  }

  private async insideRoot(abs: string): Promise<boolean> {
    const real = await this.fileSystem.realpath(abs).catch(() => undefined);
    return !!real && (await this.inside(real));
  }

  /** The real path of a folder under the root (cached: every file of a folder asks for it). */
  private realFolder(rel: string): Promise<string | null> {
    let real = this.realFolders.get(rel);
    if (!real) {
      real = this.fileSystem.realpath(this.abs(rel)).catch(() => null);
      this.realFolders.set(rel, real);
    }
    return real;
  }

  /**
   * Whether the folder `rel` (`''` or `.`: the root) resolves inside the root: 'missing' when it
   * does not exist, 'outside' (reported once, at `rel`) when a link on the way leads out.
   */
  private async folderPlace(rel: string): Promise<'inside' | 'outside' | 'missing'> {
    if (rel === '' || rel === '.') return 'inside';
    const real = await this.realFolder(rel);
    if (real === null) {
      // A dangling link is reported where it is met (`list`, `read`); a missing folder is silent.
      return 'missing';
    }
    if (await this.inside(real)) return 'inside';
    this.refuse(rel);
    return 'outside';
  }

  /** A FIFO, socket or device where the layout expects a file: said, never opened (it could block). */
  private notRegular(rel: string): void {
    this.problem('unreadable', 'Not a regular file (a FIFO, socket or device); not read', {
      file: rel,
      line: 1,
      column: 1,
    });
  }

  private refuse(rel: string): void {
    if (this.refused.has(rel)) return;
    this.refused.add(rel);
    this.problem('unreadable', OUTSIDE_ROOT, { file: rel, line: 1, column: 1 });
  }

  /** The folder holding a path relative to the root. */
  private parentOf(rel: string): string {
    const slash = rel.lastIndexOf('/');
    return slash < 0 ? '' : rel.slice(0, slash);
  }

  async exists(rel: string): Promise<boolean> {
    if ((await this.folderPlace(this.parentOf(rel))) !== 'inside') return false;
    const abs = this.abs(rel);
    const st = await this.fileSystem.lstat(abs).catch(() => undefined);
    if (!st) return false;
    return !st.isSymbolicLink() || (await this.insideRoot(abs));
  }

  async subfolders(rel: string): Promise<string[]> {
    if ((await this.folderPlace(rel)) !== 'inside') return [];
    const entries = await this.fileSystem.readdir(this.abs(rel)).catch(() => []);
    const out: string[] = [];
    for (const e of entries) {
      if (this.ignore?.(`${rel}/${e.name}`)) continue;
      const childRel = `${rel}/${e.name}`;
      const abs = this.abs(childRel);
      if (e.isDirectory()) out.push(e.name);
      else if (e.isSymbolicLink()) {
        // A link leading out (a version folder of another tree) is said, not passed over.
        if (!(await this.insideRoot(abs))) this.refuse(childRel);
        else if ((await this.fileSystem.stat(abs).catch(() => undefined))?.isDirectory()) out.push(e.name);
      }
    }
    return out.sort();
  }

  /** Whether the config ignores a path relative to the root, or a folder holding it. */
  isIgnored(rel: string): boolean {
    if (!this.ignore) return false;
    const parts = rel.split('/');
    return parts.some((_, i) => this.ignore!(parts.slice(0, i + 1).join('/')));
  }

  /**
   * Files under a folder (recursively) whose relative path passes `accept`, sorted. `withIgnored`
   * lists the files the config ignores too (by name only: `read` still passes them over), for
   * what must know they exist, such as the routes of a site that serves them.
   */
  async list(rel: string, accept: (relPath: string) => boolean, withIgnored = false): Promise<string[]> {
    if ((await this.folderPlace(rel)) !== 'inside') return [];
    const start = await this.realFolder(rel);
    if (start === null) return [];
    // Real paths of the folders walked and of the files listed: the walk goes through real
    // folders first and follows links afterwards, so what a link leads to again is left out.
    const visited = new Set<string>();
    const listed = new Map<string, string>();
    const links: string[] = [];
    const walk = async (dirRel: string, real: string): Promise<void> => {
      if (visited.has(real)) return;
      visited.add(real);
      this.realFolders.set(dirRel, Promise.resolve(real));
      let entries;
      try {
        entries = await this.fileSystem.readdir(this.abs(dirRel));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          this.problem('unreadable', `Cannot read folder: ${(error as NodeJS.ErrnoException).code}`, {
            file: dirRel,
            line: 1,
            column: 1,
          });
        }
        return;
      }
      for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const childRel = `${dirRel}/${e.name}`;
        if (!withIgnored && this.ignore?.(childRel)) continue;
        if (e.isSymbolicLink()) links.push(childRel);
        else if (e.isDirectory()) await walk(childRel, path.join(real, e.name));
        else if (e.isFile() && accept(childRel)) listed.set(path.join(real, e.name), childRel);
        else if (!e.isFile() && accept(childRel)) this.notRegular(childRel);
      }
    };
    await walk(rel, start);
    for (let i = 0; i < links.length; i++) {
      const linkRel = links[i];
      const real = await this.fileSystem.realpath(this.abs(linkRel)).catch(() => undefined);
      if (!real || !(await this.inside(real))) {
        this.refuse(linkRel);
        continue;
      }
      const st = await this.fileSystem.stat(real).catch(() => undefined);
      if (st?.isDirectory()) await walk(linkRel, real);
      else if (st?.isFile() && accept(linkRel) && !listed.has(real)) listed.set(real, linkRel);
      else if (st && !st.isFile() && accept(linkRel)) this.notRegular(linkRel);
    }
    return [...listed.values()].sort();
  }

  /** The bytes of a listed file, for fingerprinting; throws when it cannot be read or leads outside the root. */
  async readBytes(rel: string): Promise<Buffer> {
    const abs = this.abs(rel);
    const st = await this.fileSystem.lstat(abs);
    if (
      (await this.folderPlace(this.parentOf(rel))) !== 'inside' ||
      (st.isSymbolicLink() && !(await this.insideRoot(abs)))
    )
      throw Object.assign(new Error(`${rel}: ${OUTSIDE_ROOT}`), { code: 'EOUTSIDE' });
    return this.fileSystem.readFile(abs);
  }

  /**
   * The stamp of a listed file (of what a link leads to), or undefined when the file system has
   * none; throws as `readBytes` does.
   */
  async stamp(rel: string): Promise<FileStamp | undefined> {
    if (!this.fileSystem.stamp) return undefined;
    const abs = this.abs(rel);
    const st = await this.fileSystem.stamp(abs);
    if (
      (await this.folderPlace(this.parentOf(rel))) !== 'inside' ||
      (st.isSymbolicLink && !(await this.insideRoot(abs)))
    )
      throw Object.assign(new Error(`${rel}: ${OUTSIDE_ROOT}`), { code: 'EOUTSIDE' });
    if (!st.isSymbolicLink) return st;
    return this.fileSystem.stamp(await this.fileSystem.realpath(abs));
  }

  /** The file as text, or undefined when it does not exist (silently) or cannot be read (a problem). */
  async read(rel: string): Promise<TextFile | undefined> {
    if (this.ignore?.(rel)) return undefined;
    const abs = this.abs(rel);
    const location = { file: rel, line: 1, column: 1 };
    let bytes: Buffer;
    try {
      if ((await this.folderPlace(this.parentOf(rel))) !== 'inside') return undefined;
      const st = await this.fileSystem.lstat(abs);
      if (st.isSymbolicLink() && !(await this.insideRoot(abs))) {
        this.refuse(rel);
        return undefined;
      }
      const target = st.isSymbolicLink() ? await this.fileSystem.stat(abs) : st;
      if (!target.isFile()) return undefined;
      if (target.size > MAX_FILE_BYTES) {
        this.problem(
          'unreadable',
          `File is ${Math.round(target.size / 1048576)} MB, over the ${MAX_FILE_BYTES / 1048576} MB limit; not read`,
          location,
        );
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
      bytes = await this.fileSystem.readFile(abs);
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
    const file = textFileOf(rel, bytes);
    if (!file) {
      const { message, line, column } = whyNotText(bytes);
      this.problem('parse', message, { file: rel, line, column });
      return undefined;
    }
    this.files.set(rel, file);
    return file;
  }
}

/** The cached result of parsing `file` as `kind`, or a fresh one when the file's text changed. */
export function memo<T>(cache: LoadCache | undefined, kind: string, file: TextFile, make: () => T): T {
  if (!cache) return make();
  const key = `${kind}:${file.path}`;
  const hit = cache.parsed.get(key);
  if (hit && (hit.file === file || hit.file.text === file.text)) return hit.value as T;
  const value = make();
  cache.parsed.set(key, { file, value });
  return value;
}

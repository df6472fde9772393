/**
 * The disk as a watch session sees it: the answers of metadata calls and folder listings under
 * the watched folders are kept until the watcher reports a change there, so a re-check after one
 * edit stats and lists only what the edit touched, not every file of the spec again. File contents
 * are never kept here (the load cache keeps decoded files by their stamp).
 *
 * Nothing is kept before the watcher is ready (`cover`), nor outside the folders it watches, nor
 * under node_modules or .git, which it never watches. A change of a file forgets what is known of
 * that file; a file or folder added or removed (links included) forgets everything, since it may
 * change real paths and listings anywhere below.
 */
import path from 'node:path';
import { diskFileSystem, type FileStats, type FileSystem, type FolderEntry } from './files.js';

export class WatchedFileSystem implements FileSystem {
  readonly #stat = new Map<string, Promise<FileStats>>();
  readonly #lstat = new Map<string, Promise<FileStats>>();
  readonly #readdir = new Map<string, Promise<FolderEntry[]>>();
  readonly #realpath = new Map<string, Promise<string>>();
  #covered: string[] = [];

  constructor(private readonly disk: FileSystem = diskFileSystem) {}

  /** The absolute folders the watcher now reports on (none: keep nothing). Forgets what was kept. */
  cover(folders: string[]): void {
    this.#covered = folders.map((dir) => path.resolve(dir));
    this.forget();
  }

  /** What the watcher reported: `event` is chokidar's (`change`, `add`, `unlink`, `addDir`, `unlinkDir`). */
  changed(event: string, abs: string): void {
    if (event === 'change') {
      this.#stat.delete(abs);
      this.#lstat.delete(abs);
    } else this.forget();
  }

  forget(): void {
    for (const kept of [this.#stat, this.#lstat, this.#readdir, this.#realpath]) kept.clear();
  }

  stat(abs: string): Promise<FileStats> {
    return this.#kept(this.#stat, abs, () => this.disk.stat(abs));
  }

  lstat(abs: string): Promise<FileStats> {
    return this.#kept(this.#lstat, abs, () => this.disk.lstat(abs));
  }

  readdir(abs: string): Promise<FolderEntry[]> {
    return this.#kept(this.#readdir, abs, () => this.disk.readdir(abs));
  }

  realpath(abs: string): Promise<string> {
    return this.#kept(this.#realpath, abs, () => this.disk.realpath(abs));
  }

  readFile(abs: string): Promise<Buffer> {
    return this.disk.readFile(abs);
  }

  #kept<T>(kept: Map<string, Promise<T>>, abs: string, ask: () => Promise<T>): Promise<T> {
    if (!this.#watched(abs)) return ask();
    let answer = kept.get(abs);
    if (!answer) {
      answer = ask();
      kept.set(abs, answer);
      // A failure other than "missing" (EMFILE, EACCES) may not last: asked again next time.
      answer.catch((error: NodeJS.ErrnoException) => {
        if (error?.code !== 'ENOENT' && kept.get(abs) === answer) kept.delete(abs);
      });
    }
    return answer;
  }

  #watched(abs: string): boolean {
    // Called for every path a load asks about: prefix tests, not path arithmetic.
    for (const dir of this.#covered) {
      if (abs !== dir && !abs.startsWith(dir + path.sep)) continue;
      const below = abs.slice(dir.length) + path.sep;
      return !below.includes(`${path.sep}node_modules${path.sep}`) && !below.includes(`${path.sep}.git${path.sep}`);
    }
    return false;
  }
}

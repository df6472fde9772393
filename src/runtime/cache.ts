/**
 * A content-addressed cache of expensive products (generated files, whole reports) on disk, in
 * the conventional `node_modules/.cache/spec-check` folder, as ESLint and Babel keep theirs.
 * Entries are named by a hash of everything they depend on, so an entry is never stale: a
 * changed input is a different key. Writes are atomic (a temporary file renamed into place),
 * and an entry that cannot be read or parsed is a miss, never an error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** Entries kept; past this, the least recently written are removed. */
const MAX_ENTRIES = 400;

export class DiskCache {
  constructor(readonly dir: string) {}

  private file(kind: string, key: string): string {
    return path.join(this.dir, `${kind}-${key}.json`);
  }

  has(kind: string, key: string): boolean {
    return fs.existsSync(this.file(kind, key));
  }

  get<T>(kind: string, key: string): T | undefined {
    try {
      const entry = JSON.parse(fs.readFileSync(this.file(kind, key), 'utf8')) as { key?: unknown; value?: T };
      // A truncated or foreign file is a miss.
      return entry.key === key ? entry.value : undefined;
    } catch {
      return undefined;
    }
  }

  set(kind: string, key: string, value: unknown): void {
    const target = this.file(kind, key);
    const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      fs.writeFileSync(temp, JSON.stringify({ key, value }));
      fs.renameSync(temp, target);
      this.prune();
    } catch {
      // A cache that cannot be written only costs time.
      fs.rmSync(temp, { force: true });
    }
  }

  private prune(): void {
    const names = fs.readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    if (names.length <= MAX_ENTRIES) return;
    const byAge = names
      .map((n) => ({ n, t: fs.statSync(path.join(this.dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
      .sort((a, b) => a.t - b.t);
    for (const { n } of byAge.slice(0, names.length - MAX_ENTRIES + MAX_ENTRIES / 4))
      fs.rmSync(path.join(this.dir, n), { force: true });
  }
}

/**
 * The cache folder for checking `root`: `.cache/spec-check` in the nearest `node_modules` at or
 * above the root (the project that runs spec-check), else in spec-check's own `node_modules`.
 * Nothing else under the checked root is ever written.
 */
export function cacheDirFor(root: string): string {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const modules = path.join(dir, 'node_modules');
    if (fs.statSync(modules, { throwIfNoEntry: false })?.isDirectory())
      return path.join(modules, '.cache', 'spec-check');
    if (path.dirname(dir) === dir) break;
  }
  // dist/runtime/cache.js and src/runtime/cache.ts are both two folders below the package.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/spec-check');
}

/** A sha256 of the parts, each length-prefixed so that no two part lists collide. */
export function hashParts(parts: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}\0`).update(part);
  return hash.digest('hex');
}

/** A small in-process cache (watch mode): the most recently used entries by key. */
export class MemoryCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly limit: number) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}

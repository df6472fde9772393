/**
 * A content-addressed cache of expensive products (generated files, whole reports) on disk, in
 * the conventional `node_modules/.cache/spec-check` folder, as ESLint and Babel keep theirs.
 * Entries are named by a hash of everything they depend on, so an entry is never stale: a
 * changed input is a different key. Writes are atomic (a temporary file renamed into place),
 * and an entry that cannot be read or parsed is a miss, never an error.
 *
 * An entry is one header line (`{"key","version","hash"}`: its key, the spec-check version that
 * wrote it, an HMAC-SHA256 of the three) and the value's JSON. An entry whose header does not
 * match (edited, truncated, written by another version, or forged by someone without the key) is
 * discarded; an entry that is not a regular file (a link, a device, a FIFO) is never opened for
 * reading. The cache lives in the checked project's `node_modules`, which a pull request could
 * bring: the HMAC's key lives outside it (`cacheSecret`), so no entry the tree brings is served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import os from 'node:os';
import { isWithin } from '../util/paths.js';
import { packageFile } from '../util/package-dir.js';
import { removeStaleTemps, tempNameFor, trackTemp, untrackTemp } from './temp-files.js';

/** Entries kept; past this, the least recently written are removed. */
const MAX_ENTRIES = 400;
/** An entry larger than this is not read (the largest, the MCP corpus's generated files, is about 2 MB). */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
/** What an entry's name is: its kind and its key (a sha256). Nothing else in the folder is touched. */
const ENTRY_NAME = /^[a-z][a-z0-9-]*-[0-9a-f]{64}\.json$/;
const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;

interface EntryHeader {
  key: string;
  version: string;
  hash: string;
}

export class DiskCache {
  /** `version`: the spec-check version entries are written and accepted with (`toolVersion`). */
  /** `secret`: the key entries are signed with (`cacheSecret`). */
  constructor(
    readonly dir: string,
    private readonly version: string,
    private readonly secret: string = cacheSecret() ?? '',
  ) {}

  /** The HMAC of an entry: its key and version with its body, so that no entry can be moved under another key. */
  private sign(key: string, body: Uint8Array): string {
    return createHmac('sha256', this.secret).update(`${key}\0${this.version}\0`).update(body).digest('hex');
  }

  private file(kind: string, key: string): string {
    return path.join(this.dir, `${kind}-${key}.json`);
  }

  has(kind: string, key: string): boolean {
    return !!fs.lstatSync(this.file(kind, key), { throwIfNoEntry: false })?.isFile();
  }

  /** Whether the folder holds any entry of `kind` (when none, no key of it can be found: a cold cache). */
  holdsAny(kind: string): boolean {
    try {
      return fs.readdirSync(this.dir).some((name) => name.startsWith(`${kind}-`));
    } catch {
      return false;
    }
  }

  get<T>(kind: string, key: string): T | undefined {
    let fd: number | undefined;
    try {
      // Not through a link, and not blocking on a FIFO; only a regular file of sane size is read.
      fd = fs.openSync(this.file(kind, key), O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
      const st = fs.fstatSync(fd);
      if (!st.isFile() || st.size > MAX_ENTRY_BYTES) return undefined;
      // Signed and checked as bytes: the body is decoded once, to be parsed.
      const bytes = fs.readFileSync(fd);
      const newline = bytes.indexOf(10);
      if (newline < 0) return undefined;
      const header = JSON.parse(bytes.toString('utf8', 0, newline)) as Partial<EntryHeader>;
      const body = bytes.subarray(newline + 1);
      if (header.key !== key || header.version !== this.version || !this.secret || header.hash !== this.sign(key, body))
        return undefined;
      return JSON.parse(body.toString('utf8')) as T;
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }

  set(kind: string, key: string, value: unknown): void {
    if (this.secret) this.setJson(kind, key, JSON.stringify(value));
  }

  /** As `set`, for a value already written as JSON (`json`: its text, which `get` parses). */
  setJson(kind: string, key: string, json: string): void {
    if (!this.secret) return;
    const target = this.file(kind, key);
    const temp = tempNameFor(target, randomBytes(4).toString('hex'));
    trackTemp(temp);
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const body = Buffer.from(json);
      const header: EntryHeader = { key, version: this.version, hash: this.sign(key, body) };
      fs.writeFileSync(temp, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]), { flag: 'wx' });
      const added = !fs.existsSync(target);
      fs.renameSync(temp, target);
      if (added) this.noteAdded();
    } catch {
      // A cache that cannot be written only costs time.
      fs.rmSync(temp, { force: true });
    } finally {
      untrackTemp(temp);
    }
  }

  /**
   * How many entries the folder holds: listed when this process first adds one, counted up with
   * each it adds since (a cold check of the MCP corpus writes about a hundred, and listing the
   * folder after each was most of their cost besides the writing).
   */
  private entries?: number;

  private noteAdded(): void {
    this.entries = this.entries === undefined ? this.entryNames().length : this.entries + 1;
    if (this.entries > MAX_ENTRIES) this.prune();
  }

  private entryNames(): string[] {
    return fs.readdirSync(this.dir).filter((n) => ENTRY_NAME.test(n));
  }

  /** Past `MAX_ENTRIES` (another process may have added some too), the least recently written are removed. */
  private prune(): void {
    const names = this.entryNames();
    this.entries = names.length;
    if (names.length <= MAX_ENTRIES) return;
    removeStaleTemps(this.dir);
    const byAge = names
      .map((n) => ({ n, t: fs.lstatSync(path.join(this.dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
      .sort((a, b) => a.t - b.t);
    const removed = byAge.slice(0, names.length - MAX_ENTRIES + MAX_ENTRIES / 4);
    for (const { n } of removed) fs.rmSync(path.join(this.dir, n), { force: true });
    this.entries -= removed.length;
  }
}

/**
 * Why a cache folder cannot be used, in a few words; undefined when it can. The folder (or,
 * when it does not exist yet, the nearest folder above it) must be a writable folder, and the
 * folders spec-check creates (`.cache`, `.cache/spec-check`) must not be links: a checked tree
 * that brings its own `node_modules/.cache/spec-check` link would have entries written, and old
 * ones removed, wherever it points.
 */
export function cacheFolderProblem(dir: string): string | undefined {
  const abs = path.resolve(dir);
  for (const own of [abs, path.dirname(abs)]) {
    if (path.basename(own) === 'node_modules') break;
    if (fs.lstatSync(own, { throwIfNoEntry: false })?.isSymbolicLink()) return 'it is a symbolic link';
  }
  // A `node_modules` that is a link out of its folder: a checked tree can bring one (git stores
  // links), and entries would be written and pruned where it points.
  const modules = path.dirname(path.dirname(abs));
  if (path.basename(modules) === 'node_modules' && fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) {
    let target: string | undefined;
    try {
      target = fs.realpathSync.native(modules);
    } catch {
      // Leads nowhere: the check below refuses it.
    }
    if (!target || !isWithin(fs.realpathSync.native(path.dirname(modules)), target))
      return 'node_modules is a symbolic link out of its folder';
  }
  let existing = abs;
  let st: fs.Stats | undefined;
  while (!(st = fs.statSync(existing, { throwIfNoEntry: false })) && path.dirname(existing) !== existing)
    existing = path.dirname(existing);
  if (!st?.isDirectory()) return existing === abs ? 'it is not a folder' : 'a file is in the way';
  try {
    fs.accessSync(existing, fs.constants.W_OK | fs.constants.X_OK);
  } catch {
    return 'it is not writable';
  }
  return undefined;
}

let secret: string | undefined | null = null;

/**
 * The key cache entries are signed with: `SPEC_CHECK_CACHE_KEY` when set (a CI job that restores
 * its cache from one run to the next gives it from its secrets), else a random key kept for this
 * user outside any checked tree (`$XDG_CACHE_HOME/spec-check/key` or `~/.cache/spec-check/key`,
 * made on first use, readable by the user only). Undefined when neither can be had: no cache.
 */
export function cacheSecret(): string | undefined {
  if (secret !== null) return secret;
  const fromEnv = process.env.SPEC_CHECK_CACHE_KEY;
  if (fromEnv) return (secret = fromEnv);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const file = path.join(base, 'spec-check', 'key');
  try {
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    if (st?.isFile() && st.size >= 32) return (secret = fs.readFileSync(file, 'utf8').trim());
    if (st) return (secret = undefined);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    return (secret = fs.readFileSync(file, 'utf8').trim());
  } catch {
    return (secret = undefined);
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
  return ownCacheDir();
}

/** spec-check's own cache folder, for a root with no `node_modules` at or above it. */
export function ownCacheDir(): string {
  return packageFile('node_modules/.cache/spec-check');
}

/**
 * The parts of a key that name a file's text: the digest of its bytes when the reader took one
 * (the same bytes decode to the same text; hashing a megabyte of text again for each key was a
 * few per cent of a check after an edit), else the text. Tagged, so that a text cannot stand
 * for a digest.
 */
export function textKeyParts(file: { text: string; digest?: string }): [string, string] {
  return file.digest ? ['bytes sha256', file.digest] : ['text', file.text];
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
  constructor(private limit: number) {}

  /** Keeps at most `limit` entries from now on (the least recently used go first). */
  resize(limit: number): void {
    this.limit = limit;
    this.trim();
  }

  private trim(): void {
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

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
    this.trim();
  }
}

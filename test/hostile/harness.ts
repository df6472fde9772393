/**
 * The shared harness of the hostile-input cases (test/hostile/*.test.ts): a temp root to write a
 * hostile tree into, a sibling folder outside the root holding canary files with a unique marker
 * string, the built CLI (`node dist/cli.js`) run as a process with a time limit, and the
 * assertions every case makes: the marker reaches no output and no file under the root, nothing
 * outside the root changed, and no stack trace was printed.
 *
 * Layout of one tree (all under one mkdtemp folder, removed by `cleanup`):
 *   <base>/root/      the checked root (`tree.root`)
 *   <base>/outside/   the canary folder (`tree.outside`): secret.txt, secret.json, secret.md,
 *                     secret.ts, each holding `tree.marker`
 *
 * `hostileTree()` called inside a test removes the tree when the test finishes (pass or fail);
 * outside a test, call `cleanup()` (it is idempotent).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, onTestFinished } from 'vitest';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The CLI the cases run; SPEC_CHECK_HOSTILE_CLI points them at another build (to see a case fail without a fix). */
export const cliPath = process.env.SPEC_CHECK_HOSTILE_CLI ?? path.join(projectRoot, 'dist/cli.js');

/** A file's text, or a symlink (`{ symlink: target }`, the target as written, relative or absolute). */
export type TreeEntry = string | Buffer | { symlink: string };
export type TreeFiles = Record<string, TreeEntry>;

export interface HostileRun {
  /** Exit code; null when killed (time limit or `signal`). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Wall time in milliseconds. */
  ms: number;
}

export interface RunOptions {
  /** Working folder; the root when absent. */
  cwd?: string;
  /** Added to the environment (which has NO_COLOR set and FORCE_COLOR removed). */
  env?: Record<string, string | undefined>;
  /** Killed (SIGKILL) past this; default 60 s. */
  timeoutMs?: number;
  /**
   * Run as an unprivileged user (nobody, through `setpriv`) when the tests run as root, so that
   * file permissions hold (root reads and writes everything). The tree must be readable by others:
   * see `HostileTree.shareReadOnly`.
   */
  unprivileged?: boolean;
}

/** One entry of a folder snapshot, by path relative to the snapshot's folder. */
export interface SnapshotEntry {
  type: 'file' | 'dir' | 'symlink' | 'other';
  mode: number;
  mtimeMs: number;
  /** File contents (base64) or symlink target. */
  content?: string;
}
export type Snapshot = Record<string, SnapshotEntry>;

export interface HostileTree {
  /** Absolute real path of the checked root. */
  readonly root: string;
  /** Absolute real path of the canary folder, a sibling of the root. */
  readonly outside: string;
  /** The unique string every canary file holds; it must never appear in output or under the root. */
  readonly marker: string;
  /** Absolute paths of the canary files by name (`secret.txt`, `secret.json`, `secret.md`, `secret.ts`). */
  readonly canaries: Record<string, string>;
  /** Writes files and symlinks under the root (paths relative to it; folders are created). */
  write(files: TreeFiles): void;
  /** Absolute path of a path relative to the root. */
  path(rel: string): string;
  /** Runs `node dist/cli.js ...args` in the root (or `cwd`), with a time limit. */
  run(args: string[], options?: RunOptions): Promise<HostileRun>;
  /** Starts the CLI without waiting (to signal it); `done` resolves as `run` does. */
  start(args: string[], options?: RunOptions): { child: ChildProcess; done: Promise<HostileRun> };
  /** Asserts the marker is in no run's stdout or stderr and in no file under the root (or `extraDirs`). */
  expectNoMarker(runs: HostileRun | HostileRun[], extraDirs?: string[]): void;
  /** Asserts the canary folder holds exactly what it held when the tree was made (paths, contents, modes, mtimes). */
  expectOutsideUnchanged(): void;
  /** Makes the tree (root and canary folder) readable but not writable by other users, for `unprivileged` runs. */
  shareReadOnly(): void;
  /** Removes everything (restoring permissions first); idempotent. */
  cleanup(): void;
}

/** The files of the canary folder; each holds the marker in a form its loader would surface. */
function canaryFiles(marker: string): Record<string, string> {
  return {
    'secret.txt': `${marker}\n`,
    'secret.json': `{ "$schema": "http://json-schema.org/draft-07/schema#", "title": "${marker}", "description": "${marker}" }\n`,
    'secret.md': `# ${marker}\n\n${marker}\n`,
    'secret.ts': `/** ${marker} */\nexport interface Secret { /** ${marker} */ value: "${marker}"; }\n`,
  };
}

/** A new hostile tree; inside a test, removed when the test finishes. */
export function hostileTree(files: TreeFiles = {}): HostileTree {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-hostile-')));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  const marker = `CANARY-${randomBytes(8).toString('hex')}`;
  const canaries: Record<string, string> = {};
  for (const [name, text] of Object.entries(canaryFiles(marker))) {
    canaries[name] = path.join(outside, name);
    fs.writeFileSync(canaries[name], text);
  }
  const before = snapshot(outside);
  let cleaned = false;

  const tree: HostileTree = {
    root,
    outside,
    marker,
    canaries,
    write: (entries) => writeEntries(root, entries),
    path: (rel) => path.join(root, rel),
    run: (args, options) => startCli(args, { cwd: root, ...options }).done,
    start: (args, options) => startCli(args, { cwd: root, ...options }),
    expectNoMarker(runs, extraDirs = []) {
      for (const run of [runs].flat()) {
        expect(run.stdout, 'stdout carries the canary marker').not.toContain(marker);
        expect(run.stderr, 'stderr carries the canary marker').not.toContain(marker);
      }
      for (const dir of [root, ...extraDirs])
        for (const [rel, entry] of Object.entries(snapshot(dir)))
          if (entry.type === 'file')
            expect(
              Buffer.from(entry.content!, 'base64').includes(marker),
              `${path.join(dir, rel)} carries the canary marker`,
            ).toBe(false);
    },
    expectOutsideUnchanged() {
      expect(snapshot(outside)).toEqual(before);
    },
    shareReadOnly() {
      const share = (abs: string) => {
        const st = fs.lstatSync(abs);
        if (st.isSymbolicLink()) return;
        fs.chmodSync(abs, st.isDirectory() ? 0o755 : 0o644);
        if (st.isDirectory()) for (const name of fs.readdirSync(abs)) share(path.join(abs, name));
      };
      share(base);
    },
    cleanup() {
      if (cleaned) return;
      cleaned = true;
      restorePermissions(base);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
  writeEntries(root, files);
  try {
    onTestFinished(() => tree.cleanup());
  } catch {
    // Not inside a test: the caller cleans up.
  }
  return tree;
}

/** Runs `fn` with a new tree and removes it afterwards, whatever `fn` does. */
export async function withHostileTree<T>(fn: (tree: HostileTree) => Promise<T> | T, files?: TreeFiles): Promise<T> {
  const tree = hostileTree(files);
  try {
    return await fn(tree);
  } finally {
    tree.cleanup();
  }
}

function writeEntries(root: string, entries: TreeFiles): void {
  for (const [rel, entry] of Object.entries(entries)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof entry === 'object' && !Buffer.isBuffer(entry)) fs.symlinkSync(entry.symlink, abs);
    else fs.writeFileSync(abs, entry);
  }
}

/** Starts `node dist/cli.js` with a time limit (SIGKILL past it). */
export function startCli(args: string[], options: RunOptions = {}): { child: ChildProcess; done: Promise<HostileRun> } {
  if (!fs.existsSync(cliPath)) throw new Error(`${cliPath} is missing: run \`npm run build\` first`);
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...options.env };
  delete env.FORCE_COLOR;
  if (options.env && 'FORCE_COLOR' in options.env) env.FORCE_COLOR = options.env.FORCE_COLOR;
  const started = Date.now();
  const asNobody = options.unprivileged && process.getuid?.() === 0;
  const command = asNobody ? 'setpriv' : process.execPath;
  const prefix = asNobody ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : [];
  const child = spawn(command, [...prefix, cliPath, ...args], {
    cwd: options.cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 60_000);
  const done = new Promise<HostileRun>((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
  return { child, done };
}

/** Every entry under `dir` by relative path, symlinks not followed (contents of files, targets of links). */
export function snapshot(dir: string): Snapshot {
  const out: Snapshot = {};
  const walk = (abs: string, rel: string) => {
    let names: string[];
    try {
      names = fs.readdirSync(abs).sort();
    } catch {
      return; // unreadable folder (a case made it so): its entries are not compared
    }
    for (const name of names) {
      const childAbs = path.join(abs, name);
      const childRel = rel ? `${rel}/${name}` : name;
      const stat = fs.lstatSync(childAbs, { throwIfNoEntry: false });
      if (!stat) continue;
      const common = { mode: stat.mode, mtimeMs: stat.mtimeMs };
      if (stat.isSymbolicLink()) out[childRel] = { type: 'symlink', ...common, content: fs.readlinkSync(childAbs) };
      else if (stat.isDirectory()) {
        out[childRel] = { type: 'dir', ...common };
        walk(childAbs, childRel);
      } else if (stat.isFile()) {
        let content: string | undefined;
        try {
          content = fs.readFileSync(childAbs).toString('base64');
        } catch {
          content = undefined; // unreadable file: compared by metadata only
        }
        out[childRel] = { type: 'file', ...common, content };
      } else out[childRel] = { type: 'other', ...common };
    }
  };
  walk(dir, '');
  return out;
}

/** Paths (relative to `dir`) of every entry under it, symlinks not followed. */
export function listTree(dir: string): string[] {
  return Object.keys(snapshot(dir));
}

/** Asserts stderr holds no JavaScript stack trace (no `    at ` frame lines). */
export function expectNoStackTrace(stderr: string): void {
  expect(stderr, 'stderr holds a stack trace').not.toMatch(/^\s+at\s/m);
}

/** Asserts a run's output names no absolute path of the machine (the tree's base folder or the project). */
export function expectNoAbsolutePaths(run: HostileRun, tree: HostileTree): void {
  for (const text of [run.stdout, run.stderr]) {
    expect(text, 'output names the root by absolute path').not.toContain(tree.root);
    expect(text, 'output names the canary folder by absolute path').not.toContain(tree.outside);
    expect(text, 'output names spec-check by absolute path').not.toContain(projectRoot);
  }
}

function restorePermissions(dir: string): void {
  const walk = (abs: string) => {
    const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
    if (!stat || !stat.isDirectory()) return;
    try {
      fs.chmodSync(abs, 0o755);
    } catch {
      return;
    }
    for (const name of fs.readdirSync(abs)) walk(path.join(abs, name));
  };
  walk(dir);
}

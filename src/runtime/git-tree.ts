/**
 * The tree of a commit, read from git's objects: what `check --base` analyses as the base. Nothing
 * is checked out and nothing is written: `git ls-tree` lists the root's folder in the commit and
 * one `git cat-file --batch` streams the blobs. Git runs in the root, on the repository that
 * holds it, with an environment of our own: no GIT_* variable of the caller (which could point it
 * at another repository or object store), no system config, and the repository config's settings
 * that run programs turned off (see docs/security.md).
 */
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { LoadError } from '../core/errors.js';
import { MAX_FILE_BYTES } from '../core/limits.js';

export interface GitTree {
  /** The full id of the commit the ref names. */
  commit: string;
  /**
   * Every regular file under the root in that commit, by path relative to the root (`/`): its
   * bytes, or an empty buffer for a file whose content was not wanted (see `readGitTree`).
   */
  files: Map<string, Buffer>;
  /**
   * Paths left out: submodules, links that lead out of the root or nowhere (a link to a file or
   * folder inside it is read as that file or folder, as the tree's reader follows it), files
   * over the size limit.
   */
  skipped: string[];
}

/** A base ref that git cannot read: exit code 2. */
export class GitError extends LoadError {}

/**
 * The settings that override any the repository's config gives: a filesystem monitor and hooks
 * are programs the checked repository names.
 */
const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'core.untrackedCache=false'];

/** The caller's environment without git's variables, and git told to take no system config, no prompt, no locks. */
export function gitEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (!k.startsWith('GIT_')) clean[k] = v;
  return {
    ...clean,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_LAZY_FETCH: '1',
    LC_ALL: 'C',
  };
}

function git(root: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...SAFE_CONFIG, ...args],
      { cwd: root, env: gitEnvironment(), maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        const reason =
          code === 'ENOENT' ? 'git is not installed' : stderr.trim().split('\n').at(-1) || error.message.split('\n')[0];
        reject(new GitError(reason));
      },
    );
  });
}

/** The root's folder in a commit, as `git ls-tree` lists it: what the tree holds, without its bytes. */
export interface GitListing {
  commit: string;
  /** One line per entry, `<mode> <type> <object id> <size>\t<path relative to the root>`. */
  entries: string[];
}

/**
 * Reads the root's folder as it is in the commit `ref` names. `wantContent` says which paths'
 * bytes are read (the others are listed with empty content: enough to exist, be listed and be
 * linked to). `listed`: the commit's listing, when it was made already (`listGitTree`).
 */
export async function readGitTree(
  root: string,
  ref: string,
  wantContent: (relPath: string) => boolean = () => true,
  listed?: GitListing,
): Promise<GitTree> {
  const cwd = path.resolve(root);
  const { commit, entries } = listed ?? (await listGitTree(root, ref));
  const wanted: { rel: string; oid: string; size: number }[] = [];
  const files = new Map<string, Buffer>();
  const skipped: string[] = [];
  const links: { rel: string; oid: string; size: number }[] = [];
  for (const entry of entries) {
    const tab = entry.indexOf('\t');
    const [mode, type, oid, size] = entry.slice(0, tab).split(/ +/);
    const rel = entry.slice(tab + 1);
    if (type !== 'blob') {
      skipped.push(rel);
      continue;
    }
    if (mode === '120000') {
      links.push({ rel, oid: oid!, size: Number(size) });
      continue;
    }
    const bytes = Number(size);
    if (bytes > MAX_FILE_BYTES) skipped.push(rel);
    else if (wantContent(rel)) wanted.push({ rel, oid: oid!, size: bytes });
    else files.set(rel, Buffer.alloc(0));
  }
  const blobs = await catBlobs(cwd, [...wanted, ...links]);
  for (const { rel } of wanted) files.set(rel, blobs.get(rel)!);
  followLinks(
    links.map(({ rel }) => ({ rel, target: blobs.get(rel)!.toString('utf8') })),
    files,
    skipped,
  );
  return { commit, files, skipped };
}

/** The path of a `GitListing` entry, relative to the root. */
export function entryPath(entry: string): string {
  return entry.slice(entry.indexOf('\t') + 1);
}

/** Whether a listing holds a `node_modules` folder (a repository that commits its installed packages). */
export function listsInstalledPackages(listing: GitListing): boolean {
  return listing.entries.some((entry) => entryPath(entry).split('/').includes('node_modules'));
}

/** The listing of the root's folder in the commit `ref` names (see `GitListing`). */
export async function listGitTree(root: string, ref: string): Promise<GitListing> {
  // A ref is never an option of git's.
  if (!ref || ref.startsWith('-') || /[\0\n]/.test(ref)) throw new GitError(`not a git ref: ${JSON.stringify(ref)}`);
  const cwd = path.resolve(root);
  let commit: string;
  try {
    commit = (await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
  } catch (error) {
    const reason = (error as Error).message;
    throw new GitError(
      /not a git repository/i.test(reason)
        ? `--base needs the root in a git repository: ${reason}`
        : `--base ${ref}: no such commit in the root's repository${reason && !/^Command failed/.test(reason) ? ` (${reason})` : ''}`,
    );
  }
  if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new GitError(`--base ${ref}: no such commit in the root's repository`);
  // Run in the root, ls-tree lists the root's folder only, with paths relative to it.
  const listing = await git(cwd, ['ls-tree', '-r', '-z', '-l', '--end-of-options', commit]);
  const entries = listing.split('\0').filter((entry) => {
    const rel = entryPath(entry);
    // Paths git would show quoted or outside the folder cannot occur with -z; refuse them anyway.
    return !!entry && !!rel && !rel.startsWith('/') && !rel.split('/').some((p) => p === '..' || p === '.' || p === '');
  });
  return { commit, entries };
}

/**
 * Links inside the root become copies of what they point at (a file, or every file of a folder,
 * under the link's path); a link to a link is followed while that resolves. The others are skipped.
 */
function followLinks(links: { rel: string; target: string }[], files: Map<string, Buffer>, skipped: string[]): void {
  let pending = links;
  for (let round = 0; round < 8 && pending.length; round++) {
    const next: typeof pending = [];
    for (const link of pending) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(link.rel), link.target));
      if (path.posix.isAbsolute(link.target) || target === '..' || target.startsWith('../')) {
        skipped.push(link.rel);
        continue;
      }
      const file = files.get(target);
      if (file) {
        files.set(link.rel, file);
        continue;
      }
      const under = [...files.keys()].filter((p) => p.startsWith(target + '/'));
      if (under.length) for (const p of under) files.set(link.rel + p.slice(target.length), files.get(p)!);
      else next.push(link);
    }
    if (next.length === pending.length) {
      skipped.push(...next.map((l) => l.rel));
      return;
    }
    pending = next;
  }
  skipped.push(...pending.map((l) => l.rel));
}

/** The blobs' bytes through one `git cat-file --batch`, by path. */
function catBlobs(cwd: string, blobs: { rel: string; oid: string; size: number }[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (!blobs.length) return Promise.resolve(out);
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...SAFE_CONFIG, 'cat-file', '--batch'], {
      cwd,
      env: gitEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
    child.on('error', (error) => reject(new GitError(`git cat-file: ${error.message}`)));
    child.on('close', (code) => {
      if (code !== 0) return reject(new GitError(`git cat-file failed: ${stderr.trim() || `exit ${code}`}`));
      const all = Buffer.concat(chunks);
      let at = 0;
      for (const blob of blobs) {
        const eol = all.indexOf(0x0a, at);
        const header = all.subarray(at, eol).toString('latin1');
        const [oid, type, size] = header.split(' ');
        if (oid !== blob.oid || type !== 'blob') return reject(new GitError(`git cat-file: unexpected "${header}"`));
        const start = eol + 1;
        out.set(blob.rel, all.subarray(start, start + Number(size)));
        at = start + Number(size) + 1;
      }
      resolve(out);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(blobs.map((b) => b.oid).join('\n') + '\n');
  });
}

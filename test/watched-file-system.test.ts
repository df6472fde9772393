import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { WatchedFileSystem } from '../src/runtime/watched-file-system.js';
import type { FileStats, FileSystem } from '../src/runtime/files.js';

/** A file system that counts the calls it answers; `missing` paths reject with ENOENT, `flaky` ones with EMFILE. */
function counting(missing: string[] = [], flaky: string[] = []) {
  const calls: string[] = [];
  const stats: FileStats = {
    isFile: () => true,
    isDirectory: () => false,
    isSymbolicLink: () => false,
    size: 1,
    mtimeMs: 0,
    ctimeMs: 0,
  };
  const answer = async <T>(call: string, abs: string, value: T): Promise<T> => {
    calls.push(`${call} ${abs}`);
    if (missing.includes(abs)) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    if (flaky.includes(abs)) throw Object.assign(new Error('too many'), { code: 'EMFILE' });
    return value;
  };
  const disk: FileSystem = {
    stat: (abs) => answer('stat', abs, stats),
    lstat: (abs) => answer('lstat', abs, stats),
    readdir: (abs) => answer('readdir', abs, []),
    realpath: (abs) => answer('realpath', abs, abs),
    readFile: (abs) => answer('readFile', abs, Buffer.from('x')),
  };
  return { disk, calls };
}

const root = path.resolve('/spec');
const docs = path.join(root, 'docs');
const page = path.join(docs, 'a.mdx');

describe('WatchedFileSystem', () => {
  it('asks the disk once for what the watcher covers, again after a change', async () => {
    const { disk, calls } = counting();
    const fsys = new WatchedFileSystem(disk);
    fsys.cover([docs]);
    await fsys.lstat(page);
    await fsys.lstat(page);
    await fsys.readdir(docs);
    await fsys.readdir(docs);
    expect(calls).toEqual([`lstat ${page}`, `readdir ${docs}`]);
    fsys.changed('change', page);
    await fsys.lstat(page);
    await fsys.readdir(docs);
    expect(calls.slice(2)).toEqual([`lstat ${page}`]);
  });

  it('forgets every listing and real path when a file or folder is added or removed', async () => {
    const { disk, calls } = counting();
    const fsys = new WatchedFileSystem(disk);
    fsys.cover([docs]);
    await fsys.readdir(docs);
    await fsys.realpath(docs);
    fsys.changed('add', path.join(docs, 'b.mdx'));
    await fsys.readdir(docs);
    await fsys.realpath(docs);
    expect(calls).toEqual([`readdir ${docs}`, `realpath ${docs}`, `readdir ${docs}`, `realpath ${docs}`]);
  });

  it('keeps nothing before it is told what is watched, outside it, under node_modules or .git, and no file content', async () => {
    const { disk, calls } = counting();
    const fsys = new WatchedFileSystem(disk);
    await fsys.stat(page);
    await fsys.stat(page);
    fsys.cover([docs]);
    const outside = path.join(root, 'package.json');
    const modules = path.join(docs, 'node_modules', 'x', 'a.js');
    const git = path.join(docs, '.git', 'HEAD');
    const sibling = path.join(root, 'docs2', 'a.mdx');
    for (const abs of [outside, modules, git, sibling]) {
      await fsys.stat(abs);
      await fsys.stat(abs);
    }
    await fsys.readFile(page);
    await fsys.readFile(page);
    expect(calls.filter((c) => c === `stat ${page}`)).toHaveLength(2);
    for (const abs of [outside, modules, git, sibling])
      expect(calls.filter((c) => c === `stat ${abs}`)).toHaveLength(2);
    expect(calls.filter((c) => c === `readFile ${page}`)).toHaveLength(2);
  });

  it('keeps "missing" until a change, but asks again after any other failure', async () => {
    const gone = path.join(docs, 'gone.mdx');
    const busy = path.join(docs, 'busy.mdx');
    const { disk, calls } = counting([gone], [busy]);
    const fsys = new WatchedFileSystem(disk);
    fsys.cover([docs]);
    for (let i = 0; i < 2; i++) {
      await expect(fsys.lstat(gone)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(fsys.lstat(busy)).rejects.toMatchObject({ code: 'EMFILE' });
    }
    expect(calls).toEqual([`lstat ${gone}`, `lstat ${busy}`, `lstat ${busy}`]);
  });
});

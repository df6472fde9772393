import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReadScheduler } from '../src/runtime/read-scheduler.js';
import { diskFileSystem } from '../src/runtime/files.js';
import { tempDir } from './helpers.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
const outOfDescriptors = () => Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });

describe('ReadScheduler', () => {
  it('runs no more than its limit at once, and every call', async () => {
    const scheduler = new ReadScheduler(4);
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        scheduler.run(async () => {
          most = Math.max(most, ++running);
          await tick();
          running--;
          return i;
        }),
      ),
    );
    expect(most).toBe(4);
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(scheduler.running).toBe(0);
  });

  it('waits and retries a call that fails with EMFILE while others hold the descriptors', async () => {
    // A process that may hold 3 descriptors: a 4th open at once fails.
    const scheduler = new ReadScheduler(10);
    let open = 0;
    let failures = 0;
    const read = (i: number) =>
      scheduler.run(async () => {
        if (open >= 3) {
          failures++;
          throw outOfDescriptors();
        }
        open++;
        await tick();
        open--;
        return i;
      });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => read(i)));
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(failures).toBeGreaterThan(0);
  });

  it('retries ENFILE when nothing of its own runs, and gives up after its time', async () => {
    let calls = 0;
    const recovered = await new ReadScheduler(2, 5000).run(async () => {
      if (++calls < 3) throw Object.assign(new Error('ENFILE'), { code: 'ENFILE' });
      return 'read';
    });
    expect(recovered).toBe('read');
    expect(calls).toBe(3);
    await expect(
      new ReadScheduler(2, 30).run(async () => {
        throw outOfDescriptors();
      }),
    ).rejects.toThrow('EMFILE');
  });

  it('passes other errors through at once', async () => {
    let calls = 0;
    const scheduler = new ReadScheduler(2);
    await expect(
      scheduler.run(async () => {
        calls++;
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }),
    ).rejects.toThrow('ENOENT');
    expect(calls).toBe(1);
    expect(scheduler.running).toBe(0);
  });

  it('wraps an object of methods', async () => {
    const scheduler = new ReadScheduler(1);
    const fs = scheduler.wrap({ read: async (a: string) => `${a}!` });
    expect(await Promise.all([fs.read('a'), fs.read('b')])).toEqual(['a!', 'b!']);
  });
});

describe('the disk as the reader reads it', () => {
  it('reads a regular file, and refuses a FIFO or a folder at once instead of waiting on it', async () => {
    const dir = tempDir('disk-');
    fs.writeFileSync(path.join(dir, 'a.json'), '{"a":1}');
    execFileSync('mkfifo', [path.join(dir, 'pipe.json')]);
    fs.mkdirSync(path.join(dir, 'folder'));
    expect((await diskFileSystem.readFile(path.join(dir, 'a.json'))).toString()).toBe('{"a":1}');
    await expect(diskFileSystem.readFile(path.join(dir, 'pipe.json'))).rejects.toMatchObject({ code: 'ENOTREGULAR' });
    await expect(diskFileSystem.readFile(path.join(dir, 'folder'))).rejects.toMatchObject({ code: 'ENOTREGULAR' });
    await expect(diskFileSystem.readFile(path.join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(diskFileSystem.lstat(path.join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await diskFileSystem.readdir(dir)).map((e) => e.name).sort()).toEqual(['a.json', 'folder', 'pipe.json']);
  });
});

/**
 * Writing generated files: atomically, only when the content changed, and only inside the root.
 * The folder a file goes to is resolved to its real path first: a link on the way (a top-level
 * `docs` that is a symlink) or a file that is a link leading outside the root is refused, as
 * is a target that is not a regular file (a FIFO or device would block or be damaged).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isWithin } from '../util/paths.js';
import { removeStaleTemps, tempNameFor, trackTemp, untrackTemp } from '../runtime/temp-files.js';

/** What writing one file did: written, already up to date, or refused (why, in one line). */
export type WriteOutcome = { written: boolean; refused?: undefined } | { written: false; refused: string };

/**
 * Writes `text` to `rel` (relative to `root`, `/`-separated) through a temp file in the same
 * folder and a rename, so that a reader never sees half a file. Writes nothing when the file
 * already holds `text`, or when the file or a folder on the way leads outside the root.
 * A write that fails (a read-only tree) rejects with the file system error.
 */
export async function writeIfChanged(root: string, rel: string, text: string): Promise<WriteOutcome> {
  const realRoot = await fs.realpath(root);
  const file = path.join(realRoot, ...rel.split('/'));
  const outside = {
    written: false,
    refused: 'a symbolic link on the way leads outside the root; not written',
  } as const;
  // The nearest folder on the way that exists must resolve inside the root.
  let existing = path.dirname(file);
  while (!(await fs.lstat(existing).catch(() => undefined))) existing = path.dirname(existing);
  const realExisting = await fs.realpath(existing).catch(() => undefined); // undefined: a dangling link
  if (!realExisting || !isWithin(realRoot, realExisting)) return outside;
  const current = await fs.lstat(file).catch(() => undefined);
  if (current?.isSymbolicLink()) {
    const real = await fs.realpath(file).catch(() => undefined);
    if (!real || !isWithin(realRoot, real)) return outside;
  } else if (current && !current.isFile()) {
    return { written: false, refused: 'not a regular file; not written' };
  }
  // What a killed run left next to the file goes, whether or not the file changes.
  const realDir = await fs.realpath(path.dirname(file)).catch(() => undefined);
  if (realDir && isWithin(realRoot, realDir)) removeStaleTemps(realDir);
  if (current && (await fs.stat(file).catch(() => undefined))?.isFile()) {
    if ((await fs.readFile(file, 'utf8').catch(() => undefined)) === text) return { written: false };
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Checked again once the folders exist: what was created is under the folder checked above.
  const dir = await fs.realpath(path.dirname(file));
  if (!isWithin(realRoot, dir)) return outside;
  const temp = tempNameFor(path.join(dir, path.basename(file)), randomBytes(4).toString('hex'));
  trackTemp(temp);
  try {
    // `wx`: never through something already at the temp name.
    await fs.writeFile(temp, text, { flag: 'wx' });
    await fs.rename(temp, path.join(dir, path.basename(file)));
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  } finally {
    untrackTemp(temp);
  }
  return { written: true };
}

/** Writing generated files: atomically, and only when the content changed. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes `text` to `file` through a temp file in the same folder and a rename, so that a reader
 * never sees half a file. Returns false, writing nothing, when the file already holds `text`.
 */
export async function writeIfChanged(file: string, text: string): Promise<boolean> {
  const current = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (current === text) return false;
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temp, text);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return true;
}

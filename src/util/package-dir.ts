/**
 * spec-check's own folder, where its package.json is: the nearest folder above this module that
 * has one. A module's depth below it differs between the sources (src/util/), the compiled
 * modules (dist/util/) and the bundled command line (dist/cli.js and its chunks under
 * dist/chunks/), so files of the package (package.json, its schemas, docs/rules.md) are found
 * from here rather than by a path relative to the module.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(here, '../..');
  }
}

export const packageDir = findPackageDir();

/** A file of the package, by its path relative to the package's folder. */
export function packageFile(relative: string): string {
  return path.join(packageDir, relative);
}

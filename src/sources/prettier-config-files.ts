/**
 * Where Prettier looks for its config, by name only: what the loader and the cache key of a check
 * need, in a module that loads nothing (see `generators/prettier-config.ts` for reading one).
 */
import path from 'node:path';

/** Prettier's config file names, in the order it looks for them in each folder. */
export const PRETTIER_CONFIG_NAMES = [
  'package.json',
  'package.yaml',
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yml',
  '.prettierrc.yaml',
  '.prettierrc.json5',
  '.prettierrc.js',
  'prettier.config.js',
  '.prettierrc.ts',
  'prettier.config.ts',
  '.prettierrc.mjs',
  'prettier.config.mjs',
  '.prettierrc.mts',
  'prettier.config.mts',
  '.prettierrc.cjs',
  'prettier.config.cjs',
  '.prettierrc.cts',
  'prettier.config.cts',
  '.prettierrc.toml',
] as const;

/** The folders Prettier searches for a file in `dir` (relative to the root): `dir`, its parents, the root. */
export function configFolders(dir: string): string[] {
  const folders: string[] = [];
  for (let d = dir; d && d !== '.'; d = path.posix.dirname(d)) folders.push(d);
  folders.push('');
  return folders;
}

/** Config files spec-check reads as data; any other name is code or a format it does not read. */
const READ_AS_DATA = /(^|\/)(package\.json|package\.yaml|\.prettierrc|\.prettierrc\.json|\.prettierrc\.ya?ml)$/;

/** Whether a config file name is read as data (the others are said, not read). */
export function readableConfigName(name: string): boolean {
  return READ_AS_DATA.test(name);
}

import path from 'node:path';

/**
 * A finding's path as CI tools want it: relative to the working folder (the repository root in
 * CI), so that `--root spec` still annotates `spec/schema/...`.
 */
export function workspacePath(root: string, file: string): string {
  if (root === '.' || root === '') return file;
  return path.posix.normalize(path.posix.join(root, file));
}

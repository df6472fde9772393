import path from 'node:path';
import { isWithin, slashed } from '../util/paths.js';

/**
 * A finding's path in the github, markdown and sarif formats. Like text and JSON, relative to
 * the root the user named, whatever the working folder: the path a reader finds in the checked
 * tree. In a GitHub Actions job (`GITHUB_WORKSPACE` set, and the root inside it) relative to the
 * workspace, the repository's root, which annotations and code scanning need: `--root spec`
 * annotates `spec/schema/...`.
 */
export function workspacePath(root: string, file: string, workspace = process.env.GITHUB_WORKSPACE): string {
  if (!workspace) return file;
  const absoluteRoot = path.resolve(root);
  const absoluteWorkspace = path.resolve(workspace);
  if (!isWithin(absoluteWorkspace, absoluteRoot)) return file;
  const prefix = slashed(path.relative(absoluteWorkspace, absoluteRoot));
  return prefix ? path.posix.normalize(path.posix.join(prefix, file)) : file;
}

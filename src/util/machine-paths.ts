/**
 * Messages name files relative to the root or the working folder, never by the machine's
 * absolute paths (a CI runner's checkout, a home folder, where spec-check is installed): a
 * message from TypeScript, TypeDoc or Node that carries one gets it made relative here.
 */
import os from 'node:os';
import path from 'node:path';
import { escapeRegExp } from './regexp.js';
import { packageDir } from './package-dir.js';

/**
 * `text` with the absolute paths of `roots` (each made relative: `root/` dropped, a bare `root`
 * written `.`), of the working folder, of spec-check's folder and of the home folder replaced.
 * Longer prefixes first, so that a root under the working folder is dropped whole.
 */
export function withoutMachinePaths(text: string, roots: string[] = []): string {
  if (!text.includes(path.sep)) return text;
  const prefixes: [string, string][] = [
    ...roots.map((r) => [path.resolve(r), '.'] as [string, string]),
    [process.cwd(), '.'],
    [packageDir, '<spec-check>'],
    [os.homedir(), '~'],
  ];
  prefixes.sort(([a], [b]) => b.length - a.length);
  let out = text;
  for (const [prefix, name] of prefixes) {
    if (prefix.length <= 1 || !out.includes(prefix)) continue;
    // Only a whole absolute path: not preceded by a path character, ending at a separator or a word's end.
    const pattern = new RegExp(`(?<![\\w.~/-])${escapeRegExp(prefix)}(?:${escapeRegExp(path.sep)}|(?![\\w.-]))`, 'g');
    out = out.replace(pattern, (m) => (m.endsWith(path.sep) ? (name === '.' ? '' : `${name}/`) : name));
  }
  return out;
}

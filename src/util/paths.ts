import path from 'node:path';

/** A path of this platform with `/` separators (how spec-check names files in findings and keys). */
export function slashed(p: string): string {
  return p.split(path.sep).join('/');
}

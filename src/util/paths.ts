import path from 'node:path';

/** A path of this platform with `/` separators (how spec-check names files in findings and keys). */
export function slashed(p: string): string {
  return p.split(path.sep).join('/');
}

/** Whether `abs` is the folder `dir` or lies below it (`..notes.md` inside `dir` does). */
export function isWithin(dir: string, abs: string): boolean {
  const rel = path.relative(dir, abs);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}

/** A path as the user sees it: relative to the working folder, `/`-separated, `.` for the folder itself. */
export function displayPath(abs: string): string {
  return path.relative(process.cwd(), abs).split(path.sep).join('/') || '.';
}

/**
 * Matches paths relative to the root against `ignore` entries: a plain path ignores that file
 * or everything under that folder; `*` matches within one path segment, `**` across segments,
 * `?` one character, `{a,b}` either alternative. A path is ignored when it or any folder above it matches.
 */

function isGlob(pattern: string): boolean {
  return /[*?]|\{[^{}]*,[^{}]*\}/.test(pattern);
}

/** Why an ignore entry cannot be used, or undefined when it is fine. */
export function ignoreEntryProblem(entry: string): string | undefined {
  if (!entry.trim()) return 'is empty';
  if (/^([/\\]|[A-Za-z]:)/.test(entry)) return 'is absolute; ignore entries are relative to the root';
  if (normalizeEntry(entry).split('/').includes('..')) return 'leaves the root (..)';
  return undefined;
}

/** An ignore entry or folder as a `/`-separated path relative to the root: no leading `./`, no trailing `/`. */
export function normalizeEntry(entry: string): string {
  return entry
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${globSource(glob)}$`);
}

function globSource(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    const close = c === '{' ? glob.indexOf('}', i) : -1;
    if (close > 0 && !glob.slice(i + 1, close).includes('{') && glob.slice(i + 1, close).includes(',')) {
      // `{a,b}` (not nested): either alternative, each a glob of its own.
      re += `(?:${glob.slice(i + 1, close).split(',').map(globSource).join('|')})`;
      i = close;
    } else if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches zero or more folders; a trailing `**` matches anything.
      if (glob[i + 2] === '/') {
        re += '(?:[^/]+/)*';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return re;
}

/** A predicate over `/`-separated paths relative to the root. */
export function ignoreMatcher(entries: string[]): (relPath: string) => boolean {
  const prefixes: string[] = [];
  const globs: RegExp[] = [];
  for (const raw of entries) {
    const entry = normalizeEntry(raw);
    if (isGlob(entry)) globs.push(globToRegExp(entry));
    else prefixes.push(entry);
  }
  return (relPath) => {
    const rel = normalizeEntry(relPath);
    if (prefixes.some((p) => rel === p || rel.startsWith(p + '/'))) return true;
    if (!globs.length) return false;
    // The path itself, then each folder above it.
    let candidate = rel;
    for (;;) {
      if (globs.some((g) => g.test(candidate))) return true;
      const slash = candidate.lastIndexOf('/');
      if (slash < 0) return false;
      candidate = candidate.slice(0, slash);
    }
  };
}

/**
 * Matches paths relative to the root against `ignore` entries: a plain path ignores that file
 * or everything under that folder; a glob (picomatch syntax: `*` within one path segment, `**`
 * across segments, `?` one character, `{a,b}` alternatives, `[01]` character classes) is
 * anchored at the root and matches dot files too. A path is ignored when it or any folder above
 * it matches.
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';

// Loaded on first use, not with the CLI: most configs have no ignore entries.
let loaded: typeof Picomatch | undefined;
const picomatch = () => (loaded ??= createRequire(import.meta.url)('picomatch') as typeof Picomatch);

// A leading `!` is a literal character: in a list of entries to leave out, a negation would
// leave out everything else.
const globOptions: Picomatch.PicomatchOptions = { dot: true, nonegate: true };

/**
 * Whether an entry is a glob: it uses the syntax the docs name (`*`, `?`, `{a,b}`, `[01]`).
 * Parentheses, `+(...)`, `@(...)` and the like stay literal, so that a folder such as
 * `draft/(old)` ignores itself and not also `draft/old`, as before globs were matched.
 */
function isGlob(pattern: string): boolean {
  return /[*?[{]/.test(pattern);
}

/** Why an ignore entry cannot be used, or undefined when it is fine. */
export function ignoreEntryProblem(entry: string): string | undefined {
  if (!entry.trim()) return 'is empty';
  if (/^([/\\]|[A-Za-z]:)/.test(entry)) return 'is absolute; ignore entries are relative to the root';
  const normalized = normalizeEntry(entry);
  if (normalized.split('/').includes('..')) return 'leaves the root (..)';
  if (isGlob(normalized)) {
    try {
      picomatch().makeRe(normalized, globOptions);
    } catch (error) {
      return `is not a usable glob (${(error as Error).message})`;
    }
  }
  return undefined;
}

/** An ignore entry or folder as a `/`-separated path relative to the root: no leading `./`, no trailing `/`. */
export function normalizeEntry(entry: string): string {
  return entry
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
}

/** A predicate over `/`-separated paths relative to the root. */
export function ignoreMatcher(entries: string[]): (relPath: string) => boolean {
  const prefixes: string[] = [];
  const globs: string[] = [];
  for (const raw of entries) {
    const entry = normalizeEntry(raw);
    if (isGlob(entry)) globs.push(entry);
    else prefixes.push(entry);
  }
  const matchesGlob = globs.length ? picomatch()(globs, globOptions) : undefined;
  return (relPath) => {
    const rel = normalizeEntry(relPath);
    if (prefixes.some((p) => rel === p || rel.startsWith(p + '/'))) return true;
    if (!matchesGlob) return false;
    // The path itself, then each folder above it.
    let candidate = rel;
    for (;;) {
      if (matchesGlob(candidate)) return true;
      const slash = candidate.lastIndexOf('/');
      if (slash < 0) return false;
      candidate = candidate.slice(0, slash);
    }
  };
}

/**
 * A matcher of paths (relative to a folder) by gitignore-style patterns, as MkDocs reads
 * `exclude_docs` and `not_in_nav`: a pattern with a `/` (but at its end) is anchored at the
 * folder, one without matches a name at any depth; a trailing `/` matches a folder and what it
 * holds; `#` comments and `!` negations are not read (a negation keeps nothing out).
 */
export function gitignoreStyleMatcher(patterns: readonly string[]): (relPath: string) => boolean {
  const tests: ((p: string) => boolean)[] = [];
  for (const raw of patterns) {
    const pattern = raw.trim();
    if (!pattern || pattern.startsWith('#') || pattern.startsWith('!')) continue;
    const folder = pattern.endsWith('/');
    const body = pattern.replace(/^\/+|\/+$/g, '');
    if (!body) continue;
    const anchored = pattern.slice(0, -1).includes('/');
    const glob = anchored ? body : `**/${body}`;
    let match: (p: string) => boolean;
    try {
      match = picomatch()(folder ? [glob, `${glob}/**`] : [glob, `${glob}/**`], globOptions);
    } catch {
      continue;
    }
    tests.push(match);
  }
  return (relPath) => tests.some((t) => t(relPath));
}

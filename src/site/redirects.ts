/**
 * Redirects as docs.json writes them: a source path that may hold named parameters (`:slug`,
 * one segment; `:slug*`, zero or more segments; `:slug+`, one or more) or a `*` wildcard, and a
 * destination that may reuse them. This is the path-pattern language of the docs site's
 * redirects (the Next.js convention); a literal source matches itself only.
 */
import type { Location } from '../core/location.js';

export interface Redirect {
  source: string;
  destination: string;
  location: { source: Location; destination: Location };
  /** Whether the source has parameters or a wildcard (an alias of a whole tree, not a moved page). */
  patterned: boolean;
  /** Whether a URL path (no query or fragment, no trailing slash) matches the source. */
  match(urlPath: string): boolean;
  /** The destination for a matching path, parameters filled in. */
  destinationFor(urlPath: string): string;
}

export function compileRedirect(source: string, destination: string, location: Redirect['location']): Redirect {
  const names: string[] = [];
  let pattern = '';
  const clean = source.length > 1 ? source.replace(/\/+$/, '') : source;
  for (const segment of clean.split('/').slice(1)) {
    const param = /^:([A-Za-z_]\w*)([*+?]?)$/.exec(segment);
    if (param) {
      names.push(param[1]);
      // `:x*` and `:x?` may match nothing, taking the slash before them along.
      if (param[2] === '*') pattern += '(?:/(.*))?';
      else if (param[2] === '+') pattern += '/(.+)';
      else if (param[2] === '?') pattern += '(?:/([^/]+))?';
      else pattern += '/([^/]+)';
    } else if (segment === '*') {
      names.push('*');
      pattern += '(?:/(.*))?';
    } else pattern += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${pattern || '/'}$`);
  return {
    source,
    destination,
    location,
    patterned: names.length > 0,
    match: (urlPath) => regex.test(urlPath),
    destinationFor(urlPath) {
      const m = regex.exec(urlPath);
      if (!m) return destination;
      const values = new Map(names.map((n, i) => [n, m[i + 1] ?? '']));
      return destination
        .replace(/\/:([A-Za-z_]\w*)[*+?]?/g, (whole, name: string) => {
          if (!values.has(name)) return whole;
          const v = values.get(name)!;
          return v ? '/' + v : '';
        })
        .replace(/\/\*(?=\/|$)/, () => (values.get('*') ? '/' + values.get('*') : ''));
    },
  };
}

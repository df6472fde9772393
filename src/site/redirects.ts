/**
 * Redirects as docs.json writes them: a source path that may hold named parameters (`:slug`,
 * one segment; `:slug*`, zero or more segments; `:slug+`, one or more; `:slug?`, zero or one) or
 * a `*` wildcard, and a destination that may reuse them. This is the path-pattern language of the
 * docs site's redirects (the Next.js convention); a literal source matches itself only.
 *
 * Sources are matched segment by segment, not by a regular expression: a source of many
 * repeating parameters would make a backtracking regex take exponential time on a long path.
 * The match memoizes (part, segment) pairs, so it costs at most parts x segments^2 steps; the
 * steps of all matches against one site share a budget (`MatchBudget`), since a docs.json may
 * hold many such sources and every link is tried against each.
 */
import type { Location } from '../core/location.js';

export interface Redirect {
  source: string;
  destination: string;
  location: { source: Location; destination: Location };
  /** Whether the source has parameters or a wildcard (an alias of a whole tree, not a moved page). */
  patterned: boolean;
  /**
   * Where a URL path (no query or fragment, no trailing slash) goes: the destination with the
   * source's parameters filled in, or undefined when the path does not match the source (or
   * the budget ran out: then `budget.exhausted` is set).
   */
  destinationOf(urlPath: string, budget?: MatchBudget): string | undefined;
}

/** Matching steps left to the redirects of one site; once spent, no patterned source matches. */
export interface MatchBudget {
  left: number;
  exhausted: boolean;
}

type Part = { kind: 'literal'; text: string } | { kind: 'param'; name: string; min: number; max: number };

function partsOf(source: string): Part[] {
  const clean = source.length > 1 ? source.replace(/\/+$/, '') : source;
  if (clean === '/') return [];
  return clean
    .split('/')
    .slice(1)
    .map((segment): Part => {
      const param = /^:([A-Za-z_]\w*)([*+?]?)$/.exec(segment);
      if (param) {
        const [min, max] =
          param[2] === '*' ? [0, Infinity] : param[2] === '+' ? [1, Infinity] : param[2] === '?' ? [0, 1] : [1, 1];
        return { kind: 'param', name: param[1], min, max };
      }
      if (segment === '*') return { kind: 'param', name: '*', min: 0, max: Infinity };
      return { kind: 'literal', text: segment };
    });
}

/** The values of the source's parameters for `segments`, or undefined when it does not match. */
function matchParts(parts: Part[], segments: string[], budget?: MatchBudget): Map<string, string> | undefined {
  const failed = new Set<number>();
  const values = new Map<string, string>();
  const at = (p: number, s: number): boolean => {
    if (budget && --budget.left < 0) budget.exhausted = true;
    if (budget?.exhausted) return false;
    if (p === parts.length) return s === segments.length;
    const key = p * (segments.length + 1) + s;
    if (failed.has(key)) return false;
    const part = parts[p];
    if (part.kind === 'literal') {
      if (segments[s] === part.text && at(p + 1, s + 1)) return true;
    } else {
      const most = Math.min(part.max, segments.length - s);
      for (let n = part.min; n <= most; n++) {
        if (at(p + 1, s + n)) {
          values.set(part.name, segments.slice(s, s + n).join('/'));
          return true;
        }
      }
    }
    failed.add(key);
    return false;
  };
  return at(0, 0) ? values : undefined;
}

export function compileRedirect(source: string, destination: string, location: Redirect['location']): Redirect {
  const parts = partsOf(source);
  const segmentsOf = (urlPath: string) => (urlPath === '/' ? [] : urlPath.split('/').slice(1));
  return {
    source,
    destination,
    location,
    patterned: parts.some((p) => p.kind === 'param'),
    destinationOf(urlPath, budget) {
      const values = matchParts(parts, segmentsOf(urlPath), budget);
      if (!values) return undefined;
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

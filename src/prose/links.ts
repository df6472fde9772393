/**
 * Reading a link's URL: its path and fragment (`relativeCandidates` in link-targets.ts reads a
 * relative one against the pages).
 */
import path from 'node:path';
import type { Link } from '../model/spec.js';

export interface SplitLink {
  /** The path part, query dropped; empty for `#x`. */
  rawPath: string;
  /** The fragment, decoded; undefined without `#`. */
  hash?: string;
}

/** Whether a URL names its own scheme (`https:`, `mailto:`) or host (`//host`): outside the site. */
export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** The link's path and fragment, or undefined for an external link (a scheme or `//host`) or none. */
export function splitLink(link: Link): SplitLink | undefined {
  const url = link.url.trim();
  if (!url || isExternalUrl(url)) return undefined;
  const hashAt = url.indexOf('#');
  const rawPath = (hashAt >= 0 ? url.slice(0, hashAt) : url).replace(/\?.*$/, '');
  return { rawPath, ...(hashAt >= 0 ? { hash: decode(url.slice(hashAt + 1)) } : {}) };
}

export function normalise(p: string): string {
  return path.posix
    .normalize(p)
    .replace(/\.mdx?$/, '')
    .replace(/\/$/, '');
}

export function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

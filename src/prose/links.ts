/**
 * Reading a link's URL: its path and fragment, and the URL paths a relative link may mean.
 */
import path from 'node:path';
import type { Link } from '../model/spec.js';
import type { LinkingPage, LinkTargets } from './link-targets.js';

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

/**
 * The URL paths a relative link may mean. Without a site model, both readings of an index page's
 * URL (with and without a trailing slash) are tried. With one (`asServed`), as the site serves
 * it: `./x` and `../x` are rewritten against the page file's folder, and a bare `x` is left to
 * the browser, which resolves it against the page's URL (`/guide/sub` for `guide/sub/index.mdx`).
 */
export function relativeCandidates(targets: LinkTargets, page: LinkingPage, rel: string, asServed = false): string[] {
  const self = targets.urls.get(page.path);
  if (!self) return [];
  const clean = rel.replace(/\.mdx?$/, '');
  const fileDir = path.posix.dirname(self);
  const isIndex = /\/index\.mdx?$/.test(page.path);
  if (asServed) {
    const base = /^\.\.?\//.test(rel) || !isIndex ? fileDir : path.posix.dirname(fileDir);
    return [path.posix.join(base, clean)];
  }
  const bases = [fileDir];
  if (isIndex) bases.push(self);
  return bases.map((b) => path.posix.join(b, clean));
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

/**
 * What the docs site serves, from its docs.json and its files: the pages (every `.mdx`/`.md`
 * under the site folder but `snippets/`, listed in the navigation or not, as Mintlify serves
 * both), the static files, the navigation entries and the redirects. `resolve` answers where a
 * URL path of the site leads, as a reader's browser would get there.
 */
import type { Location } from '../core/location.js';
import type { Site, Spec } from '../model/spec.js';
import path from 'node:path';
import { derivation, type Project } from '../project/project.js';
import { isIgnoredBySite, isSitePage } from '../sources/site.js';
import { compileRedirect, type MatchBudget, type Redirect } from './redirects.js';
import { isExternalUrl } from '../prose/links.js';
import { MAX_PATTERNED_REDIRECTS, MAX_REDIRECT_MATCH_STEPS } from '../core/limits.js';

export interface NavigationEntry {
  /** The page path as written (`specification/draft/index`). */
  page: string;
  location: Location;
}

export type Resolution =
  | { kind: 'page'; page: string }
  | { kind: 'static'; file: string }
  | { kind: 'external'; url: string }
  /** Through redirects (`hops` of them; `trail[i]`: the path hop `i` led to) to where they end. */
  | { kind: 'redirect'; hops: Redirect[]; trail: string[]; to: Resolution }
  | { kind: 'missing' }
  /** Redirects that lead back to where they started. */
  | { kind: 'loop'; hops: Redirect[] }
  /** Not worked out: matching the patterned redirects spent its budget (`MAX_REDIRECT_MATCH_STEPS`). */
  | { kind: 'unjudged' };

export interface SiteModel {
  site: Site;
  /** Page paths the site serves, without extension, relative to the site folder (`docs/intro`). */
  pages: Map<string, string>;
  /** Files the site serves as they are, relative to the site folder. */
  staticFiles: Set<string>;
  /** The extensions of those files, lower-case (`.png`): what kinds of file the tree holds. */
  staticExtensions: Set<string>;
  navigation: NavigationEntry[];
  redirects: Redirect[];
  /** Patterned redirects past `MAX_PATTERNED_REDIRECTS`, not read (each is tried on every path). */
  patternsLeftOut: number;
  /** Where a URL path (`/docs/intro`, decoded, without query or fragment) leads. */
  resolve(urlPath: string): Resolution;
  /** Whether matching the patterned redirects spent its budget: some resolutions are `unjudged`. */
  matchingStopped(): boolean;
  /** The URL path of a page file (relative to the root), or undefined when the site does not serve it. */
  urlOf(file: string): string | undefined;
}

/** The site model of the project, or undefined when the spec has no docs.json. */
export function siteModel(project: Project): SiteModel | undefined {
  return project.derive(siteModelOf, project.spec);
}

const siteModelOf = derivation('site model', (spec: Spec, project: Project) => {
  const site = spec.site;
  if (!site) return undefined;
  // The routes are a function of docs.json and the list of files alone: a watch session keeps the
  // last ones (with the resolutions they memoised) while an edit leaves both as they were.
  const kept = project.runtime.memory<Routes>('site routes', 1);
  const key = `${site.dir}\0${site.config.file.text}\0${site.files.join('\0')}`;
  let routes = kept.get(key);
  if (!routes) kept.set(key, (routes = routesOf(site)));
  return { site, ...routes };
});

/** What the site model holds beyond the site itself. */
type Routes = Omit<SiteModel, 'site'>;

const MAX_HOPS = 10;

function routesOf(site: Site): Routes {
  const prefix = site.dir ? site.dir + '/' : '';
  const pages = new Map<string, string>();
  const staticFiles = new Set<string>();
  for (const file of site.files) {
    const rel = file.slice(prefix.length);
    if (isSitePage(rel)) {
      const bare = rel.replace(/\.mdx?$/, '');
      pages.set(bare, file);
    } else if (!rel.startsWith('snippets/') && rel !== 'docs.json' && !isIgnoredBySite(rel)) staticFiles.add(rel);
  }
  // A folder's `index` page is served at the folder too.
  for (const [bare, file] of [...pages]) if (bare.endsWith('/index')) pages.set(bare.slice(0, -'/index'.length), file);
  const { navigation, redirects: all } = readConfig(site);
  // Literal sources are looked up by path; the patterned ones are tried in order, and only so many.
  const literal = new Map<string, number>();
  const patterns: number[] = [];
  let patternsLeftOut = 0;
  all.forEach((r, i) => {
    if (!r.patterned) {
      const key = r.source.length > 1 ? r.source.replace(/\/+$/, '') : r.source;
      if (!literal.has(key)) literal.set(key, i);
    } else if (patterns.length < MAX_PATTERNED_REDIRECTS) patterns.push(i);
    else patternsLeftOut++;
  });
  const kept = new Set(patterns);
  const redirects = all.filter((r, i) => !r.patterned || kept.has(i));
  // The first redirect whose source matches, and where it sends the path.
  const budget: MatchBudget = { left: MAX_REDIRECT_MATCH_STEPS, exhausted: false };
  const firstRedirect = (key: string): { redirect: Redirect; next: string } | undefined => {
    const exact = literal.get(key) ?? Infinity;
    for (const i of patterns) {
      if (i > exact) break;
      const next = all[i].destinationOf(key, budget);
      if (next !== undefined) return { redirect: all[i], next };
    }
    return exact === Infinity ? undefined : { redirect: all[exact], next: all[exact].destination };
  };
  const resolved = new Map<string, Resolution>();

  const direct = (p: string): Resolution | undefined => {
    const bare = p.replace(/^\/+/, '').replace(/\/+$/, '');
    if (bare === '' && pages.has('index')) return { kind: 'page', page: 'index' };
    if (pages.has(bare)) return { kind: 'page', page: bare };
    if (staticFiles.has(bare)) return { kind: 'static', file: bare };
    return undefined;
  };
  const resolve = (urlPath: string): Resolution => {
    let known = resolved.get(urlPath);
    if (!known) resolved.set(urlPath, (known = resolveOnce(urlPath)));
    return known;
  };
  const resolveOnce = (urlPath: string): Resolution => {
    const hops: Redirect[] = [];
    const trail: string[] = [];
    const seen = new Set<string>();
    let current = urlPath;
    for (;;) {
      const key = current.replace(/\/+$/, '') || '/';
      if (seen.has(key)) return { kind: 'loop', hops };
      seen.add(key);
      // Redirects come before pages, as the site applies them.
      const found = firstRedirect(key);
      if (budget.exhausted) return { kind: 'unjudged' };
      if (!found) {
        const here = direct(key) ?? { kind: 'missing' as const };
        return hops.length ? { kind: 'redirect', hops, trail, to: here } : here;
      }
      hops.push(found.redirect);
      trail.push(found.next);
      if (isExternalUrl(found.next))
        return { kind: 'redirect', hops, trail, to: { kind: 'external', url: found.next } };
      if (hops.length > MAX_HOPS) return { kind: 'loop', hops };
      current = found.next.replace(/[?#].*$/, '');
    }
  };
  const urlOf = (file: string): string | undefined => {
    if (!file.startsWith(prefix)) return undefined;
    const rel = file.slice(prefix.length);
    if (!isSitePage(rel)) return undefined;
    return '/' + rel.replace(/\.mdx?$/, '');
  };
  const staticExtensions = new Set([...staticFiles].map((f) => path.posix.extname(f).toLowerCase()));
  return {
    pages,
    staticFiles,
    staticExtensions,
    navigation,
    redirects,
    patternsLeftOut,
    resolve,
    matchingStopped: () => budget.exhausted,
    urlOf,
  };
}

/** The navigation's page entries (any `pages` array or `root` at any depth) and the redirects, with their places in docs.json. */
function readConfig(site: Site): { navigation: NavigationEntry[]; redirects: Redirect[] } {
  const { file, document } = site.config;
  const at = (pointer: string): Location => file.location(document.offsetOf(pointer));
  const navigation: NavigationEntry[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const here = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (key === 'pages' && Array.isArray(child))
          child.forEach((entry, i) => {
            if (typeof entry === 'string') navigation.push({ page: entry, location: at(`${here}/${i}`) });
          });
        else if (key === 'root' && typeof child === 'string') navigation.push({ page: child, location: at(here) });
        walk(child, here);
      }
    }
  };
  const config = (document.value ?? {}) as { navigation?: unknown; redirects?: unknown };
  walk(config.navigation, '/navigation');
  const redirects: Redirect[] = [];
  if (Array.isArray(config.redirects))
    config.redirects.forEach((r: unknown, i) => {
      const { source, destination } = (r ?? {}) as { source?: unknown; destination?: unknown };
      if (typeof source !== 'string' || typeof destination !== 'string') return;
      redirects.push(
        compileRedirect(source, destination, {
          source: at(`/redirects/${i}/source`),
          destination: at(`/redirects/${i}/destination`),
        }),
      );
    });
  return { navigation, redirects };
}

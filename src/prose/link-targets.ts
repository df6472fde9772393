/**
 * What a link in the docs can point at: the pages (by their URL path) with their heading
 * anchors, and the anchors of the Schema Reference computed from the model (declarations,
 * members including inherited ones, categories, examples). With a docs site (docs.json) that is
 * every page of the site, and where its redirects lead; without one, the versions' pages, and
 * links to places the repository does not hold are not judged.
 */
import path from 'node:path';
import type { MarkdownPage, MarkdownSite, SchemaSource, SiteKind, Spec } from '../model/spec.js';
import {
  declarationAnchor,
  explicitIds,
  explicitIdsFor,
  headingIdsFor,
  headingSlug,
  headingSlugs,
  memberAnchor,
  siteHeadingId,
  siteHeadingIds,
} from '../model/anchors.js';
import { messageIndexOfSource, type MessageIndex } from './schema-index.js';
import { derivation, type Project } from '../project/project.js';
import { siteModel, type SiteModel } from '../site/site-model.js';

export interface PageTarget {
  /** The page file, relative to the root. */
  path: string;
  anchors: Set<string>;
  /** The page includes a file whose anchors are not known (not a page of the tree): a missing anchor is not judged. */
  open?: true;
}

/** A page whose links are checked: a version's page (parsed) or another page of the site (outlined). */
export type LinkingPage = Pick<MarkdownPage, 'path' | 'file' | 'headings' | 'links'>;

export interface LinkTargets {
  /** URL path without extension (`/specification/draft/basic/lifecycle`) -> page. */
  pages: Map<string, PageTarget>;
  /** Version id -> anchors of its Schema Reference; absent when the version has no schema.ts. */
  schemaAnchors: Map<string, Set<string>>;
  /** Page file -> its URL path. */
  urls: Map<string, string>;
  /** URL prefix of the docs (`/specification`). */
  docsPrefix: string;
  /** Every page whose links are checked: the versions' pages, then the site's others. */
  linking: LinkingPage[];
  /** The site, when it has a docs.json. */
  site?: SiteModel;
  /** The ids of the versions the tree holds. */
  versions: Set<string>;
  /** The site generator: with Mintlify, pages are URLs (`site`); with the others, files (`files`). */
  kind: SiteKind;
  /** A Markdown generator's site, whose pages are linked by their file paths. */
  markdownSite?: MarkdownSite;
  /** With a Markdown generator: every file a link may name, relative to the root (the site's and the versions'). */
  files?: Set<string>;
  /** With a Markdown generator: the folders holding those files, and their extensions (lower-case, `.png`). */
  folders?: Set<string>;
  extensions?: Set<string>;
  /** With a Markdown generator: the folders whose files are all known (the site's, the versions' prose); '' for the root. */
  scopes?: string[];
  /**
   * The same object for the targets of the next project of a watch session while they are equal
   * to these: what was judged against them holds for a page that did not change.
   */
  token: object;
}

/** What the project's links can point at, worked out once per project. */
export function linkTargets(project: Project): LinkTargets {
  return project.derive(linkTargetsOf, project.spec);
}

const linkTargetsOf = derivation('link targets', (spec: Spec, project: Project) => {
  const targets = build(project, spec);
  // The targets of the project before (a watch session's last check): their token goes on while nothing changed.
  const last = project.runtime.memory<LinkTargets>('link targets', 1);
  const before = last.get('');
  if (before && sameTargets(before, targets)) targets.token = before.token;
  last.set('', targets);
  return targets;
});

function build(project: Project, spec: Spec): LinkTargets {
  const kind = spec.siteKind ?? 'mintlify';
  if (kind !== 'mintlify') return buildForFiles(project, spec, kind);
  const pages = new Map<string, PageTarget>();
  let docsPrefix = '/specification';
  const schemaAnchors = new Map<string, Set<string>>();
  const urls = new Map<string, string>();
  const linking: LinkingPage[] = [];
  const site = siteModel(project);
  const add = (page: LinkingPage, url: string) => {
    const target = { path: page.path, anchors: project.derive(pageAnchors, page) };
    pages.set(url, target);
    urls.set(page.path, url);
    if (url.endsWith('/index')) pages.set(url.slice(0, -'/index'.length), target);
    linking.push(page);
  };
  for (const version of spec.versions) {
    // docs/specification/<v>/x.mdx is served at /specification/<v>/x: the URL starts at the docs folder's last segment.
    const docsRoot = path.posix.dirname(version.docsDir);
    docsPrefix = '/' + path.posix.basename(docsRoot);
    for (const page of version.pages)
      add(page, site?.urlOf(page.path) ?? docsPrefix + page.path.slice(docsRoot.length).replace(/\.mdx?$/, ''));
    const anchors = version.schemaTs && project.derive(referenceAnchors, version.schemaTs);
    if (anchors) schemaAnchors.set(version.id, anchors);
  }
  if (site) for (const page of site.site.pages) add(page, site.urlOf(page.path)!);
  const versions = new Set(spec.versions.map((v) => v.id));
  return { pages, schemaAnchors, urls, docsPrefix, linking, versions, token: {}, kind, ...(site ? { site } : {}) };
}

/**
 * The targets of a Markdown generator's site: every page by its file path (`/docs/topics/x.md`),
 * and the files links may name. The Schema Reference is Mintlify's page, not judged here.
 */
function buildForFiles(project: Project, spec: Spec, kind: Exclude<SiteKind, 'mintlify'>): LinkTargets {
  const pages = new Map<string, PageTarget>();
  const urls = new Map<string, string>();
  const linking: LinkingPage[] = [];
  const files = new Set(spec.markdownSite?.files ?? []);
  const add = (page: LinkingPage) => {
    const url = '/' + page.path;
    // With slugs of the site's own making, no heading's id is known: anchors are not judged.
    const open = spec.markdownSite?.customSlugs ? { open: true as const } : {};
    pages.set(url, { path: page.path, anchors: project.derive(pageAnchors, page), ...open });
    urls.set(page.path, url);
    files.add(page.path);
    linking.push(page);
  };
  for (const version of spec.versions) {
    for (const page of version.pages) add(page);
    for (const file of version.schemaFiles ?? []) files.add(file);
  }
  for (const page of spec.markdownSite?.pages ?? []) add(page);
  composeIncludedPages(pages, spec);
  const versions = new Set(spec.versions.map((v) => v.id));
  const folders = new Set<string>();
  const extensions = new Set<string>();
  for (const file of files) {
    extensions.add(path.posix.extname(file).toLowerCase());
    for (let dir = path.posix.dirname(file); dir !== '.' && !folders.has(dir); dir = path.posix.dirname(dir))
      folders.add(dir);
  }
  return {
    pages,
    folders,
    extensions,
    scopes: [
      ...(spec.markdownSite ? [spec.markdownSite.dir] : []),
      ...spec.versions.flatMap((v) => [v.docsDir, v.schemaDir]),
    ],
    schemaAnchors: new Map(),
    urls,
    docsPrefix: '',
    linking,
    versions,
    token: {},
    kind,
    files,
    ...(spec.markdownSite ? { markdownSite: spec.markdownSite } : {}),
  };
}

/**
 * Pages made of others (Jekyll's `include_relative`, a snippet that is a page) are one page when
 * served: each part, and the page holding it, has the anchors of the whole page it ends up in.
 */
function composeIncludedPages(pages: Map<string, PageTarget>, spec: Spec): void {
  const holder = new Map<string, string>();
  const withUnknownParts = new Set<string>();
  for (const include of spec.includes ?? []) {
    if (!pages.has('/' + include.location.file)) continue;
    if (include.target && include.target !== include.location.file && pages.has('/' + include.target))
      holder.set(include.target, include.location.file);
    // A Markdown part the tree does not hold as a page (made by the build, outside the site) brings headings unknown here.
    else if (/(\.(md|mdx|markdown|html?)|\/[^/.]+)$/i.test(include.target ?? include.written))
      withUnknownParts.add(include.location.file);
  }
  if (!holder.size && !withUnknownParts.size) return;
  const top = (file: string) => {
    const seen = new Set([file]);
    for (let up = holder.get(file); up && !seen.has(up); up = holder.get(up)) {
      seen.add(up);
      file = up;
    }
    return file;
  };
  const whole = new Map<string, Set<string>>();
  for (const file of new Set([...holder.keys(), ...holder.values()])) {
    const root = top(file);
    const anchors = whole.get(root) ?? new Set(pages.get('/' + root)?.anchors);
    for (const a of pages.get('/' + file)?.anchors ?? []) anchors.add(a);
    whole.set(root, anchors);
  }
  const open = new Set([...withUnknownParts].map(top));
  for (const file of new Set([...holder.keys(), ...holder.values(), ...withUnknownParts])) {
    const target = pages.get('/' + file)!;
    const root = top(file);
    pages.set('/' + file, {
      path: target.path,
      anchors: whole.get(root) ?? target.anchors,
      ...(open.has(root) ? { open: true as const } : {}),
    });
  }
}

/** Whether two projects' links can point at the same places (the pages linking from them aside). */
function sameTargets(a: LinkTargets, b: LinkTargets): boolean {
  return (
    a.docsPrefix === b.docsPrefix &&
    a.kind === b.kind &&
    sameSet(a.files ?? new Set(), b.files ?? new Set()) &&
    sameSet(a.versions, b.versions) &&
    !a.site === !b.site &&
    (!a.site || (a.site.resolve === b.site!.resolve && a.site.site.dir === b.site!.site.dir)) &&
    sameMap(a.urls, b.urls, (x, y) => x === y) &&
    sameMap(a.pages, b.pages, (x, y) => x.path === y.path && sameSet(x.anchors, y.anchors)) &&
    sameMap(a.schemaAnchors, b.schemaAnchors, sameSet)
  );
}

function sameMap<V>(a: Map<string, V>, b: Map<string, V>, same: (x: V, y: V) => boolean): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !same(value, other)) return false;
  }
  return true;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/**
 * The anchors of a page: its headings' ids as the site gives them, and the ids its elements
 * carry. A function of the page object, which loading keeps for an unchanged file, so a watch
 * session reuses them for every page it did not re-read.
 */
const pageAnchors = derivation(
  'page anchors',
  (page: LinkingPage, project: Project) => {
    const kind = project.spec.siteKind ?? 'mintlify';
    if (kind === 'mintlify') return new Set([...siteHeadingIds(page.headings), ...explicitIds(page.file.text)]);
    return new Set([...headingIdsFor(kind, page.headings), ...explicitIdsFor(kind, page.file.text)]);
  },
  { carriesOver: true },
);

/**
 * Anchors of the Schema Reference of a version, from its schema.ts (which the loader keeps while
 * its text is unchanged, so a watch session computes them once per text).
 */
const referenceAnchors = derivation(
  'Schema Reference anchors',
  (source: SchemaSource, project: Project) => schemaAnchorsOf(source, messageIndexOfSource(project, source)),
  { carriesOver: true },
);

function schemaAnchorsOf(source: SchemaSource, index: MessageIndex): Set<string> {
  const out = new Set<string>();
  const add = (a: string) => {
    out.add(a);
    for (const s of headingSlugs(a)) out.add(s);
  };
  const categories = new Set<string>();
  for (const decl of source.declarations) {
    // The reference documents exported declarations that are not `@internal`.
    if (!decl.exported || decl.jsdoc?.tags.some((t) => t.name === 'internal')) continue;
    add(declarationAnchor(decl.name));
    if (decl.jsdoc?.category) categories.add(decl.jsdoc.category);
    for (const m of index.membersOf(decl)) add(memberAnchor(decl.name, m.name));
    for (const e of decl.jsdoc?.examples ?? []) add(memberAnchor(decl.name, `example-${headingSlug(e.title)}`));
  }
  for (const c of categories) {
    out.add(siteHeadingId(c));
    for (const s of headingSlugs(c)) out.add(s);
  }
  return out;
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

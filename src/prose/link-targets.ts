/**
 * What a link in the docs can point at: the pages (by their URL path) with their heading
 * anchors, and the anchors of the Schema Reference computed from the model (declarations,
 * members including inherited ones, categories, examples). With a docs site (docs.json) that is
 * every page of the site, and where its redirects lead; without one, the versions' pages, and
 * links to places the repository does not hold are not judged.
 */
import path from 'node:path';
import type { MarkdownPage, Spec, SpecVersion } from '../model/spec.js';
import {
  declarationAnchor,
  explicitIds,
  headingSlug,
  headingSlugs,
  memberAnchor,
  siteHeadingId,
  siteHeadingIds,
} from '../model/anchors.js';
import { messageIndex } from './schema-index.js';
import { derivation, type Project } from '../project/project.js';
import { siteModel, type SiteModel } from '../site/site-model.js';

export interface PageTarget {
  /** The page file, relative to the root. */
  path: string;
  anchors: Set<string>;
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
}

/** What the project's links can point at, worked out once per project. */
export function linkTargets(project: Project): LinkTargets {
  return project.derive(linkTargetsOf, project.spec);
}

const linkTargetsOf = derivation('link targets', (spec: Spec, project: Project) => build(project, spec));

function build(project: Project, spec: Spec): LinkTargets {
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
    const anchors = referenceAnchors(project, version);
    if (anchors) schemaAnchors.set(version.id, anchors);
  }
  if (site) for (const page of site.site.pages) add(page, site.urlOf(page.path)!);
  return { pages, schemaAnchors, urls, docsPrefix, linking, ...(site ? { site } : {}) };
}

/**
 * The anchors of a page: its headings' ids as the site gives them, and the ids its elements
 * carry. A function of the page object, which loading keeps for an unchanged file, so a watch
 * session reuses them for every page it did not re-read.
 */
const pageAnchors = derivation(
  'page anchors',
  (page: LinkingPage) => new Set([...siteHeadingIds(page.headings), ...explicitIds(page.file.text)]),
  { carriesOver: true },
);

/** Anchors of the Schema Reference of a version, from the model. */
function referenceAnchors(project: Project, version: SpecVersion): Set<string> | undefined {
  const source = version.schemaTs;
  const index = messageIndex(project, version);
  if (!source || !index) return undefined;
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

/**
 * What a link in the spec pages can point at: the pages of each version (by their URL path)
 * with their heading anchors, and the anchors of the Schema Reference computed from the model
 * (declarations, members including inherited ones, categories, examples). Links to places the
 * repository does not hold are not judged.
 */
import path from 'node:path';
import type { MarkdownPage, Spec, SpecVersion } from '../model/spec.js';
import { declarationAnchor, headingSlug, headingSlugs, memberAnchor } from '../model/anchors.js';
import { messageIndex } from './schema-index.js';
import { derivation, type Project } from '../project/project.js';

export interface PageTarget {
  page: MarkdownPage;
  anchors: Set<string>;
}

export interface LinkTargets {
  /** URL path without extension (`/specification/draft/basic/lifecycle`) -> page. */
  pages: Map<string, PageTarget>;
  /** Version id -> anchors of its Schema Reference; absent when the version has no schema.ts. */
  schemaAnchors: Map<string, Set<string>>;
  /** Page -> its URL path. */
  urls: Map<MarkdownPage, string>;
  /** URL prefix of the docs (`/specification`). */
  docsPrefix: string;
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
  const urls = new Map<MarkdownPage, string>();
  for (const version of spec.versions) {
    // docs/specification/<v>/x.mdx is served at /specification/<v>/x: the URL starts at the docs folder's last segment.
    const docsRoot = path.posix.dirname(version.docsDir);
    docsPrefix = '/' + path.posix.basename(docsRoot);
    for (const page of version.pages) {
      const rel = page.path.slice(docsRoot.length).replace(/\.mdx?$/, '');
      const target = { page, anchors: pageAnchors(page) };
      pages.set(docsPrefix + rel, target);
      urls.set(page, docsPrefix + rel);
      if (rel.endsWith('/index')) pages.set(docsPrefix + rel.slice(0, -'/index'.length), target);
    }
    const anchors = referenceAnchors(project, version);
    if (anchors) schemaAnchors.set(version.id, anchors);
  }
  return { pages, schemaAnchors, urls, docsPrefix };
}

/** Heading anchors of a page, numbered like the docs site numbers repeated headings (`x`, `x-1`). */
function pageAnchors(page: MarkdownPage): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const h of page.headings) {
    const slug = headingSlug(h.text);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    for (const s of headingSlugs(h.text)) out.add(n ? `${s}-${n}` : s);
  }
  // Explicit ids (`<a id="x">`, `<div id="x">`) are anchors too.
  for (const m of page.file.text.matchAll(/\bid=["']([^"']+)["']/g)) out.add(m[1]);
  return out;
}

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
  for (const c of categories) for (const s of headingSlugs(c)) out.add(s);
  return out;
}

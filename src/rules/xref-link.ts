import path from 'node:path';
import type { Link, MarkdownPage } from '../model/spec.js';
import { linkTargets, type LinkTargets } from '../prose/link-targets.js';
import type { Rule } from '../core/rule.js';

/** Links between spec pages and to the Schema Reference resolve. */
export const xrefLink: Rule = {
  meta: {
    id: 'xref/link',
    description:
      'Links in the spec pages to the Schema Reference (`/specification/<version>/schema#<anchor>`) and to other spec pages (with or without `#heading`) resolve.',
    rationale:
      'A broken link sends the reader to a page top or a 404 exactly where the spec wanted to be precise; renamed types and headings leave such links behind.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: 'See [`Widget`](/specification/draft/schema#widgte).',
      pass: 'See [`Widget`](/specification/draft/schema#widget).',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    const targets = linkTargets(project);
    const held = new Set(spec.versions.map((v) => v.id));
    for (const version of spec.versions) {
      for (const page of version.pages) {
        for (const link of page.links) {
          const problem = checkLink(targets, held, page, link);
          if (problem)
            report({
              message: problem,
              location: { file: link.location.file, line: link.location.line, column: link.location.column },
            });
        }
      }
    }
  },
};

/** What is wrong with a link, or undefined when it resolves or points outside what the repository holds. */
function checkLink(targets: LinkTargets, held: Set<string>, page: MarkdownPage, link: Link): string | undefined {
  const url = link.url.trim();
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined; // external
  const hashAt = url.indexOf('#');
  const rawPath = (hashAt >= 0 ? url.slice(0, hashAt) : url).replace(/\?.*$/, '');
  const hash = hashAt >= 0 ? decode(url.slice(hashAt + 1)) : undefined;

  if (!rawPath) {
    if (hash === undefined || hash === '') return undefined;
    const url = targets.urls.get(page);
    const self = url ? targets.pages.get(url) : undefined;
    if (!self || self.anchors.has(hash) || self.anchors.has(hash.toLowerCase())) return undefined;
    return `No heading "#${hash}" on this page`;
  }

  const candidates = rawPath.startsWith('/') ? [rawPath] : relativeCandidates(targets, page, rawPath);
  const inDocs = candidates.map((c) => normalise(c)).filter((c) => c.startsWith(targets.docsPrefix + '/'));
  if (!inDocs.length) return undefined;
  const version = inDocs[0].slice(targets.docsPrefix.length + 1).split('/')[0];
  if (!held.has(version)) return undefined; // a version the repository does not hold

  // The Schema Reference: anchors computed from the model.
  const schemaPath = `${targets.docsPrefix}/${version}/schema`;
  if (inDocs.includes(schemaPath)) {
    const anchors = targets.schemaAnchors.get(version);
    if (!anchors || hash === undefined || hash === '') return undefined;
    if (anchors.has(hash.toLowerCase())) return undefined;
    return `No declaration or member with anchor "#${hash}" in the ${version} Schema Reference`;
  }

  const found = inDocs.map((c) => targets.pages.get(c)).find((t) => t);
  if (!found)
    return `No page at ${inDocs[0]} (expected ${inDocs[0].slice(1)}.mdx or ${inDocs[0].slice(1)}/index.mdx under the docs folder)`;
  if (hash === undefined || hash === '') return undefined;
  if (found.anchors.has(hash) || found.anchors.has(hash.toLowerCase())) return undefined;
  return `No heading "#${hash}" on ${found.page.path}`;
}

/**
 * A relative link resolves against the page's URL. The site serves `x/index.mdx` at `x`, and
 * readers' browsers resolve against either form depending on a trailing slash: both are tried.
 */
function relativeCandidates(targets: LinkTargets, page: MarkdownPage, rel: string): string[] {
  const self = targets.urls.get(page);
  if (!self) return [];
  const clean = rel.replace(/\.mdx?$/, '');
  const bases = [path.posix.dirname(self)];
  if (page.path.endsWith('/index.mdx')) bases.push(self);
  return bases.map((b) => path.posix.join(b, clean));
}

function normalise(p: string): string {
  return path.posix
    .normalize(p)
    .replace(/\.mdx?$/, '')
    .replace(/\/$/, '');
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

import path from 'node:path';
import type { Link } from '../model/spec.js';
import { linkTargets, relativeCandidates, type LinkingPage, type LinkTargets } from '../prose/link-targets.js';
import type { Resolution, SiteModel } from '../site/site-model.js';
import { decode, normalise, splitLink } from '../prose/links.js';
import { cleanHeadingId } from '../model/anchors.js';
import type { Rule } from '../core/rule.js';
import { MAX_REDIRECT_MATCH_STEPS } from '../core/limits.js';
import { derivation, type Project } from '../project/project.js';

/** Links between docs pages, to the Schema Reference and to the site's files resolve. */
export const xrefLink: Rule = {
  meta: {
    id: 'xref/link',
    description:
      "Links in the docs pages resolve: to the Schema Reference (`/specification/<version>/schema#<anchor>`), to other pages (with or without `#heading`) and, with the site's docs.json, to any page, redirect or file the site serves.",
    rationale:
      'A broken link sends the reader to a page top or a 404 exactly where the spec wanted to be precise; renamed types and headings leave such links behind.',
    defaultSeverity: 'error',
    details: [
      "**With the site's `docs.json`** (folder `layout.site`, default `docs`), every page under the site folder is checked, and a link resolves as the site serves it: a page (`x.mdx`, `x.md`, `x/index.mdx`, listed in the navigation or not; not under `snippets/`), a file served as it is, or a redirect source (`:name`, `:name*`, `:name+`, `*` patterns) whose destination does; a fragment is then looked up on the page where the redirects end. `./x` and `../x` resolve against the page file's folder, a bare `x` against the page's URL (as a browser does: `/guide/x` from `guide/sub/index.mdx`). A folder without a page of its own does not resolve, although Mintlify's own checker passes it. A link to a file of a kind the tree holds none of (a snapshot without its images) is not judged. Without docs.json, only links into the versions' folders are judged.",
      '**Anchors** are the ids the docs site (Mintlify) gives, learnt from its renderer and pinned case by case in `test/anchors.test.ts`: the heading text (inline markup dropped) lower-cased, spaces to `-`; plain ASCII text has every run of characters other than letters, digits and `_` made one `-`; other text keeps `/ & + = @ $ # %` and non-ASCII letters; then `? , ; : ! \' " ( ) [ ] { }` and emoji are deleted (`` `_meta` `` is `#_meta`, `` `$ref` Resolution `` is `#$ref-resolution`, `A : B` is `#a--b`). Repeats are `x`, `x-2`, `x-3`; `#####` and deeper headings have no id. Explicit `id` attributes count as written (cleaned on `<h1>`–`<h4>`, `<Heading>`, `<Step>`, `<Update>`; dropped by components that do not render them, such as `<Card>` and `<Note>`), and accordions and tabs get an id from their title. A link\'s fragment is decoded and cleaned the same way, then compared case-sensitively, as browsers compare. Section numbers that a page turns on with `<div id="enable-section-numbers" />` are drawn by the site\'s style sheet and are not part of the id. Schema Reference anchors are computed from schema.ts, as the generator writes them.',
    ].join('\n\n'),
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: 'See [`Widget`](/specification/draft/schema#widgte).',
      pass: 'See [`Widget`](/specification/draft/schema#widget).',
    },
  },
  check(project, { report }) {
    const targets = linkTargets(project);
    for (const page of targets.linking) {
      for (const { message, link } of linkProblems(project, targets, page))
        report({
          message,
          location: { file: link.location.file, line: link.location.line, column: link.location.column },
        });
    }
    for (const include of project.spec.includes ?? []) {
      if (include.found) continue;
      report({
        message: include.target
          ? `No file ${include.target} to include (${include.written})`
          : `The include ${include.written} leads outside the root; not read`,
        location: include.location,
      });
    }
    if (targets.site?.matchingStopped())
      report({
        message: `Matching links against the patterned redirects of ${targets.site.site.config.file.path} took over ${MAX_REDIRECT_MATCH_STEPS} steps: links they might redirect are not judged`,
        location: { file: targets.site.site.config.file.path, line: 1, column: 1 },
      });
  },
};

interface LinkProblem {
  message: string;
  link: Link;
}

/**
 * The broken links of a page. A page's verdicts depend on the page and the targets alone: a watch
 * session keeps them for a page it did not re-read while the targets stay the same (`token`).
 */
function linkProblems(project: Project, targets: LinkTargets, page: LinkingPage): LinkProblem[] {
  const box = project.derive(pageVerdicts, page);
  if (box.kept?.token === targets.token) return box.kept.problems;
  const problems: LinkProblem[] = [];
  for (const link of page.links) {
    const message =
      targets.kind !== 'mintlify'
        ? checkFileLink(targets, page, link)
        : targets.site
          ? checkSiteLink(targets, targets.site, page, link)
          : checkLink(targets, page, link);
    if (message) problems.push({ message, link });
  }
  box.kept = { token: targets.token, problems };
  return problems;
}

const pageVerdicts = derivation(
  'link verdicts',
  (_page: LinkingPage): { kept?: { token: object; problems: LinkProblem[] } } => ({}),
  { carriesOver: true },
);

/** What is wrong with a link judged against the site (its pages, redirects and files), or undefined. */
function checkSiteLink(targets: LinkTargets, site: SiteModel, page: LinkingPage, link: Link): string | undefined {
  const split = splitLink(link);
  if (!split) return undefined;
  const { rawPath, hash } = split;
  if (!rawPath) return anchorProblem(targets, targets.urls.get(page.path), hash, 'this page');
  const candidates = (rawPath.startsWith('/') ? [rawPath] : relativeCandidates(targets, page, rawPath, true)).map(
    normalise,
  );
  if (!candidates.length) return undefined;
  const resolutions = candidates.map((c) => ({ url: c, to: site.resolve(c) }));
  const found = resolutions.find((r) => ends(r.to).kind !== 'missing' && r.to.kind !== 'loop');
  if (!found) {
    const first = resolutions[0];
    if (first.to.kind === 'loop')
      return `${first.url} leads into a redirect loop (${first.to.hops.map((h) => h.source).join(' -> ')})`;
    if (first.to.kind === 'redirect')
      return `${first.url} redirects to ${first.to.trail.at(-1)}, where the site has no page`;
    if (unjudgedAsset(site, first.url)) return undefined;
    return `No page or file at ${first.url} on the site (no ${first.url.slice(1)}.mdx, ${first.url.slice(1)}/index.mdx, redirect or file under ${site.site.dir || 'the site folder'})`;
  }
  const end = ends(found.to);
  if (end.kind !== 'page' || hash === undefined || hash === '') return undefined;
  const url = '/' + end.page;
  const version = schemaReferenceVersion(targets, url);
  if (version !== undefined) {
    const anchors = targets.schemaAnchors.get(version);
    if (!anchors || anchors.has(cleanHeadingId(hash))) return undefined;
    return missingAnchor(
      `No declaration or member with anchor "#${hash}" in the ${version} Schema Reference`,
      hash,
      anchors,
    );
  }
  return anchorProblem(targets, url, hash, undefined);
}

/** Where a resolution ends, past its redirects. */
function ends(r: Resolution): Resolution {
  return r.kind === 'redirect' ? r.to : r;
}

/** The version whose Schema Reference `url` is (`/specification/<v>/schema`), or undefined. */
function schemaReferenceVersion(targets: LinkTargets, url: string): string | undefined {
  const m = /^(.*)\/([^/]+)\/schema$/.exec(url);
  return m && m[1] === targets.docsPrefix && targets.schemaAnchors.has(m[2]) ? m[2] : undefined;
}

/** A missing anchor on the page at `url` (whose anchors are known), or undefined. */
function anchorProblem(
  targets: LinkTargets,
  url: string | undefined,
  hash: string | undefined,
  name: string | undefined,
): string | undefined {
  if (hash === undefined || hash === '' || url === undefined) return undefined;
  const target = targets.pages.get(url);
  if (!target || target.anchors.has(cleanHeadingId(hash))) return undefined;
  return missingAnchor(`No heading "#${hash}" on ${name ?? target.path}`, hash, target.anchors);
}

/**
 * A file of a kind the tree holds none of (images left out of a snapshot or kept elsewhere) is
 * not judged: with no `.png` anywhere in the site, a missing one says nothing about the link.
 */
function unjudgedAsset(site: SiteModel, url: string): boolean {
  const ext = path.posix.extname(url).toLowerCase();
  if (!ext || ext === '.mdx' || ext === '.md') return false;
  return !site.staticExtensions.has(ext);
}

/** What is wrong with a link, or undefined when it resolves or points outside what the repository holds. */
function checkLink(targets: LinkTargets, page: LinkingPage, link: Link): string | undefined {
  const split = splitLink(link);
  if (!split) return undefined;
  const { rawPath, hash } = split;
  if (!rawPath) {
    if (hash === undefined || hash === '') return undefined;
    const url = targets.urls.get(page.path);
    const self = url ? targets.pages.get(url) : undefined;
    if (!self || self.anchors.has(cleanHeadingId(hash))) return undefined;
    return missingAnchor(`No heading "#${hash}" on this page`, hash, self.anchors);
  }

  const candidates = rawPath.startsWith('/') ? [rawPath] : relativeCandidates(targets, page, rawPath);
  const inDocs = candidates.map((c) => normalise(c)).filter((c) => c.startsWith(targets.docsPrefix + '/'));
  if (!inDocs.length) return undefined;
  const version = inDocs[0].slice(targets.docsPrefix.length + 1).split('/')[0];
  if (!targets.versions.has(version)) return undefined; // a version the repository does not hold

  // The Schema Reference: anchors computed from the model.
  const schemaPath = `${targets.docsPrefix}/${version}/schema`;
  if (inDocs.includes(schemaPath)) {
    const anchors = targets.schemaAnchors.get(version);
    if (!anchors || hash === undefined || hash === '') return undefined;
    if (anchors.has(cleanHeadingId(hash))) return undefined;
    return missingAnchor(
      `No declaration or member with anchor "#${hash}" in the ${version} Schema Reference`,
      hash,
      anchors,
    );
  }

  const found = inDocs.map((c) => targets.pages.get(c)).find((t) => t);
  if (!found)
    return `No page at ${inDocs[0]} (expected ${inDocs[0].slice(1)}.mdx or ${inDocs[0].slice(1)}/index.mdx under the docs folder)`;
  if (hash === undefined || hash === '') return undefined;
  if (found.anchors.has(cleanHeadingId(hash))) return undefined;
  return missingAnchor(`No heading "#${hash}" on ${found.path}`, hash, found.anchors);
}

/**
 * What is wrong with a link on a Markdown generator's site, or undefined. Links name files:
 * relative ones from the page's folder; `/x` from the root on GitHub and from the site's folder
 * on VitePress (MkDocs and Docusaurus leave such links to the server: not judged). A page is
 * named with its extension (`x.md`), or, on VitePress, without it or as `.html`; a folder by its
 * `index.md` (MkDocs also `README.md`; on GitHub any folder the tree has). MkDocs and Docusaurus
 * links that name no file (URLs of the built site) are not judged, nor links made by a template
 * (`{{ ... }}`), nor links leaving the root or the folders whose files are known.
 */
function checkFileLink(targets: LinkTargets, page: LinkingPage, link: Link): string | undefined {
  const split = splitLink(link);
  if (!split || /\{\{|\{%/.test(link.url)) return undefined;
  const { rawPath, hash } = split;
  const kind = targets.kind;
  if (!rawPath) return fileAnchorProblem(targets, page.path, hash, 'this page');
  const files = targets.files ?? new Set<string>();
  const written = decode(rawPath);
  let joined: string;
  if (written.startsWith('/')) {
    if (kind === 'github') joined = written.slice(1);
    else if (kind === 'vitepress') joined = path.posix.join(targets.markdownSite?.dir ?? '', written.slice(1));
    else return undefined;
  } else joined = path.posix.join(path.posix.dirname(page.path), written);
  const folder = written.endsWith('/') || written === '.' || written === '..';
  const target = path.posix.normalize(joined).replace(/\/+$/, '');
  if (target === '..' || target.startsWith('../')) return undefined;
  const ext = folder ? '' : path.posix.extname(target).toLowerCase();
  const isPage = ext === '.md' || ext === '.mdx';
  let candidates: string[];
  if (isPage) candidates = [target];
  else if (folder || !ext)
    candidates =
      kind === 'vitepress'
        ? folder
          ? [`${target}/index.md`]
          : [`${target}.md`, `${target}/index.md`]
        : kind === 'mkdocs' && folder
          ? [`${target}/index.md`, `${target}/README.md`]
          : kind === 'github'
            ? [target]
            : [];
  else if (ext === '.html' && kind === 'vitepress') candidates = [target.slice(0, -'.html'.length) + '.md'];
  // Pages another tool builds into an MkDocs site are linked as .html: not judged.
  else if (targets.extensions?.has(ext) && !(ext === '.html' && kind === 'mkdocs')) candidates = [target];
  else candidates = [];
  if (!candidates.length) return undefined;
  // Only what the tree's known folders hold is judged: a file elsewhere may well be there.
  const known = (f: string) => (targets.scopes ?? []).some((d) => d === '' || f === d || f.startsWith(d + '/'));
  if (!candidates.some(known)) return undefined;
  const found = candidates.find((c) => files.has(c) || (kind === 'github' && !!targets.folders?.has(c)));
  if (!found) {
    const tried = candidates.length > 1 ? ` (nor ${candidates.slice(1).join(', ')})` : '';
    return `No page or file ${candidates[0]}${tried}`;
  }
  return fileAnchorProblem(targets, found, hash, undefined);
}

/** A missing anchor on the page file `file` (when it is a page whose anchors are known), or undefined. */
function fileAnchorProblem(
  targets: LinkTargets,
  file: string,
  hash: string | undefined,
  name: string | undefined,
): string | undefined {
  if (hash === undefined || hash === '') return undefined;
  const target = targets.pages.get('/' + file);
  if (!target || target.open || target.anchors.has(hash)) return undefined;
  return missingAnchor(`No heading "#${hash}" on ${name ?? target.path}`, hash, target.anchors);
}

/**
 * The message for a missing anchor, naming the anchor that differs from it only in case: the site's
 * ids are lower-case and browsers compare fragments case-sensitively, so that is the likely fix.
 */
function missingAnchor(message: string, hash: string, anchors: ReadonlySet<string>): string {
  const lower = cleanHeadingId(hash).toLowerCase();
  return anchors.has(lower) ? `${message}: anchors are case-sensitive, the site's is "#${lower}"` : message;
}

import path from 'node:path';
import type { Rule } from '../core/rule.js';
import { gitignoreStyleMatcher } from '../config/glob.js';
import { siteModel } from '../site/site-model.js';

/** The navigation of docs.json names pages that exist. */
export const siteNavigation: Rule = {
  meta: {
    id: 'site/navigation',
    description:
      "Each page the site's navigation lists exists: docs.json's (`<path>.mdx`, `<path>.md` or `<path>/index.mdx` under the site folder) or mkdocs.yml's `nav` (`<path>.md` under `docs_dir`, a folder by its `index.md` or `README.md`; entries naming other files, such as `.html` pages another tool builds, are links and not judged).",
    rationale: 'A navigation entry without its page is a dead item in the sidebar of every page of the site.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/docs.json',
      fail: '"pages": ["docs/intro", "docs/gone"]',
      pass: '"pages": ["docs/intro"]',
    },
  },
  check(project, { report }) {
    const markdown = project.spec.markdownSite;
    if (markdown?.navigation) {
      const files = new Set(markdown.files);
      const at = (p: string) => path.posix.normalize(markdown.dir ? `${markdown.dir}/${p}` : p);
      for (const entry of markdown.navigation) {
        // MkDocs takes an entry that names no page (`api/index.html`) as a link, built by another tool.
        const folder = entry.page.endsWith('/');
        if (!folder && !/\.mdx?$/.test(entry.page)) continue;
        const candidates = folder ? [`${at(entry.page)}/index.md`, `${at(entry.page)}/README.md`] : [at(entry.page)];
        if (!candidates.some((c) => files.has(c)))
          report({
            message: `Navigation lists ${entry.page}, but ${markdown.dir || 'the docs folder'} has no ${candidates[0].slice(markdown.dir ? markdown.dir.length + 1 : 0)}`,
            location: entry.location,
          });
      }
      return;
    }
    const site = siteModel(project);
    if (!site) return;
    for (const entry of site.navigation) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(entry.page)) continue;
      const bare = entry.page.replace(/^\/+/, '').replace(/\/+$/, '');
      if (!site.pages.has(bare))
        report({ message: `Navigation lists ${entry.page}, but the site has no such page`, location: entry.location });
    }
  },
};

/** Pages on disk that no navigation entry lists. */
export const siteUnlistedPage: Rule = {
  meta: {
    id: 'site/unlisted-page',
    description:
      "Each page under the site folder appears in docs.json's navigation (pages under `snippets/` are imported, not served, and are left out, as are partials whose name starts with `_`; a `README.md`, `LICENSE.md`, `CHANGELOG.md` or `CONTRIBUTING.md` is no page: Mintlify leaves them out of the build), or, on an MkDocs site with a `nav`, in mkdocs.yml's `nav` (less the pages `exclude_docs` and `not_in_nav` name, the files other pages include and the pages whose front matter redirects).",
    rationale:
      'The site serves an unlisted page, but no reader finds it from the sidebar or search; it is usually a page someone forgot to add, or one left behind by a move.',
    defaultSeverity: 'warning',
    examples: {
      file: 'docs/guides/new-guide.mdx',
      fail: '(docs/guides/new-guide.mdx exists; the navigation lists only docs/guides/intro)',
      pass: '"pages": ["docs/guides/intro", "docs/guides/new-guide"]',
    },
  },
  check(project, { report }) {
    const markdown = project.spec.markdownSite;
    if (markdown?.navigation) {
      const prefix = markdown.dir ? markdown.dir + '/' : '';
      const listed = new Set(markdown.navigation.map((e) => path.posix.normalize(e.page.replace(/\/$/, '/index.md'))));
      const excluded = gitignoreStyleMatcher(markdown.unlisted ?? []);
      const pages = [...markdown.pages, ...project.spec.versions.flatMap((v) => v.pages)];
      const texts = new Map(pages.map((p) => [p.path, p.file.text]));
      // A file other pages include (`--8<--`) is a part of them, not a page of its own.
      const included = new Set((project.spec.includes ?? []).map((i) => i.target));
      for (const file of markdown.files) {
        const rel = file.slice(prefix.length);
        if (!/\.md$/.test(rel) || listed.has(rel) || excluded(rel) || included.has(file) || isPartial(rel)) continue;
        // A page whose front matter sends the reader elsewhere (`redirect:`) is kept out of the nav on purpose.
        if (/^---\r?\n(?:.*\r?\n)*?redirect(?:_to)?:/.test(texts.get(file) ?? '')) continue;
        // MkDocs serves a folder's README.md as its index when there is no index.md.
        if (/(^|\/)README\.md$/.test(rel) && listed.has(rel.replace(/README\.md$/, 'index.md'))) continue;
        report({
          message: `No entry of the nav in ${markdown.config?.path ?? 'mkdocs.yml'} lists this page (${rel})`,
          location: { file, line: 1, column: 1 },
        });
      }
      return;
    }
    const site = siteModel(project);
    if (!site) return;
    const listed = new Set(site.navigation.map((e) => e.page.replace(/^\/+/, '').replace(/\/+$/, '')));
    const ignored = new Set(site.site.ignored);
    for (const file of new Set(site.pages.values())) {
      const bare = site.urlOf(file)!.slice(1);
      if (isPartial(bare) || ignored.has(file)) continue;
      const names = bare.endsWith('/index') ? [bare, bare.slice(0, -'/index'.length)] : [bare];
      if (!names.some((n) => listed.has(n)))
        report({
          message: `No navigation entry in docs.json lists this page (${bare})`,
          location: { file, line: 1, column: 1 },
        });
    }
  },
};

/**
 * A file whose name starts with `_` is a partial by the generators' shared convention (Docusaurus
 * and Jekyll never serve one; elsewhere it is a template a script fills or a snippet pages import):
 * kept out of the navigation on purpose, not forgotten.
 */
function isPartial(rel: string): boolean {
  return path.posix.basename(rel).startsWith('_');
}

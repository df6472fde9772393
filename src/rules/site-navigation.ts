import type { Rule } from '../core/rule.js';
import { siteModel } from '../site/site-model.js';

/** The navigation of docs.json names pages that exist. */
export const siteNavigation: Rule = {
  meta: {
    id: 'site/navigation',
    description:
      "Each page the site's docs.json navigation lists exists (`<path>.mdx`, `<path>.md` or `<path>/index.mdx` under the site folder).",
    rationale: 'A navigation entry without its page is a dead item in the sidebar of every page of the site.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/docs.json',
      fail: '"pages": ["docs/intro", "docs/gone"]',
      pass: '"pages": ["docs/intro"]',
    },
  },
  check(project, { report }) {
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
      "Each page under the site folder appears in docs.json's navigation (pages under `snippets/` are imported, not served, and are left out).",
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
    const site = siteModel(project);
    if (!site) return;
    const listed = new Set(site.navigation.map((e) => e.page.replace(/^\/+/, '').replace(/\/+$/, '')));
    for (const file of new Set(site.pages.values())) {
      const bare = site.urlOf(file)!.slice(1);
      const names = bare.endsWith('/index') ? [bare, bare.slice(0, -'/index'.length)] : [bare];
      if (!names.some((n) => listed.has(n)))
        report({
          message: `No navigation entry in docs.json lists this page (${bare})`,
          location: { file, line: 1, column: 1 },
        });
    }
  },
};

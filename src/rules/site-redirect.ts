import type { Rule } from '../core/rule.js';
import { siteModel } from '../site/site-model.js';
import { isExternalUrl } from '../prose/links.js';

/** docs.json redirects lead, in one hop, to a page or file the site serves. */
export const siteRedirect: Rule = {
  meta: {
    id: 'site/redirect',
    description:
      "Each redirect in the site's docs.json leads, in one hop, to a page or file the site serves (or to an external URL): no destination that does not exist, no chain through another literal redirect, no loop. A chain through a patterned alias (`/latest/:slug*`) is on purpose and fine.",
    rationale:
      'Redirects keep old links alive after pages move. One whose destination moved again sends readers to a 404, or through a second redirect that the next move breaks; a loop never loads.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/docs.json',
      fail: '"redirects": [{ "source": "/old", "destination": "/docs/gone" }]',
      pass: '"redirects": [{ "source": "/old", "destination": "/docs/intro" }]',
    },
  },
  check(project, { report }) {
    const site = siteModel(project);
    if (!site) return;
    if (site.patternsLeftOut)
      report({
        message: `${site.patternsLeftOut} patterned redirects past the first ${site.redirects.filter((r) => r.patterned).length} are not read: links through them are judged as if they were absent`,
        location: { file: site.site.config.file.path, line: 1, column: 1 },
      });
    for (const redirect of site.redirects) {
      const destination = redirect.destination;
      // A patterned destination is judged through the paths it is used for (links), not on its own.
      if (isExternalUrl(destination) || /[:*]/.test(destination)) continue;
      const to = site.resolve(destination.replace(/[?#].*$/, ''));
      const location = redirect.location.destination;
      const related = [{ ...redirect.location.source, message: `the redirect's source, ${redirect.source}` }];
      if (to.kind === 'loop')
        report({
          message: `Redirect from ${redirect.source} leads into a loop: ${[destination, ...to.hops.map((h) => h.destination)].join(' -> ')}`,
          location,
          related,
        });
      else if (to.kind === 'missing' || (to.kind === 'redirect' && to.to.kind === 'missing'))
        report({
          message: `Redirect from ${redirect.source} leads to ${to.kind === 'redirect' ? to.trail.at(-1) : destination}, where the site has no page or file`,
          location,
          related,
        });
      // Through a patterned redirect (an alias such as `/latest/:slug*`) on purpose: it follows the alias as it moves.
      else if (to.kind === 'redirect' && to.hops.some((h) => !h.patterned))
        report({
          message: `Redirect from ${redirect.source} leads to ${destination}, which redirects again (${to.trail.join(' -> ')}): point it at the final page`,
          location,
          related: [
            ...related,
            ...to.hops.map((h) => ({ ...h.location.source, message: `the next redirect, ${h.source}` })),
          ],
        });
    }
  },
};

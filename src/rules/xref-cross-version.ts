import type { Rule } from '../core/rule.js';
import { compareVersions } from '../model/versions.js';
import { linkTargets, relativeCandidates } from '../prose/link-targets.js';
import { normalise, splitLink } from '../prose/links.js';

/** A version's spec pages link within that version. */
export const xrefCrossVersion: Rule = {
  meta: {
    id: 'xref/cross-version',
    description:
      "A spec page of one version does not link into a later version's specification or the draft (directly or through `latest` and other redirects); links back to earlier versions, which are about history, are fine.",
    rationale:
      'Readers of a released version must stay in it: a link into the draft or a newer version sends them to rules that do not apply to what they implement, and into pages that keep changing.',
    defaultSeverity: 'warning',
    examples: {
      file: 'docs/specification/2025-01-01/server/widgets.mdx',
      fail: 'See [widget lifecycle](/specification/draft/basic/lifecycle).',
      pass: 'See [widget lifecycle](/specification/2025-01-01/basic/lifecycle); it replaced [the old one](/specification/2024-06-01/basic/lifecycle).',
    },
  },
  check(project, { report }) {
    const targets = linkTargets(project);
    const versions = new Set(project.spec.versions.map((v) => v.id));
    const versionUrl = (url: string): string | undefined => {
      const rest = url.startsWith(targets.docsPrefix + '/') ? url.slice(targets.docsPrefix.length + 1) : undefined;
      const id = rest?.split('/')[0];
      return id && versions.has(id) ? id : undefined;
    };
    for (const version of project.spec.versions) {
      for (const page of version.pages) {
        for (const link of page.links) {
          const split = splitLink(link);
          if (!split?.rawPath) continue;
          const url = normalise(
            split.rawPath.startsWith('/')
              ? split.rawPath
              : (relativeCandidates(targets, page, split.rawPath, !!targets.site)[0] ?? ''),
          );
          if (!url) continue;
          let target = versionUrl(url);
          let via = '';
          if (!target && targets.site) {
            const to = targets.site.resolve(url);
            if (to.kind === 'redirect' && to.to.kind === 'page') {
              target = versionUrl('/' + to.to.page);
              via = ` (through the redirect from ${to.hops[0].source})`;
            }
          }
          // A link back to an earlier version is about history (a transport it replaced, a changelog): on purpose.
          if (target && compareVersions(target, version.id) > 0)
            report({
              message: `Link from the ${version.id} specification into the ${target} one${via}: ${link.url}`,
              location: { file: link.location.file, line: link.location.line, column: link.location.column },
            });
        }
      }
    }
  },
};

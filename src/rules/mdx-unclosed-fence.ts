import type { Rule } from '../core/rule.js';
import type { TextFile } from '../core/text-file.js';
import { derivation } from '../project/project.js';
import { codeFences } from '../sources/page-outline.js';
import { beyondParseLimits } from '../sources/markdown.js';

/** Every code fence of a page is closed. */
export const mdxUnclosedFence: Rule = {
  meta: {
    id: 'mdx/unclosed-fence',
    description:
      "Every fenced code block (```` ``` ```` or `~~~`) is closed by a fence of the same kind, on every page of the site (the versions' pages, and with a docs.json all others).",
    rationale:
      'An unclosed fence turns the rest of the page into one code block: its headings, links and prose vanish from the rendered page, and no parser reports it.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: '```json\n{ "id": 1 }\n\n## Errors',
      pass: '```json\n{ "id": 1 }\n```\n\n## Errors',
    },
  },
  check(project, { report }) {
    const pages = [
      ...project.spec.versions.flatMap((v) =>
        v.pages.map((p) => ({
          file: p.file,
          // A page beyond the parser's limits is reported as such, and not read again here; one
          // that has a tree was parsed, so is not beyond them (the question costs a pass over the text).
          fences: !p.tree && project.derive(beyondLimits, p.file) ? [] : project.derive(fencesOf, p.file),
        })),
      ),
      ...(project.spec.site?.pages ?? []).map((p) => ({ file: p.file, fences: p.fences })),
    ];
    for (const { file, fences } of pages)
      for (const fence of fences)
        if (fence.closedAt === undefined)
          report({
            message: `Code fence${fence.lang ? ` (${fence.lang})` : ''} is never closed: the rest of the page renders as code`,
            location: { file: file.path, line: fence.line, column: fence.column },
          });
  },
};

/** The code fences of a version's page (parsed in full, but the parse closes a fence at the end silently). */
const fencesOf = derivation('code fences', (file: TextFile) => codeFences(file), { carriesOver: true });
const beyondLimits = derivation('beyond the parse limits', (file: TextFile) => !!beyondParseLimits(file), {
  carriesOver: true,
});

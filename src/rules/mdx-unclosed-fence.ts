import type { Rule } from '../core/rule.js';

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
      // Found when the page was parsed (kept with its products), since the parse closes a fence
      // at the end of the page silently; none for a page beyond the parser's limits, which is
      // reported as such.
      ...project.spec.versions.flatMap((v) => v.pages.map((p) => ({ file: p.file, fences: p.unclosedFences }))),
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

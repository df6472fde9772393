import type { Rule } from '../core/rule.js';

/** MDX pages that do not parse. */
export const mdxParse: Rule = {
  meta: {
    id: 'mdx/parse',
    description: 'Every MDX page of the spec parses as MDX (unclosed JSX tags, stray `{` or `<`, broken ESM).',
    rationale:
      'A page that does not parse fails the docs build. Its code blocks, links and headings are still checked as far as it reads as plain Markdown (an HTML comment, a stray `{`), so one slip does not hide the rest of the page.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: '<Note>\nWidgets are listed in pages.\n',
      pass: '<Note>\nWidgets are listed in pages.\n</Note>',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    for (const version of spec.versions) {
      for (const page of version.pages) {
        if (page.syntax === 'mdx' && page.parseError)
          report({
            message: `MDX parse error: ${page.parseError.message}${page.parseError.readAsMarkdown ? '; the rest of the page was checked as plain Markdown' : ''}`,
            location: page.parseError.location,
          });
      }
    }
  },
};

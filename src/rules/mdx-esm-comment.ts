import type { Rule } from '../core/rule.js';
import type { EsmBlock } from '../model/spec.js';
import { derivation } from '../project/project.js';
import { AcornParser, acornJsx } from '../vendor/markdown.js';

/** JS comments inside MDX `import`/`export` blocks. */
export const mdxEsmComment: Rule = {
  meta: {
    id: 'mdx/esm-comment',
    description:
      "No JavaScript comment (`//` or `/* */`) inside an MDX `import` or `export` block, on every page of the site (the versions' pages, and with a docs.json all others).",
    rationale:
      "Comments in MDX ESM blocks work in local previews but break the docs site's production parser; the spec repository checks this with its own script (check:docs:js-comments).",
    defaultSeverity: 'error',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: 'export const limits = { max: 10 }; // per page',
      pass: 'export const limits = { max: 10 };\n\n{/* per page */}',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    for (const page of spec.site?.pages ?? []) {
      if (page.syntax !== 'mdx') continue;
      for (const block of page.esm) {
        for (const c of project.derive(esmComments, block))
          report({
            message: `JavaScript comment in an MDX ${block.text.startsWith('import') ? 'import' : 'export'} block breaks the docs site's production parser: ${short(c.text)}`,
            location: { file: page.path, line: c.line, column: c.column },
          });
      }
    }
    for (const version of spec.versions)
      for (const page of version.pages)
        for (const c of page.esmComments)
          report({
            message: `JavaScript comment in an MDX ${c.block} block breaks the docs site's production parser: ${short(c.text)}`,
            location: { file: page.path, line: c.line, column: c.column },
          });
  },
};

function short(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? one.slice(0, 57) + '...' : one;
}

const EsmParser = AcornParser.extend(acornJsx());

/** The comments of an outlined page's ESM block, at their page lines; none when it does not parse (rule `mdx/parse` territory). */
const esmComments = derivation(
  'ESM block comments',
  (block: EsmBlock) => {
    const out: { text: string; line: number; column: number }[] = [];
    try {
      EsmParser.parse(block.text, {
        ecmaVersion: 'latest',
        sourceType: 'module',
        locations: true,
        onComment(isBlock, value, _start, _end, loc) {
          out.push({
            text: isBlock ? `/*${value}*/` : `//${value}`,
            line: block.line + (loc?.line ?? 1) - 1,
            column: (loc?.column ?? 0) + 1,
          });
        },
      });
    } catch {
      return [];
    }
    return out;
  },
  { carriesOver: true },
);

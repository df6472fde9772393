import type { Rule } from '../core/rule.js';
import type { EsmBlock, EsmComment } from '../model/spec.js';
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
    const pages = [
      // The versions' pages were parsed: their comments were found then (see `esmCommentsIn`).
      ...spec.versions.flatMap((v) => v.pages.map((p) => ({ path: p.path, comments: p.esmComments }))),
      ...(spec.site?.pages ?? [])
        .filter((p) => p.syntax === 'mdx')
        .map((p) => ({ path: p.path, comments: p.esm.flatMap((block) => project.derive(esmComments, block)) })),
    ];
    for (const { path, comments } of pages)
      for (const c of comments)
        report({
          message: `JavaScript comment in an MDX ${c.block} block breaks the docs site's production parser: ${short(c.text)}`,
          location: { file: path, line: c.line, column: c.column },
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
  (block: EsmBlock): EsmComment[] => {
    const out: EsmComment[] = [];
    try {
      EsmParser.parse(block.text, {
        ecmaVersion: 'latest',
        sourceType: 'module',
        locations: true,
        onComment(isBlock, value, _start, _end, loc) {
          out.push({
            text: isBlock ? `/*${value}*/` : `//${value}`,
            block: block.text.startsWith('import') ? 'import' : 'export',
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

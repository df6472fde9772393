/**
 * What rules read of a page's tree, found when the page is parsed and kept with its products
 * (page-products.ts): a check that reads the products back then leaves most trees unparsed (a
 * tree is parsed from its stored text when first walked), where walking every page for these
 * cost a tenth of a check after an edit on the MCP corpus.
 */
import type { Root } from 'mdast';
import type { CodeFence, EsmComment, MarkdownPage } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import { codeFences } from './page-outline.js';
import { memberDefinitionsIn } from '../prose/member-definitions.js';
import { lazyFields } from '../util/lazy-fields.js';

/** The facts of a page kept with its data (see `MarkdownPageData`). */
export type PageFacts = Pick<MarkdownPage, 'unclosedFences' | 'esmComments' | 'memberDefinitions'>;

const FACTS = ['unclosedFences', 'esmComments', 'memberDefinitions'] as const;

/** A page's facts, as a page or its data holds them. */
export function factsOf(page: PageFacts): PageFacts {
  return {
    unclosedFences: page.unclosedFences,
    esmComments: page.esmComments,
    memberDefinitions: page.memberDefinitions,
  };
}

/** A page's facts before it is read. */
export function noFacts(): PageFacts {
  return { unclosedFences: [], esmComments: [], memberDefinitions: [] };
}

/** The code fences of a page never closed, read from its text line by line: the parse closes a fence at the end of the page silently. */
export function unclosedFencesOf(file: TextFile): CodeFence[] {
  return codeFences(file).filter((fence) => fence.closedAt === undefined);
}

/** The facts read from a page's tree, none without one. */
export function treeFacts(path: string, tree: Root | undefined): Omit<PageFacts, 'unclosedFences'> {
  return { esmComments: esmCommentsIn(tree), memberDefinitions: memberDefinitionsIn(path, tree) };
}

/** Defines a page's facts as getters of the page `from` gives, read when first asked for. */
export function lazyFacts<T extends object>(page: T, from: () => PageFacts): T & PageFacts {
  return lazyFields(page, FACTS, from);
}

/** The JavaScript comments of a page's top-level `import`/`export` blocks, at their page lines (remark-mdx parsed them with acorn). */
export function esmCommentsIn(tree: Root | undefined): EsmComment[] {
  const out: EsmComment[] = [];
  for (const node of tree?.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    const comments = ((node.data as { estree?: { comments?: AcornComment[] } } | undefined)?.estree?.comments ??
      []) as AcornComment[];
    for (const c of comments) {
      const start = c.loc?.start ?? {
        line: node.position?.start.line ?? 1,
        column: (node.position?.start.column ?? 1) - 1,
      };
      out.push({
        text: c.type === 'Line' ? `//${c.value}` : `/*${c.value}*/`,
        block: node.value.trimStart().startsWith('import') ? 'import' : 'export',
        line: start.line,
        column: start.column + 1,
      });
    }
  }
  return out;
}

/** A comment as acorn lists it. */
interface AcornComment {
  type: 'Line' | 'Block';
  value: string;
  loc?: { start: { line: number; column: number } };
}

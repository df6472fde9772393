/**
 * The Markdown stack spec-check parses with (unified, remark, micromark and their GFM, MDX and
 * front matter extensions), as one module. The build bundles this file with what it imports into
 * one file (`scripts/bundle.mjs`): these packages are about 230 small ES modules, and loading
 * them as one takes about 0.1 s less CPU in each thread that parses Markdown (a cold check of
 * the MCP corpus, 4% of its wall time). From the sources (tests) it is a plain re-export.
 */
export { unified, type Processor } from 'unified';
export { default as remarkParse } from 'remark-parse';
export { default as remarkMdx } from 'remark-mdx';
export { default as remarkFrontmatter } from 'remark-frontmatter';
export { gfmFootnote } from 'micromark-extension-gfm-footnote';
export { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
export { gfmTable } from 'micromark-extension-gfm-table';
export { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
export { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
export { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
export { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
export { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
export { toString } from 'mdast-util-to-string';
export { visit } from 'unist-util-visit';
// The ESM blocks of pages that are outlined, not parsed, are read with the parser remark-mdx uses.
export { Parser as AcornParser } from 'acorn';
export { default as acornJsx } from 'acorn-jsx';

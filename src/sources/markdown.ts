/**
 * Parses MDX pages (remark-parse + remark-mdx + remark-gfm) and Markdown SEPs (remark-parse +
 * remark-gfm) into the page model. MDX is parsed, never compiled or evaluated.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Root, Heading as MdastHeading, Code, Nodes } from 'mdast';
import type { CodeBlock, Heading, Link, Location, MarkdownPage } from '../model/types.js';
import type { TextFile } from '../model/text-file.js';

const mdxParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm);
const mdParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm);

export function readMarkdownPage(file: TextFile, syntax: 'mdx' | 'md'): MarkdownPage {
  const page: MarkdownPage = { path: file.path, syntax, file, headings: [], codeBlocks: [], links: [] };
  let tree: Root;
  try {
    tree = (syntax === 'mdx' ? mdxParser : mdParser).parse(file.text) as Root;
  } catch (error) {
    page.parseError = { message: parseErrorMessage(error), location: parseErrorLocation(error, file) };
    return page;
  }
  page.tree = tree;

  // Headings enclosing each node: a stack of the headings seen so far, by depth.
  const headingStack: Heading[] = [];
  visit(tree, (node: Nodes) => {
    if (node.type === 'heading') {
      const heading: Heading = { depth: node.depth, text: toString(node as MdastHeading).trim(), location: at(file, node) };
      while (headingStack.length && headingStack.at(-1)!.depth >= heading.depth) headingStack.pop();
      headingStack.push(heading);
      page.headings.push(heading);
    } else if (node.type === 'code') {
      page.codeBlocks.push(codeBlock(file, node, headingStack.map((h) => h.text)));
    } else if (node.type === 'link' || node.type === 'definition') {
      page.links.push({ url: node.url, text: node.type === 'link' ? toString(node) : node.label ?? '', location: at(file, node) } satisfies Link);
    }
  });
  return page;
}

function at(file: TextFile, node: Nodes): Location {
  const p = node.position;
  if (!p) return { file: file.path, line: 1, column: 1 };
  return { file: file.path, line: p.start.line, column: p.start.column, endLine: p.end.line, endColumn: p.end.column };
}

function codeBlock(file: TextFile, node: Code, headingPath: string[]): CodeBlock {
  const fence = at(file, node);
  const valueLines = node.value.split('\n');
  const fenceIndent = fence.column - 1;
  return {
    lang: node.lang ?? undefined,
    meta: node.meta ?? undefined,
    value: node.value,
    location: fence,
    headingPath,
    locate(line: number, column: number): Location {
      const pageLine = fence.line + 1 + line;
      const original = file.lineText(pageLine);
      const valueLine = valueLines[line] ?? '';
      // Blocks inside lists or JSX are indented; the value has that indentation removed.
      const indent = valueLine && original.endsWith(valueLine) ? original.length - valueLine.length : fenceIndent;
      return { file: file.path, line: pageLine, column: indent + column + 1 };
    },
  };
}

function parseErrorMessage(error: unknown): string {
  const e = error as { reason?: string; message?: string };
  return (e.reason ?? e.message ?? String(error)).split('\n')[0];
}

function parseErrorLocation(error: unknown, file: TextFile): Location {
  const e = error as { line?: number; column?: number; reason?: string; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
  // Some MDX errors (an unclosed tag met at the end) carry the place only in their text: "(3:1-3:7)".
  const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(e.reason ?? '');
  const line = e.line ?? e.place?.line ?? e.place?.start?.line ?? (inText ? Number(inText[1]) : 1);
  const column = e.column ?? e.place?.column ?? e.place?.start?.column ?? (inText ? Number(inText[2]) : 1);
  return { file: file.path, line, column };
}

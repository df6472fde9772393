/**
 * Finds inline suppression comments in the sources:
 * - schema.ts: `// spec-check-disable-next-line RULE -- reason`
 * - MDX: `{/* spec-check-disable-next-line RULE -- reason *\/}`
 * - Markdown (SEPs): `<!-- spec-check-disable-next-line RULE -- reason -->`
 * Several rules may be named, separated by commas. The engine applies them after the rules run.
 * The schema.ts ones are read with TypeScript's scanner, in `schema-ts.ts`: this module does not
 * load the compiler, so that the worker thread can parse SEPs before it has loaded it.
 */
import { visit } from '../vendor/markdown.js';
import type { Nodes, Root } from 'mdast';
import type { Suppression } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';

export const DIRECTIVE = 'spec-check-disable-next-line';

/** `RULE, RULE -- reason` after the directive word, as written. */
export function parseDirective(body: string): { rules: string[]; reason?: string } {
  const dashes = body.indexOf('--');
  const rulePart = dashes >= 0 ? body.slice(0, dashes) : body;
  const reason = dashes >= 0 ? body.slice(dashes + 2).trim() : '';
  const rules = rulePart
    .split(/[\s,]+/)
    .map((r) => r.trim())
    .filter(Boolean);
  return reason ? { rules, reason } : { rules };
}

const MDX_COMMENT = new RegExp(`^\\s*/\\*\\s*${DIRECTIVE}(?:\\s+([^]*?))?\\s*\\*/\\s*$`);
const HTML_COMMENT = new RegExp(`^<!--\\s*${DIRECTIVE}(?:\\s+([^]*?))?\\s*-->$`);

/** Suppressions in a parsed page (its file and tree): MDX expression comments, or HTML comments in Markdown. */
export function suppressionsInPage(file: TextFile, tree: Root | undefined): Suppression[] {
  if (!tree || !file.text.includes(DIRECTIVE)) return [];
  const out: Suppression[] = [];
  visit(tree, (node: Nodes) => {
    let m: RegExpExecArray | null = null;
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') m = MDX_COMMENT.exec(node.value);
    else if (node.type === 'html') m = HTML_COMMENT.exec(node.value.trim());
    if (!m || !node.position) return;
    const { start, end } = node.position;
    out.push({
      ...parseDirective(m[1] ?? ''),
      location: { file: file.path, line: start.line, column: start.column },
      targetLine: end.line + 1,
    });
  });
  return out;
}

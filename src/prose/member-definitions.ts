/**
 * The members a page defines in a list or table: `` - `mimeType`: … `` or `` | `mimeType` | … | ``,
 * each with its description, where it is written, and the text that may name its declaration
 * (the paragraph before the list or table, the nearest heading).
 */
import type { Root } from 'mdast';
import type { Location } from '../core/location.js';
import type { MemberDefinition } from '../model/spec.js';

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  depth?: number;
  position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
}

/** A member a page defines (the page model's `memberDefinitions`). */
export type Definition = MemberDefinition;

export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function codesIn(nodes: Node[]): string[] {
  return nodes.flatMap((n) => (n.type === 'inlineCode' ? [n.value ?? ''] : codesIn(n.children ?? [])));
}

function plain(node: Node): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  if (node.type === 'break') return ' ';
  return (node.children ?? []).map(plain).join('');
}

/** The backticked name opening a paragraph (`` `name` `` or `` **`name`** ``) and the text after it, or undefined. */
function openingName(children: Node[]): { name: string; rest: Node[] } | undefined {
  let first = children[0];
  let rest = children.slice(1);
  if (first?.type === 'strong' && first.children?.length === 1) {
    rest = children.slice(1);
    first = first.children[0];
  }
  if (first?.type !== 'inlineCode' || !IDENTIFIER.test(first.value ?? '')) return undefined;
  return { name: first.value!, rest };
}

/** The members the page at `path` defines, read from its tree when it is parsed (kept with its products). */
export function memberDefinitionsIn(path: string, tree: Root | undefined): Definition[] {
  const out: Definition[] = [];
  if (!tree) return out;
  const at = (node: Node): Location => {
    const p = node.position!.start;
    return { file: path, line: p.line, column: p.column };
  };
  let heading = '';
  // Inside a list item, a nested list defines the members of the item's value, not of the section's declaration.
  const walk = (children: Node[], inItem = false) => {
    let previous = '';
    for (const node of children) {
      if (node.type === 'heading') {
        heading = plain(node);
        previous = '';
        continue;
      }
      if (node.type === 'list') {
        const found: Definition[] = [];
        for (const item of node.children ?? []) {
          const para = item.children?.[0];
          if (para?.type !== 'paragraph' || !para.position) continue;
          const opening = openingName(para.children ?? []);
          if (!opening) continue;
          const text = opening.rest.map(plain).join('');
          const m = /^\s*(?::|\s[-–—]\s)\s*/.exec(text);
          if (!m || !text.slice(m[0].length).trim()) continue;
          found.push({
            name: opening.name,
            text: text.slice(m[0].length).replace(/\s+/g, ' ').trim(),
            location: at(para),
            leadIn: previous,
            heading: inItem ? '' : heading,
            siblings: [],
            codes: codesIn(opening.rest),
          });
        }
        for (const d of found) d.siblings = found.map((f) => f.name);
        out.push(...found);
        for (const item of node.children ?? []) walk(item.children ?? [], true);
      } else if (node.type === 'table') {
        const [head, ...rows] = node.children ?? [];
        const headers = (head?.children ?? []).map((c) => plain(c).trim().toLowerCase());
        let column = headers.findIndex((h) => /^description\b/.test(h));
        const found: Definition[] = [];
        for (const row of rows) {
          const cells = row.children ?? [];
          const opening = openingName(cells[0]?.children ?? []);
          if (!opening || opening.rest.map(plain).join('').trim() || !row.position) continue;
          if (column < 0) column = cells.length - 1;
          const cell = cells[column];
          if (!cell || column === 0 || !cell.position) continue;
          const text = plain(cell).replace(/\s+/g, ' ').trim();
          if (!text) continue;
          found.push({
            name: opening.name,
            text,
            location: at(cell),
            leadIn: previous,
            heading: inItem ? '' : heading,
            siblings: [],
            codes: codesIn([cell]),
          });
        }
        for (const d of found) d.siblings = found.map((f) => f.name);
        out.push(...found);
      } else if (node.children && node.type !== 'paragraph') {
        walk(node.children, inItem);
      }
      if (node.type === 'paragraph') previous = plain(node);
      else if (node.type !== 'list' && node.type !== 'table') previous = '';
    }
  };
  walk((tree as Node).children ?? []);
  return out;
}

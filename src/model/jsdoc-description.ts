import type { JsDoc, JsDocLine } from './spec.js';

/**
 * Block tags whose text is the description of what the comment documents, as TypeDoc renders it
 * (`@summary`, `@remarks`) or as specs written in JSDoc's own style put it (`@description`).
 */
export const DESCRIPTION_TAGS: ReadonlySet<string> = new Set(['description', 'summary', 'remarks']);

/**
 * The lines of a comment that describe its declaration or member: the leading text before the first
 * block tag, then the text of each `@description`, `@summary` and `@remarks` tag (its first line cut
 * after the tag name, its location moved along), in comment order; other tags' text is left out.
 * Every reader of JSDoc prose (consistency claims, jsdoc/contradiction, sep-diff) reads this.
 */
export function descriptionLines(doc: JsDoc): JsDocLine[] {
  const out: JsDocLine[] = [];
  let describing = true;
  let inFence = false;
  for (const line of doc.lines) {
    if (/^\s*```/.test(line.text)) inFence = !inFence;
    const tag = !inFence && /^\s*@(\w+)\s*/.exec(line.text);
    if (tag) {
      describing = DESCRIPTION_TAGS.has(tag[1]);
      if (!describing) continue;
      // A blank line between the parts keeps them separate paragraphs.
      if (out.length) out.push({ text: '', location: line.location });
      const cut = tag[0].length;
      out.push({ text: line.text.slice(cut), location: { ...line.location, column: line.location.column + cut } });
    } else if (describing) out.push(line);
  }
  return out;
}

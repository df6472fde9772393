/** Shared by the `generated/*` rules: where a committed file first differs from the generated text. */
import type { SpecVersion } from '../model/spec.js';
import type { RelatedLocation } from '../core/location.js';

/** Offset of the first character where the two texts differ, or -1 when they are equal. */
export function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The text of the line holding `offset`, shortened around it, for a message. */
export function excerpt(text: string, offset: number, width = 80): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  if (start === end) return offset >= text.length ? '(end of file)' : '(empty line)';
  const indent = /^\s*/.exec(text.slice(start, end))![0].length;
  const from = Math.max(start + indent, offset - Math.floor(width / 2));
  const to = Math.min(end, from + width);
  return `${from > start + indent ? '…' : ''}${text.slice(from, to).trim()}${to < end ? '…' : ''}`;
}

/** The schema.ts location of a declaration, as a related location. */
export function declarationRelated(version: SpecVersion, name: string | undefined, message: string): RelatedLocation[] {
  const decl = name ? version.schemaTs?.byName.get(name) : undefined;
  return decl ? [{ ...decl.location, message }] : [];
}

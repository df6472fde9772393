/**
 * Reads a JSON code block of a prose page. Prose blocks are often JSONC (comments, trailing
 * commas); a block that still does not parse gives no claim. This is the one place that parses
 * prose JSON for the consistency engine, so a shared lenient reader can replace it.
 */
import { JsonDocument } from '../core/json-document.js';

export function parseProseJson(text: string): JsonDocument | undefined {
  const doc = new JsonDocument(text, { comments: true, trailingCommas: true });
  return doc.ok ? doc : undefined;
}

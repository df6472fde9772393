/**
 * A byte order mark (U+FEFF) that some editors write at the start of UTF-8 files. It is not part
 * of the text: left in, it would shift the first line's columns and break JSON and front matter.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reading a file's bytes as text: UTF-8 without a byte order mark, and not binary. Binary is a
 * NUL anywhere, bytes that are not UTF-8, or UTF-8 that is mostly characters no text holds.
 */
import { TextFile } from '../core/text-file.js';
import { withoutBom } from '../util/bom.js';

/**
 * A file's bytes as text (UTF-8, without a byte order mark); undefined when they are binary or not
 * UTF-8. `digest`: the sha256 of the bytes, when the caller took it (see `TextFile.digest`).
 */
export function textFileOf(rel: string, bytes: Buffer, digest?: string): TextFile | undefined {
  const text = decodeUtf8(bytes);
  return text === undefined || garbage(text) ? undefined : new TextFile(rel, withoutBom(text), digest);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Characters no text file of a spec holds: C0 controls but tab, line feed, form feed and carriage
 * return, DEL, C1 controls, and U+FFFD, which a lossy decoding writes for each byte it could not read.
 */
const NOT_TEXT = /[\u0001-\u0008\u000b\u000e-\u001f\u007f-\u009f\ufffd]/g;

/**
 * Bytes that are valid UTF-8 but not text: random bytes once decoded lossily, or read as Latin-1,
 * are a quarter or more such characters. A real page has none (not one in the MCP repository, its
 * history or the other specs read); a stray one or two (a pasted escape) are not garbage.
 */
function garbage(text: string): { count: number; first: number } | undefined {
  let count = 0;
  let first = -1;
  for (const m of text.matchAll(NOT_TEXT)) {
    if (first < 0) first = m.index;
    count++;
  }
  return count >= GARBAGE_MIN_CHARACTERS && count * GARBAGE_RATIO >= text.length ? { count, first } : undefined;
}

/** At least this many, and at least one character in this many: */
const GARBAGE_MIN_CHARACTERS = 8;
const GARBAGE_RATIO = 50;

/** Why `textFileOf` read no text from these bytes, and where: the first character that is not text. */
export function whyNotText(bytes: Buffer): { message: string; line: number; column: number } {
  if (bytes.includes(0)) return { message: 'Binary file: expected UTF-8 text', line: 1, column: 1 };
  const text = decodeUtf8(bytes);
  const found = text === undefined ? undefined : garbage(text);
  if (text === undefined || !found) return { message: 'File is not valid UTF-8', line: 1, column: 1 };
  const before = text.slice(0, found.first).split('\n');
  return {
    message: `Binary file: ${found.count} of ${text.length} characters are control characters or U+FFFD; expected UTF-8 text`,
    line: before.length,
    column: before.at(-1)!.length + 1,
  };
}

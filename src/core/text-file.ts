import type { Location } from './location.js';

/** How far into a file `position` counts line breaks rather than find every line start. */
const COUNTED_PREFIX = 8192;

/** A file's text with the offsets of its line starts, to turn offsets into line/column. */
export class TextFile {
  private lineStarts?: number[];

  constructor(
    /** Path relative to the root, `/`-separated. */
    readonly path: string,
    readonly text: string,
    /**
     * The sha256 (hex) of the bytes the text was decoded from, when the reader took it (a check
     * reading its inputs does): keys of what is made from the text use it instead of hashing the
     * text again (see `textKeyParts`).
     */
    readonly digest?: string,
  ) {}

  private starts(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      const text = this.text;
      for (let i = 0; i < text.length; i++) {
        if (text.charCodeAt(i) === 10) starts.push(i + 1);
      }
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }

  /** 1-based line and column of a 0-based offset (columns count UTF-16 code units, as editors do). */
  position(offset: number): { line: number; column: number } {
    if (!this.lineStarts && offset <= COUNTED_PREFIX) {
      // Near the start of a file whose line starts are not known (a SEP header's fields, read for
      // each SEP of a check), the line breaks before the offset are counted, not every line start found.
      let line = 1;
      let start = 0;
      for (let at = this.text.indexOf('\n'); at >= 0 && at < offset; at = this.text.indexOf('\n', at + 1)) {
        line++;
        start = at + 1;
      }
      return { line, column: offset - start + 1 };
    }
    const starts = this.starts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }

  /** 0-based offset of a 1-based line and column. */
  offset(line: number, column: number): number {
    const starts = this.starts();
    const start = starts[Math.min(Math.max(line - 1, 0), starts.length - 1)];
    return start + column - 1;
  }

  location(offset: number, endOffset?: number): Location {
    const start = this.position(offset);
    const loc: Location = { file: this.path, line: start.line, column: start.column };
    if (endOffset !== undefined) {
      const end = this.position(endOffset);
      loc.endLine = end.line;
      loc.endColumn = end.column;
    }
    return loc;
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const starts = this.starts();
    if (line < 1 || line > starts.length) return '';
    const start = starts[line - 1];
    const end = line < starts.length ? starts[line] - 1 : this.text.length;
    return this.text.slice(start, end).replace(/\r$/, '');
  }

  get lineCount(): number {
    return this.starts().length;
  }
}

/**
 * A SEP's header as written, read once for every reader of it (the sep/header rule, the SEP
 * pages' renderer, which applies its own defaults): the number and slug of its file name
 * (`2145-tool-errors.md`), the title of its `# SEP-2145: …` heading, and the fields written as
 * `- **Status**: Final` lines. Each field is the first line of that form in the file, its value
 * the rest of the line, located in the file so that a rule can point at it.
 */
import type { TextFile } from '../core/text-file.js';

export interface HeaderField {
  /** The value as written, trimmed. */
  value: string;
  /** Offset of the value (of the field's name when the value is empty) in the file. */
  offset: number;
  /** Offset of the field's name (`**Status**`). */
  labelOffset: number;
  /** Offset of the end of the field's line. */
  end: number;
}

export interface SepHeader {
  /** The file name's number and slug; absent when the name is not `<number>-<slug>.md`. */
  number?: string;
  slug?: string;
  /** The `# SEP-<n>: <title>` heading: its number and title. */
  title?: { number: string; text: string; offset: number };
  /** Offset of the file's first heading, else 0: where a missing field is reported. */
  top: number;
  status?: HeaderField;
  type?: HeaderField;
  created?: HeaderField;
  accepted?: HeaderField;
  /** `wrapped`: the value with the item's continuation lines (indented, not a list item), spaces collapsed. */
  authors?: HeaderField & { wrapped: string };
  sponsor?: HeaderField;
  /** The PR field, and the pull request number read from it (`#2145`, `…/pull/2145`) when one is. */
  pr?: HeaderField & { number?: string };
  /** The Issue field: a SEP numbered by its issue (the process before pull-request numbers) names it here. */
  issue?: HeaderField & { number?: string };
}

/** The first `- **Name**: value` line (a bullet, the name in bold, a colon after it), its value located. */
function field(text: string, name: string): HeaderField | undefined {
  const m = new RegExp(`^[ \\t]*-[ \\t]*\\*\\*${name}\\*\\*:[ \\t]*([^\\n]*)$`, 'm').exec(text);
  if (!m) return undefined;
  const raw = m[1];
  const value = raw.trim();
  const start = m.index + m[0].length - raw.length;
  const labelOffset = m.index + m[0].indexOf('**');
  return { value, offset: value ? start + raw.indexOf(value) : labelOffset, labelOffset, end: m.index + m[0].length };
}

/** The Author(s) item with its continuation lines: indented lines that do not start a list item. */
const AUTHORS = /^[ \t]*-[ \t]*\*\*Author\(s\)\*\*:[ \t]*([^\n]*(?:\n[ \t]+(?![-*+][ \t])[^\n]*)*)/m;

/** The number of a pull request or issue a field names: `#2145`, or a `/pull/2145` (`/issues/2145`) URL. */
const numberIn = (value: string, path: 'pull' | 'issues') => new RegExp(`(?:#|/${path}/)(\\d+)`).exec(value)?.[1];

export function readSepHeader(file: TextFile): SepHeader {
  const text = file.text;
  const name = file.path.slice(file.path.lastIndexOf('/') + 1);
  const named = /^(\d+)-(.+)\.md$/.exec(name);
  const heading = /^#[ \t]+SEP-(\d+):[ \t]+(\S[^\n]*)$/m.exec(text);
  const firstHeading = /^#{1,6}[ \t]/m.exec(text);
  const pr = field(text, 'PR');
  const issue = field(text, 'Issue');
  const authors = field(text, 'Author\\(s\\)');
  return {
    number: named?.[1],
    slug: named?.[2],
    title: heading
      ? { number: heading[1], text: heading[2].trim(), offset: heading.index + heading[0].indexOf('SEP-') }
      : undefined,
    top: firstHeading?.index ?? 0,
    status: field(text, 'Status'),
    type: field(text, 'Type'),
    created: field(text, 'Created'),
    accepted: field(text, 'Accepted'),
    authors: authors && { ...authors, wrapped: (AUTHORS.exec(text)?.[1] ?? '').replace(/\s+/g, ' ').trim() },
    sponsor: field(text, 'Sponsor'),
    pr: pr && { ...pr, number: numberIn(pr.value, 'pull') },
    issue: issue && { ...issue, number: numberIn(issue.value, 'issues') },
  };
}

/**
 * The values a field may take, as the SEP template lists them (`- **Status**: Draft | In-Review | …`):
 * from every file of the SEP folder whose field lists alternatives.
 */
export function listedValues(headers: readonly SepHeader[], key: 'status' | 'type'): string[] {
  const out = new Set<string>();
  for (const h of headers) {
    const value = h[key]?.value;
    if (value?.includes('|')) for (const v of value.split('|').map((s) => s.trim())) if (v) out.add(v);
  }
  return [...out];
}

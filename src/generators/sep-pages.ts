/**
 * The SEP pages of a docs site, as a spec repository renders them from its SEPs (`seps/NNNN-slug.md`):
 * one page per SEP under the site's `seps/` folder (a header of badges and a field table, then the
 * SEP from its Abstract on), the SEP index page (a summary by status and a table of every SEP) and
 * the SEP tab of `docs.json` (the SEPs grouped by status). Everything here is text in, text out;
 * formatting the pages (Prettier) is a job of its own (see `sep-outputs.ts` and `format-job.ts`).
 *
 * What a repository's renderer writes word for word and that no SEP decides (the index page's
 * introduction, its status definitions, the notice a Final SEP's page carries) is taken from the
 * committed pages: spec-check keeps their structure, not their text.
 */

import { TextFile } from '../core/text-file.js';
import {
  readSepHeader as readRawSepHeader,
  type HeaderField,
  type SepHeader as RawSepHeader,
} from '../prose/sep-header.js';

/** What a SEP's header says, as the renderer reads it; `lines` says where each field is (1-based). */
export interface SepHeader {
  /** The SEP file's path, relative to the root. */
  path: string;
  number: string;
  slug: string;
  title: string;
  status: string;
  type: string;
  created: string;
  accepted?: string;
  authors: string;
  /**
   * The Author(s) item's first line, when the item wraps: what the renderer read before it
   * joined wrapped lines (pages it wrote then are accepted; see `generated/sep-pages`).
   */
  authorsFirstLine?: string;
  sponsor: string;
  pr: string;
  /** The line of each field the header states (title: its heading); absent for a defaulted field. */
  lines: Partial<Record<SepField, number>>;
}

export type SepField = 'title' | 'status' | 'type' | 'created' | 'accepted' | 'authors' | 'sponsor' | 'pr';

/** The field table's labels on a SEP page, by field, as the page's readers see them. */
export const FIELD_LABELS: Record<SepField | 'number', string> = {
  number: 'SEP',
  title: 'Title',
  status: 'Status',
  type: 'Type',
  created: 'Created',
  accepted: 'Accepted',
  authors: 'Author(s)',
  sponsor: 'Sponsor',
  pr: 'PR',
};

/** A SEP file name: its number, a dash, its slug. */
const SEP_FILE = /^(\d+)-(.+)\.md$/;

/** Whether a file of the SEP folder is a SEP the renderer publishes (not the template, the README or a 0000- draft). */
export function publishedSepName(fileName: string): boolean {
  if (fileName === 'TEMPLATE.md' || fileName === 'README.md' || fileName.startsWith('0000-')) return false;
  return SEP_FILE.test(fileName);
}

/**
 * A field's value as the renderer reads it: its item's line, or, when that is empty, the next
 * line with text (its pattern `\*\*Name\*\*:\s*(.+)$` reads on past the line break).
 */
function renderedValue(text: string, field: HeaderField | undefined): string | undefined {
  if (!field || field.value) return field?.value;
  const next = /\s*(.+)$/my;
  next.lastIndex = field.end;
  return next.exec(text)?.[1].trim();
}

/**
 * The title as the renderer reads it: the heading's, or, when an earlier `# SEP-n:` heading has
 * its title on the next line, that line (its pattern `:\s+(.+)$` reads on past the line break).
 */
function renderedTitle(text: string, title: RawSepHeader['title']): RawSepHeader['title'] {
  const across = /^#\s+SEP-(\d+):\s+(.+)$/m.exec(text);
  if (!across || (title && across.index >= title.offset - across[0].indexOf('SEP-'))) return title;
  return { number: across[1], text: across[2].trim(), offset: across.index + across[0].indexOf('SEP-') };
}

/**
 * The header of a SEP, as the renderer reads it: fields it does not find take its defaults
 * (`Untitled`, `Unknown`, `None`, the file's number for the PR). Undefined for a file it skips.
 */
export function readSepHeader(path: string, text: string): SepHeader | undefined {
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  if (!publishedSepName(fileName)) return undefined;
  const [, number, slug] = SEP_FILE.exec(fileName)!;
  const file = new TextFile(path, text);
  const raw = readRawSepHeader(file);
  const lines: SepHeader['lines'] = {};
  const read = (name: Exclude<SepField, 'title' | 'authors' | 'pr'>): string | undefined => {
    const value = renderedValue(text, raw[name]);
    if (value !== undefined) lines[name] = file.location(raw[name]!.labelOffset).line;
    return value;
  };
  const title = renderedTitle(text, raw.title);
  if (title) lines.title = file.location(title.offset).line;
  const status = read('status') ?? 'Unknown';
  const type = read('type') ?? 'Unknown';
  const created = read('created') ?? 'Unknown';
  const accepted = read('accepted');
  if (raw.authors) lines.authors = file.location(raw.authors.labelOffset).line;
  const authors = raw.authors?.wrapped ?? 'Unknown';
  const firstLine = renderedValue(text, raw.authors);
  const sponsor = read('sponsor') ?? 'None';
  if (raw.pr?.number) lines.pr = file.location(raw.pr.labelOffset).line;
  return {
    path,
    number,
    slug,
    title: title?.text ?? 'Untitled',
    status,
    type,
    created,
    ...(accepted !== undefined ? { accepted } : {}),
    authors,
    ...(firstLine !== undefined && firstLine !== authors ? { authorsFirstLine: firstLine } : {}),
    sponsor,
    pr: raw.pr?.number ?? number,
    lines,
  };
}

/** The badge colour of a status (any other status is gray). */
const STATUS_COLOURS: Record<string, string> = {
  final: 'green',
  accepted: 'blue',
  'in-review': 'yellow',
  draft: 'gray',
  rejected: 'red',
  withdrawn: 'red',
  dormant: 'orange',
  superseded: 'purple',
};

export function statusColour(status: string): string {
  return STATUS_COLOURS[status.toLowerCase()] ?? 'gray';
}

const badge = (colour: string, text: string) => `<Badge color="${colour}" shape="pill">${text}</Badge>`;

/** `@name` handles as links to their GitHub profiles. */
function linkedHandles(text: string): string {
  return text.replace(/@([\w-]+)/g, (_, name: string) => `[@${name}](https://github.com/${name})`);
}

/** A title cut to `max` characters for the sidebar, an ellipsis standing for the rest. */
function sidebarTitle(title: string, max = 40): string {
  return title.length <= max ? title : `${title.slice(0, max - 1).trim()}…`;
}

/** Where a SEP's page lives in the site, without the extension (`seps/2145-slug`). */
export function sepRoute(sep: Pick<SepHeader, 'number' | 'slug'>): string {
  return `seps/${sep.number}-${sep.slug}`;
}

export interface SepPageParts {
  /** The link of a pull request by number: `${pullRequests}/${n}`. */
  pullRequests: string;
  /** The notice a Final SEP's page carries after its badges, when the site has one. */
  finalNotice?: string;
}

/**
 * A SEP's page before formatting, in its two parts: the head made here (front matter, badges, the
 * notice, the field table, then a thematic break and a blank line) and the SEP's body as the SEP
 * has it (from "## Abstract" on, else the whole file). The page is `head + body + "\n"`.
 */
export function sepPageParts(sep: SepHeader, sepText: string, parts: SepPageParts): { head: string; body: string } {
  const abstract = sepText.indexOf('## Abstract');
  const body = abstract < 0 ? sepText : sepText.slice(abstract);
  const final = sep.status.toLowerCase() === 'final';
  const row = (field: SepField | 'number', value: string) => `| **${FIELD_LABELS[field]}** | ${value} |\n`;
  const pr = `[#${sep.pr}](${parts.pullRequests}/${sep.pr})`;
  const head =
    '---\n' +
    `title: "SEP-${sep.number}: ${sep.title}"\n` +
    `sidebarTitle: "SEP-${sep.number}: ${sidebarTitle(sep.title)}"\n` +
    `description: "${sep.title}"\n` +
    '---\n\n' +
    '<div className="flex items-center gap-2 mb-4">\n' +
    `  ${badge(statusColour(sep.status), sep.status)}\n` +
    `  ${badge('gray', sep.type)}\n` +
    '</div>\n\n' +
    (final && parts.finalNotice ? `${parts.finalNotice}\n\n` : '') +
    '| Field | Value |\n|-------|-------|\n' +
    row('number', sep.number) +
    row('title', sep.title) +
    row('status', sep.status) +
    row('type', sep.type) +
    row('created', sep.created) +
    (sep.accepted ? row('accepted', sep.accepted) : '') +
    row('authors', linkedHandles(sep.authors)) +
    row('sponsor', linkedHandles(sep.sponsor)) +
    row('pr', pr) +
    '\n---\n\n';
  return { head, body };
}

/** A SEP's page, before formatting. */
export function sepPageText(sep: SepHeader, sepText: string, parts: SepPageParts): string {
  const { head, body } = sepPageParts(sep, sepText, parts);
  return `${head}${body}\n`;
}

/**
 * The body as a page formatted with it ends: with one final newline.
 */
function bodyAsEnding(body: string): string {
  return body.endsWith('\n') ? body : `${body}\n`;
}

/** A link reference definition (or footnote definition) at the start of a line. */
export const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;
/** Bracketed text that is not an inline link's text: what a definition elsewhere could make a reference. */
const BRACKETED = /\[[^\]\n]*\](?![([])/;

/**
 * Whether a page can be judged by formatting its head alone, the committed page giving the body:
 * the committed page (line ends as LF) ends with the SEP's body as it is (and one final newline),
 * and nothing ties the formatting of the two parts together.
 *
 * Why that is sound: the head ends in a thematic break and a blank line, so the body's blocks are
 * parsed, and printed, in the same context in the generated page and in the committed one (the
 * block before is a thematic break; no container is open), and Prettier joins a thematic break and
 * the next block with one blank line. So when the committed page is the formatted head, a blank
 * line and the body, formatting the generated page gives what formatting the committed page
 * gives; and when the committed page is formatted (the repository's own `prettier --check` holds
 * it so), that is the committed page. What would tie the parts: a definition in one part making
 * bracketed text of the other a reference, and a body that does not start with an ATX heading (a
 * SEP with front matter, a leading blank line or indented text), which is left to the whole
 * page's formatting.
 */
export function bodyTakenAsCommitted(head: string, body: string, committedLf: string): boolean {
  if (!headApartFromBody(head, body)) return false;
  const ending = bodyAsEnding(body);
  // A formatted page ends with one newline after text.
  if (!/\S\n$/.test(ending) || committedLf.length <= ending.length || !committedLf.endsWith(ending)) return false;
  if (BRACKETED.test(head) && DEFINITION.test(body)) return false;
  return true;
}

/**
 * What lets a page's head be formatted apart from its body: the body starts with an ATX heading
 * (so it starts a block after the head's thematic break), has LF line ends, and the head defines
 * nothing the body could refer to.
 */
export function headApartFromBody(head: string, body: string): boolean {
  return /^#{1,6}[ \t]/.test(body) && !body.includes('\r') && !DEFINITION.test(head);
}

/**
 * The committed page, when it is the formatted head, a blank line and the body (see
 * `bodyTakenAsCommitted`): what formatting the whole generated page would give.
 */
export function pageWithCommittedBody(formattedHead: string, body: string, committedLf: string): string | undefined {
  const ending = bodyAsEnding(body);
  const bodyStart = committedBodyStart(formattedHead, committedLf);
  return bodyStart === committedLf.length - ending.length && committedLf.endsWith(ending) ? committedLf : undefined;
}

/**
 * Where the committed page's body starts when the page opens with the formatted head (ending in
 * its thematic break) and a blank line; undefined when it does not.
 */
export function committedBodyStart(formattedHead: string, committedLf: string): number | undefined {
  if (!formattedHead.endsWith('\n\n---\n') || !committedLf.startsWith(formattedHead)) return undefined;
  return committedLf[formattedHead.length] === '\n' ? formattedHead.length + 1 : undefined;
}

/** The element a committed page holds between its badges and its field table (a notice), if any. */
export function noticeOf(pageText: string): string | undefined {
  const m = /<\/div>\n\n(<Note>[^]*?<\/Note>)\n\n\|/.exec(pageText);
  return m?.[1];
}

/** The pull request links of committed pages' field tables: `https://host/owner/repo/pull`. */
export function pullRequestBaseOf(pageText: string): string | undefined {
  const m = /^\|\s*\*\*PR\*\*\s*\|\s*\[#(\d+)\]\((\S+)\/\1\)/m.exec(pageText);
  return m?.[2];
}

/** The field table rows of a page (committed or generated): value by label, cells trimmed. */
export function fieldRows(pageText: string): Map<string, { value: string; offset: number }> {
  const rows = new Map<string, { value: string; offset: number }>();
  const end = pageText.indexOf('\n---\n', pageText.indexOf('| Field'));
  const head = end < 0 ? pageText : pageText.slice(0, end);
  for (const m of head.matchAll(/^\|\s*\*\*([^*\n]+)\*\*\s*\|\s*(.*?)\s*\|\s*$/gm))
    if (!rows.has(m[1])) rows.set(m[1], { value: m[2], offset: m.index });
  return rows;
}

/** Newest first; SEPs of one number keep their file order. */
const byNumberDescending = (a: SepHeader, b: SepHeader) => parseInt(b.number, 10) - parseInt(a.number, 10);

/** The parts of the index page that follow from the SEPs: the summary list and the table rows. */
export function indexRows(seps: SepHeader[]): { summary: string; rows: string } {
  const sorted = [...seps].sort(byNumberDescending);
  const counts = new Map<string, number>();
  for (const sep of sorted) counts.set(sep.status.toLowerCase(), (counts.get(sep.status.toLowerCase()) ?? 0) + 1);
  const summary = [...counts]
    .map(([status, count]) => `- **${status.charAt(0).toUpperCase()}${status.slice(1)}**: ${count}`)
    .join('\n');
  const rows = sorted
    .map(
      (sep) =>
        `| [SEP-${sep.number}](/${sepRoute(sep)}) | ${sep.title} | ${badge(statusColour(sep.status), sep.status)} | ${sep.type} | ${sep.created} |`,
    )
    .join('\n');
  return { summary, rows };
}

/**
 * The index page, before formatting: the committed page with its summary list (under
 * `## Summary`) and the rows of its SEP table (under `## All SEPs`) made from the SEPs.
 * Undefined when the committed page has no such list or table to take the rest from.
 */
export function indexPageText(committed: string, seps: SepHeader[]): string | undefined {
  const text = committed.replaceAll('\r\n', '\n');
  const summary = /^## Summary\n\n((?:- [^\n]*\n)+)/m.exec(text);
  const table = /^## All SEPs\n\n(\|[^\n]*\n\|[^\n]*\n)((?:\|[^\n]*\n)*)/m.exec(text);
  if (!summary || !table || table.index < summary.index) return undefined;
  const fresh = indexRows(seps);
  const summaryAt = summary.index + summary[0].length - summary[1].length;
  const rowsAt = table.index + table[0].length - table[2].length;
  return (
    text.slice(0, summaryAt) +
    `${fresh.summary}\n` +
    text.slice(summaryAt + summary[1].length, rowsAt) +
    (fresh.rows ? `${fresh.rows}\n` : '') +
    text.slice(rowsAt + table[2].length)
  );
}

/** Statuses in the order of the navigation's groups; others follow in the order SEPs have them. */
const GROUP_ORDER = ['Final', 'Accepted', 'In-Review', 'Draft', 'Withdrawn', 'Rejected', 'Superseded', 'Dormant'];

/** A status as a group's name: each dash-separated word capitalised (`in-review` -> `In-Review`). */
export function groupName(status: string): string {
  return status
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('-');
}

/** The SEP tab of the navigation: the index, then a group per status of the SEPs in it, by number. */
export function sepTab(seps: SepHeader[]): { tab: string; pages: (string | { group: string; pages: string[] })[] } {
  const groups = new Map<string, SepHeader[]>();
  for (const sep of seps) {
    const name = groupName(sep.status);
    groups.set(name, [...(groups.get(name) ?? []), sep]);
  }
  const names = [
    ...GROUP_ORDER.filter((g) => groups.has(g)),
    ...[...groups.keys()].filter((g) => !GROUP_ORDER.includes(g)),
  ];
  return {
    tab: 'SEPs',
    pages: [
      'seps/index',
      ...names.map((group) => ({
        group,
        pages: [...groups.get(group)!]
          .sort((a, b) => parseInt(a.number, 10) - parseInt(b.number, 10))
          .map((sep) => sepRoute(sep)),
      })),
    ],
  };
}

/**
 * docs.json with its SEP tab made from the SEPs: put where the tab was, else before the Community
 * tab, else last; a SEP group left in the Community tab is taken out. Written as two-space JSON.
 * Undefined when the text is not JSON with `navigation.tabs`.
 */
export function navigationText(docsJson: string, seps: SepHeader[]): string | undefined {
  let config: { navigation?: { tabs?: unknown } };
  try {
    config = JSON.parse(docsJson) as typeof config;
  } catch {
    return undefined;
  }
  const tabs = config?.navigation?.tabs;
  if (!Array.isArray(tabs)) return undefined;
  const named = (name: string) => (t: unknown) => !!t && typeof t === 'object' && (t as { tab?: unknown }).tab === name;
  const community = tabs.find(named('Community')) as { pages?: unknown } | undefined;
  if (community && Array.isArray(community.pages))
    community.pages = community.pages.filter(
      (p: unknown) => !(p && typeof p === 'object' && (p as { group?: unknown }).group === 'SEPs'),
    );
  const tab = sepTab(seps);
  const at = tabs.findIndex(named('SEPs'));
  if (at >= 0) tabs[at] = tab;
  else {
    const before = tabs.findIndex(named('Community'));
    if (before >= 0) tabs.splice(before, 0, tab);
    else tabs.push(tab);
  }
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** A page's text with its tables' cells trimmed and rules shortened: equal for tables that differ only in alignment. */
export function withTablesUnaligned(text: string): string {
  return text.replace(/^\|.*\|[ \t]*$/gm, (row) =>
    row
      .split('|')
      .map((cell) => (/^\s*:?-+:?\s*$/.test(cell) ? '-' : cell.trim()))
      .join('|'),
  );
}

/** The field table's Author(s) cell as it reads for these authors. */
export function authorsCell(authors: string): string {
  return `| **${FIELD_LABELS.authors}** | ${linkedHandles(authors)} |`;
}

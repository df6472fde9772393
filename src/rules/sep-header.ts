import type { Rule } from '../core/rule.js';
import type { MarkdownPage } from '../model/spec.js';
import { derivation } from '../project/project.js';
import { listedValues, readSepHeader, type HeaderField, type SepHeader } from '../prose/sep-header.js';

/** The lifecycle's statuses and the SEP types, when no file of the SEP folder lists them (the template does). */
const STATUSES = ['Draft', 'In-Review', 'Accepted', 'Rejected', 'Withdrawn', 'Final', 'Superseded', 'Dormant'];
const TYPES = ['Standards Track', 'Informational', 'Process', 'Extensions Track'];

const headerOf = derivation('SEP header', (page: MarkdownPage) => readSepHeader(page.file), { carriesOver: true });

const sameNumber = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && BigInt(a) === BigInt(b);

/** Every SEP's header gives what its page on the docs site shows, in the form the SEP pages read. */
export const sepHeader: Rule = {
  meta: {
    id: 'sep/header',
    description:
      "A SEP's file name and header give what its page on the docs site shows: a file named `<number>-<slug>.md` (else the SEP pages leave it out), a `# SEP-<number>: <title>` heading of the file's number (else the page is titled “Untitled”), a `Status` and a `Type` among those the SEP template lists (the lifecycle's), a `Created` date, `Author(s)` and a `Sponsor`, and a `PR` field naming the pull request of the file's number. Each field is a `- **Name**: value` line. A SEP numbered by its issue (an `Issue` field of the file's number, from the process before pull-request numbers) needs no sponsor, and its PR may have another number. Files named `0000-…` (drafts awaiting their number) are left alone.",
    rationale:
      'The SEP pages, their index and the navigation are rendered from these fields, and what they cannot read they default without a word: an unreadable title becomes “Untitled”, a missing field “Unknown” or “None”, a status outside the lifecycle gets a grey badge and a navigation group of its own, a PR field without a number links whatever the file name says, and a file named off the convention has no page at all.',
    defaultSeverity: 'error',
    examples: {
      file: 'seps/2145-widget-errors.md',
      fail: '# SEP-2145 Widget errors\n\n- **Status**: Aproved\n- **Type**: Standards Track\n- **Created**: 2026-01-12\n- **Author(s)**: Ada (@ada)\n- **PR**: #2154',
      pass: '# SEP-2145: Widget errors\n\n- **Status**: Accepted\n- **Type**: Standards Track\n- **Created**: 2026-01-12\n- **Author(s)**: Ada (@ada)\n- **Sponsor**: @grace\n- **PR**: #2145',
    },
  },
  check(project, { report, guard }) {
    const seps = project.spec.seps;
    const headers = seps.map((page) => project.derive(headerOf, page));
    const listed = (key: 'status' | 'type', fallback: string[]) => {
      const values = listedValues(headers, key);
      return values.length ? values : fallback;
    };
    const statuses = listed('status', STATUSES);
    const types = listed('type', TYPES);
    seps.forEach((page, i) =>
      guard(page.path, () =>
        checkHeader(page, headers[i], { statuses, types }, (message, offset) =>
          report({ message, location: page.file.location(offset) }),
        ),
      ),
    );
  },
};

function checkHeader(
  page: MarkdownPage,
  h: SepHeader,
  sets: { statuses: string[]; types: string[] },
  say: (message: string, offset: number) => void,
): void {
  const name = page.path.slice(page.path.lastIndexOf('/') + 1);
  if (name.startsWith('0000-')) return;
  if (h.number === undefined) {
    // README, the template, a guide: not SEPs. A file with a SEP's heading is one the pages drop.
    if (h.title)
      say(
        `The SEP file name “${name}” is not \`<number>-<slug>.md\`: the SEP pages leave SEP-${h.title.number} out (no page, no index entry)`,
        h.title.offset,
      );
    return;
  }
  const number = h.number;
  if (!h.title) say(`The SEP has no \`# SEP-${number}: <title>\` heading: its page is titled “Untitled”`, h.top);
  else if (!sameNumber(h.title.number, number))
    say(
      `The SEP's heading says SEP-${h.title.number}, but its file is numbered ${number}: its page is SEP-${number}`,
      h.title.offset,
    );

  // Fields missing in the form the pages read: one finding, however many (a header written as a table is one cause).
  const absent: { label: string; shown: string }[] = [];
  const missing = (label: string, shown: string) => void absent.push({ label, shown });
  const empty = (label: string, f: HeaderField) =>
    say(`The SEP's ${label} field is empty: its page shows the line after it instead`, f.offset);
  const oneOf = (label: string, f: HeaderField | undefined, allowed: string[]) => {
    if (!f) return missing(label, '“Unknown”');
    if (!f.value) return empty(label, f);
    if (allowed.some((a) => a.toLowerCase() === f.value.toLowerCase())) return;
    say(`The SEP's ${label.toLowerCase()} “${f.value}” is not one of ${allowed.join(', ')}`, f.offset);
  };
  oneOf('Status', h.status, sets.statuses);
  oneOf('Type', h.type, sets.types);
  const present = (label: string, f: HeaderField | undefined, shown: string) => {
    if (!f) missing(label, shown);
    else if (!f.value) empty(label, f);
  };
  present('Created', h.created, '“Unknown”');
  present('Author(s)', h.authors, '“Unknown”');

  // Before pull-request numbers, a SEP took its issue's number: no sponsor field, and the PR that added it has another number.
  const byIssue = sameNumber(h.issue?.number, number);
  if (!byIssue) present('Sponsor', h.sponsor, '“None”');
  if (absent.length) {
    const lines = absent.map((a) => `\`- **${a.label}**:\``);
    const shown = [...new Set(absent.map((a) => a.shown))].join(' or ');
    const written = writtenOtherwise(page.file.text, absent[0].label);
    say(
      `The SEP's header has no ${lines.length > 1 ? `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)} lines` : `${lines[0]} line`}${written ? ` (it writes “${written}”, a form the SEP pages do not read)` : ''}: its page shows ${shown}${lines.length > 1 ? ' for them' : ''}`,
      h.top,
    );
  }
  // A bare number (`- **PR**: 2145`) that is the file's says what the pages fall back to anyway.
  if (h.pr?.value && h.pr.number === undefined && !(/^\d+$/.test(h.pr.value) && sameNumber(h.pr.value, number)))
    say(
      `The SEP's PR field “${h.pr.value}” gives no pull request number (\`#${number}\` or a link to \`/pull/${number}\`): the SEP pages fall back to the file's number`,
      h.pr.offset,
    );
  else if (h.pr?.number !== undefined && !byIssue && !sameNumber(h.pr.number, number))
    say(`The SEP's PR field names #${h.pr.number}, but the SEP is numbered ${number} by its pull request`, h.pr.offset);
}

/** Other spellings of a field's name that headers use (`Authors`, `Author`). */
const ALIASES: Record<string, string> = { 'Author(s)': 'Author\\(s\\)|Authors?' };

/**
 * A header line that gives the field in another form (`**Status:** Draft`, a table row
 * `| **Status** | Draft |`, `<b>Status:</b>`), shortened for the message; among the lines before
 * the first section heading.
 */
function writtenOtherwise(text: string, label: string): string | undefined {
  const head = text.split(/^##[ \t]/m, 1)[0];
  const name = ALIASES[label] ?? label.replace(/[()]/g, '\\$&');
  const form = new RegExp(
    `^.*?(?:\\*\\*|__|<b>|\\|)[ \\t]*(?:${name})[ \\t]*:?[ \\t]*(?:\\*\\*|__|</b>)?[ \\t]*[:|].*$`,
    'im',
  );
  const line = form.exec(head)?.[0].trim().replace(/\s+/g, ' ');
  return line && (line.length > 50 ? `${line.slice(0, 49).trimEnd()}…` : line);
}

/**
 * Markdown for a pull-request comment or a job summary: a hidden marker (so that a CI job updates
 * its one comment instead of adding another), a headline, a table of findings per rule, then a
 * section per rule with its findings, each location linked to its line when `blobUrl` says where
 * the files are shown. A root cause with several places (one drift in several versions) is one
 * row listing every place. The findings of a rule past the first few, and the related places of
 * a finding or group past the first two, are folded in `<details>`. With `check --base`, the
 * headline says what is new and a place already in the base is marked. Text from findings is
 * escaped so it renders as written.
 */
import type { CheckReport } from '../core/report.js';
import type { Finding } from '../core/finding.js';
import type { Location } from '../core/location.js';
import type { FormatOptions } from './format.js';
import { workspacePath } from './paths.js';
import { visible } from './escape.js';
import { lineUrl, ruleUrl } from './links.js';
import { placesByGroup } from './places.js';

import { COMMENT_MARKER } from './comment-marker.js';

export { COMMENT_MARKER };

/** Escapes text for a table cell: Markdown punctuation, HTML, and line breaks. */
function escapeCell(s: string): string {
  return visible(s.replace(/\r?\n/g, ' ')).replace(/[\\`*_[\]<>|#~!&]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`,
  );
}

function code(text: string): string {
  // A line break in a file name would end the table row: every control character is escaped.
  const s = visible(text);
  // A code span needs a fence longer than any backtick run inside it; pipes still need escaping in tables.
  const ticks = '`'.repeat(Math.max(1, ...[...s.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  const pad = s.startsWith('`') || s.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${s.replace(/\|/g, '\\|')}${pad}${ticks}`;
}

/** Room for the report, under GitHub's 65,536-character limit on a comment. */
const MAX_COMMENT_CHARS = 60_000;
/** Findings of a rule shown before the rest are folded (when two or more would be). */
const SHOWN_PER_RULE = 10;
/** Related places of a finding shown before the rest are folded (when two or more would be). */
const SHOWN_RELATED = 2;
/** Places of a root cause listed in its row; past them, only how many more (a row must fit a comment). */
const LISTED_PLACES = 50;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function counts(errors: number, warnings: number): string {
  return [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : '']
    .filter(Boolean)
    .join(', ');
}

/** What the report leaves out (baselined, suppressed), as a sentence, or ''. */
function leftOut(report: CheckReport): string {
  const extra: string[] = [];
  if (report.summary.baselined) extra.push(`${plural(report.summary.baselined, 'baselined finding')} not shown`);
  if (report.summary.baselineResolved)
    extra.push(
      `${plural(report.summary.baselineResolved, 'baselined finding')} no longer ${report.summary.baselineResolved === 1 ? 'occurs' : 'occur'}`,
    );
  if (report.summary.suppressed) extra.push(`${plural(report.summary.suppressed, 'finding')} suppressed inline`);
  return extra.length ? ` ${extra.join('; ')}.` : '';
}

/** Places after the first two folded in `<details>`, one shown instead of a fold of one; `note` ends the fold. */
function folded(items: string[], what = '', note = ''): string {
  const open = items.length > SHOWN_RELATED + 1 || note ? Math.min(SHOWN_RELATED, items.length) : items.length;
  const shown = items.slice(0, open).map((r) => `<br>${r}`);
  const rest = items.slice(open);
  const more = rest.length
    ? `<details><summary>${plural(rest.length, 'more place')}${what}</summary>${[...rest, ...(note ? [note] : [])].join('<br>')}</details>`
    : note
      ? `<br>${note}`
      : '';
  return shown.join('') + more;
}

/**
 * A table row: the finding's place, or every place of its root cause (`places`, the finding
 * first), its severity, message and related places.
 */
function findingRow(report: CheckReport, options: FormatOptions, f: Finding, places?: Finding[]): string {
  const place = (l: Location) => {
    const where = workspacePath(report.root, l.file);
    const label = code(`${where}:${l.line}:${l.column}`);
    if (!options.blobUrl || l.file === '.') return label;
    return `[${label}](${lineUrl(options.blobUrl, where, l.line)})`;
  };
  // With --base, a place the base has too is marked (the headline says new places are the rest).
  const mark = (p: Finding) => (p.new === false ? ' (already there)' : '');
  const related = folded(f.related.map((r) => `${place(r)} ${escapeCell(r.message)}`));
  if (!places) return `| ${place(f)}${mark(f)} | ${f.severity} | ${escapeCell(f.message)}${related} |`;
  const others = places.slice(1, LISTED_PLACES).map((p) => `${place(p)}${mark(p)}`);
  const unlisted = places.length > LISTED_PLACES ? `… and ${plural(places.length - LISTED_PLACES, 'more place')}` : '';
  const severity = places.some((p) => p.severity === 'error') ? 'error' : 'warning';
  const headline = `One root cause at ${places.length} places: `;
  return `| ${place(f)}${mark(f)}${folded(others, ' of this root cause', unlisted)} | ${severity} | ${headline}${escapeCell(f.message)}${related} |`;
}

/** `check --base`: "N new, M fixed, K already there (not shown)." (empty otherwise). */
function reviewLine(summary: CheckReport['summary']): string {
  if (summary.new === undefined) return '';
  const elsewhere = summary.newOutsideChanged
    ? `, ${summary.newOutsideChanged} new in unchanged files (not shown)`
    : '';
  const marked =
    summary.new < summary.errors + summary.warnings
      ? '; the other places of their root causes are marked (already there)'
      : '';
  return `${summary.new} new, ${summary.fixed ?? 0} fixed, ${summary.unchanged ?? 0} already there (not shown)${elsewhere}${marked}.`;
}

export function formatMarkdown(report: CheckReport, options: FormatOptions = {}): string {
  const { errors, warnings } = report.summary;
  const out: string[] = [COMMENT_MARKER];
  const tail = leftOut(report);
  const review = reviewLine(report.summary);
  if (errors + warnings === 0) {
    out.push(
      `### spec-check: no problems`,
      '',
      `${review ? review + ' ' : ''}${plural(report.summary.examplesValidated, 'example')} validated, ${plural(report.summary.filesRead, 'file')} read.${tail}`,
    );
    return out.join('\n') + '\n';
  }
  const places = placesByGroup(report.findings);
  const causes = (findings: Finding[]) =>
    new Set(findings.map((f) => (f.group && places.has(f.group) ? f.group : f))).size;
  const inCauses = (findings: Finding[]) => {
    const n = causes(findings);
    return n < findings.length ? ` in ${plural(n, 'root cause')}` : '';
  };
  out.push(
    `### spec-check: ${plural(errors + warnings, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})${inCauses(report.findings)}`,
    '',
  );
  if (review) out.push(review, '');
  if (tail) out.push(tail.trim(), '');

  const byRule = new Map<string, Finding[]>();
  for (const f of report.findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const rules = [...byRule].sort(([a], [b]) => (a < b ? -1 : 1));
  const ruleName = (rule: string) =>
    options.rulesUrl ? `[${code(rule)}](${ruleUrl(options.rulesUrl, rule)})` : code(rule);
  const severities = (findings: Finding[]) => {
    const e = findings.filter((f) => f.severity === 'error').length;
    return { errors: e, warnings: findings.length - e };
  };
  out.push('| rule | errors | warnings |', '| --- | ---: | ---: |');
  for (const [rule, findings] of rules) {
    const n = severities(findings);
    out.push(`| ${ruleName(rule)} | ${n.errors} | ${n.warnings} |`);
  }

  const header = ['| location | severity | message |', '| --- | --- | --- |'];

  // A pull-request comment holds at most 65,536 characters: stop short of it, at a whole row.
  let size = out.join('\n').length;
  let shown = 0;
  const fits = (lines: string[]) => size + lines.join('\n').length + 1 <= MAX_COMMENT_CHARS;
  const add = (lines: string[]) => {
    out.push(...lines);
    size += lines.join('\n').length + 1;
  };
  sections: for (const [rule, findings] of rules) {
    const n = severities(findings);
    // One row per root cause: a group's row is at its first place (a group has one rule).
    const entries = findings.filter((f) => !f.group || !places.has(f.group) || places.get(f.group)![0] === f);
    const open = entries.length > SHOWN_PER_RULE + 1 ? SHOWN_PER_RULE : entries.length;
    const heading = ['', `#### ${ruleName(rule)}: ${counts(n.errors, n.warnings)}${inCauses(findings)}`, '', ...header];
    if (!fits(heading)) break;
    add(heading);
    for (const [i, f] of entries.entries()) {
      if (i === open) {
        const rest = entries.slice(open).reduce((k, e) => k + ((e.group && places.get(e.group)?.length) || 1), 0);
        const fold = ['', `<details><summary>${plural(rest, `more ${rule} finding`)}</summary>`, '', ...header];
        if (!fits(fold)) break sections;
        add(fold);
      }
      const group = f.group ? places.get(f.group) : undefined;
      const line = findingRow(report, options, f, group);
      // Room is kept for closing an open fold.
      if (!fits([line, '', '</details>'])) {
        if (i >= open) add(['', '</details>']);
        break sections;
      }
      add([line]);
      shown += group?.length ?? 1;
    }
    if (entries.length > open) add(['', '</details>']);
  }
  if (shown < report.findings.length)
    out.push(
      '',
      `… and ${plural(report.findings.length - shown, 'more finding')}: see the full report (\`--format text\` or \`--format sarif\`).`,
    );
  return out.join('\n') + '\n';
}

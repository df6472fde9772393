/**
 * Markdown for a pull-request comment: a headline, a table of findings per rule, then a table
 * of the findings with their locations. Text from findings is escaped so it renders as written.
 */
import type { CheckReport } from '../core/report.js';
import { workspacePath } from './paths.js';
import { visible } from './escape.js';

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

/** Room for the table, under GitHub's 65,536-character limit on a comment. */
const MAX_COMMENT_CHARS = 60_000;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function formatMarkdown(report: CheckReport): string {
  const { errors, warnings } = report.summary;
  const out: string[] = [];
  const extra: string[] = [];
  if (report.summary.baselined) extra.push(`${plural(report.summary.baselined, 'baselined finding')} not shown`);
  if (report.summary.baselineResolved)
    extra.push(
      `${plural(report.summary.baselineResolved, 'baselined finding')} no longer ${report.summary.baselineResolved === 1 ? 'occurs' : 'occur'}`,
    );
  if (report.summary.suppressed) extra.push(`${plural(report.summary.suppressed, 'finding')} suppressed inline`);
  const tail = extra.length ? ` ${extra.join('; ')}.` : '';
  if (errors + warnings === 0) {
    out.push(
      `### spec-check: no problems`,
      '',
      `${plural(report.summary.examplesValidated, 'example')} validated, ${plural(report.summary.filesRead, 'file')} read.${tail}`,
    );
    return out.join('\n') + '\n';
  }
  out.push(
    `### spec-check: ${plural(errors + warnings, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`,
    '',
  );
  if (tail) out.push(tail.trim(), '');

  const byRule = new Map<string, { errors: number; warnings: number }>();
  for (const f of report.findings) {
    const row = byRule.get(f.rule) ?? { errors: 0, warnings: 0 };
    row[f.severity === 'error' ? 'errors' : 'warnings']++;
    byRule.set(f.rule, row);
  }
  out.push('| rule | errors | warnings |', '| --- | ---: | ---: |');
  for (const [rule, row] of [...byRule].sort(([a], [b]) => (a < b ? -1 : 1)))
    out.push(`| ${code(rule)} | ${row.errors} | ${row.warnings} |`);
  out.push('');

  out.push('| location | severity | message | rule |', '| --- | --- | --- | --- |');
  let size = out.join('\n').length;
  let shown = 0;
  for (const f of report.findings) {
    const related = f.related
      .map((r) => `<br>${code(`${workspacePath(report.root, r.file)}:${r.line}:${r.column}`)} ${escapeCell(r.message)}`)
      .join('');
    const row = `| ${code(`${workspacePath(report.root, f.file)}:${f.line}:${f.column}`)} | ${f.severity} | ${escapeCell(f.message)}${related} | ${code(f.rule)} |`;
    // A pull-request comment holds at most 65,536 characters: stop short of it.
    if (size + row.length + 1 > MAX_COMMENT_CHARS) break;
    out.push(row);
    size += row.length + 1;
    shown++;
  }
  if (shown < report.findings.length)
    out.push(
      '',
      `… and ${plural(report.findings.length - shown, 'more finding')}: see the full report (\`--format text\` or \`--format sarif\`).`,
    );
  return out.join('\n') + '\n';
}

/**
 * The default, human format: findings grouped by file, one line each, related locations
 * indented beneath, a closing summary. Colour only when asked (`colorWanted` decides: a TTY,
 * `FORCE_COLOR`, never with `NO_COLOR`).
 */
import type { CheckReport } from '../core/report.js';
import type { Finding } from '../core/finding.js';
import type { TextFile } from '../core/text-file.js';
import { paintFor, type Paint } from './color.js';
import type { FormatOptions } from './format.js';
import { visible } from './escape.js';
import { placesByGroup } from './places.js';

/** What the text format reads of the options: colour, code frames, the files, the rules' links. */
export type TextOptions = FormatOptions;

export function formatText(report: CheckReport, options: TextOptions = {}): string {
  const paint = paintFor(options.color);
  return formatFindings(report.findings, options) + summaryLine(report, paint) + '\n';
}

/**
 * Findings grouped by file, each group followed by a blank line; empty when there are none. A root
 * cause with several places is shown once, at its first place, with its other places beneath.
 */
export function formatFindings(allFindings: Finding[], options: TextOptions = {}): string {
  const paint = paintFor(options.color);
  const out: string[] = [];
  const places = placesByGroup(allFindings);
  const report = {
    findings: allFindings.filter((f) => !f.group || places.get(f.group)?.[0] === f || !places.has(f.group)),
  };
  const docsUrl = new Map(
    options.verbose ? (options.rules ?? []).flatMap((r) => (r.docsUrl ? [[r.id, r.docsUrl] as const] : [])) : [],
  );
  const byFile = new Map<string, Finding[]>();
  for (const f of report.findings) {
    if (!byFile.has(f.file)) byFile.set(f.file, []);
    byFile.get(f.file)!.push(f);
  }
  for (const [file, findings] of byFile) {
    out.push(paint('underline', visible(file)));
    const posWidth = Math.max(...findings.map((f) => `${f.line}:${f.column}`.length));
    for (const f of findings) {
      const pos = `${f.line}:${f.column}`.padEnd(posWidth);
      const sev = f.severity === 'error' ? paint('red', 'error  ') : paint('yellow', 'warning');
      const mark = f.new === false ? `${paint('dim', '(already there)')} ` : '';
      out.push(`  ${paint('dim', pos)}  ${sev}  ${mark}${visible(f.message)}  ${paint('dim', f.rule)}`);
      const others = (f.group && places.get(f.group)?.slice(1)) || [];
      if (others.length)
        out.push(
          `  ${' '.repeat(posWidth)}           ${paint('bold', `the same problem at ${others.length} more place${others.length === 1 ? '' : 's'}:`)}`,
          ...others.map(
            (o) =>
              `  ${' '.repeat(posWidth)}             ${paint('dim', `${visible(o.file)}:${o.line}:${o.column}`)}${o.new === false ? '  (already there)' : o.new ? '  (new)' : ''}`,
          ),
        );
      for (const r of f.related) {
        out.push(
          `  ${' '.repeat(posWidth)}           ${paint('dim', `${visible(r.file)}:${r.line}:${r.column}`)}  ${visible(r.message)}`,
        );
      }
      const source = options.verbose ? options.source?.(f.file) : undefined;
      if (source) out.push(...codeFrame(source, f, paint));
      const url = docsUrl.get(f.rule);
      if (url) out.push(`    ${paint('dim', `docs: ${url}`)}`);
      if ((source || url) && f !== findings.at(-1)) out.push('');
    }
    out.push('');
  }
  return out.map((l) => l + '\n').join('');
}

/** The finding's line with two lines either side, `>` at the line and a caret under the column. */
function codeFrame(source: TextFile, f: Finding, paint: Paint = (_, s) => s): string[] {
  const first = Math.max(1, f.line - 2);
  let last = Math.min(source.lineCount, f.line + 2);
  // The empty "line" after a final line break is not worth showing.
  if (last === source.lineCount && last > f.line && source.lineText(last) === '') last--;
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = visible(source.lineText(n).replace(/\t/g, '  '));
    out.push(
      `    ${n === f.line ? '>' : ' '} ${paint('dim', `${String(n).padStart(width)} |`)}${text ? ' ' + text : ''}`,
    );
    if (n === f.line) {
      const raw = source.lineText(n);
      const before = raw.slice(0, f.column - 1).replace(/\t/g, '  ').length;
      const span =
        f.endLine === f.line && f.endColumn !== undefined && f.endColumn > f.column
          ? raw.slice(f.column - 1, f.endColumn - 1).replace(/\t/g, '  ').length
          : 1;
      out.push(
        `      ${paint('dim', `${' '.repeat(width)} |`)} ${' '.repeat(before)}${paint(f.severity === 'error' ? 'red' : 'yellow', '^'.repeat(Math.max(1, span)))}`,
      );
    }
  }
  return out;
}

export function summaryLine(report: Pick<CheckReport, 'summary'>, paint: Paint = paintFor(false)): string {
  const { errors, warnings, examplesValidated, filesRead } = report.summary;
  const total = errors + warnings;
  const extra: string[] = [];
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  if (report.summary.suppressed) extra.push(`${n(report.summary.suppressed, 'finding')} suppressed inline`);
  if (report.summary.baselined) extra.push(`${n(report.summary.baselined, 'baselined finding')} not shown`);
  if (report.summary.baselineResolved)
    extra.push(
      `${n(report.summary.baselineResolved, 'baselined finding')} no longer ${report.summary.baselineResolved === 1 ? 'occurs' : 'occur'}`,
    );
  // JSON blocks of the prose: how many were validated, and how many could not be told a type (not checked).
  const { codeBlocksValidated: blocks = 0, codeBlocksUnclassified: unclassified = 0 } = report.summary;
  const shown = blocks || unclassified ? `${n(blocks, 'JSON block')} validated, ${unclassified} unclassified, ` : '';
  const { sketchesValidated: sketches = 0, sketchesUnclassified: sketchesUnclassified = 0 } = report.summary;
  const sketched =
    sketches || sketchesUnclassified
      ? `${sketches} message sketch${sketches === 1 ? '' : 'es'} validated, ${sketchesUnclassified} unclassified, `
      : '';
  const figures = `${examplesValidated} example${examplesValidated === 1 ? '' : 's'} validated, ${shown}${sketched}${filesRead} file${filesRead === 1 ? '' : 's'} read${extra.length ? '; ' + extra.join(', ') : ''}`;
  const review = reviewCounts(report.summary);
  if (total === 0) return `No problems (${review}${figures}).`;
  const causes = report.summary.rootCauses;
  const grouped = causes !== undefined && causes < total ? ` in ${n(causes, 'root cause')}` : '';
  const text = `${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})${grouped}; ${review}${figures}.`;
  return paint('bold', errors ? paint('red', text) : paint('yellow', text));
}

/** `check --base`: "N new, M fixed, K already there (not shown); " (empty otherwise). */
function reviewCounts(summary: CheckReport['summary']): string {
  if (summary.new === undefined) return '';
  const elsewhere = summary.newOutsideChanged
    ? `, ${summary.newOutsideChanged} new in unchanged files (not shown)`
    : '';
  return `${summary.new} new, ${summary.fixed ?? 0} fixed, ${summary.unchanged ?? 0} already there (not shown)${elsewhere}; `;
}

/**
 * The sep-diff report: the same document as `check --format json` (schema/report.schema.json),
 * with figures of its own, and its text and pull-request-comment (Markdown) renderings.
 */
import type { CheckReport } from '../core/report.js';
import { formatFindings } from '../reporters/text.js';
import type { Spec } from '../model/spec.js';
import { toolVersion } from '../version.js';
import type { SepDiffResult } from './index.js';

export interface SepDiffReport extends CheckReport {
  /** What was compared, for the text and Markdown headers (left out of the JSON document). */
  result: SepDiffResult;
}

export function sepDiffReport(spec: Spec, rootArg: string, result: SepDiffResult): SepDiffReport {
  const errors = result.findings.filter((f) => f.severity === 'error').length;
  return {
    tool: { name: 'spec-check', version: toolVersion },
    root: rootArg,
    findings: result.findings,
    summary: {
      errors,
      warnings: result.findings.length - errors,
      examplesValidated: 0,
      filesRead: spec.filesRead,
      changedFiles: result.changedFiles.length,
      messagesChecked: result.messagesChecked,
      messageTemplates: result.templates,
      proposalsCompared: result.compared.length,
      unitsCompared: result.compared.reduce((n, c) => n + c.units, 0),
      unitsMatched: result.compared.reduce((n, c) => n + c.matched, 0),
      unknownDeclarations: result.unknownDeclarations.length,
    },
    result,
  };
}

export function proposesNothing(r: SepDiffResult): boolean {
  return (
    !r.compared.length &&
    !r.templates &&
    !r.unknownDeclarations.length &&
    !r.findings.some((f) => f.rule.startsWith('sep-diff/'))
  );
}

const NO_WORDING =
  'proposes no wording (no fenced Markdown block names a target page, no JSDoc names a declaration of the spec, no message template)';

export function formatSepDiffJson(report: SepDiffReport): string {
  const { result: _result, ...document } = report;
  return JSON.stringify(document, null, 2) + '\n';
}

export function formatSepDiffText(report: SepDiffReport, options: { color?: boolean } = {}): string {
  const r = report.result;
  const out: string[] = [];
  if (proposesNothing(r)) out.push(`${r.sep} ${NO_WORDING}.`);
  else out.push(...header(r, (s) => s));
  if (report.findings.length) {
    out.push('');
    // The findings as `check` prints them, without its closing line (the figures differ).
    out.push(...formatFindings(report.findings, options).split('\n').slice(0, -1));
    out.push(summaryLine(report));
  } else if (!proposesNothing(r)) {
    out.push('', 'No differences: the spec follows the SEP.');
  }
  return out.join('\n') + '\n';
}

function header(r: SepDiffResult, code: (s: string) => string): string[] {
  const lines: string[] = [];
  const status = r.status ? ` (status: ${r.status})` : '';
  if (r.compared.length) {
    lines.push(`${code(r.sep)}${status} proposes wording for:`);
    for (const c of r.compared) {
      lines.push(
        `  ${code(c.target)}${c.section ? ` (${c.section})` : ''}: ${c.matched} of ${c.units} proposed items and sentences found`,
      );
    }
  } else {
    lines.push(`${code(r.sep)}${status} proposes no wording that sep-diff could compare.`);
  }
  if (r.unknownDeclarations.length)
    lines.push(
      `JSDoc proposed for declarations the schema does not have (not compared): ${r.unknownDeclarations.map(code).join(', ')}`,
    );
  if (r.templates) lines.push(`Message templates: ${r.templates}; example messages checked: ${r.messagesChecked}`);
  if (r.changedFiles.length) lines.push(`Files the SEP changes: ${r.changedFiles.map(code).join(', ')}`);
  return lines;
}

function summaryLine(report: CheckReport): string {
  const { errors, warnings } = report.summary;
  const total = errors + warnings;
  return `${total} difference${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}).`;
}

/** Markdown for a pull-request review comment: what was compared, then a table of differences. */
export function formatSepDiffMarkdown(report: SepDiffReport): string {
  const r = report.result;
  const code = (s: string) => `\`${s}\``;
  const out = [`#### spec-check sep-diff: ${code(r.sep)}`, ''];
  if (proposesNothing(r)) {
    out.push(`${code(r.sep)} ${NO_WORDING}.`);
  } else {
    // Indented target lines become a list; every other line is a paragraph of its own.
    header(r, code).forEach((l, i) => {
      if (l.startsWith('  ')) out.push(`- ${l.trim()}`);
      else out.push(...(i ? [''] : []), l);
    });
    out.push('');
  }
  if (!report.findings.length) {
    if (!proposesNothing(r)) out.push('No differences: the spec follows the SEP.');
    return out.join('\n') + '\n';
  }
  out.push(`**${summaryLine(report)}**`, '', '| | Spec | SEP | Difference | Rule |', '|---|---|---|---|---|');
  const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  for (const f of report.findings) {
    const sep = f.related[0];
    out.push(
      `| ${f.severity} | ${code(`${f.file}:${f.line}:${f.column}`)} | ${sep ? code(`${sep.file}:${sep.line}:${sep.column}`) : ''} | ${cell(f.message)} | ${code(f.rule)} |`,
    );
  }
  return out.join('\n') + '\n';
}

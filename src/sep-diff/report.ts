/**
 * The sep-diff report: the same document as `check --format json` (schema/report.schema.json),
 * with figures of its own, and its text and pull-request-comment (Markdown) renderings.
 */
import type { CheckReport } from '../core/report.js';
import { formatFindings } from '../reporters/text.js';
import type { Spec } from '../model/spec.js';
import { toolVersion } from '../version.js';
import type { SepDiffResult } from './index.js';
import { quote } from './compare.js';

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
      pagesSearched: result.coverage.pages.length,
      specificationUnits: result.coverage.units,
      specificationUnitsLocated: result.coverage.located,
      keywordUnitsLocated: result.coverage.keywordUnits,
      declarationsCompared: result.coverage.typescript.declarations,
      declarationsLocated: result.coverage.typescript.located,
      deprecationsListed: result.coverage.typescript.deprecations,
      deprecationsLocated: result.coverage.typescript.deprecationsLocated,
      jsonExamples: result.coverage.json.examples,
      jsonExamplesLocated: result.coverage.json.located,
      differencesNotReported: result.notReported.reduce((n, r) => n + r.count, 0),
    },
    result,
  };
}

export function proposesNothing(r: SepDiffResult): boolean {
  const c = r.coverage;
  return (
    !r.compared.length &&
    !c.units &&
    !c.typescript.declarations &&
    !c.typescript.deprecations &&
    !c.json.examples &&
    !r.templates &&
    !r.unknownDeclarations.length &&
    !r.findings.some((f) => f.rule.startsWith('sep-diff/'))
  );
}

const NO_WORDING =
  'proposes no wording (no Specification section, no fenced Markdown block names a target page, no JSDoc names a declaration of the spec, no message template)';

/** The report as `check` makes one (schema/report.schema.json), for the JSON, SARIF and GitHub formats. */
export function documentOf(report: SepDiffReport): CheckReport {
  const { result: _result, ...document } = report;
  return document;
}

export function formatSepDiffJson(report: SepDiffReport): string {
  return JSON.stringify(documentOf(report), null, 2) + '\n';
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
    out.push('', noDifferences(r));
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
  } else if (r.coverage.section) {
    lines.push(`${code(r.sep)}${status}`);
  } else {
    lines.push(`${code(r.sep)}${status} proposes no wording that sep-diff could compare.`);
  }
  if (r.unknownDeclarations.length)
    lines.push(
      `JSDoc proposed for declarations the schema does not have (not compared): ${r.unknownDeclarations.map(code).join(', ')}`,
    );
  if (r.templates) lines.push(`Message templates: ${r.templates}; example messages checked: ${r.messagesChecked}`);
  if (r.changedFiles.length) lines.push(`Files the SEP changes: ${r.changedFiles.map(code).join(', ')}`);
  lines.push(...coverageLines(r, code), ...notReportedLine(r, code));
  return lines;
}

/** How many not-located units the text and Markdown list by name (JSON has the counts). */
const LISTED = 5;

/** What of the Specification section was compared: the honest line beside every result. */
export function coverageLines(r: SepDiffResult, code: (s: string) => string): string[] {
  const c = r.coverage;
  const lines: string[] = [];
  if (!c.section) {
    lines.push(
      'Specification section: none (a heading "Specification" was not found), so only the blocks above were compared.',
    );
    return lines;
  }
  const where = c.all
    ? `every page of the target version (${c.pages.length}; the SEP names none)`
    : `${c.pages.length} page${c.pages.length === 1 ? '' : 's'} (${c.pages.map(code).join(', ')})`;
  let line = `Specification section: compared ${c.located} of ${c.units} units (sentences, list items, table rows) found in ${where}`;
  if (c.keywordUnits) line += `, ${c.keywordUnits} of them with RFC 2119 keywords`;
  if (c.notLocated.length) {
    const shown = c.notLocated.slice(0, LISTED).map((u) => `${quote(u.text, 60)} (line ${u.location.line})`);
    const more = c.notLocated.length - shown.length;
    line += `; not located: ${shown.join(', ')}${more ? `, and ${more} more` : ''}`;
  }
  lines.push(line + '.');
  const ts = c.typescript;
  if (ts.declarations || ts.unparsed.length) {
    const missing = ts.notLocated;
    lines.push(
      `TypeScript: compared ${ts.located} of ${ts.declarations} declarations with schema.ts${missing.length ? `; not in schema.ts: ${missing.map(code).join(', ')}` : ''}${ts.unparsed.length ? `; ${ts.unparsed.length} block${ts.unparsed.length === 1 ? '' : 's'} not whole declarations (not compared)` : ''}${ts.extensionAdditions ? `; ${ts.extensionAdditions} addition${ts.extensionAdditions === 1 ? '' : 's'} the extension makes to them (members, union alternatives) not compared: the extension's own` : ''}.`,
    );
  }
  if (ts.deprecations)
    lines.push(
      `Deprecations: ${ts.deprecationsLocated} of ${ts.deprecations} items the SEP deprecates found in schema.ts${ts.deprecationsNotLocated.length ? `; not found: ${ts.deprecationsNotLocated.map(code).join(', ')}` : ''}.`,
    );
  if (c.json.examples)
    lines.push(`JSON examples: ${c.json.located} of ${c.json.examples} found in the pages searched.`);
  return lines;
}

/**
 * The differences found whose rules are off, when there are any: counted, so that a report never
 * reads as if there were none; for the kinds that ship off, why and how to see them.
 */
function notReportedLine(r: SepDiffResult, code: (s: string) => string): string[] {
  if (!r.notReported.length) return [];
  const counts = r.notReported.map((n) => `${n.count} ${code(n.rule)}`).join(', ');
  const shipsOff = r.notReported.find((n) => n.shipsOff);
  const how = shipsOff
    ? ` (these kinds ship off: wording differences are mostly editorial; ${code(`--rule ${shipsOff.rule}=warning`)} or the config's rules show them)`
    : '';
  return [`Not reported, their rules being off: ${counts}${how}.`];
}

/** What to say when nothing differs: how much that covers, never more. */
function noDifferences(r: SepDiffResult): string {
  const c = r.coverage;
  const compared =
    c.located + c.typescript.located + c.typescript.deprecationsLocated + r.compared.reduce((n, p) => n + p.matched, 0);
  if (!compared && !r.messagesChecked)
    return 'Nothing the SEP proposes was found in the spec, so nothing was compared.';
  const off = r.notReported.reduce((n, x) => n + x.count, 0);
  return off
    ? `No differences reported in what was compared (${off} found by rules that are off).`
    : `No differences in what was compared.`;
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
    if (!proposesNothing(r)) out.push(noDifferences(r));
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

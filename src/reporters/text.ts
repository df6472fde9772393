/**
 * The default, human format: findings grouped by file, one line each, related locations
 * indented beneath, a closing summary. Colour only when asked (a TTY without NO_COLOR).
 */
import type { CheckReport } from '../check.js';
import type { Finding } from '../rules/types.js';

export interface TextOptions {
  color?: boolean;
}

const codes = { red: [31, 39], yellow: [33, 39], dim: [2, 22], bold: [1, 22], underline: [4, 24] } as const;

export function formatText(report: CheckReport, options: TextOptions = {}): string {
  const paint = (style: keyof typeof codes, s: string) => (options.color ? `\x1b[${codes[style][0]}m${s}\x1b[${codes[style][1]}m` : s);
  const out: string[] = [];
  const byFile = new Map<string, Finding[]>();
  for (const f of report.findings) {
    if (!byFile.has(f.file)) byFile.set(f.file, []);
    byFile.get(f.file)!.push(f);
  }
  for (const [file, findings] of byFile) {
    out.push(paint('underline', file));
    const posWidth = Math.max(...findings.map((f) => `${f.line}:${f.column}`.length));
    for (const f of findings) {
      const pos = `${f.line}:${f.column}`.padEnd(posWidth);
      const sev = f.severity === 'error' ? paint('red', 'error  ') : paint('yellow', 'warning');
      out.push(`  ${paint('dim', pos)}  ${sev}  ${f.message}  ${paint('dim', f.rule)}`);
      for (const r of f.related) {
        out.push(`  ${' '.repeat(posWidth)}           ${paint('dim', `${r.file}:${r.line}:${r.column}`)}  ${r.message}`);
      }
    }
    out.push('');
  }
  out.push(summaryLine(report, paint));
  return out.join('\n') + '\n';
}

function summaryLine(report: CheckReport, paint: (style: keyof typeof codes, s: string) => string): string {
  const { errors, warnings, examplesValidated, filesRead } = report.summary;
  const total = errors + warnings;
  const figures = `${examplesValidated} example${examplesValidated === 1 ? '' : 's'} validated, ${filesRead} file${filesRead === 1 ? '' : 's'} read`;
  if (total === 0) return `No problems (${figures}).`;
  const text = `${total} problem${total === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}); ${figures}.`;
  return paint('bold', errors ? paint('red', text) : paint('yellow', text));
}

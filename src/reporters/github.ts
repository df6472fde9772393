/**
 * GitHub Actions workflow commands, one line per finding, so that findings appear inline on a
 * pull request: `::error file=F,line=L,col=C,endLine=..,endColumn=..,title=RULE::message`.
 */
import type { CheckReport } from '../core/report.js';
import type { Finding } from '../core/finding.js';
import { workspacePath } from './paths.js';
import { visible } from './escape.js';

/** Escapes a command's message (data) the way the Actions runner unescapes it. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a command property value: as data, plus `:` and `,`, which delimit properties. */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(report: CheckReport): string {
  return report.findings.map((f) => command(report.root, f) + '\n').join('');
}

function command(root: string, f: Finding): string {
  const props: [string, string | number][] = [
    ['file', visible(workspacePath(root, f.file))],
    ['line', f.line],
    ['col', f.column],
  ];
  if (f.endLine !== undefined) props.push(['endLine', f.endLine]);
  // GitHub takes endColumn only for a one-line range.
  if (f.endColumn !== undefined && (f.endLine === undefined || f.endLine === f.line))
    props.push(['endColumn', f.endColumn]);
  props.push(['title', f.rule]);
  // Control characters are escaped but line breaks, which the command encodes (a message may have several lines).
  const related = f.related
    .map((r) => `\n${visible(workspacePath(root, r.file))}:${r.line}:${r.column}: ${visible(r.message, true)}`)
    .join('');
  const level = f.severity === 'error' ? 'error' : 'warning';
  return `::${level} ${props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',')}::${escapeData(visible(f.message, true) + related)}`;
}

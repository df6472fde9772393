/**
 * GitHub Actions workflow commands, one line per finding, so that findings appear inline on a
 * pull request: `::error file=F,line=L,col=C,endLine=..,endColumn=..,title=RULE::message`.
 * A root cause with several places is annotated at each place, and each annotation says which of
 * how many places it is and where the others are (the first few).
 */
import type { CheckReport } from '../core/report.js';
import type { Finding } from '../core/finding.js';
import { workspacePath } from './paths.js';
import { visible } from './escape.js';
import { placesByGroup } from './places.js';

/** Other places of a root cause named in an annotation; past them, only how many more. */
const NAMED_PLACES = 5;

/** Escapes a command's message (data) the way the Actions runner unescapes it. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a command property value: as data, plus `:` and `,`, which delimit properties. */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(report: CheckReport): string {
  const places = placesByGroup(report.findings);
  return report.findings.map((f) => command(report.root, f, f.group ? places.get(f.group) : undefined) + '\n').join('');
}

/** The annotation of a finding; `group`: the places of its root cause when it has several. */
function command(root: string, f: Finding, group?: Finding[]): string {
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
  return `::${level} ${props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',')}::${escapeData(visible(f.message, true) + related + (group ? rootCause(root, f, group) : ''))}`;
}

/** "Place 2 of 3 of one root cause; the others: a:1:1, b:2:1", on a line of its own. */
function rootCause(root: string, f: Finding, group: Finding[]): string {
  const others = group.filter((p) => p !== f);
  const named = others
    .slice(0, NAMED_PLACES)
    .map(
      (p) =>
        `${visible(workspacePath(root, p.file))}:${p.line}:${p.column}${p.new === false ? ' (already there)' : ''}`,
    );
  if (others.length > NAMED_PLACES) named.push(`and ${others.length - NAMED_PLACES} more`);
  // With --base, an old place is shown because another place of its root cause is new.
  const old = f.new === false ? ' (this place was already there)' : '';
  return `\nPlace ${group.indexOf(f) + 1} of ${group.length} of one root cause${old}; the other${others.length === 1 ? '' : 's'}: ${named.join(', ')}`;
}

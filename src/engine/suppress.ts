/**
 * Applies inline suppressions to the findings of a run: drops each finding of a named rule on
 * the line after a suppression comment, and reports the suppressions that dropped nothing.
 */
import type { Suppression } from '../model/spec.js';
import type { Finding, Severity } from '../core/finding.js';

export const UNUSED_RULE = 'suppression/unused';

export interface SuppressOptions {
  /** Rules that ran: only a suppression of one of them can be known to be unused. */
  ran: Set<string>;
  /** Every rule id spec-check knows. */
  known: Set<string>;
  /** Severity of `suppression/unused`, or undefined when it is off or did not run. */
  unusedSeverity?: Severity;
}

export function applySuppressions(
  findings: Finding[],
  suppressions: Suppression[],
  options: SuppressOptions,
): { findings: Finding[]; suppressed: number } {
  if (!suppressions.length) return { findings, suppressed: 0 };
  // file -> line -> suppressions on that line.
  const byTarget = new Map<string, Suppression[]>();
  for (const s of suppressions) {
    const key = `${s.location.file}\0${s.targetLine}`;
    if (!byTarget.has(key)) byTarget.set(key, []);
    byTarget.get(key)!.push(s);
  }
  const used = new Set<string>(); // `${index of suppression}\0${rule}`
  const index = new Map(suppressions.map((s, i) => [s, i]));
  const kept: Finding[] = [];
  let suppressed = 0;
  for (const f of findings) {
    const match = byTarget.get(`${f.file}\0${f.line}`)?.find((s) => s.rules.includes(f.rule));
    if (match) {
      used.add(`${index.get(match)}\0${f.rule}`);
      suppressed++;
    } else kept.push(f);
  }
  if (options.unusedSeverity) {
    const severity = options.unusedSeverity;
    const report = (s: Suppression, message: string) =>
      kept.push({ rule: UNUSED_RULE, severity, message, ...s.location, related: [] });
    suppressions.forEach((s, i) => {
      if (!s.rules.length)
        return report(s, 'Suppression names no rule: write `spec-check-disable-next-line RULE -- reason`');
      for (const rule of s.rules) {
        if (!options.known.has(rule)) report(s, `Suppression names unknown rule "${rule}"`);
        else if (options.ran.has(rule) && !used.has(`${i}\0${rule}`)) {
          report(s, `Suppression of ${rule} suppresses nothing: no ${rule} finding on the next line`);
        }
      }
    });
  }
  return { findings: kept, suppressed };
}

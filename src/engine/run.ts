/**
 * Runs rules over a loaded spec and turns their reports into findings: rule id, severity,
 * stable order. A rule that throws becomes an `internal` finding; the others still run.
 */
import type { Spec } from '../model/types.js';
import type { Finding, Report, Rule, Severity } from '../rules/types.js';

export type SeverityOverride = Severity | 'off';

export interface RunOptions {
  /** Rule id -> severity, overriding each rule's default. */
  severities?: Record<string, SeverityOverride>;
}

export interface RunResult {
  findings: Finding[];
  /** Summary figures the rules counted. */
  figures: Record<string, number>;
}

export function runRules(spec: Spec, rules: Rule[], options: RunOptions = {}): RunResult {
  const findings: Finding[] = [];
  const figures: Record<string, number> = {};
  const count = (figure: string, n = 1) => {
    figures[figure] = (figures[figure] ?? 0) + n;
  };
  for (const rule of rules) {
    const severity = options.severities?.[rule.id] ?? rule.defaultSeverity;
    if (severity === 'off') continue;
    try {
      const report = (r: Report) => {
        findings.push({ rule: rule.id, severity, message: r.message, ...r.location, related: r.related ?? [] });
      };
      rule.check(spec, { report, count });
    } catch (error) {
      const e = error as Error;
      const where = /\((?:file:\/\/)?([^)]*\/src\/[^)]*|[^)]*\/dist\/[^)]*)\)/.exec(e.stack ?? '')?.[1] ?? 'unknown place';
      findings.push({
        rule: 'internal',
        severity: 'error',
        message: `Rule ${rule.id} failed: ${e.message ?? String(error)} (at ${where.replace(/^.*\/(src|dist)\//, '$1/')}). Please report this.`,
        file: '.',
        line: 1,
        column: 1,
        related: [],
      });
    }
  }
  return { findings: sortFindings(findings), figures };
}

/**
 * Awaits the `prepare` step of every enabled rule. A failing step is left for the rule's `check`
 * to meet (it then throws, and becomes an `internal` finding), so that one rule cannot stop the run.
 */
export async function prepareRules(spec: Spec, rules: Rule[], options: RunOptions = {}): Promise<void> {
  const enabled = rules.filter((r) => r.prepare && (options.severities?.[r.id] ?? r.defaultSeverity) !== 'off');
  await Promise.all(enabled.map((r) => r.prepare!(spec).catch(() => undefined)));
}

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      cmp(a.file, b.file) || a.line - b.line || a.column - b.column || cmp(a.rule, b.rule) || cmp(a.message, b.message),
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

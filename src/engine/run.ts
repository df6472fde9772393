/**
 * Runs rules over a loaded spec and turns their reports into findings: rule id, severity,
 * stable order. A rule that throws becomes an `internal` finding; the others still run.
 */
import type { Spec } from '../model/types.js';
import type { Finding, Report, Rule, Severity } from '../rules/types.js';
import type { Vocabulary } from '../consistency/vocabulary.js';
import { allRules } from '../rules/index.js';
import { applySuppressions, UNUSED_RULE } from './suppress.js';

export type SeverityOverride = Severity | 'off';

export interface RunOptions {
  /** Rule id -> severity, overriding each rule's default. */
  severities?: Record<string, SeverityOverride>;
  /** When given, filled with each rule's run time in milliseconds (for `npm run bench`). */
  timings?: Record<string, number>;
  /** The consistency vocabulary (conditions, channels, phrases); the built-in MCP one when absent. */
  vocabulary?: Vocabulary;
  /** Called before each rule runs, for a progress line. */
  onProgress?: (phase: string, done: number, total: number) => void;
}

export interface RunResult {
  findings: Finding[];
  /** Summary figures the rules counted. */
  figures: Record<string, number>;
}

export function runRules(spec: Spec, rules: Rule[], options: RunOptions = {}): RunResult {
  const run = startRun(spec, rules, options);
  for (const rule of rules) run.check(rule);
  return run.finish();
}

/**
 * As `runRules`, for rules whose `prepare` is still under way (see `prepareRules`): the rules that
 * need no preparation run first, while it goes on (in the worker thread), then the others.
 */
export async function runRulesWhenPrepared(spec: Spec, rules: Rule[], prepared: Promise<void>, options: RunOptions = {}): Promise<RunResult> {
  const run = startRun(spec, rules, options);
  for (const rule of rules) if (!rule.prepare) run.check(rule);
  const waiting = performance.now();
  await prepared;
  if (options.timings) options.timings.prepare = performance.now() - waiting;
  for (const rule of rules) if (rule.prepare) run.check(rule);
  return run.finish();
}

function startRun(spec: Spec, rules: Rule[], options: RunOptions) {
  const findings: Finding[] = [];
  const figures: Record<string, number> = {};
  const count = (figure: string, n = 1) => {
    figures[figure] = (figures[figure] ?? 0) + n;
  };
  const ran = new Set<string>();
  let started = 0;
  const check = (rule: Rule) => {
    options.onProgress?.(`checking ${rule.id}`, ++started, rules.length);
    const severity = options.severities?.[rule.id] ?? rule.defaultSeverity;
    if (severity === 'off') return;
    ran.add(rule.id);
    try {
      const report = (r: Report) => {
        findings.push({ rule: rule.id, severity, message: r.message, ...r.location, related: r.related ?? [] });
      };
      const guard = (file: string, fn: () => void) => {
        try {
          fn();
        } catch (error) {
          findings.push(internalFinding(rule, error, file));
        }
      };
      const began = performance.now();
      try {
        rule.check(spec, { report, count, guard, vocabulary: options.vocabulary });
      } finally {
        if (options.timings) options.timings[`rule:${rule.id}`] = performance.now() - began;
      }
    } catch (error) {
      findings.push(internalFinding(rule, error, '.'));
    }
  };
  const finish = (): RunResult => {
    // Inline suppressions, applied once every rule has run.
    const unusedSeverity = ran.has(UNUSED_RULE) ? (options.severities?.[UNUSED_RULE] ?? rules.find((r) => r.id === UNUSED_RULE)!.defaultSeverity) : undefined;
    const known = new Set([...allRules, ...rules].map((r) => r.id));
    const result = applySuppressions(findings, spec.suppressions ?? [], { ran, known, unusedSeverity: unusedSeverity === 'off' ? undefined : unusedSeverity });
    if (result.suppressed) count('suppressed', result.suppressed);
    return { findings: sortFindings(result.findings), figures };
  };
  return { check, finish };
}

/** A rule that threw: a finding of rule `internal` naming the rule, the file and where in spec-check. */
function internalFinding(rule: Rule, error: unknown, file: string): Finding {
  const e = error as Error;
  const frame = /\((?:file:\/\/)?([^)]*\/(?:src|dist)\/[^)]*)\)/.exec(e?.stack ?? '')?.[1];
  const where = frame ? ` at ${frame.replace(/^.*\/(src|dist)\//, '$1/')}` : '';
  return {
    rule: 'internal',
    severity: 'error',
    message: `Rule ${rule.id} failed on ${file === '.' ? 'the spec' : file}: ${e?.message ?? String(error)}${where}. Please report this to spec-check.`,
    file,
    line: 1,
    column: 1,
    related: [],
  };
}

/**
 * Awaits the `prepare` step of every enabled rule. A failing step is left for the rule's `check`
 * to meet (it then throws, and becomes an `internal` finding), so that one rule cannot stop the run.
 */
export async function prepareRules(spec: Spec, rules: Rule[], options: RunOptions = {}): Promise<void> {
  const enabled = rules.filter((r) => r.prepare && (options.severities?.[r.id] ?? r.defaultSeverity) !== 'off');
  let done = 0;
  // The progress line names what is being generated: the longest phase of a cold check.
  if (enabled.length) options.onProgress?.(`generating for ${enabled.map((r) => r.id).join(', ')}`, 0, enabled.length);
  await Promise.all(
    enabled.map((r) =>
      r.prepare!(spec)
        .catch(() => undefined)
        .then(() => options.onProgress?.(`generated for ${r.id}`, ++done, enabled.length)),
    ),
  );
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

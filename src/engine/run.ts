/**
 * Runs rules over a loaded spec and turns their reports into findings: rule id, severity,
 * stable order. A rule that throws becomes an `internal` finding; the others still run.
 */
import type { Project } from '../project/project.js';
import type { Finding } from '../core/finding.js';
import type { Report, Rule, RuleMeta, SeverityOverride } from '../core/rule.js';
import { applySuppressions, UNUSED_RULE } from './suppress.js';
import { assignGroups } from './groups.js';
import { generatedFiles, needsGeneratedSchemas } from '../generators/outputs.js';

export type { SeverityOverride } from '../core/rule.js';

export interface RunOptions {
  /** Rule id -> severity, overriding each rule's default. */
  severities?: Record<string, SeverityOverride>;
  /** When given, filled with each rule's run time in milliseconds (for `npm run bench`). */
  timings?: Record<string, number>;
  /**
   * Every rule id a suppression comment may name without being "unknown" (the registry's); the
   * rules run when absent.
   */
  knownRules?: readonly string[];
  /** Called before each rule runs, for a progress line. */
  onProgress?: (phase: string, done: number, total: number) => void;
  /**
   * Called once the rules that need no preparation have run, when some still wait for theirs:
   * this thread would otherwise sit idle while the worker threads finish.
   */
  onWaiting?: () => void;
}

export interface RunResult {
  findings: Finding[];
  /** Summary figures the rules counted. */
  figures: Record<string, number>;
}

export function runRules(project: Project, rules: Rule[], options: RunOptions = {}): RunResult {
  const run = startRun(project, rules, options);
  for (const rule of rules) run.check(rule);
  return run.finish();
}

/**
 * As `runRules`, for rules whose `prepare` is still under way (see `prepareRules`): the rules that
 * need no preparation run first, while it goes on (in the worker thread), then the others.
 */
export async function runRulesWhenPrepared(
  project: Project,
  rules: Rule[],
  prepared: Preparation,
  options: RunOptions = {},
): Promise<RunResult> {
  const run = startRun(project, rules, options);
  for (const rule of rules) {
    if (prepared.waiting.has(rule)) continue;
    run.check(rule);
    // Between rules, what the worker threads sent is taken in: a preparation that is done lets
    // its threads be ended now (`Runtime.release`), giving back their memory while the other
    // rules run, not after them.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const waiting = performance.now();
  if (prepared.waiting.size) options.onWaiting?.();
  await prepared.done;
  if (options.timings) options.timings.prepare = performance.now() - waiting;
  for (const rule of rules) if (prepared.waiting.has(rule)) run.check(rule);
  return run.finish();
}

function startRun(project: Project, rules: Rule[], options: RunOptions) {
  const findings: Finding[] = [];
  // The cause a rule gave a report (`Report.cause`), for grouping once every rule has run.
  const causes = new WeakMap<Finding, string>();
  const figures: Record<string, number> = {};
  const count = (figure: string, n = 1) => {
    figures[figure] = (figures[figure] ?? 0) + n;
  };
  const ran = new Set<string>();
  // A types file shared by several versions is judged once per version: the same finding, reported once.
  const reported = new Set<string>();
  let started = 0;
  const check = (rule: Rule) => {
    const { id } = rule.meta;
    options.onProgress?.(`checking ${id}`, ++started, rules.length);
    const severity = severityOf(rule.meta, options.severities);
    if (severity === 'off') return;
    ran.add(id);
    try {
      const report = (r: Report) => {
        const finding: Finding = { rule: id, severity, message: r.message, ...r.location, related: r.related ?? [] };
        const key = JSON.stringify([id, finding.file, finding.line, finding.column, finding.message]);
        if (reported.has(key)) return;
        reported.add(key);
        if (r.cause !== undefined) causes.set(finding, r.cause);
        findings.push(finding);
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
        rule.check(project, { report, count, guard });
      } finally {
        if (options.timings) options.timings[`rule:${id}`] = performance.now() - began;
      }
    } catch (error) {
      findings.push(internalFinding(rule, error, '.'));
    }
  };
  const finish = (): RunResult => {
    const began = performance.now();
    const result = finishRun();
    if (options.timings) options.timings.finish = performance.now() - began;
    return result;
  };
  const finishRun = (): RunResult => {
    // Inline suppressions, applied once every rule has run.
    const unusedSeverity = ran.has(UNUSED_RULE)
      ? severityOf(rules.find((r) => r.meta.id === UNUSED_RULE)!.meta, options.severities)
      : undefined;
    const known = new Set([...(options.knownRules ?? []), ...rules.map((r) => r.meta.id)]);
    const result = applySuppressions(findings, project.spec.suppressions ?? [], {
      ran,
      known,
      unusedSeverity: unusedSeverity === 'off' ? undefined : unusedSeverity,
    });
    if (result.suppressed) count('suppressed', result.suppressed);
    const sorted = sortFindings(result.findings);
    assignGroups(
      sorted.map((finding) => ({ finding, cause: causes.get(finding) })),
      project.spec.versions.map((v) => v.id),
    );
    return { findings: sorted, figures };
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
    message: `Rule ${rule.meta.id} failed on ${file === '.' ? 'the spec' : file}: ${e?.message ?? String(error)}${where}. Please report this to spec-check.`,
    file,
    line: 1,
    column: 1,
    related: [],
  };
}

/** The rules whose `prepare` step is under way for a project, and when every step has settled. */
export interface Preparation {
  waiting: ReadonlySet<Rule>;
  done: Promise<void>;
}

/**
 * Starts the `prepare` step of every enabled rule. A failing step is left for the rule's `check`
 * to meet (it then throws, and becomes an `internal` finding), so that one rule cannot stop the run.
 * A rule whose step has nothing to do for this project is not waited for.
 */
export function prepareRules(project: Project, rules: Rule[], options: RunOptions = {}): Preparation {
  const steps = new Map<Rule, Promise<void>>();
  // A version without a committed JSON Schema is validated against the generated one: every rule
  // that may validate waits for it (none reads a validator before it is there).
  const schemas = needsGeneratedSchemas(project)
    ? generatedFiles(project, 'schema-json').then(() => undefined)
    : undefined;
  for (const r of rules) {
    if (!r.prepare || severityOf(r.meta, options.severities) === 'off') continue;
    const step = r.prepare(project);
    if (step) steps.set(r, step);
  }
  if (schemas)
    for (const r of rules) {
      if (severityOf(r.meta, options.severities) === 'off') continue;
      const own = steps.get(r);
      steps.set(r, own ? Promise.all([own, schemas]).then(() => undefined) : schemas);
    }
  let done = 0;
  const total = steps.size;
  // The progress line names what is being generated: the longest phase of a cold check.
  const what = schemas ? 'the JSON Schemas to validate with' : [...steps.keys()].map((r) => r.meta.id).join(', ');
  if (total) options.onProgress?.(`generating for ${what}`, 0, total);
  const settled = [...steps].map(([r, step]) =>
    step.catch(() => undefined).then(() => options.onProgress?.(`generated for ${r.meta.id}`, ++done, total)),
  );
  return { waiting: new Set(steps.keys()), done: Promise.all(settled).then(() => undefined) };
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

/** A rule's severity: the config's for its id, else the rule's default. */
export function severityOf(
  meta: Pick<RuleMeta, 'id' | 'defaultSeverity'>,
  severities: Record<string, SeverityOverride> | undefined,
): SeverityOverride {
  return severities?.[meta.id] ?? meta.defaultSeverity;
}

/**
 * Findings made outside a rule run (sep-diff's comparisons), with the severity the config sets
 * for their rule, else their rule's default (`defaults`, by rule id); `off` ones dropped.
 */
export function withSeverities(
  findings: Finding[],
  severities: Record<string, SeverityOverride> | undefined,
  defaults: Record<string, SeverityOverride> = {},
): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const severity = severities?.[f.rule] ?? defaults[f.rule] ?? f.severity;
    if (severity === 'off') continue;
    out.push(severity !== f.severity ? { ...f, severity } : f);
  }
  return out;
}

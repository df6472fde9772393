/**
 * Baselines: a record of accepted findings, so that a spec repository can adopt spec-check on a
 * tree that already has findings and gate only on new ones. A finding is keyed by its rule, file,
 * message and a hash of its source line's trimmed text (not its line number), with a count per
 * key: edits that move lines do not invalidate the baseline, and a second identical finding on
 * another identical line is still new.
 */
import { createHash } from 'node:crypto';
import { LoadError } from '../core/errors.js';
import type { Finding } from '../core/finding.js';
import type { CheckReport } from '../core/report.js';
import { groupsOf, rootCauseCount } from './groups.js';

export const BASELINE_FORMAT = 'spec-check-baseline/v1';

export interface BaselineEntry {
  rule: string;
  file: string;
  message: string;
  /** First 16 hex digits of the SHA-256 of the finding's source line, trimmed. */
  source: string;
  count: number;
}

export interface Baseline {
  format: typeof BASELINE_FORMAT;
  findings: BaselineEntry[];
}

/** A baseline file that cannot be used: exit code 2. */
export class BaselineError extends LoadError {}

/** The text of a 1-based line of a file of the spec, or undefined when unknown. */
export type LineText = (file: string, line: number) => string | undefined;

export function sourceHash(text: string | undefined): string {
  return createHash('sha256')
    .update((text ?? '').trim())
    .digest('hex')
    .slice(0, 16);
}

function entryKey(e: { rule: string; file: string; message: string; source: string }): string {
  return JSON.stringify([e.rule, e.file, e.message, e.source]);
}

/** The line-independent identity of a finding. */
export function findingKey(f: Finding, lineText: LineText): string {
  return entryKey({ rule: f.rule, file: f.file, message: f.message, source: sourceHash(lineText(f.file, f.line)) });
}

export function createBaseline(findings: Finding[], lineText: LineText): Baseline {
  const entries = new Map<string, BaselineEntry>();
  for (const f of findings) {
    const entry = {
      rule: f.rule,
      file: f.file,
      message: f.message,
      source: sourceHash(lineText(f.file, f.line)),
      count: 1,
    };
    const key = entryKey(entry);
    const existing = entries.get(key);
    if (existing) existing.count++;
    else entries.set(key, entry);
  }
  const sorted = [...entries.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  return { format: BASELINE_FORMAT, findings: sorted };
}

export function formatBaseline(baseline: Baseline): string {
  return JSON.stringify(baseline, null, 2) + '\n';
}

export function parseBaseline(text: string, display: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${display}: invalid JSON: ${(error as Error).message}`);
  }
  const v = value as Partial<Baseline>;
  if (!v || typeof v !== 'object' || v.format !== BASELINE_FORMAT || !Array.isArray(v.findings)) {
    throw new BaselineError(
      `${display}: not a spec-check baseline (expected "format": "${BASELINE_FORMAT}" and a "findings" array); write one with --write-baseline`,
    );
  }
  v.findings.forEach((e, i) => {
    const ok =
      e &&
      typeof e.rule === 'string' &&
      typeof e.file === 'string' &&
      typeof e.message === 'string' &&
      typeof e.source === 'string' &&
      Number.isInteger(e.count) &&
      e.count > 0;
    if (!ok)
      throw new BaselineError(
        `${display}: findings[${i}] needs rule, file, message, source (strings) and count (a positive integer)`,
      );
  });
  return v as Baseline;
}

export interface BaselineResult {
  /** Findings not in the baseline. */
  findings: Finding[];
  /** Findings hidden because the baseline holds them. */
  matched: number;
  /** Baselined findings that no longer occur. */
  resolved: number;
}

/** Splits findings into new ones and baselined ones; counts the baselined ones that disappeared. */
export function applyBaseline(findings: Finding[], baseline: Baseline, lineText: LineText): BaselineResult {
  const remaining = new Map<string, number>();
  for (const e of baseline.findings) remaining.set(entryKey(e), (remaining.get(entryKey(e)) ?? 0) + e.count);
  const fresh: Finding[] = [];
  let matched = 0;
  for (const f of findings) {
    const key = findingKey(f, lineText);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      matched++;
    } else fresh.push(f);
  }
  let resolved = 0;
  for (const n of remaining.values()) resolved += n;
  return { findings: fresh, matched, resolved };
}

/** The report with baselined findings removed and the summary counting only the new ones. */
export function withBaseline(report: CheckReport, baseline: Baseline, lineText: LineText): CheckReport {
  const result = applyBaseline(report.findings, baseline, lineText);
  return {
    ...report,
    findings: result.findings,
    ...(report.groups ? { groups: groupsOf(result.findings) } : {}),
    summary: {
      ...report.summary,
      errors: result.findings.filter((f) => f.severity === 'error').length,
      warnings: result.findings.filter((f) => f.severity === 'warning').length,
      ...(report.summary.rootCauses === undefined ? {} : { rootCauses: rootCauseCount(result.findings) }),
      baselined: result.matched,
      baselineResolved: result.resolved,
    },
  };
}

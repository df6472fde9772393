/** The report of a check: what every reporter formats and the JSON format writes (`schema/report.schema.json`). */
import type { Finding, Severity } from './finding.js';

export interface CheckReport {
  tool: { name: 'spec-check'; version: string };
  /** The root as the user named it, relative to the working folder. */
  root: string;
  findings: Finding[];
  /**
   * The root causes with two or more places among `findings`, in the order of their first
   * finding (`Finding.group` is the id). A finding whose group is not listed is a root cause alone.
   */
  groups?: FindingGroup[];
  summary: Summary;
}

/** One root cause reported at several places (findings with the same `group`). */
export interface FindingGroup {
  /** The `group` of its findings. */
  id: string;
  rule: string;
  /** The most severe of its findings' severities. */
  severity: Severity;
  /** The message of its first finding (in report order). */
  message: string;
  /** How many of the report's findings are its places. */
  size: number;
  /** Only with `check --base`: some place is new. */
  new?: boolean;
}

/**
 * Counts of findings (`errors`, `warnings`), and figures: `rootCauses` (a group counts once, a
 * finding alone once), `new`, `fixed`, `unchanged` with `check --base`.
 */
export interface Summary {
  errors: number;
  warnings: number;
  examplesValidated: number;
  filesRead: number;
  [figure: string]: number;
}

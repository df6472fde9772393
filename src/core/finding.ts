/** What a check reports: a positioned, severity-tagged result of one rule. */
import type { RelatedLocation } from './location.js';

export type Severity = 'error' | 'warning';

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  related: RelatedLocation[];
  /**
   * The root cause, as a stable id (16 hex digits, no line numbers in what it hashes): findings
   * with the same `group` are places of one problem, such as one drift present in several
   * versions. Every finding the engine makes has one; `CheckReport.groups` lists those shared by
   * two or more findings.
   */
  group?: string;
  /** Only with `check --base`: whether the base has no matching finding (the change introduced it). */
  new?: boolean;
}

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
}

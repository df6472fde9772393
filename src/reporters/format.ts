/** What every reporter is: a pure function of a report and these options. */
import type { CheckReport } from '../core/report.js';
import type { TextFile } from '../core/text-file.js';
import type { RuleMeta } from '../core/rule.js';

export interface FormatOptions {
  color?: boolean;
  /** Text: a code frame under each finding. */
  verbose?: boolean;
  /** The spec's files by path (code frames, fingerprints). */
  source?: (file: string) => TextFile | undefined;
  /** The metadata of every rule that can report (SARIF lists them in its driver). */
  rules?: readonly RuleMeta[];
}

export type Formatter = (report: CheckReport, options: FormatOptions) => string;

/** The report of a check: what every reporter formats and the JSON format writes (`schema/report.schema.json`). */
import type { Finding } from './finding.js';

export interface CheckReport {
  tool: { name: 'spec-check'; version: string };
  /** The root as the user named it, relative to the working folder. */
  root: string;
  findings: Finding[];
  summary: Summary;
}

export interface Summary {
  errors: number;
  warnings: number;
  examplesValidated: number;
  filesRead: number;
  [figure: string]: number;
}

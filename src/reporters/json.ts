import type { CheckReport } from '../core/report.js';

/** The report as one JSON document (schema/report.schema.json). */
export function formatJson(report: CheckReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

import type { CheckReport } from '../check.js';
import { formatJson } from './json.js';
import { formatText } from './text.js';

export interface FormatOptions {
  color?: boolean;
}

export type Formatter = (report: CheckReport, options: FormatOptions) => string;

/** Formatters by name, as `--format` takes them. */
export const formatters: Record<string, Formatter> = {
  text: formatText,
  json: formatJson,
};

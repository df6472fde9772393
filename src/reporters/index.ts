import type { CheckReport } from '../core/report.js';
import { formatJson } from './json.js';
import { formatText } from './text.js';
import { formatSarif } from './sarif.js';
import { formatGithub } from './github.js';
import { formatMarkdown } from './markdown.js';
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

/** Formatters by name, as `--format` takes them. */
export const formatters: Record<string, Formatter> = {
  text: formatText,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  markdown: formatMarkdown,
};

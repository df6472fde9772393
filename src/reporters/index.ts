import type { CheckReport } from '../check.js';
import { formatJson } from './json.js';
import { formatText } from './text.js';
import { formatSarif } from './sarif.js';
import { formatGithub } from './github.js';
import { formatMarkdown } from './markdown.js';
import type { TextFile } from '../model/text-file.js';

export interface FormatOptions {
  color?: boolean;
  /** Text: a code frame under each finding. */
  verbose?: boolean;
  /** The spec's files by path (code frames, fingerprints). */
  source?: (file: string) => TextFile | undefined;
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

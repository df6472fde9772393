import { formatJson } from './json.js';
import { formatText } from './text.js';
import { formatSarif } from './sarif.js';
import { formatGithub } from './github.js';
import { formatMarkdown } from './markdown.js';

import type { Formatter } from './format.js';

export type { FormatOptions, Formatter } from './format.js';

/** Formatters by name, as `--format` takes them. */
export const formatters: Record<string, Formatter> = {
  text: formatText,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  markdown: formatMarkdown,
};

/**
 * Whether a format reads the rules' metadata (`FormatOptions.rules`): a check whose report is
 * cached loads the rules only for such a format (test/reporters-rules.test.ts keeps this true).
 */
export function formatReadsRules(format: string, verbose?: boolean): boolean {
  return format === 'sarif' || (format === 'text' && !!verbose);
}

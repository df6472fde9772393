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

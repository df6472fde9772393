import type { MarkdownPage, SpecVersion } from '../model/types.js';
import type { Classification } from '../prose/classify.js';
import { validatorFor } from '../model/schema-validator.js';
import { readJsonBlocks, sepVersion } from '../prose/prose-json.js';
import type { Report, Rule } from './types.js';

/** Every JSON block in the prose parses, and what it shows matches the schema. */
export const proseJsonValid: Rule = {
  id: 'prose/json-valid',
  description:
    'Every ```json block in the spec pages and SEPs parses; JSON-RPC messages (matched by method, by the id of the request shown before, by context or by shape) and objects the text names validate against the schema.',
  rationale:
    'Readers copy the messages in the prose more often than the schema. A block that does not parse, or that shows a field the schema does not have, teaches the wrong wire format.',
  defaultSeverity: 'error',
  examples: {
    file: 'docs/specification/draft/server/widgets.mdx',
    fail: '```json\n{ "jsonrpc": "2.0", "id": 1, "method": "widgets/lsit" }\n```',
    pass: '```json\n{ "jsonrpc": "2.0", "id": 1, "method": "widgets/list" }\n```',
  },
  check(spec, { report, count }) {
    for (const version of spec.versions) for (const page of version.pages) checkPage(version, page, false, report, count);
    const target = sepVersion(spec);
    if (target) for (const page of spec.seps) checkPage(target, page, true, report, count);
  },
};

/** Reports a page's JSON blocks; an unknown method in a SEP is one the SEP introduces, not a finding. */
function checkPage(
  version: SpecVersion,
  page: MarkdownPage,
  isSep: boolean,
  report: (r: Report) => void,
  count: (figure: string, n?: number) => void,
): void {
  for (const shown of readJsonBlocks(version, page, { isSep })) {
    for (const e of shown.syntaxErrors) report({ message: `Invalid JSON: ${e.message}`, location: e.location });
    if (shown.syntaxErrors.length) continue;
    let matched = 0;
    for (const { json, classification: c, problems } of shown.values) {
      if (c.unknownMethod && !isSep) {
        const at = json.positionOf('/method');
        report({
          message: `Unknown method "${c.unknownMethod}": no request or notification in ${version.schemaTs!.file.path} has this method`,
          location: shown.block.locate(at.line, at.column),
        });
      }
      for (const p of problems) {
        report({ message: `${describe(c)} does not match ${p.definition}${p.where}: ${p.message}`, location: shown.block.locate(p.line, p.column) });
      }
      if (c.kind !== 'unclassified') matched++;
    }
    // Without a readable schema.json nothing was validated: the block counts in neither figure.
    if (validatorFor(version)) count(matched === shown.values.length ? 'codeBlocksValidated' : 'codeBlocksUnclassified');
  }
}

function describe(c: Classification): string {
  switch (c.kind) {
    case 'request':
      return `Request "${c.method}"`;
    case 'notification':
      return `Notification "${c.method}"`;
    case 'result':
      return c.method ? `Response to "${c.method}" (matched ${c.how})` : `Response (matched ${c.how})`;
    case 'error':
      return 'Error response';
    case 'object':
      return `Object (named ${c.declaration} by the text before it)`;
    default:
      return 'JSON-RPC message';
  }
}


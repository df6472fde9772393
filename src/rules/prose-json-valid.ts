import type { MarkdownPage, SpecVersion } from '../model/spec.js';
import type { Classification } from '../prose/classify.js';
import { validatorFor } from '../model/schema-validator.js';
import { readJsonBlocks, sepVersion } from '../prose/prose-json.js';
import type { Report, Rule } from '../core/rule.js';
import type { Project } from '../project/project.js';

/** Every JSON block in the prose parses, and what it shows matches the schema. */
export const proseJsonValid: Rule = {
  meta: {
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
  },
  check(project, { report, count }) {
    const { spec } = project;
    for (const version of spec.versions)
      for (const page of version.pages) checkPage(project, version, page, false, report, count);
    const target = sepVersion(spec);
    if (target) for (const page of spec.seps) checkPage(project, target, page, true, report, count);
  },
};

/** Reports a page's JSON blocks; an unknown method in a SEP is one the SEP introduces, not a finding. */
function checkPage(
  project: Project,
  version: SpecVersion,
  page: MarkdownPage,
  isSep: boolean,
  report: (r: Report) => void,
  count: (figure: string, n?: number) => void,
): void {
  for (const shown of readJsonBlocks(project, version, page, { isSep })) {
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
        report({
          message: `${describe(c)} does not match ${p.definition}${p.where}: ${p.message}`,
          location: shown.block.locate(p.line, p.column),
        });
      }
      if (c.kind !== 'unclassified') matched++;
    }
    // Without a readable schema.json nothing was validated: the block counts in neither figure.
    if (validatorFor(project, version))
      count(matched === shown.values.length ? 'codeBlocksValidated' : 'codeBlocksUnclassified');
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

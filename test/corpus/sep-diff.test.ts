import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { copyTree, corpusRoot, edit, lineOf, runCli, projectOf } from '../helpers.js';
import { loadSpec } from '../../src/sources/load.js';
import { sepDiff } from '../../src/sep-diff/index.js';
import { proposesNothing } from '../../src/sep-diff/report.js';

const PAGE = 'docs/specification/draft/server/tools.mdx';
const SCHEMA = 'schema/draft/schema.ts';
const SEP = 'seps/9001-tool-error-wording.md';

/**
 * A SEP of our own that proposes the Error Handling section of the tools page, JSDoc for
 * `CallToolResult.isError` and a message template. The proposed wording is read from the
 * corpus at run time (it must equal the page for the matching case), never stored here.
 */
function writeSep(root: string): void {
  const page = fs.readFileSync(path.join(root, PAGE), 'utf8').split('\n');
  const start = page.indexOf('## Error Handling');
  const end = page.findIndex((l, i) => i > start && l.startsWith('## '));
  const section = page.slice(start, end).join('\n').trimEnd();
  const schema = fs.readFileSync(path.join(root, SCHEMA), 'utf8');
  const member = schema.indexOf('  isError?: boolean;');
  const comment = schema.slice(schema.lastIndexOf('  /**', member), member);
  const sep = [
    '# SEP-9001: Say how tools report errors',
    '',
    '- **Status**: Draft',
    '',
    '## Specification',
    '',
    'A tool that the server does not know gets an error whose message follows the template `Unknown tool: <name>`.',
    '',
    `Proposed draft wording for \`${PAGE}\` (Error Handling):`,
    '',
    '````md',
    section,
    '````',
    '',
    'The result type documents the flag like this:',
    '',
    '```typescript',
    'export interface CallToolResult extends Result {',
    comment + '  isError?: boolean;',
    '}',
    '```',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, SEP), sep);
}

async function sepDiffJson(root: string) {
  const run = await runCli(['sep-diff', SEP, '--root', root, '--format', 'json']);
  expect(run.stderr).toBe('');
  return {
    code: run.code,
    findings: JSON.parse(run.stdout).findings as {
      rule: string;
      file: string;
      line: number;
      column: number;
      message: string;
      related: { file: string; line: number; column: number }[];
    }[],
  };
}

describe('sep-diff on the MCP spec snapshot', () => {
  it('reports nothing when the page and schema.ts follow the SEP', async () => {
    const root = copyTree(corpusRoot);
    writeSep(root);
    const text = await runCli(['sep-diff', SEP, '--root', root]);
    expect(text.stdout).toContain(`${PAGE} (Error Handling): 11 of 11 proposed items and sentences found`);
    expect(text.stdout).toContain(`${SCHEMA} CallToolResult.isError: 5 of 5`);
    expect(text.stdout).toContain('Message templates: 1;');
    const { findings } = await sepDiffJson(root);
    expect(findings.filter((f) => f.rule.startsWith('sep-diff/'))).toEqual([]);
    // What the consistency engine adds is the corpus's real drift on a condition this SEP speaks
    // of: the SEP lists input validation errors as tool execution errors, and schema.ts and an
    // example still make them protocol errors.
    const consistency = findings.filter((f) => !f.rule.startsWith('sep-diff/'));
    expect(consistency.map((f) => `${f.rule} ${f.file}:${f.line}`)).toEqual([
      `consistency/error-reporting ${PAGE}:${lineOf(root, PAGE, '   - Input validation errors')}`,
      'consistency/error-reporting schema/draft/examples/CallToolResult/invalid-tool-input-error.json:9',
      'consistency/error-reporting schema/draft/examples/InvalidParamsError/invalid-tool-arguments.json:2',
      `consistency/error-reporting ${SCHEMA}:${lineOf(root, SCHEMA, '**Tools**: Unknown tool name or invalid tool arguments')}`,
    ]);
  });

  it('reports each drift once, in the spec and in the SEP', async () => {
    const root = copyTree(corpusRoot);
    writeSep(root);
    const sepLine = (needle: string) => lineOf(root, SEP, needle);
    // A clause dropped inside an item.
    edit(
      root,
      PAGE,
      '   - Input validation errors (e.g., date in wrong format, value out of range)',
      '   - Input validation errors',
    );
    // An item moved to the front of its list.
    edit(root, PAGE, '   - Unknown tool\n   - Malformed', '   - Server errors\n   - Unknown tool\n   - Malformed');
    edit(root, PAGE, '#calltoolrequest))\n   - Server errors\n', '#calltoolrequest))\n');
    // A sentence rewritten.
    edit(
      root,
      PAGE,
      'Clients **SHOULD** provide tool execution errors to language models to enable self-correction.',
      'Clients **SHOULD** pass tool execution errors on to the model so it can correct itself.',
    );
    // A keyword changed.
    edit(root, PAGE, 'Clients **MAY** provide protocol errors', 'Clients **SHOULD** provide protocol errors');
    // An item dropped, and one added.
    edit(root, PAGE, '   - Business logic errors\n', '');
    edit(root, PAGE, '   - API failures\n', '   - API failures\n   - Timeouts of upstream services\n');
    // An example message off the template.
    edit(root, PAGE, '"message": "Unknown tool: invalid_tool_name"', '"message": "Unknown tool - invalid_tool_name"');
    // JSDoc: a keyword changed in schema.ts.
    edit(
      root,
      SCHEMA,
      'Any errors that originate from the tool SHOULD be reported',
      'Any errors that originate from the tool MUST be reported',
    );

    const { code, findings } = await sepDiffJson(root);
    expect(code).toBe(1);
    const summary = findings
      .filter((f) => f.rule.startsWith('sep-diff/'))
      .map((f) => [f.rule, f.file, f.line, f.related.map((r) => `${r.file}:${r.line}`).join(',')]);
    expect(summary).toEqual([
      ['sep-diff/order', PAGE, lineOf(root, PAGE, '   - Server errors'), `${SEP}:${sepLine('   - Server errors')}`],
      [
        'sep-diff/template',
        PAGE,
        lineOf(root, PAGE, 'Unknown tool - invalid_tool_name'),
        `${SEP}:${sepLine('`Unknown tool: <name>`')}`,
      ],
      ['sep-diff/extra', PAGE, lineOf(root, PAGE, 'Timeouts of upstream'), `${SEP}:${sepLine('   - API failures')}`],
      [
        'sep-diff/missing',
        PAGE,
        lineOf(root, PAGE, '   - Input validation errors'),
        `${SEP}:${sepLine('   - Business logic errors')}`,
      ],
      [
        'sep-diff/changed',
        PAGE,
        lineOf(root, PAGE, '   - Input validation errors'),
        `${SEP}:${sepLine('   - Input validation errors')}`,
      ],
      [
        'sep-diff/keyword',
        PAGE,
        lineOf(root, PAGE, 'Clients **SHOULD** provide protocol'),
        `${SEP}:${sepLine('Clients **MAY** provide protocol')}`,
      ],
      [
        'sep-diff/changed',
        PAGE,
        lineOf(root, PAGE, 'Clients **SHOULD** pass'),
        `${SEP}:${sepLine('Clients **SHOULD** provide tool execution')}`,
      ],
      [
        'sep-diff/keyword',
        SCHEMA,
        lineOf(root, SCHEMA, 'originate from the tool MUST'),
        `${SEP}:${sepLine('originate from the tool SHOULD')}`,
      ],
    ]);
    const byRule = (rule: string, file = PAGE) => findings.find((f) => f.rule === rule && f.file === file)!;
    expect(byRule('sep-diff/changed').message).toBe(
      'This item differs from the SEP’s wording: the page drops “(e.g., date in wrong format, value out of range)”',
    );
    expect(byRule('sep-diff/keyword').message).toMatch(/^The page says SHOULD where the SEP says MAY/);
    expect(byRule('sep-diff/keyword', SCHEMA).message).toMatch(
      /^The JSDoc in schema.ts says MUST where the SEP says SHOULD/,
    );
    expect(byRule('sep-diff/missing').message).toBe(
      'The page lacks the item “Business logic errors” that the SEP proposes after “Input validation errors”',
    );
  });

  it('never crashes on the corpus SEPs, and says which propose wording', async () => {
    const started = performance.now();
    const spec = await loadSpec(corpusRoot);
    const loaded = performance.now();
    expect(spec.seps).toHaveLength(43);
    const project = projectOf(spec);
    const results = spec.seps.map((sep) => sepDiff(project, sep));
    const elapsed = performance.now() - loaded;
    const proposing = results.filter((r) => !proposesNothing(r));
    const figures = Object.fromEntries(
      proposing.map((r) => [
        r.sep.replace(/^seps\/(\d+).*$/, '$1'),
        `${r.compared.length} compared, ${r.unknownDeclarations.length} unknown, ${r.findings.length} findings`,
      ]),
    );
    expect(figures).toEqual({
      '1319': '1 compared, 0 unknown, 0 findings',
      '1330': '0 compared, 1 unknown, 1 findings',
      '1686': '0 compared, 0 unknown, 0 findings',
      '2260': '3 compared, 0 unknown, 6 findings',
      '2322': '1 compared, 0 unknown, 0 findings',
      '2549': '3 compared, 0 unknown, 3 findings',
      '2575': '7 compared, 1 unknown, 10 findings',
      '2577': '3 compared, 0 unknown, 6 findings',
      '2663': '0 compared, 16 unknown, 0 findings',
      '973': '6 compared, 1 unknown, 10 findings',
    });
    expect(results.flatMap((r) => r.findings).filter((f) => f.rule === 'internal')).toEqual([]);
    console.log(
      `sep-diff on ${spec.seps.length} corpus SEPs: load ${Math.round(loaded - started)} ms, compare ${Math.round(elapsed)} ms`,
    );
  });
});

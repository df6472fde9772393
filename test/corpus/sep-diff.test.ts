import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { copyTree, corpusRoot, edit, lineOf, runCli, projectOf, wordByWord } from '../helpers.js';
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
    // Nothing else of the tree: the corpus's drift on error reporting is check's to report.
    expect(findings.filter((f) => !f.rule.startsWith('sep-diff/'))).toEqual([]);
  });

  it('reports each drift once, in the spec and in the SEP', async () => {
    // The word-level kinds of JSDoc and of the Specification section's search (off by default) turned on.
    const root = wordByWord(copyTree(corpusRoot));
    writeSep(root);
    const sepLine = (needle: string) => lineOf(root, SEP, needle);
    // A clause dropped inside an item.
    edit(
      root,
      PAGE,
      '   - Input validation errors (e.g., date in wrong format, value out of range)',
      '   - Input validation errors',
    );
    // An item moved to the front of its list: a bulleted one, in wording proposed for the page, one finding.
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
        'sep-diff/proposed-wording',
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
        'sep-diff/proposed-wording',
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
    expect(byRule('sep-diff/proposed-wording').message).toBe(
      'This item differs from the SEP’s wording in the page: “Input validation errors [-(e.g., date in wrong format, value out of range)-]”',
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
    // The word-level kinds, off by default, turned on: what a reviewer reading word by word gets.
    const wordLevel = { severities: { 'sep-diff/changed': 'error', 'sep-diff/reworded': 'warning' } } as const;
    const all = new Map(spec.seps.map((sep) => [sep.path, sepDiff(project, sep, { runOptions: wordLevel })]));
    const proposing = results.filter((r) => !proposesNothing(r));
    const figures = Object.fromEntries(
      proposing
        .filter((r) => r.findings.length || r.compared.length || r.coverage.located)
        .map((r) => [
          r.sep.replace(/^seps\/(\d+).*$/, '$1'),
          `${r.compared.length} compared, ${r.coverage.located} of ${r.coverage.units} units, ${r.coverage.typescript.located} of ${r.coverage.typescript.declarations} declarations, ${r.findings.length} findings (${all.get(r.sep)!.findings.length} word by word)`,
        ]),
    );
    expect(figures).toEqual({
      '1034': '0 compared, 0 of 5 units, 3 of 3 declarations, 1 findings (1 word by word)',
      '1036': '0 compared, 10 of 29 units, 0 of 0 declarations, 0 findings (2 word by word)',
      '1303': '0 compared, 2 of 11 units, 0 of 0 declarations, 0 findings (0 word by word)',
      '1319': '1 compared, 0 of 5 units, 2 of 2 declarations, 0 findings (0 word by word)',
      '1330': '0 compared, 0 of 10 units, 8 of 8 declarations, 4 findings (4 word by word)',
      '1577': '0 compared, 0 of 39 units, 3 of 7 declarations, 3 findings (3 word by word)',
      '1613': '0 compared, 7 of 17 units, 0 of 0 declarations, 0 findings (2 word by word)',
      '1686': '0 compared, 3 of 135 units, 0 of 0 declarations, 0 findings (0 word by word)',
      '2133': '0 compared, 4 of 89 units, 0 of 1 declarations, 0 findings (2 word by word)',
      '2164': '0 compared, 3 of 4 units, 0 of 0 declarations, 0 findings (0 word by word)',
      '2207': '0 compared, 2 of 7 units, 0 of 0 declarations, 0 findings (0 word by word)',
      '2243': '0 compared, 60 of 103 units, 0 of 0 declarations, 0 findings (12 word by word)',
      '2260': '3 compared, 0 of 6 units, 0 of 0 declarations, 6 findings (6 word by word)',
      '2322': '1 compared, 13 of 148 units, 8 of 8 declarations, 1 findings (6 word by word)',
      '2468': '0 compared, 2 of 10 units, 0 of 0 declarations, 0 findings (1 word by word)',
      '2549': '3 compared, 25 of 39 units, 1 of 1 declarations, 1 findings (12 word by word)',
      '2567': '0 compared, 2 of 46 units, 0 of 0 declarations, 0 findings (0 word by word)',
      '2575': '7 compared, 12 of 96 units, 9 of 9 declarations, 3 findings (13 word by word)',
      '2577': '3 compared, 0 of 46 units, 0 of 0 declarations, 3 findings (3 word by word)',
      '2596': '0 compared, 4 of 74 units, 0 of 0 declarations, 0 findings (2 word by word)',
      '2663': '0 compared, 3 of 139 units, 3 of 19 declarations, 0 findings (0 word by word)',
      '973': '6 compared, 0 of 2 units, 2 of 2 declarations, 3 findings (5 word by word)',
      '986': '0 compared, 6 of 6 units, 0 of 0 declarations, 1 findings (3 word by word)',
      '991': '0 compared, 5 of 20 units, 0 of 0 declarations, 0 findings (1 word by word)',
    });
    expect(results.flatMap((r) => r.findings).filter((f) => f.rule === 'internal')).toEqual([]);
    console.log(
      `sep-diff on ${spec.seps.length} corpus SEPs: load ${Math.round(loaded - started)} ms, compare ${Math.round(elapsed)} ms`,
    );
  });

  it('finds real drift of Final SEPs: a SHOULD made MUST, a fact made SHOULD, a member schema.ts lacks', async () => {
    const run = async (sep: string) => {
      const r = await runCli(['sep-diff', sep, '--root', corpusRoot, '--format', 'json']);
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as {
        summary: Record<string, number>;
        findings: { rule: string; file: string; line: number; message: string }[];
      };
    };
    const ttl = await run('seps/2549-TTL-for-list-results.md');
    expect(ttl.summary).toMatchObject({
      specificationUnits: 39,
      specificationUnitsLocated: 25,
      keywordUnitsLocated: 15,
    });
    expect(ttl.summary).toMatchObject({ declarationsCompared: 1, declarationsLocated: 1 });
    const caching = 'docs/specification/draft/server/utilities/caching.mdx';
    expect(ttl.findings.filter((f) => f.rule === 'sep-diff/keyword' && f.file === caching)).toEqual([
      expect.objectContaining({
        line: lineOf(corpusRoot, caching, 'Implementations that do choose to poll'),
        message:
          'The spec says MUST where the SEP says SHOULD: “Implementations that do choose to poll [-SHOULD-] {+MUST+} apply jitter and backoff.”',
      }),
    ]);

    const names = await run('seps/986-specify-format-for-tool-names.md');
    expect(names.summary).toMatchObject({
      specificationUnits: 6,
      specificationUnitsLocated: 6,
      keywordUnitsLocated: 3,
    });
    expect(names.findings.map((f) => `${f.rule} ${f.message}`)).toContain(
      'sep-diff/keyword The spec adds SHOULD: “Tool names [-are-] {+SHOULD be considered+} case-sensitive.”',
    );

    const stateless = await run('seps/2575-stateless-mcp.md');
    expect(stateless.summary).toMatchObject({ declarationsCompared: 9, declarationsLocated: 9 });
    expect(stateless.findings.filter((f) => f.rule === 'sep-diff/schema').map((f) => f.message)).toContain(
      "schema.ts's `DiscoverResult` has no member `serverInfo`, which the SEP declares (`serverInfo: Implementation`)",
    );
    // Its TypeScript blocks inline `params` objects that schema.ts names: compared member by member, not as text.
    expect(stateless.findings.filter((f) => f.message.includes('where the SEP has `{'))).toEqual([]);

    // A SEP whose template is held to the pages' example messages, all of which follow it.
    const tasks = await run('seps/1686-tasks.md');
    expect(tasks.summary).toMatchObject({
      messageTemplates: 1,
      // Eleven "message" members and one text of a tool error (isError).
      messagesChecked: 12,
      jsonExamples: 18,
      jsonExamplesLocated: 7,
    });
    expect(tasks.findings.filter((f) => f.rule === 'sep-diff/template')).toEqual([]);
  });
});

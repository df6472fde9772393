import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { toString } from 'mdast-util-to-string';
import type { Root, Table } from 'mdast';
import { watchCheck } from '../../src/watch.js';
import type { CheckReport } from '../../src/core/report.js';
import { corpusRoot, copyTree, edit, lineOf, projectRoot, runCli, writeTree } from '../helpers.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const sarifSchema = JSON.parse(
  fs.readFileSync(path.resolve(projectRoot, '../shared/schemas/sarif-2.1.0.json'), 'utf8'),
);
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
addFormats(ajv);
const validateSarif = ajv.compile(sarifSchema);

const callTool = 'schema/draft/examples/CallToolRequest/call-tool-request.json';
const unknownTool = 'schema/2026-07-28/examples/InvalidParamsError/unknown-tool.json';
const tools = 'docs/specification/draft/server/tools.mdx';

/** A copy of the corpus with three older findings: two broken examples and a stale suppression. */
let drifted: string;
beforeAll(() => {
  drifted = copyTree(corpusRoot);
  edit(drifted, callTool, '"name": "get_weather"', '"name": 7');
  edit(drifted, unknownTool, '"code": -32602', '"code": "-32602"');
  edit(
    drifted,
    tools,
    '\nThe Model Context Protocol (MCP) allows',
    '\n{/* spec-check-disable-next-line example/valid -- no longer needed */}\nThe Model Context Protocol (MCP) allows',
  );
});

const json = async (args: string[]) => {
  const run = await runCli([...args, '--format', 'json']);
  return { ...run, report: JSON.parse(run.stdout) as CheckReport };
};

describe('formats on the MCP spec snapshot', () => {
  it('SARIF validates against the SARIF 2.1.0 schema, clean and with findings (related locations included)', async () => {
    const sarifOf = async (root: string) =>
      JSON.parse((await runCli(['check', '--root', root, '--format', 'sarif'])).stdout);
    const clean = await sarifOf(corpusRoot);
    expect(validateSarif(clean), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
    expect(clean.runs[0].tool.driver.rules.length).toBeGreaterThanOrEqual(4);
    const withFindings = await sarifOf(drifted);
    expect(validateSarif(withFindings), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
    const results = withFindings.runs[0].results;
    expect(results.map((r: { ruleId: string }) => r.ruleId)).toEqual(
      expect.arrayContaining(['example/valid', 'suppression/unused']),
    );
    // A result with related locations (no rule here reports them on this copy yet) validates too.
    const withRelated = structuredClone(withFindings);
    withRelated.runs[0].results[0].relatedLocations = [
      {
        id: 1,
        message: { text: 'declared here' },
        physicalLocation: {
          artifactLocation: { uri: 'schema/draft/schema.ts' },
          region: { startLine: 1, startColumn: 1 },
        },
      },
    ];
    expect(validateSarif(withRelated)).toBe(true);
  });

  it('github lines are workflow commands, and markdown renders to tables through remark', async () => {
    const github = await runCli(['check', '--root', drifted, '--format', 'github']);
    const lines = github.stdout.split('\n').filter(Boolean);
    for (const line of lines)
      expect(line).toMatch(
        /^::(error|warning) file=[^,:]+,line=\d+,col=\d+,(endLine=\d+,)?(endColumn=\d+,)?title=[a-z0-9-]+\/[a-z0-9-]+::[^\r\n]+$/,
      );
    // Relative to the root, as every format names files.
    expect(lines).toEqual(
      expect.arrayContaining([
        `::error file=${callTool},line=${lineOf(drifted, callTool, '"name": 7')},col=13,title=example/valid::Does not match CallToolRequest at /params/name: expected a string, got the number 7`,
        `::warning file=${tools},line=${lineOf(drifted, tools, '{/* spec-check')},col=1,title=suppression/unused::Suppression of example/valid suppresses nothing: no example/valid finding on the next line`,
      ]),
    );

    const md = (await runCli(['check', '--root', drifted, '--format', 'markdown'])).stdout;
    const tree = unified().use(remarkParse).use(remarkGfm).parse(md) as Root;
    const tables = tree.children.filter((n): n is Table => n.type === 'table');
    const rowsOf = (table: Table) => table.children.slice(1).map((r) => r.children.map((c) => toString(c)));
    // A table of the rules, then each rule's findings in a table under its heading.
    const byRule = rowsOf(tables[0]);
    expect(byRule.map((r) => r[0])).toEqual(expect.arrayContaining(['example/valid', 'suppression/unused']));
    const heading = tree.children.findIndex((n) => n.type === 'heading' && toString(n).startsWith('example/valid'));
    const section = tree.children.slice(heading).find((n): n is Table => n.type === 'table')!;
    expect(rowsOf(section)).toContainEqual([
      `${unknownTool}:${lineOf(drifted, unknownTool, '"code"')}:11`,
      'error',
      expect.stringMatching(/^Does not match InvalidParamsError at \/code/),
    ]);
  });
});

describe('baseline on the MCP spec snapshot', () => {
  it('a baseline written on the unmodified corpus makes the next run report 0 findings', async () => {
    const file = path.join(writeTree({}), 'baseline.json');
    const written = await json(['check', '--root', corpusRoot, '--write-baseline', file]);
    expect(written.code).toBe(0);
    const next = await json(['check', '--root', corpusRoot, '--baseline', file]);
    expect(next.code).toBe(0);
    expect(next.report.findings).toEqual([]);
  });

  it('older findings stay baselined when lines above them move; one new edit reports exactly the new finding', async () => {
    const root = copyTree(drifted);
    // Examples are included in the Schema Reference: blank lines in one make the page stale, a
    // real new finding. This test is about moved lines only, so that rule is off here.
    fs.writeFileSync(
      path.join(root, 'spec-check.config.json'),
      JSON.stringify({ rules: { 'generated/schema-reference': 'off' } }),
    );
    const file = path.join(writeTree({}), 'baseline.json');
    const older = await json(['check', '--root', root, '--write-baseline', file]);
    // The three planted findings, and whatever the unmodified corpus already has.
    const planted = older.report.summary.baselined;
    expect(planted).toBeGreaterThanOrEqual(3);
    expect((await json(['check', '--root', root, '--baseline', file])).report.findings).toEqual([]);

    // Blank lines above each older finding.
    edit(root, callTool, /^\{\n/, '{\n\n\n');
    edit(root, unknownTool, /^\{\n/, '\n\n{\n');
    edit(root, tools, '\n{/* spec-check-disable-next-line', '\n\n\n\n{/* spec-check-disable-next-line');
    const moved = await json(['check', '--root', root, '--baseline', file]);
    expect(moved.report.findings).toEqual([]);
    expect(moved.report.summary).toMatchObject({ baselined: planted, baselineResolved: 0 });

    // One new problem.
    const tool = 'schema/draft/examples/Tool/with-no-parameters.json';
    edit(root, tool, '"name": "get_current_time"', '"name": false');
    const fresh = await json(['check', '--root', root, '--baseline', file]);
    expect(fresh.code).toBe(1);
    expect(fresh.report.findings).toEqual([
      expect.objectContaining({
        rule: 'example/valid',
        file: tool,
        line: lineOf(root, tool, '"name": false'),
        message: 'Does not match Tool at /name: expected a string, got a boolean',
      }),
    ]);
    expect(fresh.report.summary).toMatchObject({ errors: 1, baselined: planted, baselineResolved: 0 });
  });
});

describe('watch on the MCP spec snapshot', () => {
  it('reports an edit with exactly the findings it causes (its time is a bench figure, printed here)', async () => {
    const root = copyTree(corpusRoot);
    const controller = new AbortController();
    const reports: { report: CheckReport; at: number }[] = [];
    let wake = () => {};
    const done = watchCheck({
      root,
      checkOptions: () => ({}),
      io: { stdout: () => {}, stderr: () => {} },
      signal: controller.signal,
      onCheck: (report) => {
        reports.push({ report, at: performance.now() });
        wake();
      },
    });
    const next = async () => {
      while (!reports.length) await new Promise<void>((r) => (wake = r));
      return reports.shift()!;
    };
    // The unmodified corpus's own findings come first; the edit must add exactly one.
    const initial = new Set((await next()).report.findings.map((f) => JSON.stringify(f)));
    await new Promise((r) => setTimeout(r, 100));
    const written = performance.now();
    edit(root, callTool, '"name": "get_weather"', '"name": 7');
    const after = await next();
    const elapsed = after.at - written;
    console.log(`watch: edit reported ${Math.round(elapsed)} ms after the write`);
    // The example is invalid, and the draft Schema Reference that includes it is now stale.
    expect(after.report.findings.filter((f) => !initial.has(JSON.stringify(f)))).toEqual([
      expect.objectContaining({ rule: 'example/valid', file: callTool }),
      expect.objectContaining({ rule: 'generated/schema-reference', file: 'schema/draft/schema.ts' }),
    ]);
    controller.abort();
    await done;
  });
});

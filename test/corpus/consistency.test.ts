import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { check } from '../../src/check.js';
import { loadSpec } from '../../src/sources/load.js';
import { extractClaims } from '../../src/consistency/engine.js';
import { claimCounts } from '../../src/consistency/explain.js';
import { consistencyErrorReporting } from '../../src/rules/consistency-error-reporting.js';
import { consistencyErrorCode } from '../../src/rules/consistency-error-code.js';
import type { Finding } from '../../src/core/finding.js';
import { corpusRoot, copyTree, edit, lineOf, runCli, projectOf } from '../helpers.js';

const rules = [consistencyErrorReporting, consistencyErrorCode];
const TOOLS = 'docs/specification/draft/server/tools.mdx';
const SCHEMA = 'schema/draft/schema.ts';
const UNKNOWN_TOOL_EXAMPLE = 'schema/draft/examples/InvalidParamsError/unknown-tool.json';

async function findings(root: string, versions?: string[]): Promise<Finding[]> {
  return (await check(root, { rules, versions })).findings;
}

const at = (f: { file: string; line: number }) => `${f.file}:${f.line}`;
const about = (condition: string) => (f: Finding) => f.message.includes(`"${condition}"`);

describe('consistency rules on the MCP spec snapshot', () => {
  it('reports only the SEP-1303 drift on the unmodified corpus: tool input validation errors still shown as -32602 in 2026-07-28 and draft', async () => {
    const found = await findings(corpusRoot);
    expect(found.map((f) => `${f.rule} ${at(f)}`)).toEqual(
      ['2026-07-28', 'draft']
        .flatMap((v) => [
          `consistency/error-reporting docs/specification/${v}/server/tools.mdx:762`,
          `consistency/error-reporting schema/${v}/examples/CallToolResult/invalid-tool-input-error.json:9`,
          `consistency/error-reporting schema/${v}/examples/InvalidParamsError/invalid-tool-arguments.json:2`,
          `consistency/error-reporting schema/${v}/schema.ts:366`,
        ])
        .sort(),
    );
    expect(found.every(about('invalid tool arguments (input validation failure)'))).toBe(true);
  });

  it('extracts claims from every source kind of the versions that have them', async () => {
    const set = extractClaims(projectOf(await loadSpec(corpusRoot)));
    const counts = claimCounts(set);
    expect(Object.keys(counts)).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
      '2026-07-28',
      'draft',
    ]);
    for (const kind of ['jsdoc-error', 'jsdoc-member', 'example', 'prose', 'prose-json'] as const)
      expect(counts.draft[kind]).toBeGreaterThan(0);
    // Only 2026-07-28 and draft have examples and error JSDoc bullet lists.
    expect(counts['2025-11-25'].example).toBe(0);
    expect(set.retired.filter((r) => r.version === 'draft').map((r) => r.code)).toEqual([-32002, -32042]);
    // An error response type pins its code inside `error: Error & { code: typeof ... }`.
    expect(set.claims).toContainEqual(
      expect.objectContaining({
        version: 'draft',
        source: 'example',
        code: -32022,
        errorType: 'UnsupportedProtocolVersionError',
        subject: 'example UnsupportedProtocolVersionError/unsupported-version.json',
      }),
    );
  });

  it('finds all three schema-side places after the SEP-2145 edit of tools.mdx, each tied to the tools.mdx lines, and nothing once they agree', async () => {
    const root = copyTree(corpusRoot);
    // Move the unknown-tool item from the protocol-error list to the tool-execution-error list...
    edit(root, TOOLS, '   - Unknown tool\n', '');
    edit(root, TOOLS, '   - Business logic errors\n', '   - Business logic errors\n   - Unknown tool\n');
    // ...and turn its JSON example into an `isError: true` result.
    edit(
      root,
      TOOLS,
      '     "error": {\n       "code": -32602,\n       "message": "Unknown tool: invalid_tool_name"\n     }',
      '     "result": {\n       "content": [{ "type": "text", "text": "Unknown tool: invalid_tool_name" }],\n       "isError": true\n     }',
    );
    const item = lineOf(root, TOOLS, '   - Unknown tool');
    const block = lineOf(root, TOOLS, '"isError": true\n     }');

    const unknownTool = (await findings(root, ['draft'])).filter(about('unknown tool'));
    const schemaSide = unknownTool.filter((f) => !f.file.endsWith('.mdx'));
    expect(schemaSide.map(at)).toEqual([
      `${UNKNOWN_TOOL_EXAMPLE}:2`,
      `${SCHEMA}:${lineOf(root, SCHEMA, '**Tools**: Unknown tool name')}`,
      `${SCHEMA}:${lineOf(root, SCHEMA, 'However, any errors in _finding_ the tool')}`,
    ]);
    for (const f of schemaSide) {
      expect(f.rule).toBe('consistency/error-reporting');
      expect(f.related.map(at)).toEqual(expect.arrayContaining([`${TOOLS}:${item}`, `${TOOLS}:${block}`]));
      expect(f.message).toMatch(
        /^In draft, "unknown tool" is reported as a protocol error \(JSON-RPC error response\) here .*, but as a tool execution error \(result with isError: true\) elsewhere\./,
      );
    }
    // The example's finding also points at the @example that includes it.
    expect(schemaSide[0].related.map(at)).toContain(`${SCHEMA}:${lineOf(root, SCHEMA, '@example Unknown tool')}`);
    // The prose side is reported too, tied to all three schema-side places.
    const proseSide = unknownTool.filter((f) => f.file === TOOLS);
    expect(proseSide.map((f) => f.line)).toEqual([block, item]);
    expect(proseSide[0].related.map(at)).toEqual(expect.arrayContaining(schemaSide.map(at)));

    // Now make the three schema-side places agree with the prose.
    edit(root, SCHEMA, '**Tools**: Unknown tool name or invalid tool arguments', '**Tools**: Invalid tool arguments');
    edit(
      root,
      SCHEMA,
      '   * However, any errors in _finding_ the tool, an error indicating that the\n   * server does not support tool calls',
      '   * An unknown tool is also reported with `isError` set to true.\n   *\n   * An error indicating that the\n   * server does not support tool calls',
    );
    edit(
      root,
      SCHEMA,
      ' * @example Unknown tool\n * {@includeCode ./examples/InvalidParamsError/unknown-tool.json}\n *\n',
      '',
    );
    fs.rmSync(path.join(root, UNKNOWN_TOOL_EXAMPLE));
    fs.writeFileSync(
      path.join(root, 'schema/draft/examples/CallToolResult/unknown-tool.json'),
      '{\n  "resultType": "complete",\n  "content": [{ "type": "text", "text": "Unknown tool: invalid_tool_name" }],\n  "isError": true\n}\n',
    );
    expect((await findings(root, ['draft'])).filter(about('unknown tool'))).toEqual([]);
  });

  it('catches an error code changed in one list item: unknown prompt in prompts.mdx', async () => {
    const root = copyTree(corpusRoot);
    const prompts = 'docs/specification/draft/server/prompts.mdx';
    edit(
      root,
      prompts,
      '- Invalid prompt name: `-32602` (Invalid params)',
      '- Invalid prompt name: `-32601` (Method not found)',
    );
    const found = (await findings(root, ['draft'])).filter(about('unknown prompt'));
    expect(found.every((f) => f.rule === 'consistency/error-code')).toBe(true);
    expect(found.map(at)).toEqual([
      'docs/specification/draft/server/prompts.mdx:323',
      'docs/specification/draft/server/utilities/completion.mdx:190',
      'schema/draft/examples/InvalidParamsError/unknown-prompt.json:2',
      `${SCHEMA}:367`,
    ]);
    expect(found[0].message).toContain('"unknown prompt" gets code -32601 here (list item under');
    expect(found[0].related.map(at)).toEqual(found.slice(1).map(at));
  });

  it('catches a code changed in a prose sentence: invalid cursor in pagination.mdx against the example and the JSDoc bullet', async () => {
    const root = copyTree(corpusRoot);
    const pagination = 'docs/specification/draft/server/utilities/pagination.mdx';
    edit(
      root,
      pagination,
      'result in an error with code -32602 (Invalid params)',
      'result in an error with code -32600 (Invalid request)',
    );
    const found = (await findings(root, ['draft'])).filter(about('invalid cursor'));
    expect(found.map((f) => `${f.rule} ${at(f)}`)).toEqual([
      `consistency/error-code ${pagination}:111`,
      'consistency/error-code schema/draft/examples/InvalidParamsError/invalid-cursor.json:2',
      `consistency/error-code ${SCHEMA}:368`,
    ]);
  });

  it('catches a retired code copied into a newer version, and leaves the version where it was current alone', async () => {
    const root = copyTree(corpusRoot);
    const resources = 'docs/specification/draft/server/resources.mdx';
    edit(
      root,
      resources,
      '    "code": -32602,\n    "message": "Resource not found"',
      '    "code": -32002,\n    "message": "Resource not found"',
    );
    const found = await findings(root, ['2025-11-25', 'draft']);
    const line = lineOf(root, resources, '"code": -32002');
    const here = found.filter((f) => f.file === resources && f.line === line);
    expect(here).toHaveLength(2);
    expect(here[0].message).toMatch(
      /^Code -32002 is used here \(JSON example\), but schema\/draft\/schema.ts declares it retired or reserved in draft: /,
    );
    expect(here[1].message).toMatch(
      /^In draft, "resource not found" gets code -32002 here \(JSON example\), but -32602 elsewhere/,
    );
    expect(here[0].related.map(at)).toEqual([`${SCHEMA}:${lineOf(root, SCHEMA, '-32002` (resource not found')}`]);
    // 2025-11-25 uses -32002 throughout, as it should: no finding there.
    expect(found.filter((f) => f.file.includes('2025-11-25'))).toEqual([]);
  });

  it('catches a JSDoc bullet moved to another error declaration: invalid log level under MethodNotFoundError', async () => {
    const root = copyTree(corpusRoot);
    edit(root, SCHEMA, ' * - **Logging**: Invalid log level\n', '');
    edit(
      root,
      SCHEMA,
      ' * A request that requires a client capability the client did not declare',
      ' * It is also returned for:\n *\n * - **Logging**: Invalid log level\n *\n * A request that requires a client capability the client did not declare',
    );
    const found = (await findings(root, ['draft'])).filter(about('invalid log level'));
    const bullet = lineOf(root, SCHEMA, '- **Logging**: Invalid log level');
    expect(found.map((f) => `${f.rule} ${at(f)}`)).toEqual([
      'consistency/error-code docs/specification/draft/server/utilities/logging.mdx:104',
      `consistency/error-code ${SCHEMA}:${bullet}`,
    ]);
    expect(found[1].message).toContain('"invalid log level" gets code -32601 here (MethodNotFoundError JSDoc)');
  });

  it('catches a member JSDoc that contradicts the prose in an older version: tool input validation in 2025-11-25', async () => {
    const root = copyTree(corpusRoot);
    const schema = 'schema/2025-11-25/schema.ts';
    edit(
      root,
      schema,
      '   * and self-correct.\n   *\n   * However',
      '   * and self-correct.\n   *\n   * Invalid tool arguments are a protocol error, not a result with `isError`.\n   *\n   * However',
    );
    const found = (await findings(root, ['2025-11-25'])).filter(
      about('invalid tool arguments (input validation failure)'),
    );
    const sentence = lineOf(root, schema, 'Invalid tool arguments are a protocol error');
    expect(found.map(at)).toEqual([
      'docs/specification/2025-11-25/changelog.mdx:28',
      'docs/specification/2025-11-25/server/tools.mdx:471',
      'docs/specification/2025-11-25/server/tools.mdx:492',
      'docs/specification/2025-11-25/server/tools.mdx:505',
      `${schema}:${sentence}`,
    ]);
    expect(found.at(-1)!.related).toHaveLength(4);
  });

  it('clears the SEP-1303 findings of a version once its JSDoc bullet and example follow the prose', async () => {
    const root = copyTree(corpusRoot);
    edit(root, SCHEMA, '**Tools**: Unknown tool name or invalid tool arguments', '**Tools**: Unknown tool name');
    edit(
      root,
      SCHEMA,
      ' * @example Invalid tool arguments\n * {@includeCode ./examples/InvalidParamsError/invalid-tool-arguments.json}\n *\n',
      '',
    );
    fs.rmSync(path.join(root, 'schema/draft/examples/InvalidParamsError/invalid-tool-arguments.json'));
    expect(await findings(root, ['draft'])).toEqual([]);
  });

  it('explains the claims of one condition and version with `spec-check claims`', async () => {
    const run = await runCli(['claims', '--root', corpusRoot, '--version', 'draft', '--condition', 'unknown-tool']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('unknown tool [unknown-tool]: 5 claims\n');
    expect(run.stdout).toContain(
      `${SCHEMA}:366:4  jsdoc-error: InvalidParamsError JSDoc\n      "**Tools**: Unknown tool name or invalid tool arguments"`,
    );
    expect(run.stdout).not.toContain('[invalid-cursor]');
    expect(run.stdout).toMatch(
      /\n5 claims, 0 skipped statements\n {2}draft: jsdoc-error 1, jsdoc-member 1, example 1, prose 1, prose-json 1\n$/,
    );
  });
});

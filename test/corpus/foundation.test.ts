import { describe, expect, it } from 'vitest';
import { corpusRoot, copyTree, edit, lineOf, runCli } from '../helpers.js';

const tools = 'schema/draft/examples/CallToolRequest/call-tool-request.json';

describe('foundation on the MCP spec snapshot', () => {
  it('validates all 258 examples with no example/valid finding', async () => {
    const run = await runCli(['check', '--root', corpusRoot, '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.summary.examplesValidated).toBe(258);
    expect(report.findings.filter((f: { rule: string }) => f.rule === 'example/valid')).toEqual([]);
    expect(report.summary.filesRead).toBeGreaterThan(400);
  });

  it('reports each kind of broken example at its exact line, exit 1', async () => {
    const root = copyTree(corpusRoot);
    // A required field removed: reported at the object that lacks it.
    edit(root, tools, '    "name": "get_weather",\n', '');
    // A value of the wrong type.
    edit(root, 'schema/draft/examples/InvalidParamsError/invalid-cursor.json', '"code": -32602', '"code": "-32602"');
    // A trailing comma.
    edit(
      root,
      'schema/2026-07-28/examples/InvalidParamsError/unknown-tool.json',
      '"message": "Unknown tool: invalid_tool_name"',
      '"message": "Unknown tool: invalid_tool_name",',
    );

    const run = await runCli(['check', '--root', root, '--format', 'json']);
    expect(run.code).toBe(1);
    const findings = JSON.parse(run.stdout).findings.filter((f: { rule: string }) => f.rule === 'example/valid');
    expect(findings).toEqual([
      expect.objectContaining({
        file: 'schema/2026-07-28/examples/InvalidParamsError/unknown-tool.json',
        line: lineOf(root, 'schema/2026-07-28/examples/InvalidParamsError/unknown-tool.json', '"message"'),
        message: 'Invalid JSON: Trailing comma',
      }),
      expect.objectContaining({
        file: tools,
        line: lineOf(root, tools, '"params"'),
        column: 13,
        message: 'Does not match CallToolRequest at /params: missing required property "name"',
      }),
      expect.objectContaining({
        file: 'schema/draft/examples/InvalidParamsError/invalid-cursor.json',
        line: 2,
        column: 11,
        message: expect.stringMatching(
          /^Does not match InvalidParamsError at \/code: expected (an integer|-32602), got/,
        ),
      }),
    ]);
  });
});

describe('check on the corpus is read-only and deterministic', () => {
  it('writes nothing under the root and gives a byte-identical report twice', async () => {
    const { createHash } = await import('node:crypto');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const hashTree = (dir: string) => {
      const h = createHash('sha256');
      const walk = (rel: string) => {
        for (const e of fs
          .readdirSync(path.join(dir, rel), { withFileTypes: true })
          .sort((a, b) => (a.name < b.name ? -1 : 1))) {
          const r = path.join(rel, e.name);
          const st = fs.lstatSync(path.join(dir, r));
          h.update(`${r}\0${st.mode}\0${st.size}\0${st.mtimeMs}\0`);
          if (e.isDirectory()) walk(r);
          else h.update(fs.readFileSync(path.join(dir, r)));
        }
      };
      walk('.');
      return h.digest('hex');
    };
    const before = hashTree(corpusRoot);
    const a = await runCli(['check', '--root', corpusRoot, '--format', 'json']);
    const b = await runCli(['check', '--root', corpusRoot, '--format', 'json']);
    expect(hashTree(corpusRoot)).toBe(before);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toContain(corpusRoot);
  });
});

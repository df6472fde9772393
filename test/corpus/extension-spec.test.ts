import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runCli } from '../helpers.js';

const extensionSpec = path.join(projectRoot, 'examples/extension-spec');

/**
 * The sample extension spec (examples/extension-spec): one unversioned types file importing a
 * base protocol's package, two dated prose folders, the JSON Schema in a folder of its own, all
 * named by the config's layout alone.
 */
describe('the sample extension spec', () => {
  it('is read by its layout and reports its defects, naming the real files', async () => {
    const run = await runCli(['check', '--root', extensionSpec, '--format', 'json', '--no-cache']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    const findings = report.findings.map(
      (f: { rule: string; file: string; line: number; column: number; message: string }) =>
        `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`,
    );
    expect(findings).toEqual([
      // The base protocol's initialize, validated against base/schema.ts (its JSON Schema generated in memory).
      'prose/json-valid specification/2026-01-10/gadgets.mdx:32:85 Request "initialize" does not match InitializeRequest of base/schema.ts at /params/protocolVersion: expected a string, got the number 20260110',
      // The link to a heading the page does not have.
      'xref/link specification/draft/gadgets.mdx:9:1 No heading "#removed-gadgets" on this page',
      // The request missing its required `params.name`, held to its own declaration only: a spec
      // whose messages each declare `jsonrpc` has no envelope of its own.
      // The ```typescript sketch of the answer to gadgets/list shows `content` as an object where the type says ContentBlock[].
      'prose/json-valid specification/draft/gadgets.mdx:27:16 Response to "gadgets/list" (matched as the answer to the request before it) does not match ListGadgetsResult at /gadgets/0/content: expected an array, got an object',
      'prose/json-valid specification/draft/gadgets.mdx:38:65 Request "gadgets/get" does not match GetGadgetRequest at /params: missing required property "name"',
      // A JSON example of the interface the section declares just before, held to that declaration.
      'prose/json-valid specification/draft/gadgets.mdx:75:30 Object (shown as Gadget, as the interface the section shows before it) does not match Gadget at /tool: expected a string, got the number 7',
    ]);
    // The TypeDoc declaration reference into the base's package ({@link @example/base-protocol!Tool.name})
    // resolves in base/schema.ts: nothing is left unresolved.
    expect(report.summary).toMatchObject({
      // The base protocol's initialize blocks (one per version) are among them: methods of base/schema.ts.
      codeBlocksValidated: 6,
      // The block of a request and its answer (with `// ...` for the members it leaves out) is one.
      sketchesValidated: 3,
      filesRead: 7,
    });
    expect(report.summary.codeBlocksUnclassified).toBeUndefined();
    expect(report.summary.jsdocLinksUnresolved).toBeUndefined();
  });

  it('says in its text summary how many JSON blocks and message sketches were validated and unclassified', async () => {
    const run = await runCli(['check', '--root', extensionSpec, '--no-cache']);
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(
      /; 0 examples validated, 6 JSON blocks validated, 0 unclassified, 3 message sketches validated, 0 unclassified, 7 files read\.$/,
    );
  });

  it("generates its JSON Schemas with the base protocol's package resolved to base/schema.ts (extends)", async () => {
    const run = await runCli(['generate', '--root', extensionSpec, '--check']);
    expect(run).toMatchObject({ code: 0, stderr: '', stdout: 'All 2 generated files are up to date.\n' });
    // The base's declarations the types file uses are definitions of its JSON Schema.
    const schema = JSON.parse(fs.readFileSync(path.join(extensionSpec, 'schema/draft/schema.json'), 'utf8'));
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(['Gadget', 'TextContent', 'RequestId']));
  });
});

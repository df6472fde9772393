import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runCli } from '../helpers.js';

interface ReportFinding {
  rule: string;
  file: string;
  line: number;
  column: number;
  message: string;
}

async function report(sample: string) {
  const run = await runCli([
    'check',
    '--root',
    path.join(projectRoot, 'examples', sample),
    '--format',
    'json',
    '--no-cache',
  ]);
  const parsed = JSON.parse(run.stdout);
  return {
    code: run.code,
    summary: parsed.summary,
    findings: parsed.findings.map((f: ReportFinding) => `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`),
  };
}

/**
 * The sample specs of the shapes besides MCP's own, each described by its config alone, with
 * the defects written into it on purpose (and the traps of its site generator, which must stay
 * silent).
 */
describe('sample specs of other shapes', () => {
  it('an unversioned spec with MkDocs pages and a typescript-json-schema schema.json (examples/unversioned-spec)', async () => {
    const got = await report('unversioned-spec');
    expect(got.code).toBe(1);
    expect(got.findings).toEqual([
      // The heading is "Colours": MkDocs's toc makes `#colours`.
      'xref/link docs/index.md:16:3 No heading "#colour-names" on docs/lanterns.md',
      // A request shown on the wire: the envelope (jsonrpc, id) is JSON-RPC 2.0's, the rest the type's.
      'prose/json-valid docs/messages.md:27:97 Request "lanterns/dim" does not match DimLanternRequest at /params/brightness: expected an integer, got the string "35"',
      'example/valid spec/examples/Lantern/attic.json:4:13 Does not match Lantern at /colour: expected one of "amber", "cool", "warm", got "blue"',
    ]);
    // Admonitions, content tabs, a snippet include and a {{ macro }} are no finding; no message names a version.
    expect(got.summary).toMatchObject({ examplesValidated: 3, codeBlocksValidated: 5, filesRead: 10 });
    // Its JSON Schema is what `generate` writes with the spec repository's typescript-json-schema flags.
    const generated = await runCli([
      'generate',
      '--root',
      path.join(projectRoot, 'examples/unversioned-spec'),
      '--check',
    ]);
    expect(generated).toMatchObject({ code: 0, stdout: 'All 1 generated files are up to date.\n' });
  });

  it('a Mintlify spec whose JSON Schema is the source (examples/schema-first-spec)', async () => {
    const got = await report('schema-first-spec');
    expect(got.code).toBe(1);
    expect(got.findings).toEqual([
      // `#kettle%2Fboil` resolves to the heading "kettle/boil"; this one has no heading.
      'xref/link docs/index.mdx:10:3 No heading "#kettle/boiled-notification" on docs/protocol/boiling.mdx',
      'prose/json-valid docs/protocol/boiling.mdx:36:83 Notification "kettle/boiled" does not match BoiledNotification at /params: unexpected property "celsius"',
      // The answer named PourResponse in a schema written by hand, matched by the request's id.
      'prose/json-valid docs/protocol/pouring.mdx:14:87 Response to "kettle/pour" (matched by id 7) does not match PourResponse at /result/kettle/litres: expected a number, got the string "0.95"',
    ]);
    // Fence options (highlight, title) leave a block JSON; no block is left unclassified.
    expect(got.summary).toMatchObject({ codeBlocksValidated: 5 });
    expect(got.summary.codeBlocksUnclassified).toBeUndefined();
    const generated = await runCli([
      'generate',
      '--root',
      path.join(projectRoot, 'examples/schema-first-spec'),
      '--check',
    ]);
    expect(generated).toMatchObject({
      code: 0,
      stdout: 'Nothing to generate: no file of this spec is made by spec-check.\n',
    });
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runCli } from '../helpers.js';

const vitepressExtension = path.join(projectRoot, 'examples/vitepress-extension');

/**
 * The sample VitePress extension (examples/vitepress-extension): a types file importing a vendored
 * copy of its base by a relative path (no `extends`), `.md` pages under a `.vitepress/` site, and a
 * schema.json made by a tool of its own (`generate.schemaJson: "external"`): validated against,
 * never called stale.
 */
describe('the sample VitePress extension', () => {
  it('reports the timers/get response shown with the discriminator of another result, and its broken anchor', async () => {
    const run = await runCli(['check', '--root', vitepressExtension, '--format', 'json', '--no-cache']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(
      report.findings.map(
        (f: { rule: string; file: string; line: number; message: string }) =>
          `${f.rule} ${f.file}:${f.line} ${f.message}`,
      ),
    ).toEqual([
      'prose/json-valid specification/draft/timers.md:32 Response (matched by shape) does not match TimerResult at /result/resultType: expected "timer", got "timerList"',
      'xref/link specification/draft/timers.md:52 No heading "#listing-timers" on this page',
    ]);
    // Every block is validated: the vendored base's envelope and the extension's own types.
    expect(report.summary).toMatchObject({ examplesValidated: 1, codeBlocksValidated: 4 });
    expect(report.summary.codeBlocksUnclassified).toBeUndefined();
    // Nothing of it is spec-check's to write.
    const generated = await runCli(['generate', '--root', vitepressExtension, '--check']);
    expect(generated).toMatchObject({
      code: 0,
      stdout:
        'schema.json is made by another tool ("generate.schemaJson": "external"): not written.\n' +
        'Nothing to generate: no file of this spec is made by spec-check.\n',
    });
  });
});

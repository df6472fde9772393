import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { driftedSpec, projectRoot, runCli, sampleSpec, writeTree } from './helpers.js';

const reportSchema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/report.schema.json'), 'utf8'));
const validateReport = new Ajv2020({ strict: true, allErrors: true }).compile(reportSchema);

describe('spec-check check', () => {
  it('checks the bundled sample spec clean (exit 0)', async () => {
    const run = await runCli(['check', '--root', sampleSpec]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^No problems \(14 examples validated, 12 JSON blocks validated, 0 unclassified, \d+ files read\)\.\n$/,
    );
  });

  it('reports the drifted spec with exit 1, grouped by file in text', async () => {
    const run = await runCli(['check', '--root', driftedSpec]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'schema/draft/examples/Widget/dial.json\n' +
        '  4:11  error    Does not match Widget at /kind: expected one of "dial", "slider", "switch", got "knob"  example/valid\n' +
        '  5:12  error    Does not match Widget at /value: expected an integer, got the string "19"  example/valid\n',
    );
    expect(run.stdout).toContain(
      'schema/draft/examples/ListWidgetsResult/one-page.json\n  9:25  error    Invalid JSON: Trailing comma  example/valid\n',
    );
    expect(run.stdout).toMatch(
      /\n\d+ problems \(\d+ errors, \d+ warnings?\) in \d+ root causes; 13 examples validated, \d+ JSON blocks validated, \d+ unclassified, \d+ files read\.\n$/,
    );
    expect(run.stdout).not.toContain('\x1b[');
  });

  it('prints one JSON document that conforms to schema/report.schema.json', async () => {
    for (const root of [sampleSpec, driftedSpec]) {
      const run = await runCli(['check', '--root', root, '--format', 'json']);
      const report = JSON.parse(run.stdout);
      expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
      expect(report.tool.name).toBe('spec-check');
      expect(path.isAbsolute(report.root)).toBe(false);
      expect(report.summary.errors).toBe(
        report.findings.filter((f: { severity: string }) => f.severity === 'error').length,
      );
    }
    const drifted = JSON.parse((await runCli(['check', '--root', driftedSpec, '--format', 'json'])).stdout);
    expect(drifted.findings).toContainEqual({
      rule: 'example/valid',
      severity: 'error',
      message: 'Example folder "WidgetGroup" names no definition in schema/draft/schema.json',
      file: 'schema/draft/examples/WidgetGroup/hallway.json',
      line: 1,
      column: 1,
      related: [],
      group: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('gives a byte-identical report for the same input', async () => {
    const a = await runCli(['check', '--root', driftedSpec, '--format', 'json']);
    const b = await runCli(['check', '--root', driftedSpec, '--format', 'json']);
    expect(a.stdout).toBe(b.stdout);
  });

  it('limits the check to the versions named', async () => {
    const run = await runCli(['check', '--root', driftedSpec, '--version', '2025-01-15', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(0);
    expect(report.summary.examplesValidated).toBe(2);
  });

  it('colours only on a TTY, and honours NO_COLOR', async () => {
    expect((await runCli(['check', '--root', driftedSpec], { isTTY: true })).stdout).toContain('\x1b[31m');
    expect(
      (await runCli(['check', '--root', driftedSpec], { isTTY: true, env: { NO_COLOR: '1' } })).stdout,
    ).not.toContain('\x1b[');
  });

  it.each([
    [
      'a missing root',
      ['check', '--root', '/nonexistent/spec'],
      /^spec-check: root folder not found: \/nonexistent\/spec\n$/,
    ],
    [
      'a root without schema/',
      ['check', '--root', writeTree({ 'README.md': 'x' })],
      /^spec-check: no schema\/ folder in .*\n$/,
    ],
    ['an unknown option', ['check', '--frobnicate'], /^spec-check: unknown option '--frobnicate'\n$/],
    [
      'an unknown format',
      ['check', '--format', 'xml'],
      /^spec-check: option '--format <format>' argument 'xml' is invalid\. Allowed choices are .*\n$/,
    ],
    [
      'an unknown version',
      ['check', '--root', sampleSpec, '--version', '1999-01-01'],
      /^spec-check: unknown version: 1999-01-01 \(found: 2025-01-15, draft\)\n$/,
    ],
    ['an unknown command', ['lint'], /^spec-check: unknown command 'lint'\n$/],
  ])('exits 2 with a one-line reason on %s', async (_name, args, stderr) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(stderr);
  });
});

import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { applyBaseline, createBaseline, type LineText } from '../src/engine/baseline.js';
import type { Finding } from '../src/core/finding.js';
import { copyTree, driftedSpec, edit, runCli, writeTree } from './helpers.js';

const finding = (file: string, line: number, message = 'm'): Finding => ({
  rule: 'r/x',
  severity: 'error',
  message,
  file,
  line,
  column: 1,
  related: [],
});

describe('baseline keys', () => {
  it('match by rule, file, message and source line text, with a count per key', () => {
    const lines: Record<string, string[]> = { a: ['same', 'same', 'other'] };
    const lineText: LineText = (file, line) => lines[file]?.[line - 1];
    const baseline = createBaseline([finding('a', 1), finding('a', 3)], lineText);
    expect(baseline.findings).toHaveLength(2);
    // Line 2 has the same text as line 1: one of the two is new, whichever it is.
    const result = applyBaseline([finding('a', 1), finding('a', 2), finding('a', 3)], baseline, lineText);
    expect(result).toMatchObject({ matched: 2, resolved: 0 });
    expect(result.findings).toEqual([finding('a', 2)]);
    // A changed message is a new finding; the old one is resolved.
    expect(applyBaseline([finding('a', 1, 'changed'), finding('a', 3)], baseline, lineText)).toMatchObject({
      matched: 1,
      resolved: 1,
      findings: [finding('a', 1, 'changed')],
    });
  });
});

describe('--write-baseline and --baseline', () => {
  it('adopts a tree with findings: 0 reported after writing, stable under moved lines, only the new finding after an edit', async () => {
    const root = copyTree(driftedSpec);
    const file = path.join(writeTree({}), 'ci/baseline.json');

    const before = JSON.parse((await runCli(['check', '--root', root, '--format', 'json'])).stdout);
    expect(before.findings.length).toBeGreaterThan(2);

    const write = await runCli(['check', '--root', root, '--write-baseline', file, '--format', 'json']);
    expect(write.code).toBe(0);
    expect(write.stderr).toBe(`spec-check: wrote ${before.findings.length} findings to ${file}\n`);
    const written = JSON.parse(write.stdout);
    expect(written.findings).toEqual([]);
    expect(written.summary).toMatchObject({
      errors: 0,
      warnings: 0,
      baselined: before.findings.length,
      baselineResolved: 0,
    });
    const baselineText = fs.readFileSync(file, 'utf8');
    expect(JSON.parse(baselineText).format).toBe('spec-check-baseline/v1');

    // Writing again gives the same bytes.
    await runCli(['check', '--root', root, '--write-baseline', file, '--quiet']);
    expect(fs.readFileSync(file, 'utf8')).toBe(baselineText);

    // Blank lines above older findings move them; they stay baselined.
    const dial = 'schema/draft/examples/Widget/dial.json';
    edit(root, dial, /^\{\n/, '{\n\n\n\n');
    const moved = await runCli(['check', '--root', root, '--baseline', file]);
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(
      /^No problems \(13 examples validated, 10 JSON blocks validated, 1 unclassified, \d+ files read; \d+ baselined findings not shown\)\.\n$/,
    );

    // One new problem: exactly it is reported.
    edit(root, dial, '"min": 5', '"min": "5"');
    const fresh = await runCli(['check', '--root', root, '--baseline', file, '--format', 'json']);
    expect(fresh.code).toBe(1);
    const report = JSON.parse(fresh.stdout);
    expect(report.findings).toEqual([
      expect.objectContaining({
        rule: 'example/valid',
        file: dial,
        line: 9,
        message: 'Does not match Widget at /min: expected an integer, got the string "5"',
      }),
    ]);
    expect(report.summary).toMatchObject({ errors: 1, baselined: before.findings.length, baselineResolved: 0 });

    // Fixing a baselined problem is counted as resolved.
    edit(root, dial, '"kind": "knob"', '"kind": "dial"');
    const fixed = await runCli(['check', '--root', root, '--baseline', file]);
    expect(fixed.stdout).toMatch(/; \d+ baselined findings not shown, 1 baselined finding no longer occurs\.\n$/);
  });

  it.each([
    [
      'a missing baseline file',
      '/nonexistent/baseline.json',
      undefined,
      /^spec-check: baseline file not found: \/nonexistent\/baseline\.json \(write one with --write-baseline\)\n$/,
    ],
    ['a file that is not a baseline', 'b.json', '{"findings": 3}', /^spec-check: .*b\.json: not a spec-check baseline/],
    [
      'a baseline entry without a count',
      'b.json',
      '{"format": "spec-check-baseline/v1", "findings": [{"rule": "a", "file": "b", "message": "c", "source": "d"}]}',
      /^spec-check: .*b\.json: findings\[0\] needs rule, file, message, source \(strings\) and count/,
    ],
  ])('exits 2 on %s', async (_name, name, text, stderr) => {
    const file = text === undefined ? name : path.join(writeTree({ [name]: text }), name);
    const run = await runCli(['check', '--root', driftedSpec, '--baseline', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(stderr);
    expect(run.stdout).toBe('');
  });
});

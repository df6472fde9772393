import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { copyTree, driftedSpec, edit, runCli } from './helpers.js';
import type { Finding } from '../src/core/finding.js';
import type { CheckReport } from '../src/core/report.js';

async function report(root: string): Promise<CheckReport> {
  return JSON.parse((await runCli(['check', '--root', root, '--no-cache', '--format', 'json'])).stdout);
}

const placesOf = (r: CheckReport, id: string) =>
  r.findings.filter((f) => f.group === id).map((f: Finding) => `${f.file}:${f.line}`);

describe('root-cause groups', () => {
  it('make one group of a contradiction with all its places, and of one defect copied into another version', async () => {
    const root = copyTree(driftedSpec);
    const older = 'docs/specification/2025-01-15/index.mdx';
    const link = '[error handling](/specification/{v}/server/widgets#error-handlin)';
    fs.appendFileSync(
      path.join(root, older),
      `\n${link.replace('{v}', '2025-01-15')}\n\nTwice: ${link.replace('{v}', '2025-01-15')}\n`,
    );
    const r = await report(root);
    const drift = r.groups!.find((g) => g.message.includes('"value out of range"'))!;
    expect(drift).toMatchObject({ rule: 'consistency/error-reporting', severity: 'error', size: 5 });
    expect(placesOf(r, drift.id)).toHaveLength(5);
    const copied = r.groups!.find((g) => g.rule === 'xref/link' && g.message.includes('#error-handlin'))!;
    // The draft's link and the first of the older version's two: the second is a problem of its own.
    expect(placesOf(r, copied.id)).toEqual([
      `${older}:${r.findings.find((f) => f.file === older)!.line}`,
      'docs/specification/draft/index.mdx:17',
    ]);
    const alone = r.findings.filter((f) => f.file === older);
    expect(alone).toHaveLength(2);
    expect(alone[1]!.group).not.toBe(copied.id);
    expect(r.groups!.every((g) => g.size === placesOf(r, g.id).length && g.size > 1)).toBe(true);
    // Counts stay counts of findings; the summary adds the root causes.
    expect(r.summary.errors + r.summary.warnings).toBe(r.findings.length);
    expect(r.summary.rootCauses).toBe(new Set(r.findings.map((f) => f.group)).size);
    expect(r.summary.rootCauses).toBeLessThan(r.findings.length);
    const text = (await runCli(['check', '--root', root, '--no-cache'])).stdout;
    expect(text).toContain('the same problem at 4 more places:\n');
    expect(text).toMatch(new RegExp(` in ${r.summary.rootCauses} root causes; `));
  });

  it('keep their ids when lines move', async () => {
    const root = copyTree(driftedSpec);
    const before = await report(root);
    edit(root, 'docs/specification/draft/server/widgets.mdx', /^---\n/m, '---\n\nNew text.\n\nMore.\n');
    const after = await report(root);
    expect(after.groups!.map((g) => g.id)).toEqual(before.groups!.map((g) => g.id));
    expect(after.findings.map((f) => f.group).sort()).toEqual(before.findings.map((f) => f.group).sort());
  });
});

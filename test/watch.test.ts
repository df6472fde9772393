import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { watchCheck } from '../src/watch.js';
import type { CheckReport } from '../src/core/report.js';
import { main } from '../src/cli.js';
import { copyTree, edit, sampleSpec } from './helpers.js';

interface Session {
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the next check's report and the files that triggered it. */
  nextCheck: () => Promise<{ report: CheckReport; changed: string[]; at: number }>;
  stop: () => Promise<void>;
}

function startWatch(root: string): Session {
  let stdout = '';
  let stderr = '';
  const controller = new AbortController();
  const checks: { report: CheckReport; changed: string[]; at: number }[] = [];
  let wake: (() => void) | undefined;
  const done = watchCheck({
    root,
    checkOptions: () => ({}),
    io: { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) },
    signal: controller.signal,
    onCheck: (report, changed) => {
      checks.push({ report, changed, at: performance.now() });
      wake?.();
    },
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    async nextCheck() {
      while (!checks.length) await new Promise<void>((resolve) => (wake = resolve));
      return checks.shift()!;
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

describe('check --watch', () => {
  it('re-checks after an edit and prints the new finding within a second of the write, then stops cleanly', async () => {
    const root = copyTree(sampleSpec);
    const session = startWatch(root);
    const first = await session.nextCheck();
    expect(first.report.findings).toEqual([]);
    expect(session.stdout()).toMatch(/^No problems \(14 examples validated, \d+ files read\)\.\n$/);
    // Give the watcher a moment to be in place before the edit.
    await new Promise((r) => setTimeout(r, 100));

    const file = 'schema/draft/examples/Widget/dial.json';
    const written = performance.now();
    edit(root, file, /"kind": "\w+"/, '"kind": "knob"');
    const second = await session.nextCheck();
    expect(second.at - written).toBeLessThan(1000);
    expect(second.changed).toEqual([file]);
    // The example is invalid, and the Schema Reference that includes it is now stale.
    expect(second.report.findings).toEqual([
      expect.objectContaining({ rule: 'generated/schema-reference', file: 'docs/specification/draft/schema.mdx' }),
      expect.objectContaining({ rule: 'example/valid', file, message: expect.stringMatching(/^Does not match Widget at \/kind: expected one of/) }),
    ]);
    expect(session.stdout()).toContain(`\nChanged: ${file}: 2 new findings, 0 gone (`);
    expect(session.stdout()).toContain(`${file}\n  4:11  error    Does not match Widget at /kind`);

    // Fixing it reports it gone; only what changed is new.
    edit(root, file, '"kind": "knob"', '"kind": "dial"');
    const third = await session.nextCheck();
    expect(third.report.findings).toEqual([]);
    expect(session.stdout()).toMatch(/Changed: schema\/draft\/examples\/Widget\/dial\.json: 0 new findings, 2 gone \(\d+ ms\)\nNo problems/);

    await session.stop();
    expect(session.stderr()).toBe(`Watching ${root} for changes (Ctrl-C to stop)\n`);
  });

  it('ignores changes outside the spec folders', async () => {
    const root = copyTree(sampleSpec);
    const session = startWatch(root);
    await session.nextCheck();
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(path.join(root, 'NOTES.md'), 'not part of the spec');
    fs.writeFileSync(path.join(root, 'docs/specification/draft/index.mdx'), fs.readFileSync(path.join(root, 'docs/specification/draft/index.mdx'), 'utf8') + '\nMore.\n');
    const next = await session.nextCheck();
    expect(next.changed).toEqual(['docs/specification/draft/index.mdx']);
    await session.stop();
  });

  it('runs from the CLI until its signal aborts, and exits 0', async () => {
    const root = copyTree(sampleSpec);
    const controller = new AbortController();
    let stdout = '';
    const exit = main(['check', '--root', root, '--watch'], { stdout: (s) => (stdout += s), stderr: () => {}, signal: controller.signal });
    while (!stdout.includes('No problems')) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await exit).toBe(0);
  });

  it('exits 2 when the root cannot be checked at the start', async () => {
    let stderr = '';
    const code = await main(['check', '--root', '/nonexistent/spec', '--watch'], { stdout: () => {}, stderr: (s) => (stderr += s) });
    expect(code).toBe(2);
    expect(stderr).toBe('spec-check: root folder not found: /nonexistent/spec\n');
  });

  it('reports a root that stops being checkable and goes on watching', async () => {
    const root = copyTree(sampleSpec);
    const session = startWatch(root);
    await session.nextCheck();
    await new Promise((r) => setTimeout(r, 100));
    fs.renameSync(path.join(root, 'schema'), path.join(root, 'schema-moved'));
    while (!session.stderr().includes('no schema/ folder')) await new Promise((r) => setTimeout(r, 20));
    fs.renameSync(path.join(root, 'schema-moved'), path.join(root, 'schema'));
    const back = await session.nextCheck();
    expect(back.report.summary.examplesValidated).toBe(14);
    await session.stop();
  });

  it('refuses options it cannot honour', async () => {
    let stderr = '';
    const code = await main(['check', '--root', sampleSpec, '--watch', '--format', 'json'], { stdout: () => {}, stderr: (s) => (stderr += s) });
    expect(code).toBe(2);
    expect(stderr).toBe('spec-check: --watch prints text; it cannot be combined with --format\n');
  });
});

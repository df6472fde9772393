import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { watchCheck } from '../src/watch.js';
import type { CheckOptions } from '../src/check.js';
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

function startWatch(
  root: string,
  extra: { checkOptions?: () => CheckOptions; configFiles?: string[]; debounceMs?: number } = {},
): Session {
  let stdout = '';
  let stderr = '';
  const controller = new AbortController();
  const checks: { report: CheckReport; changed: string[]; at: number }[] = [];
  let wake: (() => void) | undefined;
  const done = watchCheck({
    root,
    checkOptions: extra.checkOptions ?? (() => ({})),
    configFiles: extra.configFiles,
    debounceMs: extra.debounceMs,
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
      // A check that never comes fails with what the session printed, before the test's own timeout.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no check came in 150 s; stdout:\n${stdout}\nstderr:\n${stderr}`)),
          150_000,
        );
      });
      try {
        while (!checks.length) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), late]);
      } finally {
        clearTimeout(timer);
      }
      return checks.shift()!;
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

/** `check --watch` through the CLI, as a user runs it: what it printed so far, and a way to wait for a line. */
function watchFromCli(root: string) {
  const controller = new AbortController();
  const out = { stdout: '', stderr: '' };
  const exit = main(['check', '--root', root, '--watch'], {
    stdout: (s) => (out.stdout += s),
    stderr: (s) => (out.stderr += s),
    signal: controller.signal,
  });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setTimeout(r, 20));
  };
  return { controller, exit, out, until };
}

// A session's first check loads the whole program and the worker: on a busy machine that alone can
// take most of a minute, so these tests get three.
describe('check --watch', { timeout: 180_000 }, () => {
  // How soon a re-check comes is measured by the bench, not here: the machine may be busy.
  it('re-checks after an edit and prints the new finding, then stops cleanly', async () => {
    const root = copyTree(sampleSpec);
    const session = startWatch(root);
    const first = await session.nextCheck();
    expect(first.report.findings).toEqual([]);
    expect(session.stdout()).toMatch(
      /^No problems \(14 examples validated, 12 JSON blocks validated, 0 unclassified, \d+ files read\)\.\n$/,
    );
    // Give the watcher a moment to be in place before the edit.
    await new Promise((r) => setTimeout(r, 100));

    const file = 'schema/draft/examples/Widget/dial.json';
    edit(root, file, /"kind": "\w+"/, '"kind": "knob"');
    const second = await session.nextCheck();
    expect(second.changed).toEqual([file]);
    // The example is invalid, and the Schema Reference that includes it is now stale.
    expect(second.report.findings).toEqual([
      expect.objectContaining({
        rule: 'example/valid',
        file,
        message: expect.stringMatching(/^Does not match Widget at \/kind: expected one of/),
      }),
      // At the declaration whose block includes the example.
      expect.objectContaining({ rule: 'generated/schema-reference', file: 'schema/draft/schema.ts' }),
    ]);
    expect(session.stdout()).toContain(`\nChanged: ${file}: 2 new findings, 0 gone (`);
    expect(session.stdout()).toContain(`${file}\n  4:11  error    Does not match Widget at /kind`);

    // Fixing it reports it gone; only what changed is new.
    edit(root, file, '"kind": "knob"', '"kind": "dial"');
    const third = await session.nextCheck();
    expect(third.report.findings).toEqual([]);
    expect(session.stdout()).toMatch(
      /Changed: schema\/draft\/examples\/Widget\/dial\.json: 0 new findings, 2 gone \(\d+ ms\)\nNo problems/,
    );

    await session.stop();
    expect(session.stderr()).toBe(`Watching ${root} for changes (Ctrl-C to stop)\n`);
  });

  it('sees a second edit of a file made right after the re-check of the first', async () => {
    const root = copyTree(sampleSpec);
    // No quiet period: the re-check comes as soon as the change is seen, and the next edit at once.
    const session = startWatch(root, { debounceMs: 0 });
    await session.nextCheck();
    await new Promise((r) => setTimeout(r, 100));
    const file = 'schema/draft/examples/Widget/dial.json';
    edit(root, file, /"kind": "\w+"/, '"kind": "knob"');
    expect((await session.nextCheck()).report.findings.map((f) => f.rule)).toContain('example/valid');
    edit(root, file, '"kind": "knob"', '"kind": "dial"');
    const last = await session.nextCheck();
    expect(last.changed).toEqual([file]);
    expect(last.report.findings).toEqual([]);
    await session.stop();
  });

  it('ignores changes outside the spec folders', async () => {
    const root = copyTree(sampleSpec);
    const session = startWatch(root);
    await session.nextCheck();
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(path.join(root, 'NOTES.md'), 'not part of the spec');
    fs.writeFileSync(
      path.join(root, 'docs/specification/draft/index.mdx'),
      fs.readFileSync(path.join(root, 'docs/specification/draft/index.mdx'), 'utf8') + '\nMore.\n',
    );
    const next = await session.nextCheck();
    expect(next.changed).toEqual(['docs/specification/draft/index.mdx']);
    await session.stop();
  });

  it('never re-checks for a change under node_modules or .git, even inside a spec folder', async () => {
    const root = copyTree(sampleSpec);
    const writeUnder = (rel: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), 'x');
    };
    const noise = [
      'node_modules/pkg/index.js',
      '.git/index',
      'docs/specification/draft/node_modules/pkg/page.mdx',
      'schema/draft/.git/HEAD',
    ];
    noise.forEach(writeUnder);
    const session = startWatch(root);
    await session.nextCheck();
    await new Promise((r) => setTimeout(r, 100));
    noise.forEach(writeUnder);
    writeUnder('docs/specification/draft/node_modules/other/new.mdx');
    writeUnder('.git/refs/heads/main');
    // Past the debounce: nothing was scheduled. Then a real edit is the only change reported.
    await new Promise((r) => setTimeout(r, 300));
    const index = 'docs/specification/draft/index.mdx';
    fs.appendFileSync(path.join(root, index), '\nMore.\n');
    const next = await session.nextCheck();
    expect(next.changed).toEqual([index]);
    await session.stop();
  });

  it('gathers changes that come within the quiet period into one re-check', async () => {
    const root = copyTree(sampleSpec);
    const session = startWatch(root);
    await session.nextCheck();
    await new Promise((r) => setTimeout(r, 100));
    const files = [
      'docs/specification/draft/index.mdx',
      'docs/specification/draft/basic/messages.mdx',
      'seps/12-widget-locking.md',
    ];
    for (const file of files) fs.appendFileSync(path.join(root, file), '\nMore.\n');
    const next = await session.nextCheck();
    expect(next.changed).toEqual([...files].sort());
    expect(session.stdout()).toContain(
      'Changed: docs/specification/draft/basic/messages.mdx, docs/specification/draft/index.mdx, seps/12-widget-locking.md: 0 new findings',
    );
    await session.stop();
  });

  it('follows the docs folder to where a changed config moves it', async () => {
    const root = copyTree(sampleSpec);
    fs.cpSync(path.join(root, 'docs/specification'), path.join(root, 'site/spec'), { recursive: true });
    const configFile = path.join(root, 'watch-config.json');
    fs.writeFileSync(configFile, '{}');
    const session = startWatch(root, {
      checkOptions: () => ({ layout: JSON.parse(fs.readFileSync(configFile, 'utf8')).layout }),
      configFiles: [configFile],
    });
    await session.nextCheck();
    await new Promise((r) => setTimeout(r, 100));
    fs.writeFileSync(configFile, JSON.stringify({ layout: { docs: 'site/spec' } }));
    expect((await session.nextCheck()).changed).toEqual(['\0config']);
    await new Promise((r) => setTimeout(r, 100));
    fs.appendFileSync(path.join(root, 'docs/specification/draft/index.mdx'), '\nNo longer read.\n');
    fs.appendFileSync(path.join(root, 'site/spec/draft/index.mdx'), '\nRead now.\n');
    expect((await session.nextCheck()).changed).toEqual(['site/spec/draft/index.mdx']);
    await session.stop();
  });

  it("re-checks when a file read outside the spec folders changes: an MkDocs site's mkdocs.yml", async () => {
    const root = copyTree(path.resolve(sampleSpec, '../unversioned-spec'));
    const { controller, exit, out, until } = watchFromCli(root);
    await until(() => out.stderr.includes('Watching'));
    expect(out.stdout).not.toContain('missing.md');
    await new Promise((r) => setTimeout(r, 100));
    // A nav entry for a page that is not there: only mkdocs.yml changed.
    fs.appendFileSync(path.join(root, 'mkdocs.yml'), '  - Missing: missing.md\n');
    await until(() => out.stdout.includes('Changed: mkdocs.yml'));
    expect(out.stdout).toContain('Changed: mkdocs.yml: 1 new finding, 0 gone');
    expect(out.stdout).toContain('missing.md');
    controller.abort();
    expect(await exit).toBe(0);
  });

  it('keeps the options it started with when the config file becomes broken', async () => {
    const root = copyTree(sampleSpec);
    const configFile = path.join(root, 'spec-check.config.json');
    const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
    fs.writeFileSync(configFile, JSON.stringify({ ...config, rules: { 'example/valid': 'warning' } }));
    const { controller, exit, out, until } = watchFromCli(root);
    await until(() => out.stderr.includes('Watching'));
    fs.writeFileSync(configFile, '{ "rules": ');
    await until(() => out.stdout.includes('Changed: config'));
    expect(out.stderr).toMatch(/spec-check: .*spec-check\.config\.json:1:\d+: invalid JSON/);
    edit(root, 'schema/draft/examples/Widget/dial.json', /"kind": "\w+"/, '"kind": "knob"');
    await until(() => out.stdout.includes('Changed: schema/draft/examples/Widget/dial.json'));
    // Still a warning, as the config said before it broke.
    expect(out.stdout).toContain('4:11  warning  Does not match Widget at /kind');
    controller.abort();
    expect(await exit).toBe(0);
  });

  it('runs from the CLI until its signal aborts, and exits 0', async () => {
    const root = copyTree(sampleSpec);
    const controller = new AbortController();
    let stdout = '';
    const exit = main(['check', '--root', root, '--watch'], {
      stdout: (s) => (stdout += s),
      stderr: () => {},
      signal: controller.signal,
    });
    while (!stdout.includes('No problems')) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await exit).toBe(0);
  });

  it('exits 2 when the root cannot be checked at the start', async () => {
    let stderr = '';
    const code = await main(['check', '--root', '/nonexistent/spec', '--watch'], {
      stdout: () => {},
      stderr: (s) => (stderr += s),
    });
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
    const code = await main(['check', '--root', sampleSpec, '--watch', '--format', 'json'], {
      stdout: () => {},
      stderr: (s) => (stderr += s),
    });
    expect(code).toBe(2);
    expect(stderr).toBe('spec-check: --watch prints text; it cannot be combined with --format\n');
  });
});

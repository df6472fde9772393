import { beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import type { CheckReport } from '../../src/core/report.js';
import { corpusRoot, copyTree, edit, lineOf, runCli } from '../helpers.js';

const claims = (r: CheckReport) =>
  r.findings
    .filter((f) => f.rule === 'consistency/changelog')
    .map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`);

let baseline: CheckReport;
beforeAll(async () => {
  baseline = await check(corpusRoot);
});

describe('consistency/changelog on the MCP spec snapshot', () => {
  it('reports the one changelog claim that names a type no schema.ts declares', () => {
    // 2025-06-18's changelog adds `context` to `CompletionRequest`; the request is `CompleteRequest`.
    expect(claims(baseline)).toEqual([
      "docs/specification/2025-06-18/changelog.mdx:37:28 The changelog says `context` was added to `CompletionRequest`, which neither 2025-03-26's nor 2025-06-18's schema.ts declares (did you mean `CompleteRequest`?)",
    ]);
  });

  it('reports held-out edits at the edited line, naming the edited identifier', async () => {
    const root = copyTree(corpusRoot);
    const v11 = 'docs/specification/2025-11-25/changelog.mdx';
    const v07 = 'docs/specification/2026-07-28/changelog.mdx';
    edit(root, v11, 'Add optional `description` field', 'Add optional `summaryText` field');
    edit(root, v07, 'Remove `ping`, `logging/setLevel`', 'Remove `ping`, `tools/list`');
    const after = claims(await check(root)).filter((f) => !claims(baseline).includes(f));
    expect(after).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${v11}:${lineOf(root, v11, '`summaryText`')}:\\d+ The changelog says \`summaryText\` was added to \`Implementation\``,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${v07}:${lineOf(root, v07, '`tools/list`, and')}:\\d+ The changelog says \`tools/list\` was removed in 2026-07-28, but 2026-07-28's schema.ts still has`,
        ),
      ),
    ]);
  });
});

describe('spec-check changes on the MCP spec snapshot', () => {
  it("lists 2025-11-25's additions with the changelog's mentions", async () => {
    const run = await runCli(['changes', '2025-06-18', '2025-11-25', '--root', corpusRoot, '--format', 'json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    const at = (path: string) => report.changes.find((c: { path: string }) => c.path === path);
    expect(at('Implementation.description')).toMatchObject({ change: 'added', mentioned: { line: 25, column: 18 } });
    expect(at('Implementation.websiteUrl')).toMatchObject({ change: 'added', mentioned: null });
    expect(at('JSONRPCError')).toMatchObject({ change: 'removed', subject: 'declaration' });
    expect(report.summary).toEqual({ added: 68, removed: 3, changed: 43, mentioned: 3 });
  });
});

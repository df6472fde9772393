import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { loadSpec } from '../src/sources/load.js';
import { inputParse } from '../src/rules/input.js';
import { suppressionUnused } from '../src/rules/suppression-unused.js';
import { parseDirective } from '../src/sources/suppressions.js';
import type { Rule } from '../src/core/rule.js';
import { runCli, writeTree } from './helpers.js';

/** A rule for these tests: reports every heading of every page, and every declaration of schema.ts. */
const headingRule: Rule = {
  meta: {
    id: 'test/heading',
    description: 'Reports every heading.',
    rationale: 'Gives the suppression tests findings in MDX, Markdown and schema.ts.',
    defaultSeverity: 'error',
  },
  check({ spec }, { report }) {
    for (const v of spec.versions) {
      for (const p of v.pages)
        for (const h of p.headings) report({ message: `Heading "${h.text}"`, location: h.location });
      for (const d of v.schemaTs?.declarations ?? [])
        report({ message: `Declaration ${d.name}`, location: d.location });
    }
    for (const p of spec.seps)
      for (const h of p.headings) report({ message: `Heading "${h.text}"`, location: h.location });
  },
};

const rules = [headingRule, inputParse, suppressionUnused];

function tree(files: Record<string, string>): string {
  return writeTree({ 'schema/draft/schema.ts': 'export interface Plain {\n  a: string;\n}\n', ...files });
}

describe('inline suppressions', () => {
  it('parses the rules and the reason of a directive', () => {
    expect(parseDirective('a/b, c/d -- because -- really')).toEqual({
      rules: ['a/b', 'c/d'],
      reason: 'because -- really',
    });
    expect(parseDirective('a/b')).toEqual({ rules: ['a/b'] });
    expect(parseDirective(' -- no rule')).toEqual({ rules: [], reason: 'no rule' });
  });

  it('drops the finding on the line after an MDX comment, keeps the others, and counts it', async () => {
    const root = tree({
      'docs/specification/draft/a.mdx': [
        '# Title', // 1
        '', // 2
        '{/* spec-check-disable-next-line test/heading -- the heading is fine */}', // 3
        '## Suppressed', // 4
        '', // 5
        '## Kept', // 6
        '',
      ].join('\n'),
    });
    const report = await check(root, { rules });
    const onPage = report.findings.filter((f) => f.file === 'docs/specification/draft/a.mdx');
    expect(onPage).toEqual([
      expect.objectContaining({ rule: 'test/heading', line: 1, message: 'Heading "Title"' }),
      expect.objectContaining({ rule: 'test/heading', line: 6, message: 'Heading "Kept"' }),
    ]);
    expect(report.summary.suppressed).toBe(1);
  });

  it('drops the finding on the line after a // comment in schema.ts, but not after a string that looks like one', async () => {
    const root = tree({
      'schema/draft/schema.ts': [
        '// spec-check-disable-next-line test/heading -- kept for compatibility', // 1
        'export interface Old {', // 2
        '  a: string;',
        '}',
        'export const note = "// spec-check-disable-next-line test/heading";', // 5
        'export interface New {}', // 6
        '',
      ].join('\n'),
    });
    const report = await check(root, { rules });
    expect(report.findings.filter((f) => f.rule === 'test/heading').map((f) => [f.line, f.message])).toEqual([
      [5, 'Declaration note'],
      [6, 'Declaration New'],
    ]);
    expect(report.findings.filter((f) => f.rule === 'suppression/unused')).toEqual([]);
  });

  it('suppresses a syntax error in schema.ts (input/parse) and an HTML comment in a SEP', async () => {
    const root = tree({
      'schema/draft/schema.ts':
        'export interface A {\n  // spec-check-disable-next-line input/parse -- work in progress\n  b: ;\n}\n',
      'seps/1-x.md':
        '# SEP 1\n\n<!-- spec-check-disable-next-line test/heading -- title kept as filed -->\n## Motivation\n',
    });
    const report = await check(root, { rules });
    expect(report.findings.filter((f) => f.rule === 'input/parse')).toEqual([]);
    expect(report.findings.filter((f) => f.file === 'seps/1-x.md').map((f) => f.line)).toEqual([1]);
    expect(report.summary.suppressed).toBe(2);
  });

  it('reports a suppression that suppresses nothing, names an unknown rule or names none, at the comment', async () => {
    const root = tree({
      'docs/specification/draft/a.mdx': [
        'Some prose.', // 1
        '  {/* spec-check-disable-next-line test/heading -- nothing here */}', // 2
        'More prose.', // 3
        '{/* spec-check-disable-next-line test/haeding -- typo */}', // 4
        '## A heading', // 5
        '{/* spec-check-disable-next-line -- forgot the rule */}', // 6
        '',
        '```mdx',
        '{/* spec-check-disable-next-line test/heading -- inside a code block: not a comment */}',
        '```',
        '',
      ].join('\n'),
    });
    const report = await check(root, { rules });
    expect(report.findings.filter((f) => f.rule === 'suppression/unused')).toEqual([
      {
        rule: 'suppression/unused',
        severity: 'warning',
        message: 'Suppression of test/heading suppresses nothing: no test/heading finding on the next line',
        file: 'docs/specification/draft/a.mdx',
        line: 2,
        column: 3,
        related: [],
        group: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
      expect.objectContaining({ message: 'Suppression names unknown rule "test/haeding"', line: 4, column: 1 }),
      expect.objectContaining({
        message: 'Suppression names no rule: write `spec-check-disable-next-line RULE -- reason`',
        line: 6,
        column: 1,
      }),
    ]);
    // The typo suppressed nothing: the heading is still reported.
    expect(report.findings).toContainEqual(expect.objectContaining({ rule: 'test/heading', line: 5 }));
  });

  it('does not call a suppression unused when its rule is off, and says nothing when suppression/unused is off', async () => {
    const root = tree({
      'docs/specification/draft/a.mdx': '{/* spec-check-disable-next-line test/heading -- x */}\nprose\n',
    });
    const off = await check(root, { rules, severities: { 'test/heading': 'off' } });
    expect(off.findings).toEqual([]);
    const unusedOff = await check(root, { rules, severities: { 'suppression/unused': 'off' } });
    expect(unusedOff.findings.filter((f) => f.file !== 'schema/draft/schema.ts')).toEqual([]);
    const on = await check(root, { rules });
    expect(on.findings.filter((f) => f.file !== 'schema/draft/schema.ts').map((f) => f.rule)).toEqual([
      'suppression/unused',
    ]);
  });

  it('keeps suppressions in the model, sorted by file and line', async () => {
    const root = tree({
      'docs/specification/draft/b.mdx': 'x\n\n{/* spec-check-disable-next-line a/b, c/d -- two rules */}\n',
      'docs/specification/draft/a.mdx': '{/* spec-check-disable-next-line a/b */}\n',
    });
    const spec = await loadSpec(root);
    expect(spec.suppressions).toEqual([
      { rules: ['a/b'], location: { file: 'docs/specification/draft/a.mdx', line: 1, column: 1 }, targetLine: 2 },
      {
        rules: ['a/b', 'c/d'],
        reason: 'two rules',
        location: { file: 'docs/specification/draft/b.mdx', line: 3, column: 1 },
        targetLine: 4,
      },
    ]);
  });

  it('is applied by the CLI with the registered rules', async () => {
    const root = tree({
      'schema/draft/schema.ts':
        'export interface A {\n  // spec-check-disable-next-line input/parse -- being written\n  b: ;\n}\n',
      'docs/specification/draft/a.mdx': '{/* spec-check-disable-next-line example/valid -- stale */}\nprose\n',
    });
    const run = await runCli(['check', '--root', root, '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.findings.map((f: { rule: string; file: string; line: number }) => [f.rule, f.file, f.line])).toEqual([
      ['suppression/unused', 'docs/specification/draft/a.mdx', 1],
    ]);
    expect(report.summary.suppressed).toBe(1);
    expect(run.code).toBe(0);
  });
});

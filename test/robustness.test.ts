import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { check } from '../src/check.js';
import { loadSpec } from '../src/sources/load.js';
import type { Finding } from '../src/core/finding.js';
import type { Rule } from '../src/core/rule.js';
import { exampleValid } from '../src/rules/example-valid.js';
import { copyTree, tempDir, driftedSpec, sampleSpec } from './helpers.js';

type Brief = Pick<Finding, 'rule' | 'file' | 'line' | 'column' | 'message'>;
const brief = (f: Finding): Brief => ({
  rule: f.rule,
  file: f.file,
  line: f.line,
  column: f.column,
  message: f.message,
});

/**
 * Breaks one thing in a copy of the drifted spec and returns the findings about the broken
 * path, after checking that every other finding is exactly what it was before.
 */
async function breakAndCheck(mutate: (root: string) => void, brokenPath: string): Promise<Brief[]> {
  const root = copyTree(driftedSpec);
  const before = (await check(root)).findings.map(brief);
  mutate(root);
  const after = (await check(root)).findings.map(brief);
  const about = (f: Brief) => f.file === brokenPath || f.file.startsWith(brokenPath + '/');
  expect(after.filter((f) => !about(f))).toEqual(before.filter((f) => !about(f)));
  // What the break added about the broken path (what was there before may stay or go).
  const old = new Set(before.filter(about).map((f) => JSON.stringify(f)));
  return after.filter((f) => about(f) && !old.has(JSON.stringify(f)));
}

const example = 'schema/draft/examples/Widget/switch.json';
const write = (rel: string, data: string | Buffer) => (root: string) => fs.writeFileSync(path.join(root, rel), data);

describe('bad input becomes a finding, and the rest of the run is unchanged', () => {
  it.each([
    [
      'a truncated example',
      write(example, '{\n  "id": "porch-light",\n  "name": "Porch'),
      3,
      11,
      'example/valid',
      'Invalid JSON: Unterminated string',
    ],
    [
      'duplicate keys',
      write(example, '{\n  "id": "a",\n  "name": "b",\n  "kind": "switch",\n  "id": "c",\n  "value": 0\n}'),
      5,
      3,
      'example/valid',
      'Invalid JSON: Duplicate key "id"',
    ],
    [
      '10,000 levels of nesting',
      write(example, '['.repeat(10_000) + ']'.repeat(10_000)),
      1,
      1001,
      'example/valid',
      'Invalid JSON: Nesting deeper than 1000 levels',
    ],
    ['an empty example', write(example, ''), 1, 1, 'example/valid', 'Invalid JSON: Value expected'],
    [
      'a binary example',
      write(example, Buffer.from([0x7b, 0x00, 0x01, 0xff, 0x7d])),
      1,
      1,
      'input/parse',
      'Binary file: expected UTF-8 text',
    ],
    [
      'a non-UTF-8 example',
      write(example, Buffer.from('{"id": "caf\xe9"}', 'latin1')),
      1,
      1,
      'input/parse',
      'File is not valid UTF-8',
    ],
  ])('%s', async (_name, mutate, line, column, rule, message) => {
    expect(await breakAndCheck(mutate, example)).toEqual([{ rule, file: example, line, column, message }]);
  });

  it('a TypeScript syntax error in schema.ts', async () => {
    const rel = 'schema/2025-01-15/schema.ts';
    const found = await breakAndCheck((root) => {
      const abs = path.join(root, rel);
      fs.writeFileSync(
        abs,
        fs.readFileSync(abs, 'utf8').replace('export interface Widget {', 'export interface Widget {{'),
      );
    }, rel);
    const line =
      fs
        .readFileSync(path.join(driftedSpec, rel), 'utf8')
        .split('\n')
        .findIndex((l) => l.startsWith('export interface Widget {')) + 1;
    expect(found).toContainEqual(
      expect.objectContaining({
        rule: 'input/parse',
        file: rel,
        line,
        message: expect.stringMatching(/^TypeScript syntax error: /),
      }),
    );
  });

  it('an empty schema.ts and an empty MDX page', async () => {
    const rel = 'docs/specification/2025-01-15/index.mdx';
    expect(await breakAndCheck(write(rel, ''), rel)).toEqual([]);
  });

  it('a file over the size limit', async () => {
    const big = 'schema/draft/examples/Widget/big.json';
    expect(await breakAndCheck(write(big, Buffer.alloc(50 * 1024 * 1024, 0x20)), big)).toEqual([
      {
        rule: 'input/unreadable',
        file: big,
        line: 1,
        column: 1,
        message: 'File is 50 MB, over the 20 MB limit; not read',
      },
    ]);
  });

  it('a schema/<version> folder without schema.ts', async () => {
    const dir = 'schema/2025-01-15';
    const found = await breakAndCheck((root) => fs.rmSync(path.join(root, dir, 'schema.ts')), dir);
    expect(found).toContainEqual({
      rule: 'input/unreadable',
      file: dir,
      line: 1,
      column: 1,
      message: "No schema.ts in schema/2025-01-15: the version's declarations cannot be checked",
    });
  });

  it('a link loop and a link out of the root', async () => {
    const loop = 'schema/draft/examples/Widget/loop';
    const out = 'schema/draft/examples/Widget/outside.json';
    const outside = path.join(tempDir('outside-'), 'secret.json');
    fs.writeFileSync(outside, '{"id": 1}');
    const found = await breakAndCheck((root) => {
      fs.symlinkSync('..', path.join(root, loop));
      fs.symlinkSync(outside, path.join(root, out));
    }, 'schema/draft/examples/Widget');
    expect(found.filter((f) => f.file === out)).toEqual([
      {
        rule: 'input/unreadable',
        file: out,
        line: 1,
        column: 1,
        message: 'Symbolic link points outside the root or nowhere; not followed',
      },
    ]);
  });
});

describe('bad input in the prose, schema.ts types and generated files', () => {
  it('an MDX page that does not parse', async () => {
    const rel = 'docs/specification/draft/index.mdx';
    const found = await breakAndCheck((root) => {
      const abs = path.join(root, rel);
      fs.writeFileSync(abs, fs.readFileSync(abs, 'utf8').replace('## Features', '<Note>\n\n## Features'));
    }, rel);
    // The rest of the page reads as Markdown: its link to a heading that is not there is still found.
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'mdx/parse',
        file: rel,
        line: lineOfText(driftedSpec, rel, '## Features'),
        message: expect.stringMatching(/; the rest of the page was checked as plain Markdown$/),
      }),
      expect.objectContaining({ rule: 'xref/link', file: rel, message: expect.stringContaining('#error-handlin') }),
    ]);
  });

  it('a type error in schema.ts is reported where it is', async () => {
    const root = copyTree(sampleSpec);
    const rel = 'schema/draft/schema.ts';
    fs.writeFileSync(
      path.join(root, rel),
      fs.readFileSync(path.join(root, rel), 'utf8').replace('\n  value: number;\n', '\n  value: Numbr;\n'),
    );
    const findings = (await check(root)).findings;
    expect(findings).toContainEqual(
      expect.objectContaining({
        rule: 'generated/schema-json',
        file: rel,
        line: lineOfText(root, rel, 'value: Numbr;'),
        column: 10,
        message: expect.stringContaining("Cannot find name 'Numbr'"),
      }),
    );
  });

  it('a missing Schema Reference template', async () => {
    const root = copyTree(sampleSpec);
    fs.rmSync(path.join(root, 'schema/draft/schema.mdx'));
    expect((await check(root)).findings).toEqual([
      expect.objectContaining({
        rule: 'generated/schema-reference',
        file: 'docs/specification/draft/schema.mdx',
        line: 1,
        column: 1,
        message: expect.stringMatching(/has no template schema\/draft\/schema\.mdx/),
      }),
    ]);
  });
});

describe('an internal error in one rule', () => {
  it('becomes an `internal` finding naming the rule and the file; the other rules still run', async () => {
    const failing: Rule = {
      meta: { id: 'test/failing', description: 'throws on one example', rationale: 'test', defaultSeverity: 'error' },
      check({ spec }, { guard, report }) {
        for (const example of spec.versions.flatMap((v) => v.examples)) {
          guard(example.path, () => {
            if (example.name === 'switch') throw new TypeError('cannot read properties of undefined');
            report({ message: 'seen', location: { file: example.path, line: 1, column: 1 } });
          });
        }
      },
    };
    const report = await check(driftedSpec, { rules: [failing, exampleValid] });
    const internal = report.findings.filter((f) => f.rule === 'internal');
    expect(internal).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'schema/draft/examples/Widget/switch.json',
        message: expect.stringMatching(
          /^Rule test\/failing failed on schema\/draft\/examples\/Widget\/switch\.json: cannot read properties of undefined/,
        ),
      }),
    ]);
    // The failing rule went on with the other files, and the other rule ran.
    const examples = (await loadSpec(driftedSpec)).versions.flatMap((v) => v.examples).length;
    expect(report.findings.filter((f) => f.rule === 'test/failing').length).toBe(examples - 1);
    expect(report.findings.some((f) => f.rule === 'example/valid')).toBe(true);
    expect(report.summary.errors).toBeGreaterThan(0);
  });
});

function lineOfText(root: string, rel: string, needle: string): number {
  const text = fs.readFileSync(path.join(root, rel), 'utf8');
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

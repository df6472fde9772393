import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { CheckReport } from '../src/core/report.js';
import type { Finding } from '../src/core/finding.js';
import { formatGithub } from '../src/reporters/github.js';
import { formatMarkdown } from '../src/reporters/markdown.js';
import { formatSarif } from '../src/reporters/sarif.js';
import { groupsOf } from '../src/engine/groups.js';
import { ruleMetas } from '../src/rules/index.js';
import { parseWorkflowCommand, projectRoot } from './helpers.js';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { toString } from 'mdast-util-to-string';
import type { Root, Table } from 'mdast';

/** The rows of every GFM table in a Markdown text, each cell as its plain text (HTML left out). */
function tablesOf(markdown: string): string[][][] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  return tree.children
    .filter((n): n is Table => n.type === 'table')
    .map((t) => t.children.map((row) => row.children.map((cell) => toString(cell, { includeHtml: false }))));
}

beforeAll(() => {
  vi.stubEnv('GITHUB_WORKSPACE', process.cwd());
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** One broken link copied into three versions, and one problem of its own. */
const copies = ['v1', 'v2', 'v3'].map((v): Finding => ({
  rule: 'xref/link',
  severity: 'error',
  message: `No heading "#gone" on docs/${v}/b.mdx`,
  file: `docs/${v}/a.mdx`,
  line: 4,
  column: 2,
  related: [],
  group: 'aaaaaaaaaaaaaaaa',
}));
const alone: Finding = {
  rule: 'xref/link',
  severity: 'error',
  message: 'No page at /x',
  file: 'docs/v3/c.mdx',
  line: 9,
  column: 1,
  related: [],
  group: 'bbbbbbbbbbbbbbbb',
};

function reportOf(findings: Finding[], summary: Partial<CheckReport['summary']> = {}): CheckReport {
  return {
    tool: { name: 'spec-check', version: '0.1.0' },
    root: 'spec',
    findings,
    groups: groupsOf(findings),
    summary: { errors: findings.length, warnings: 0, examplesValidated: 0, filesRead: 3, ...summary },
  };
}

const plain = reportOf([...copies, alone], { rootCauses: 2 });
/** `check --base`: the copy in v3 is new, the older two are shown as the other places of its root cause. */
const review = reportOf([...copies.map((f, i) => ({ ...f, new: i === 2 })), { ...alone, new: true }], {
  rootCauses: 2,
  new: 2,
  newErrors: 2,
  fixed: 1,
  unchanged: 5,
});

describe('markdown: a root cause is one row with all its places', () => {
  it('in a plain check', () => {
    const md = formatMarkdown(plain, { blobUrl: 'https://github.com/o/r/blob/abc' });
    expect(md.split('\n')[1]).toBe('### spec-check: 4 problems (4 errors, 0 warnings) in 2 root causes');
    expect(md).toContain('\n#### `xref/link`: 4 errors in 2 root causes\n');
    const [, rows] = tablesOf(md);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'spec/docs/v1/a.mdx:4:2spec/docs/v2/a.mdx:4:2spec/docs/v3/a.mdx:4:2',
      'error',
      'One root cause at 3 places: No heading "#gone" on docs/v1/b.mdx',
    ]);
    expect(rows[2]).toEqual(['spec/docs/v3/c.mdx:9:1', 'error', 'No page at /x']);
    for (const v of ['v1', 'v2', 'v3'])
      expect(md).toContain(`(https://github.com/o/r/blob/abc/spec/docs/${v}/a.mdx?plain=1#L4)`);
    expect(md).not.toContain('… and');
  });

  it('in PR mode: says what is new and marks the places already there', () => {
    const md = formatMarkdown(review);
    expect(md).toContain(
      '\n2 new, 1 fixed, 5 already there (not shown); the other places of their root causes are marked (already there).\n',
    );
    const [, rows] = tablesOf(md);
    expect(rows[1][0]).toBe(
      'spec/docs/v1/a.mdx:4:2 (already there)spec/docs/v2/a.mdx:4:2 (already there)spec/docs/v3/a.mdx:4:2',
    );
    expect(rows[2][0]).toBe('spec/docs/v3/c.mdx:9:1');
  });

  it('folds the places past the first few, bounds a huge group, and stays under the comment size', () => {
    const many = Array.from({ length: 3000 }, (_, i): Finding => ({ ...copies[0], file: `docs/v${i}/a.mdx` }));
    const md = formatMarkdown(reportOf(many));
    expect(md.length).toBeLessThan(65_536);
    expect(md).toContain('<details><summary>47 more places of this root cause</summary>');
    expect(md).toContain('<br>… and 2950 more places</details>');
    const [, rows] = tablesOf(md);
    expect(rows).toHaveLength(2);
    // The row stands for every place: none is said to be left out.
    expect(md).not.toContain('more finding');
  });

  it('counts the places of folded rows as findings', () => {
    const others = Array.from({ length: 12 }, (_, i): Finding => ({
      ...alone,
      line: i + 1,
      group: `${i}`.padStart(16, 'c'),
    }));
    const md = formatMarkdown(reportOf([...others, ...copies]));
    expect(md).toContain('<details><summary>5 more xref/link findings</summary>');
  });
});

describe('sarif: one result per place, tied together', () => {
  const resultsOf = (r: CheckReport) => JSON.parse(formatSarif(r, { rules: ruleMetas })).runs[0].results;

  it("lists the group's other places as related locations and shares the group's id", () => {
    const results = resultsOf(plain);
    expect(results).toHaveLength(4);
    expect(
      results[1].relatedLocations.map(
        (l: { physicalLocation: { artifactLocation: { uri: string } } }) => l.physicalLocation.artifactLocation.uri,
      ),
    ).toEqual(['spec/docs/v1/a.mdx', 'spec/docs/v3/a.mdx']);
    expect(results[1].relatedLocations[1]).toMatchObject({
      id: 2,
      message: { text: 'The same problem (3 of 3 places of this root cause)' },
    });
    for (const r of results.slice(0, 3))
      expect(r.properties).toEqual({ 'specCheck/rootCause': 'aaaaaaaaaaaaaaaa', 'specCheck/rootCausePlaces': 3 });
    // A finding alone has no group to tie, and the fingerprints stay one per place.
    expect(results[3]).not.toHaveProperty('properties');
    expect(results[3]).not.toHaveProperty('relatedLocations');
    expect(
      new Set(
        results.map((r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['specCheck/v1']),
      ).size,
    ).toBe(4);
    expect(results[0]).not.toHaveProperty('baselineState');
  });

  it('in PR mode, says which results are new', () => {
    expect(resultsOf(review).map((r: { baselineState: string }) => r.baselineState)).toEqual([
      'unchanged',
      'unchanged',
      'new',
      'new',
    ]);
  });

  const schemaFile = path.resolve(projectRoot, '../shared/schemas/sarif-2.1.0.json');
  it.skipIf(!fs.existsSync(schemaFile))('validates against SARIF 2.1.0, plain and in PR mode', () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
    (addFormatsModule as unknown as (a: Ajv2020) => Ajv2020)(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
    for (const r of [plain, review])
      expect(
        validate(JSON.parse(formatSarif(r, { rules: ruleMetas }))),
        JSON.stringify(validate.errors?.slice(0, 3)),
      ).toBe(true);
  });
});

describe('github: an annotation per place that says it is one of several', () => {
  it('in a plain check and in PR mode', () => {
    const [first, , third, last] = formatGithub(plain).split('\n').filter(Boolean).map(parseWorkflowCommand);
    expect(first!.properties.file).toBe('spec/docs/v1/a.mdx');
    expect(first!.message).toBe(
      'No heading "#gone" on docs/v1/b.mdx\nPlace 1 of 3 of one root cause; the others: spec/docs/v2/a.mdx:4:2, spec/docs/v3/a.mdx:4:2',
    );
    expect(third!.message.split('\n')[1]).toBe(
      'Place 3 of 3 of one root cause; the others: spec/docs/v1/a.mdx:4:2, spec/docs/v2/a.mdx:4:2',
    );
    expect(last!.message).toBe('No page at /x');
    const pr = formatGithub(review).split('\n').filter(Boolean).map(parseWorkflowCommand);
    expect(pr[0]!.message.split('\n')[1]).toBe(
      'Place 1 of 3 of one root cause (this place was already there); the others: spec/docs/v2/a.mdx:4:2 (already there), spec/docs/v3/a.mdx:4:2',
    );
    expect(pr[2]!.message.split('\n')[1]).toBe(
      'Place 3 of 3 of one root cause; the others: spec/docs/v1/a.mdx:4:2 (already there), spec/docs/v2/a.mdx:4:2 (already there)',
    );
  });

  it('names the first few other places of a large group and counts the rest', () => {
    const many = Array.from({ length: 9 }, (_, i): Finding => ({ ...copies[0], file: `docs/v${i}/a.mdx` }));
    const [first] = formatGithub(reportOf(many)).split('\n').filter(Boolean).map(parseWorkflowCommand);
    expect(first!.message).toMatch(
      /Place 1 of 9 of one root cause; the others: (spec\/docs\/v\d\/a\.mdx:4:2, ){5}and 3 more$/,
    );
  });
});

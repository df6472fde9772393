import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { toString } from 'mdast-util-to-string';
import type { Root, Table } from 'mdast';
import type { CheckReport } from '../src/core/report.js';
import { formatGithub } from '../src/reporters/github.js';
import { COMMENT_MARKER, formatMarkdown } from '../src/reporters/markdown.js';
import { formatSarif } from '../src/reporters/sarif.js';
import { progressLine } from '../src/reporters/progress.js';
import { allRules, ruleMetas } from '../src/rules/index.js';
import { headingSlug } from '../src/model/anchors.js';
import { driftedSpec, parseWorkflowCommand, runCli, sampleSpec, writeTree } from './helpers.js';

/** The rows of every GFM table in a Markdown text, each cell as its plain text (HTML left out). */
export function tablesOf(markdown: string): string[][][] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  return tree.children
    .filter((n): n is Table => n.type === 'table')
    .map((t) => t.children.map((row) => row.children.map((cell) => toString(cell, { includeHtml: false }))));
}

const awkward = 'Value 50% of "a,b: c" | <b>not bold</b> *not em* `not code` [x](y)\r\nsecond line';
// As in a GitHub Actions job run at the project's root: the github, markdown and sarif formats
// name files from there (`spec/...` for the root `spec`).
beforeAll(() => {
  vi.stubEnv('GITHUB_WORKSPACE', process.cwd());
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const report: CheckReport = {
  tool: { name: 'spec-check', version: '0.1.0' },
  root: 'spec',
  findings: [
    {
      rule: 'example/valid',
      severity: 'error',
      message: awkward,
      file: 'schema/draft/examples/A,B/x:y.json',
      line: 3,
      column: 7,
      endLine: 3,
      endColumn: 12,
      related: [{ file: 'schema/draft/schema.ts', line: 10, column: 3, message: 'declared here' }],
    },
    {
      rule: 'suppression/unused',
      severity: 'warning',
      message: 'Suppression of x suppresses nothing',
      file: 'docs/a.mdx',
      line: 1,
      column: 1,
      related: [],
    },
  ],
  summary: { errors: 1, warnings: 1, examplesValidated: 0, filesRead: 2 },
};

describe('github format', () => {
  it('writes one workflow command per finding that parses back to the same file, position, rule and message', () => {
    const lines = formatGithub(report).split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map(parseWorkflowCommand);
    expect(first).toEqual({
      command: 'error',
      properties: {
        file: 'spec/schema/draft/examples/A,B/x:y.json',
        line: '3',
        col: '7',
        endLine: '3',
        endColumn: '12',
        title: 'example/valid',
      },
      message: `${awkward}\nspec/schema/draft/schema.ts:10:3: declared here`,
    });
    expect(second).toEqual({
      command: 'warning',
      properties: { file: 'spec/docs/a.mdx', line: '1', col: '1', title: 'suppression/unused' },
      message: 'Suppression of x suppresses nothing',
    });
    // Nothing unescaped that would end the command or a property early.
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toContain('file=spec/schema/draft/examples/A%2CB/x%3Ay.json,');
  });

  it('prints only workflow commands for the drifted spec', async () => {
    const run = await runCli(['check', '--root', driftedSpec, '--format', 'github']);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(parseWorkflowCommand(line), line).toBeDefined();
    expect(lines.map(parseWorkflowCommand)).toContainEqual({
      command: 'error',
      properties: {
        file: `${path.relative(process.cwd(), driftedSpec)}/schema/draft/examples/Widget/dial.json`,
        line: '4',
        col: '11',
        title: 'example/valid',
      },
      message: 'Does not match Widget at /kind: expected one of "dial", "slider", "switch", got "knob"',
    });
  });
});

describe('markdown format', () => {
  it('renders a table per rule and a section per rule whose cells read back as the messages', () => {
    const md = formatMarkdown(report);
    expect(md.split('\n').slice(0, 2)).toEqual([COMMENT_MARKER, '### spec-check: 2 problems (1 error, 1 warning)']);
    const [byRule, exampleValid, unused] = tablesOf(md);
    expect(byRule).toEqual([
      ['rule', 'errors', 'warnings'],
      ['example/valid', '1', '0'],
      ['suppression/unused', '0', '1'],
    ]);
    expect(md).toContain('\n#### `example/valid`: 1 error\n');
    expect(md).toContain('\n#### `suppression/unused`: 1 warning\n');
    expect(exampleValid).toEqual([
      ['location', 'severity', 'message'],
      [
        'spec/schema/draft/examples/A,B/x:y.json:3:7',
        'error',
        `${awkward.replace('\r\n', ' ')}spec/schema/draft/schema.ts:10:3 declared here`,
      ],
    ]);
    expect(unused[1][2]).toBe('Suppression of x suppresses nothing');
    // The message's markup stays text: no emphasis, link or inline HTML node was made of it.
    const tree = unified().use(remarkParse).use(remarkGfm).parse(md) as Root;
    const kinds = new Set<string>();
    const walk = (n: { type: string; value?: string; children?: unknown[] }) => {
      if (n.type === 'html' && n.value !== '<br>' && n.value !== COMMENT_MARKER) kinds.add(`html ${n.value}`);
      else if (n.type !== 'html') kinds.add(n.type);
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    walk(tree as never);
    expect([...kinds].filter((k) => ['emphasis', 'link', 'strong'].includes(k) || k.startsWith('html'))).toEqual([]);
  });

  it('links locations to their lines and rules to their headings when given where they are shown', () => {
    const md = formatMarkdown(report, {
      blobUrl: 'https://github.com/o/r/blob/0123abc',
      rulesUrl: 'https://github.com/t/spec-check/blob/v1/docs/rules.md',
    });
    const links: { url: string; text: string }[] = [];
    const walk = (n: { type: string; url?: string; children?: unknown[] }) => {
      if (n.type === 'link') links.push({ url: n.url!, text: toString(n as never) });
      for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
    };
    walk(unified().use(remarkParse).use(remarkGfm).parse(md) as never);
    expect(links).toEqual([
      { text: 'example/valid', url: 'https://github.com/t/spec-check/blob/v1/docs/rules.md#examplevalid' },
      { text: 'suppression/unused', url: 'https://github.com/t/spec-check/blob/v1/docs/rules.md#suppressionunused' },
      { text: 'example/valid', url: 'https://github.com/t/spec-check/blob/v1/docs/rules.md#examplevalid' },
      {
        text: 'spec/schema/draft/examples/A,B/x:y.json:3:7',
        url: 'https://github.com/o/r/blob/0123abc/spec/schema/draft/examples/A%2CB/x%3Ay.json?plain=1#L3',
      },
      {
        text: 'spec/schema/draft/schema.ts:10:3',
        url: 'https://github.com/o/r/blob/0123abc/spec/schema/draft/schema.ts?plain=1#L10',
      },
      { text: 'suppression/unused', url: 'https://github.com/t/spec-check/blob/v1/docs/rules.md#suppressionunused' },
      { text: 'spec/docs/a.mdx:1:1', url: 'https://github.com/o/r/blob/0123abc/spec/docs/a.mdx?plain=1#L1' },
    ]);
  });

  it("folds a rule's findings past the first ten and a finding's related places past the first two", () => {
    const related = Array.from({ length: 5 }, (_, i) => ({
      file: 'b.ts',
      line: i + 1,
      column: 1,
      message: `place ${i}`,
    }));
    const md = formatMarkdown({
      ...report,
      findings: [
        { ...report.findings[0], related },
        ...Array.from({ length: 14 }, (_, i) => ({ ...report.findings[1], line: i + 1 })),
      ],
      summary: { ...report.summary, warnings: 14 },
    });
    const [, exampleValid, unusedShown, unusedFolded] = tablesOf(md);
    expect(exampleValid[1][2]).toMatch(/spec\/b\.ts:1:1 place 0spec\/b\.ts:2:1 place 13 more places/);
    expect(md).toContain('<details><summary>3 more places</summary>`spec/b.ts:3:1` place 2<br>');
    expect(unusedShown.slice(1).map((r) => r[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => `spec/docs/a.mdx:${i + 1}:1`),
    );
    expect(md).toContain('\n<details><summary>4 more suppression/unused findings</summary>\n');
    expect(unusedFolded.slice(1).map((r) => r[0])).toEqual([11, 12, 13, 14].map((l) => `spec/docs/a.mdx:${l}:1`));
    expect(md.trimEnd().endsWith('</details>')).toBe(true);
    // One folded place or finding is shown instead.
    const eleven = formatMarkdown({
      ...report,
      findings: Array.from({ length: 11 }, (_, i) => ({ ...report.findings[1], line: i + 1 })),
    });
    expect(eleven).not.toContain('<details>');
    expect(tablesOf(eleven)[1]).toHaveLength(12);
  });

  it('stays under the size of a pull-request comment, and says how many findings it left out', () => {
    const many = {
      ...report,
      findings: Array.from({ length: 2000 }, (_, i) => ({ ...report.findings[1], line: i + 1 })),
    };
    const md = formatMarkdown(many);
    expect(md.length).toBeLessThan(65_536);
    const rows = tablesOf(md)
      .slice(1)
      .reduce((n, t) => n + t.length - 1, 0);
    expect(rows).toBeGreaterThan(100);
    expect(md).toContain(`\n\n… and ${2000 - rows} more findings: see the full report`);
    // The fold that was open when room ran out is closed.
    expect(md.match(/<details>/g)).toHaveLength(1);
    expect(md.match(/<\/details>/g)).toHaveLength(1);
    expect(formatMarkdown(report)).not.toContain('more finding');
  });

  it('says so when there is nothing to report', async () => {
    const run = await runCli(['check', '--root', sampleSpec, '--format', 'markdown']);
    expect(run.stdout).toMatch(
      /^<!-- spec-check report -->\n### spec-check: no problems\n\n14 examples validated, \d+ files read\.\n$/,
    );
    expect(tablesOf(run.stdout)).toEqual([]);
  });
});

describe('sarif format', () => {
  it('lists every rule with its help and gives each result its rule index, location and related locations', () => {
    const sarif = JSON.parse(formatSarif(report, { rules: ruleMetas }));
    expect(sarif.version).toBe('2.1.0');
    const run = sarif.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(allRules.map((r) => r.meta.id));
    const exampleValid = run.tool.driver.rules.find((r: { id: string }) => r.id === 'example/valid');
    expect(exampleValid.shortDescription.text).toBe(allRules[0].meta.description);
    expect(exampleValid.help.markdown).toContain('Fails (schema/draft/examples/Widget/basic.json):\n\n```json\n{');
    expect(exampleValid.defaultConfiguration).toEqual({ level: 'error' });
    // The installed rules reference has no address outside this machine: without --rules-url, no helpUri.
    expect(ruleMetas[0].docsUrl).toMatch(/^file:.*\/docs\/rules\.md#examplevalid$/);
    expect(exampleValid).not.toHaveProperty('helpUri');
    expect(exampleValid.properties).toEqual({ tags: ['example'] });
    const [first, second] = run.results;
    expect(first).toMatchObject({
      ruleId: 'example/valid',
      level: 'error',
      message: { text: awkward },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'spec/schema/draft/examples/A%2CB/x%3Ay.json' },
            region: { startLine: 3, startColumn: 7, endLine: 3, endColumn: 12 },
          },
        },
      ],
      relatedLocations: [
        {
          id: 1,
          message: { text: 'declared here' },
          physicalLocation: {
            artifactLocation: { uri: 'spec/schema/draft/schema.ts' },
            region: { startLine: 10, startColumn: 3 },
          },
        },
      ],
    });
    expect(run.tool.driver.rules[first.ruleIndex].id).toBe('example/valid');
    expect(run.tool.driver.rules[second.ruleIndex].id).toBe('suppression/unused');
    expect(second.level).toBe('warning');
    expect(first.partialFingerprints['specCheck/v1']).toMatch(/^[0-9a-f]{16}$/);
  });

  it("links every rule to its heading in the rules reference, and every anchor is a rule's heading there", () => {
    const rulesUrl = 'https://github.com/t/spec-check/blob/v1/docs/rules.md';
    const rules = JSON.parse(formatSarif(report, { rules: ruleMetas, rulesUrl })).runs[0].tool.driver.rules;
    // GitHub's anchors of docs/rules.md: each heading's slug, a repeated one with -1, -2... (fenced code is no heading).
    const tree = unified().use(remarkParse).use(remarkGfm).parse(fs.readFileSync('docs/rules.md', 'utf8')) as Root;
    const anchors = new Map<string, string>();
    const counts = new Map<string, number>();
    for (const node of tree.children) {
      if (node.type !== 'heading') continue;
      const text = toString(node);
      const slug = headingSlug(text);
      const n = counts.get(slug) ?? 0;
      counts.set(slug, n + 1);
      anchors.set(n ? `${slug}-${n}` : slug, text);
    }
    for (const rule of rules) {
      expect(rule.helpUri.startsWith(`${rulesUrl}#`), rule.id).toBe(true);
      expect(anchors.get(rule.helpUri.slice(rulesUrl.length + 1)), rule.id).toBe(rule.id);
      expect(rule.properties.tags).toEqual([rule.id.split('/')[0]]);
    }
    expect(rules.map((r: { id: string }) => r.id)).toContain('suppression/unused');
  });

  it('gives repeated findings of one key distinct fingerprints, the first one unchanged', () => {
    const one = JSON.parse(formatSarif(report)).runs[0].results[1].partialFingerprints['specCheck/v1'];
    const three = JSON.parse(
      formatSarif({ ...report, findings: [report.findings[1], report.findings[1], report.findings[1]] }),
    ).runs[0].results.map(
      (r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['specCheck/v1'],
    );
    expect(three).toEqual([one, `${one}:2`, `${one}:3`]);
  });

  it("keeps a finding's fingerprint when lines above it move", async () => {
    const fingerprints = async (root: string) =>
      JSON.parse((await runCli(['check', '--root', root, '--format', 'sarif'])).stdout).runs[0].results.map(
        (r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['specCheck/v1'],
      );
    const root = writeTree({ 'schema/draft/schema.ts': 'export interface A {\n  b: ;\n}\n' });
    const before = await fingerprints(root);
    fs.writeFileSync(path.join(root, 'schema/draft/schema.ts'), '\n\n\nexport interface A {\n  b: ;\n}\n');
    expect(await fingerprints(root)).toEqual(before);
  });
});

describe('text format', () => {
  it("--verbose adds a code frame and the rule's docs link under each finding", async () => {
    const run = await runCli(['check', '--root', driftedSpec, '--verbose']);
    expect(run.stdout).toContain(
      [
        '  4:11  error    Does not match Widget at /kind: expected one of "dial", "slider", "switch", got "knob"  example/valid',
        '      2 |   "id": "hall-thermostat",',
        '      3 |   "name": "Hall thermostat",',
        '    > 4 |   "kind": "knob",',
        '        |           ^',
        '      5 |   "value": "19",',
        '      6 |   "min": 5,',
        `    docs: ${ruleMetas[0].docsUrl}`,
        '',
        '  5:12  error ',
      ].join('\n'),
    );
  });

  // --no-cache: a report found in the cache is printed at once, with no phases to show.
  it('shows a progress line on a terminal only, erased at the end, and none with --quiet', async () => {
    const tty = await runCli(['check', '--root', sampleSpec, '--no-cache'], { isTTY: true });
    // Generation starts first (it needs no prose), then the versions' prose is parsed.
    expect(tty.stderr).toMatch(/^\r\x1b\[Kgenerating for generated\/schema-json, generated\/schema-reference \(0\/2\)/);
    expect(tty.stderr.endsWith('\r\x1b[K')).toBe(true);
    expect(await runCli(['check', '--root', sampleSpec], { isTTY: true, env: {} }).then((r) => r.stdout)).toMatch(
      /^No problems/,
    );
    expect((await runCli(['check', '--root', sampleSpec, '--quiet'], { isTTY: true })).stderr).toBe('');
    expect((await runCli(['check', '--root', sampleSpec])).stderr).toBe('');
  });

  it('throttles progress updates to one per 100 ms', () => {
    let t = 0;
    let written = '';
    const progress = progressLine(
      (s) => (written += s),
      () => t,
    );
    progress.update('a', 1, 3);
    t = 50;
    progress.update('b', 2, 3);
    t = 150;
    progress.update('c', 3, 3);
    progress.clear();
    expect(written).toBe('\r\x1b[Ka (1/3)\r\x1b[Kc (3/3)\r\x1b[K');
  });
});

describe('--output FILE', () => {
  it('writes the report to the file, creating its folder, and nothing to stdout', async () => {
    const out = path.join(writeTree({}), 'reports/spec-check.sarif');
    const run = await runCli(['check', '--root', driftedSpec, '--format', 'sarif', '--output', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(JSON.parse(fs.readFileSync(out, 'utf8')).runs[0].results.length).toBeGreaterThan(0);
  });
});

describe('link options', () => {
  it('take only an http(s) address, refused in one line before checking', async () => {
    const run = await runCli(['check', '--root', sampleSpec, '--format', 'sarif', '--rules-url', 'docs/rules.md']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('spec-check: --rules-url takes an http(s) address, got "docs/rules.md"\n');
    const linked = await runCli([
      'check',
      '--root',
      driftedSpec,
      '--format',
      'markdown',
      '--blob-url',
      'https://github.com/o/r/blob/abc/',
    ]);
    expect(linked.stdout).toContain('](https://github.com/o/r/blob/abc/');
    expect(linked.stdout).not.toContain('abc//');
  });
});

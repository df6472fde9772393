import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { allRules, registry, rulesReportedBy, ruleMetas } from '../src/rules/index.js';
import { docsUrlFor, RULES_REFERENCE_URL } from '../src/rules/registry.js';
import { parseConfig } from '../src/config/config.js';
import { formatSarif } from '../src/reporters/sarif.js';
import { headingSlug } from '../src/model/anchors.js';
import type { CheckReport } from '../src/core/report.js';
import { copyTree, edit, projectRoot, runCli, sampleSpec } from './helpers.js';

const SEP = 'seps/12-widget-locking.md';
const PAGE = 'docs/specification/draft/server/widgets.mdx';
const rulesReference = fs.readFileSync(path.join(projectRoot, 'docs/rules.md'), 'utf8');
/** The anchors of docs/rules.md's headings. */
const anchors = new Set([...rulesReference.matchAll(/^#{2,} (.+)$/gm)].map((m) => headingSlug(m[1])));

describe('the registry', () => {
  it('holds every rule check runs, then the kinds sep-diff reports, each once', () => {
    expect(rulesReportedBy('check').map((r) => r.id)).toEqual(allRules.map((r) => r.meta.id));
    expect(rulesReportedBy('sep-diff').map((r) => r.id)).toEqual([
      'sep-diff/missing',
      'sep-diff/extra',
      'sep-diff/proposed-wording',
      'sep-diff/changed',
      'sep-diff/order',
      'sep-diff/keyword',
      'sep-diff/reworded',
      'sep-diff/schema',
      'sep-diff/template',
      'sep-diff/target',
    ]);
    expect(registry.length).toBe(allRules.length + 10);
    expect(new Set(registry.map((r) => r.id)).size).toBe(registry.length);
    expect(ruleMetas.every((r) => r.command === 'check')).toBe(true);
  });

  it('links every rule, and internal, to its heading in docs/rules.md', () => {
    for (const rule of registry) {
      expect(rule.docsUrl).toBe(docsUrlFor(rule.id));
      const [base, anchor] = rule.docsUrl.split('#');
      expect(base).toBe(RULES_REFERENCE_URL);
      expect(anchors.has(anchor), `${rule.id}: #${anchor} in docs/rules.md`).toBe(true);
    }
    expect(anchors.has(docsUrlFor('internal').split('#')[1])).toBe(true);
  });

  it('lists the sep-diff kinds in a section of their own in docs/rules.md', () => {
    const section = rulesReference.indexOf('\n## Differences `spec-check sep-diff` reports\n');
    expect(section).toBeGreaterThan(0);
    for (const rule of registry) {
      const heading = rulesReference.indexOf(`\n### ${rule.id}\n`);
      expect(heading, rule.id).toBeGreaterThan(0);
      expect(heading > section, rule.id).toBe(rule.command === 'sep-diff');
    }
  });
});

describe('config severities for sep-diff kinds', () => {
  const configSchema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/config.schema.json'), 'utf8'));
  configSchema.properties.vocabulary = { type: 'object' };
  const validateSchema = new Ajv2020({ strict: true }).compile(configSchema);

  it('are accepted by the config and its schema, and a misspelt one is not', () => {
    const config = { rules: { 'sep-diff/extra': 'off', 'sep-diff/keyword': 'warning' } };
    expect(parseConfig(JSON.stringify(config)).rules).toEqual(config.rules);
    expect(validateSchema(config)).toBe(true);
    expect(() => parseConfig('{ "rules": { "sep-diff/extras": "off" } }')).toThrow(
      'unknown rule "sep-diff/extras" in "rules" (did you mean "sep-diff/extra"?)',
    );
    expect(validateSchema({ rules: { 'sep-diff/extras': 'off' } })).toBe(false);
  });

  it('are what sep-diff reports: "off" drops a kind, another severity replaces the default', async () => {
    const root = copyTree(sampleSpec);
    edit(root, PAGE, '**Rejections**:', 'Clients show the message to the user.\n\n**Rejections**:');
    edit(root, PAGE, 'Servers **SHOULD** include', 'Servers **MUST** include');
    const findings = async () => {
      const run = await runCli(['sep-diff', SEP, '--root', root, '--format', 'json']);
      expect(run.stderr).toBe('');
      return {
        code: run.code,
        findings: (JSON.parse(run.stdout).findings as { rule: string; severity: string }[]).map(
          (f) => `${f.rule} ${f.severity}`,
        ),
      };
    };
    expect(await findings()).toEqual({ code: 1, findings: ['sep-diff/extra warning', 'sep-diff/keyword error'] });

    fs.writeFileSync(
      path.join(root, 'spec-check.config.json'),
      JSON.stringify({ rules: { 'sep-diff/extra': 'off', 'sep-diff/keyword': 'warning' } }),
    );
    expect(await findings()).toEqual({ code: 0, findings: ['sep-diff/keyword warning'] });
    // check takes the same config.
    expect((await runCli(['check', '--root', root, '--format', 'json'])).code).toBe(0);
  });

  it("are suppressed by the spec's suppression comments, as the rules' findings are", async () => {
    const root = copyTree(sampleSpec);
    const added = 'Clients show the message to the user.';
    edit(root, PAGE, '**Rejections**:', `${added}\n\n**Rejections**:`);
    const kinds = async () => {
      const run = await runCli(['sep-diff', SEP, '--root', root, '--format', 'json']);
      return (JSON.parse(run.stdout).findings as { rule: string }[]).map((f) => f.rule);
    };
    expect(await kinds()).toEqual(['sep-diff/extra']);
    edit(root, PAGE, added, `{/* spec-check-disable-next-line sep-diff/extra -- added in review */}\n${added}`);
    expect(await kinds()).toEqual([]);
  });
});

describe('sarif from the registry', () => {
  const report: CheckReport = {
    tool: { name: 'spec-check', version: '0.1.0' },
    root: '.',
    findings: [
      { rule: 'internal', severity: 'error', message: 'Rule x failed', file: '.', line: 1, column: 1, related: [] },
      { rule: 'sep-diff/extra', severity: 'warning', message: 'extra', file: PAGE, line: 3, column: 1, related: [] },
    ],
    summary: { errors: 1, warnings: 1, examplesValidated: 0, filesRead: 1 },
  };

  it('gives every rule of the options its description and severity, and no relative helpUri', () => {
    const driver = JSON.parse(formatSarif(report, { rules: rulesReportedBy('sep-diff') })).runs[0].tool.driver;
    const extra = driver.rules.find((r: { id: string }) => r.id === 'sep-diff/extra');
    expect(extra).toMatchObject({
      shortDescription: { text: registry.find((r) => r.id === 'sep-diff/extra')!.description },
      defaultConfiguration: { level: 'warning' },
    });
    expect(extra).not.toHaveProperty('helpUri');
    expect(driver.rules.map((r: { id: string }) => r.id)).toEqual([
      ...rulesReportedBy('sep-diff').map((r) => r.id),
      'internal',
    ]);
    expect(driver.rules.at(-1).id).toBe('internal');
  });

  it('describes a rule that ships off as not enabled', () => {
    const driver = JSON.parse(formatSarif(report, { rules: rulesReportedBy('sep-diff') })).runs[0].tool.driver;
    const changed = driver.rules.find((r: { id: string }) => r.id === 'sep-diff/changed');
    expect(changed.defaultConfiguration).toEqual({ enabled: false, level: 'warning' });
    expect(changed.fullDescription.text).toContain('Off by default:');
  });

  it('leaves helpUri out: the rules reference has no address outside this machine', () => {
    const driver = JSON.parse(
      formatSarif(report, {
        rules: [{ id: 'sep-diff/extra', description: 'd', rationale: 'r', defaultSeverity: 'warning' }],
      }),
    ).runs[0].tool.driver;
    expect(driver.rules[0]).not.toHaveProperty('helpUri');
  });
});

describe('spec-check rules', () => {
  it('lists every registered rule with its severity, its command and its description', async () => {
    const run = await runCli(['rules']);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^rule +severity +reported by +description$/);
    for (const rule of registry) {
      const line = lines.find((l) => l.startsWith(`${rule.id} `));
      expect(line, rule.id).toMatch(new RegExp(`^${rule.id} +${rule.defaultSeverity} +${rule.command} +`));
      expect(line!.endsWith(rule.description)).toBe(true);
    }
    expect(run.stdout).not.toContain('\x1b[');
  });

  it('prints JSON with the severities the config sets', async () => {
    const root = copyTree(sampleSpec);
    fs.writeFileSync(
      path.join(root, 'spec-check.config.json'),
      JSON.stringify({ rules: { 'sep-diff/extra': 'off', 'example/orphan': 'error' } }),
    );
    const run = await runCli(['rules', '--root', root, '--format', 'json']);
    expect(run.code).toBe(0);
    const { rules } = JSON.parse(run.stdout);
    expect(rules.map((r: { id: string }) => r.id)).toEqual(registry.map((r) => r.id));
    expect(rules.find((r: { id: string }) => r.id === 'sep-diff/extra')).toEqual({
      id: 'sep-diff/extra',
      severity: 'off',
      defaultSeverity: 'warning',
      command: 'sep-diff',
      description: registry.find((r) => r.id === 'sep-diff/extra')!.description,
      docsUrl: `${RULES_REFERENCE_URL}#sep-diffextra`,
    });
    expect(rules.find((r: { id: string }) => r.id === 'example/orphan')).toMatchObject({
      severity: 'error',
      defaultSeverity: 'warning',
      command: 'check',
    });
    expect((await runCli(['rules', '--root', root])).stdout).toMatch(
      /^example\/orphan +error \(default warning\) +check +/m,
    );
  });

  it('fails with exit 2 on a broken config', async () => {
    const root = copyTree(sampleSpec);
    fs.writeFileSync(path.join(root, 'spec-check.config.json'), '{ "rules": { "sep-diff/nope": "off" } }');
    const run = await runCli(['rules', '--root', root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown rule "sep-diff\/nope"/);
  });
});

describe('reporters', () => {
  it('import nothing from the commands or check.ts', () => {
    const files = [
      ...fs.readdirSync(path.join(projectRoot, 'src/reporters')).map((f) => `src/reporters/${f}`),
      'src/sep-diff/report.ts',
    ];
    for (const file of files) {
      const text = fs.readFileSync(path.join(projectRoot, file), 'utf8');
      for (const [, spec] of text.matchAll(/^(?:import|export)\b[^'"]*from\s+'([^']+)'/gm)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        expect(
          target.startsWith('src/cli/') || target === 'src/check.js' || target === 'src/cli.js',
          `${file} imports ${spec}`,
        ).toBe(false);
      }
    }
  });
});

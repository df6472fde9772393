import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { registry } from '../src/rules/index.js';
import { renderRulesReference, RULES_REFERENCE_PATH } from '../src/docs/rules-reference.js';
import { renderConfigSchema, CONFIG_SCHEMA_PATH } from '../src/docs/config-schema.js';
import { projectRoot } from './helpers.js';

const read = (rel: string) => fs.readFileSync(path.join(projectRoot, rel), 'utf8');

describe('generated references', () => {
  it('docs/rules.md is what the registry says now (regenerate with `npm run docs:rules`)', () => {
    expect(read(RULES_REFERENCE_PATH), 'docs/rules.md is out of date: run `npm run docs:rules`').toBe(
      renderRulesReference(registry),
    );
  });

  it("schema/config.schema.json lists every registered rule, sep-diff's kinds too (regenerate with `npm run docs:rules`)", () => {
    const hasVocabularySchema = fs.existsSync(path.join(projectRoot, 'schema/vocabulary.schema.json'));
    expect(read(CONFIG_SCHEMA_PATH), 'schema/config.schema.json is out of date: run `npm run docs:rules`').toBe(
      renderConfigSchema(registry, hasVocabularySchema),
    );
  });

  it('every registered rule has what the reference shows: a description, a rationale, and a failing and a passing example', () => {
    for (const rule of registry) {
      expect(rule.id, rule.id).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(rule.description.length, `${rule.id} description`).toBeGreaterThan(10);
      expect(rule.rationale.length, `${rule.id} rationale`).toBeGreaterThan(10);
      expect(rule.examples?.fail, `${rule.id} failing example`).toBeTruthy();
      expect(rule.examples?.pass, `${rule.id} passing example`).toBeTruthy();
    }
    expect(new Set(registry.map((r) => r.id)).size).toBe(registry.length);
  });

  it('renders a rule with its severity, rationale and examples in fences that fit the code', () => {
    const md = renderRulesReference([
      {
        id: 'area/name',
        description: 'Checks a | b.',
        rationale: 'Because.',
        defaultSeverity: 'warning',
        examples: { file: 'docs/x.mdx', fail: 'has ```` fences', pass: 'ok' },
      },
    ]);
    expect(md).toContain('| [`area/name`](#areaname) | warning | Checks a \\| b. |');
    expect(md).not.toContain('sep-diff');
    expect(md).toContain(
      '### area/name\n\nChecks a | b.\n\n**Default severity:** warning\n\n**Why it matters:** Because.\n\n**Fails** (`docs/x.mdx`):\n\n`````mdx\nhas ```` fences\n`````',
    );
  });

  it('puts the rules sep-diff reports in a section and a table of their own', () => {
    const meta = { description: 'Checks.', rationale: 'Because.', defaultSeverity: 'error' as const };
    const md = renderRulesReference([
      { ...meta, id: 'area/name', command: 'check' },
      { ...meta, id: 'sep-diff/kind', command: 'sep-diff' },
    ]);
    expect(md).toContain(
      '`spec-check check` runs 1 rule, and `spec-check sep-diff` reports 1 kind of difference of its own.',
    );
    const sepDiffSection = md.indexOf('## Differences `spec-check sep-diff` reports');
    expect(md.indexOf('| [`area/name`](#areaname) |')).toBeLessThan(sepDiffSection);
    expect(md.indexOf('### area/name')).toBeLessThan(sepDiffSection);
    expect(md.indexOf('| [`sep-diff/kind`](#sep-diffkind) | error | Checks. |')).toBeGreaterThan(sepDiffSection);
    expect(md.indexOf('### sep-diff/kind')).toBeGreaterThan(sepDiffSection);
  });
});

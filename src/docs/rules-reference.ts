/**
 * docs/rules.md, generated from each rule's metadata: what it checks, why it matters, its
 * default severity, and a failing and a passing example. `npm run docs:rules` writes it; a test
 * fails when the committed file differs from what the rules say now.
 */
import { headingSlug } from '../model/anchors.js';
import type { RuleMeta } from '../core/rule.js';

export const RULES_REFERENCE_PATH = 'docs/rules.md';

export function fence(code: string, lang = ''): string {
  const ticks = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${code.replace(/\n+$/, '')}\n${ticks}`;
}

export function languageOf(file: string | undefined): string {
  const ext = file?.match(/\.(\w+)$/)?.[1];
  return ext === 'json' ? 'json' : ext === 'ts' ? 'ts' : ext === 'mdx' ? 'mdx' : ext === 'md' ? 'md' : 'text';
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

export function renderRulesReference(rules: readonly RuleMeta[]): string {
  const out: string[] = [
    '# Rules reference',
    '',
    '<!-- Generated from the rules\' metadata (src/rules) by `npm run docs:rules`. Do not edit by hand. -->',
    '',
    `spec-check has ${rules.length} rule${rules.length === 1 ? '' : 's'}. Every finding names its rule. To change a rule's`,
    'severity or turn it off, set it in `spec-check.config.json` (`"rules": { "<rule>": "off" | "warning" | "error" }`);',
    'to accept one finding where it is, put a `spec-check-disable-next-line <rule> -- <reason>` comment on the line',
    'above it. [Adopting spec-check](adoption.md) explains both, and baselines.',
    '',
    '| rule | default severity | checks |',
    '| --- | --- | --- |',
  ];
  for (const rule of rules) out.push(`| [\`${rule.id}\`](#${headingSlug(rule.id)}) | ${rule.defaultSeverity} | ${oneLine(rule.description)} |`);
  for (const rule of rules) {
    out.push('', `## ${rule.id}`, '', rule.description, '', `**Default severity:** ${rule.defaultSeverity}`, '', `**Why it matters:** ${rule.rationale}`);
    if (rule.examples) {
      const lang = languageOf(rule.examples.file);
      const fails = rule.examples.file ? `**Fails** (\`${rule.examples.file}\`):` : '**Fails:**';
      out.push('', fails, '', fence(rule.examples.fail, lang), '', '**Passes:**', '', fence(rule.examples.pass, lang));
    }
  }
  out.push(
    '',
    '## internal',
    '',
    'Not a rule: a rule that throws is reported as an `internal` error at `.:1:1`, naming the rule and where it failed, and the other rules still run. Please report it.',
  );
  return out.join('\n') + '\n';
}

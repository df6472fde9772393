/**
 * docs/rules.md, generated from the registry's metadata: what each rule checks, why it matters,
 * its default severity, and a failing and a passing example; the rules `check` runs, then the
 * kinds of difference `sep-diff` reports, in a section of their own. `npm run docs:rules` writes it; a test
 * fails when the committed file differs from what the rules say now.
 */
import { headingSlug } from '../model/anchors.js';
import type { RuleMeta } from '../core/rule.js';
import type { ReportingCommand } from '../rules/registry.js';

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

/** A rule as the reference lists it: without a command, one `check` runs. */
export type ReferencedRule = RuleMeta & { command?: ReportingCommand };

export function renderRulesReference(rules: readonly ReferencedRule[]): string {
  const checkRules = rules.filter((r) => (r.command ?? 'check') === 'check');
  const sepDiffRules = rules.filter((r) => r.command === 'sep-diff');
  const n = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  const out: string[] = [
    '# Rules reference',
    '',
    "<!-- Generated from the rules' metadata (the registry, src/rules) by `npm run docs:rules`. Do not edit by hand. -->",
    '',
    `\`spec-check check\` runs ${n(checkRules.length, 'rule')}${sepDiffRules.length ? `, and \`spec-check sep-diff\` reports ${n(sepDiffRules.length, 'kind')} of difference of its own` : ''}.`,
    "Every finding names its rule; `spec-check rules` lists them all. To change a rule's severity or turn it off,",
    'set it in `spec-check.config.json` (`"rules": { "<rule>": "off" | "warning" | "error" }`), or for one run with',
    '`--rule <rule>=<severity>`; to accept one finding',
    'where it is, put a `spec-check-disable-next-line <rule> -- <reason>` comment on the line above it.',
    '[Adopting spec-check](adoption.md) explains both, and baselines.',
  ];
  const table = (list: readonly ReferencedRule[]) => {
    out.push('', '| rule | default severity | checks |', '| --- | --- | --- |');
    for (const rule of list)
      out.push(
        `| [\`${rule.id}\`](#${headingSlug(rule.id)}) | ${rule.defaultSeverity} | ${oneLine(rule.description)} |`,
      );
  };
  const sections = (list: readonly ReferencedRule[], level: string) => {
    for (const rule of list) {
      out.push(
        '',
        `${level} ${rule.id}`,
        '',
        rule.description,
        '',
        rule.defaultSeverity === 'off'
          ? `**Default severity:** off (the reason is below; turn it on with \`"rules": { "${rule.id}": "warning" }\` in \`spec-check.config.json\`, or for one run with \`--rule ${rule.id}=warning\`)`
          : `**Default severity:** ${rule.defaultSeverity}`,
        '',
        `**Why it matters:** ${rule.rationale}`,
      );
      if (rule.details) out.push('', rule.details);
      if (rule.examples) {
        const lang = languageOf(rule.examples.file);
        const fails = rule.examples.file ? `**Fails** (\`${rule.examples.file}\`):` : '**Fails:**';
        out.push(
          '',
          fails,
          '',
          fence(rule.examples.fail, lang),
          '',
          '**Passes:**',
          '',
          fence(rule.examples.pass, lang),
        );
      }
    }
  };
  out.push('', '## Rules of `spec-check check`');
  table(checkRules);
  sections(checkRules, '###');
  if (sepDiffRules.length) {
    out.push(
      '',
      '## Differences `spec-check sep-diff` reports',
      '',
      "sep-diff compares a SEP's proposed wording with the spec. Each difference is a finding located in the spec, where",
      "the pull request is reviewed, with the SEP's wording as its related location (a target page the spec lacks is",
      "located in the SEP). The config's `rules` and `--rule` set their severities as they do for the rules above; a",
      'report says how many differences it found of kinds that are off.',
    );
    table(sepDiffRules);
    sections(sepDiffRules, '###');
  }
  out.push(
    '',
    '## internal',
    '',
    'Not a rule: a rule that throws is reported as an `internal` error at `.:1:1`, naming the rule and where it failed, and the other rules still run. Please report it.',
  );
  return out.join('\n') + '\n';
}

/**
 * `spec-check rules`: every registered rule (those `check` runs and the kinds of difference
 * `sep-diff` reports) with the severity the config gives it, the command that reports it, its
 * description and its link into the rules reference.
 */
import { Option } from 'commander';
import { resolveRunConfig } from '../run-config.js';
import type { SeverityOverride } from '../../engine/run.js';
import { RULES_REFERENCE_URL, type RegisteredRule, type ReportingCommand } from '../../rules/registry.js';
import { paintFor, type Paint } from '../../reporters/color.js';
import type { RegisterCommand } from '../command-module.js';

export interface RuleListing {
  id: string;
  /** The severity in force: the config's, else the rule's default. */
  severity: SeverityOverride;
  defaultSeverity: RegisteredRule['defaultSeverity'];
  command: ReportingCommand;
  description: string;
  docsUrl: string;
}

export function listRules(
  rules: readonly RegisteredRule[],
  severities: Record<string, SeverityOverride> = {},
): RuleListing[] {
  return rules.map((r) => ({
    id: r.id,
    severity: severities[r.id] ?? r.defaultSeverity,
    defaultSeverity: r.defaultSeverity,
    command: r.command,
    description: r.description,
    docsUrl: r.docsUrl,
  }));
}

export function formatRulesJson(rules: RuleListing[]): string {
  return JSON.stringify({ rules }, null, 2) + '\n';
}

/** One line a rule, in columns; a severity the config changed says the default beside it. */
export function formatRulesText(rules: RuleListing[], options: { color?: boolean } = {}): string {
  const paint = paintFor(options.color);
  const severityOf = (r: RuleListing) =>
    r.severity === r.defaultSeverity ? r.severity : `${r.severity} (default ${r.defaultSeverity})`;
  const header = { id: 'rule', severity: 'severity', command: 'reported by' };
  const width = (get: (r: RuleListing) => string, title: string) =>
    Math.max(title.length, ...rules.map((r) => get(r).length));
  const idWidth = width((r) => r.id, header.id);
  const severityWidth = width(severityOf, header.severity);
  const commandWidth = width((r) => r.command, header.command);
  const out = [
    paint(
      'bold',
      `${header.id.padEnd(idWidth)}  ${header.severity.padEnd(severityWidth)}  ${header.command.padEnd(commandWidth)}  description`,
    ),
  ];
  for (const r of rules) {
    const severity = paintSeverity(paint, r.severity, severityOf(r).padEnd(severityWidth));
    out.push(`${r.id.padEnd(idWidth)}  ${severity}  ${r.command.padEnd(commandWidth)}  ${r.description}`);
  }
  out.push('', `The rules reference: ${RULES_REFERENCE_URL}`);
  return out.join('\n') + '\n';
}

function paintSeverity(paint: Paint, severity: SeverityOverride, text: string): string {
  return severity === 'error'
    ? paint('red', text)
    : severity === 'warning'
      ? paint('yellow', text)
      : paint('dim', text);
}

export const registerRules: RegisterCommand = (program, { io }) => {
  program
    .command('rules')
    .description('list every rule with its severity, the command that reports it and what it checks')
    .option('--root <dir>', 'root of the spec repository, whose spec-check.config.json sets severities', '.')
    .option('--config <file>', 'config file (default: spec-check.config.json at the root, when present)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (opts: { root: string; config?: string; format: string }) => {
      const run = resolveRunConfig({
        root: opts.root,
        configFile: opts.config,
        flags: { format: opts.format },
        terminal: io,
      });
      // Loading every rule takes a while: only this command's run does it.
      const { registry } = await import('../../rules/index.js');
      const rules = listRules(registry, run.severities);
      io.stdout(
        run.output.format === 'json' ? formatRulesJson(rules) : formatRulesText(rules, { color: run.output.color }),
      );
    });
};

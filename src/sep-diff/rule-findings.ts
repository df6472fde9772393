/**
 * The findings of other rules that join a SEP's comparison: `prose/*` findings in the SEP itself
 * (its JSON examples against the schema). Findings elsewhere in the tree are `check`'s to report:
 * sep-diff says how the spec differs from the SEP, and nothing else.
 */
import type { MarkdownPage } from '../model/spec.js';
import type { Finding } from '../core/finding.js';
import type { Rule } from '../core/rule.js';
import { runRules, type RunOptions } from '../engine/run.js';
import { derivation, type Project } from '../project/project.js';
import { allRules, registeredIds } from '../rules/index.js';

/** Rule ids whose findings sep-diff reports, by prefix. */
const PROSE = 'prose/';

export interface RuleFindingsOptions {
  /** Rules whose findings join the report. Default: all registered rules. */
  rules?: Rule[];
  /** Findings of those rules already computed on this spec (to compare many SEPs with one run). */
  ruleFindings?: Finding[];
  /** Options for running those rules: the config's severities, which apply to sep-diff's own kinds too (the vocabulary is the project's). */
  runOptions?: RunOptions;
}

/** The findings of a set of rules on the project, run once per set (many SEPs compared with one project). */
const ruleRuns = derivation('sep-diff rule runs', (_rules: Rule[]) => new Map<RunOptions | undefined, Finding[]>());

export function fromRules(project: Project, sep: MarkdownPage, options: RuleFindingsOptions): Finding[] {
  let all = options.ruleFindings;
  if (!all) {
    const rules = options.rules ?? allRules;
    const byOptions = project.derive(ruleRuns, rules);
    all = byOptions.get(options.runOptions);
    if (!all) {
      const reporting = rules.filter((r) => r.meta.id.startsWith(PROSE));
      all = runRules(project, reporting, {
        ...options.runOptions,
        knownRules: registeredIds,
      }).findings;
      byOptions.set(options.runOptions, all);
    }
  }
  return all.filter((f) => f.rule.startsWith(PROSE) && f.file === sep.path);
}

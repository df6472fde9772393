/**
 * The findings of other rules that join a SEP's comparison: `prose/*` findings in the SEP itself
 * (its JSON examples against the schema), and `consistency/*` findings on the files it changes
 * that are about something the SEP speaks of.
 */
import type { MarkdownPage } from '../model/spec.js';
import type { Finding } from '../core/finding.js';
import type { Rule } from '../core/rule.js';
import { runRules, type RunOptions } from '../engine/run.js';
import { extractClaims } from '../consistency/engine.js';
import { projectVocabulary } from '../consistency/vocabulary.js';
import { codesIn, conditionsIn } from '../consistency/text.js';
import { derivation, type Project } from '../project/project.js';
import { allRules, registeredIds } from '../rules/index.js';

/** Rule ids whose findings sep-diff reports, by prefix. */
const PROSE = 'prose/';
const CONSISTENCY = 'consistency/';

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

export function fromRules(
  project: Project,
  sep: MarkdownPage,
  changedFiles: string[],
  options: RuleFindingsOptions,
): Finding[] {
  let all = options.ruleFindings;
  if (!all) {
    const rules = options.rules ?? allRules;
    const byOptions = project.derive(ruleRuns, rules);
    all = byOptions.get(options.runOptions);
    if (!all) {
      const reporting = rules.filter((r) => r.meta.id.startsWith(PROSE) || r.meta.id.startsWith(CONSISTENCY));
      all = runRules(project, reporting, {
        ...options.runOptions,
        knownRules: registeredIds,
      }).findings;
      byOptions.set(options.runOptions, all);
    }
  }
  const changed = new Set(changedFiles);
  const mentioned = sepMentions(project, sep);
  return all.filter((f) => {
    if (f.rule.startsWith(PROSE)) return f.file === sep.path;
    if (f.rule.startsWith(CONSISTENCY))
      return (changed.has(f.file) || f.related.some((r) => changed.has(r.file))) && mentioned(f);
    return false;
  });
}

/**
 * Whether a consistency finding is about something the SEP speaks of: the failure condition of
 * the claim it sits on, or, for a code finding without a claim, the code. A SEP about icons does
 * not inherit the error-reporting drift of the schema.ts it also edits.
 */
function sepMentions(project: Project, sep: MarkdownPage): (f: Finding) => boolean {
  const claims = extractClaims(project).claims;
  const conditions = new Set(conditionsIn(sep.file.text, projectVocabulary(project)).map((c) => c.id));
  const codes = new Set(codesIn(sep.file.text));
  return (f) => {
    const claim = claims.find(
      (c) => c.location.file === f.file && c.location.line === f.line && c.location.column === f.column,
    );
    if (claim) return conditions.has(claim.condition.id);
    return codesIn(f.message).some((code) => codes.has(code));
  };
}

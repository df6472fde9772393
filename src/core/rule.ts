import type { Location, RelatedLocation } from './location.js';
import type { Severity } from './finding.js';

/** A rule's severity as a config may set it, or as a rule ships: a finding's severity, or `off`. */
export type SeverityOverride = Severity | 'off';
import type { Project } from '../project/project.js';

/** What a rule reports: the engine adds the rule id and severity. */
export interface Report {
  message: string;
  location: Location;
  related?: RelatedLocation[];
  /**
   * What the report is about, when other reports of the same rule share it and the message does
   * not show it (the failure condition two sources disagree on): reports with the same `cause`
   * are one root-cause group. Version-neutral. When absent, the engine groups the copies of one
   * finding across versions (same file and message, the version written out of both).
   */
  cause?: string;
}

/** What the rules reference, the config schema and SARIF say of a rule. */
export interface RuleMeta {
  /** Stable id, `area/name`. */
  id: string;
  /** One line: what the rule checks. */
  description: string;
  /** Why it matters to a spec's readers and implementers. */
  rationale: string;
  /**
   * `off`: the rule ships turned off, for findings too often not worth a maintainer's time (its
   * rationale says why); the config's `rules` turn it on.
   */
  defaultSeverity: SeverityOverride;
  /** What the rules reference says beyond the rationale: how the rule decides what it checks. */
  details?: string;
  /** A failing and a passing case, for the rules reference. */
  examples?: { fail: string; pass: string; file?: string };
  /**
   * Where the rules reference explains the rule (its heading in docs/rules.md of the published
   * package). The registry (src/rules/index.ts) derives it from the id; reporters link to it.
   */
  docsUrl?: string;
}

export interface Rule {
  meta: RuleMeta;
  /**
   * Optional, awaited before `check` by `check()`: work that is asynchronous but derived from the
   * model alone (such as generating files in memory to compare). Never reads the checked files.
   * Returns nothing when this project needs no preparation for the rule: it then runs without waiting.
   */
  prepare?(project: Project): Promise<void> | undefined;
  /** Pure: reads the project's model and indexes, reports through the context. Never reads files. */
  check(project: Project, context: RuleContext): void;
}

export interface RuleContext {
  report(r: Report): void;
  /** Adds to a summary figure of the report (such as `codeBlocksValidated`). */
  count(figure: string, n?: number): void;
  /**
   * Runs the part of a rule that handles one file. If it throws, the engine reports an
   * `internal` finding naming the rule and the file, and the rule goes on with the next file.
   */
  guard(file: string, fn: () => void): void;
}

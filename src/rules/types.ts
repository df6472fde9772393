import type { Location, Spec } from '../model/types.js';
import type { Vocabulary } from '../consistency/vocabulary.js';

export type Severity = 'error' | 'warning';

export interface RelatedLocation extends Location {
  message: string;
}

/** What a rule reports: the engine adds the rule id and severity. */
export interface Report {
  message: string;
  location: Location;
  related?: RelatedLocation[];
}

export interface Rule {
  /** Stable id, `area/name`. */
  id: string;
  /** One line: what the rule checks. */
  description: string;
  /** Why it matters to a spec's readers and implementers. */
  rationale: string;
  defaultSeverity: Severity;
  /** A failing and a passing case, for the rules reference. */
  examples?: { fail: string; pass: string; file?: string };
  /**
   * Optional, awaited before `check` by `check()`: work that is asynchronous but derived from the
   * model alone (such as generating files in memory to compare). Never reads the checked files.
   */
  prepare?(spec: Spec): Promise<void>;
  /** Pure: reads the model, reports through the context. Never reads files. */
  check(spec: Spec, context: RuleContext): void;
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
  /** The consistency vocabulary from the check options; the built-in MCP one when absent. */
  vocabulary?: Vocabulary;
}

export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  related: RelatedLocation[];
}

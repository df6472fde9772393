/** spec-check's library API. */
export { check, checkSpec, type CheckOptions } from './check.js';
export { type CheckReport, type Summary } from './core/report.js';
export { loadSpec, defaultLayout, type Layout, type LoadOptions } from './sources/load.js';
export { runRules } from './engine/run.js';
export { allRules, ruleById } from './rules/index.js';
export type { Rule, Report } from './core/rule.js';
export type { Finding, Severity } from './core/finding.js';
export type * from './model/spec.js';
export type { Location, RelatedLocation } from './core/location.js';
export { TextFile } from './core/text-file.js';
export { SpecCheckError, LoadError, UsageError } from './core/errors.js';
export { formatters } from './reporters/index.js';
export { main } from './cli.js';
export { extractClaims } from './consistency/engine.js';
export {
  mcpVocabulary,
  resolveVocabulary,
  VocabularyError,
  type Vocabulary,
  type VocabularyChannel,
  type VocabularyCondition,
  type VocabularyJsonBlockPhrase,
} from './consistency/vocabulary.js';
export type { Claim, ClaimSet, ClaimSource } from './consistency/claims.js';
export {
  loadConfig,
  parseConfig,
  configOptions,
  ConfigError,
  CONFIG_FILE,
  type SpecCheckConfig,
} from './config/config.js';
export {
  createBaseline,
  applyBaseline,
  withBaseline,
  parseBaseline,
  formatBaseline,
  type Baseline,
} from './engine/baseline.js';
export { watchCheck, type WatchOptions } from './watch.js';
export { renderRulesReference } from './docs/rules-reference.js';

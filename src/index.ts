/** spec-check's library API. */
export { check, checkSpec, type CheckReport, type CheckOptions, type Summary } from './check.js';
export { loadSpec, LoadError, defaultLayout, type Layout, type LoadOptions } from './sources/load.js';
export { runRules } from './engine/run.js';
export { allRules, ruleById } from './rules/index.js';
export type { Rule, Finding, Report, Severity, RelatedLocation } from './rules/types.js';
export type * from './model/types.js';
export { formatters } from './reporters/index.js';
export { main } from './cli.js';
export { extractClaims } from './consistency/engine.js';
export { mcpVocabulary, resolveVocabulary, VocabularyError, type Vocabulary, type VocabularyChannel, type VocabularyCondition } from './consistency/vocabulary.js';
export type { Claim, ClaimSet, ClaimSource } from './consistency/claims.js';
export { loadConfig, parseConfig, configOptions, ConfigError, CONFIG_FILE, type SpecCheckConfig } from './config/config.js';
export { createBaseline, applyBaseline, withBaseline, parseBaseline, formatBaseline, type Baseline } from './engine/baseline.js';
export { watchCheck, type WatchOptions } from './watch.js';
export { renderRulesReference } from './docs/rules-reference.js';

/** The `check` command as a library call: load, run the rules, summarise. */
import path from 'node:path';
import { loadSpec, type LoadOptions } from './sources/load.js';
import { prepareRules, runRules, type RunOptions } from './engine/run.js';
import { allRules } from './rules/index.js';
import type { Spec } from './model/types.js';
import type { Finding, Rule } from './rules/types.js';
import { toolVersion } from './version.js';
import { resolveVocabulary } from './consistency/vocabulary.js';
import { configOptions, loadConfig } from './config/config.js';

export interface CheckReport {
  tool: { name: 'spec-check'; version: string };
  /** The root as the user named it, relative to the working folder. */
  root: string;
  findings: Finding[];
  summary: Summary;
}

export interface Summary {
  errors: number;
  warnings: number;
  examplesValidated: number;
  filesRead: number;
  [figure: string]: number;
}

export interface CheckOptions extends LoadOptions, RunOptions {
  rules?: Rule[];
}

/**
 * The library's `check`: applies the root's spec-check.config.json (as the CLI does), with
 * `options` taking precedence, then loads and checks.
 */
export async function check(root: string, options: CheckOptions = {}): Promise<CheckReport> {
  const { config } = loadConfig(root);
  return (await checkRoot(root, { ...configOptions(config), ...options })).report;
}

/** Loads and checks a root with exactly these options (no config file is read); keeps the model. */
export async function checkRoot(root: string, options: CheckOptions = {}): Promise<{ spec: Spec; report: CheckReport }> {
  const started = performance.now();
  // Resolving the vocabulary first turns a bad one into exit code 2 before any work.
  resolveVocabulary(options.vocabulary);
  const spec = await loadSpec(root, options);
  if (options.timings) options.timings.load = performance.now() - started;
  const prepared = performance.now();
  await prepareRules(spec, options.rules ?? allRules, options);
  if (options.timings) options.timings.prepare = performance.now() - prepared;
  return { spec, report: checkSpec(spec, root, options) };
}

export function checkSpec(spec: Spec, rootArg: string, options: CheckOptions = {}): CheckReport {
  const { findings, figures } = runRules(spec, options.rules ?? allRules, options);
  return {
    tool: { name: 'spec-check', version: toolVersion },
    root: displayRoot(rootArg),
    findings,
    summary: { ...summarise(spec, findings, figures), ...sortedFigures(figures) },
  };
}

function summarise(spec: Spec, findings: Finding[], figures: Record<string, number>): Summary {
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    examplesValidated: figures.examplesValidated ?? 0,
    filesRead: spec.filesRead,
  };
}

function sortedFigures(figures: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function displayRoot(rootArg: string): string {
  const rel = path.relative(process.cwd(), path.resolve(rootArg));
  return (rel === '' ? '.' : rel).split(path.sep).join('/');
}

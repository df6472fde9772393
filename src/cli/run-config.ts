/**
 * The options every command runs with, resolved once from the config file and the flags:
 * `check`, `generate`, `claims` and `sep-diff` all read the same layout, ignores, severities and
 * vocabulary, and a mistake in any of them is one line and exit code 2 (a `LoadError`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { LoadError } from '../core/errors.js';
import { loadConfig, type SpecCheckConfig } from '../config/config.js';
import { ignoreMatcher } from '../config/glob.js';
import { defaultLayout, type Layout, type LoadOptions } from '../sources/load.js';
import type { SeverityOverride } from '../engine/run.js';
import type { Vocabulary } from '../consistency/vocabulary.js';
import { cacheDirFor } from '../runtime/cache.js';

export interface RunConfigFlags {
  /** `--root`, as the user typed it. */
  root: string;
  /** `--config FILE`, relative to the working folder; without it, spec-check.config.json at the root when present. */
  configFile?: string;
  /** `--version` (repeatable); all versions when absent or empty. */
  versions?: string[];
  /** False for `--no-cache`; commands without a cache leave it out. */
  cache?: boolean;
}

export interface RunConfig {
  /** Absolute path of the root. */
  root: string;
  /** The root as the user typed it: messages and reports name it so. */
  rootArg: string;
  /** The config file used, as the user would name it; undefined when there is none. */
  configFile?: string;
  /** Absolute path of the config file used; undefined when there is none. */
  configPath?: string;
  /** The file a watch follows for changes: the one used, or the default one that may appear. */
  watchedConfigPath: string;
  /** The config as parsed (empty when there is no file). */
  config: SpecCheckConfig;
  /** Where the schema, the docs and the SEPs are, relative to the root (defaults filled in). */
  layout: Layout;
  /** Paths relative to the root that no command reads; undefined when nothing is ignored. */
  ignore?: (relPath: string) => boolean;
  versions?: string[];
  severities?: Record<string, SeverityOverride>;
  /** The consistency vocabulary; the built-in one when undefined. */
  vocabulary?: Vocabulary;
  /** Folder of the disk cache; undefined: no cache. */
  cacheDir?: string;
}

export function resolveRunConfig(flags: RunConfigFlags): RunConfig {
  const root = path.resolve(flags.root);
  // A missing root is the first thing to say, before any config file it would hold.
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw new LoadError(`root folder not found: ${flags.root}`);
  const loaded = loadConfig(flags.root, flags.configFile);
  const { config } = loaded;
  return {
    root,
    rootArg: flags.root,
    configFile: loaded.path,
    configPath: loaded.absolutePath,
    watchedConfigPath: loaded.absolutePath ?? path.join(root, 'spec-check.config.json'),
    config,
    layout: { ...defaultLayout, ...config.layout },
    ignore: config.ignore?.length ? ignoreMatcher(config.ignore) : undefined,
    versions: flags.versions?.length ? flags.versions : undefined,
    severities: config.rules,
    vocabulary: config.vocabulary as Vocabulary | undefined,
    cacheDir: flags.cache ? cacheDirFor(root) : undefined,
  };
}

/** What loading the spec takes from a run config: layout, ignores and versions (keys left out when unset). */
export function loadOptionsOf(run: RunConfig): Pick<LoadOptions, 'layout' | 'ignore' | 'versions'> {
  return defined({
    layout: run.layout,
    ignore: run.ignore,
    versions: run.versions,
  });
}

/** Loading plus what the rules take: severities and vocabulary (keys left out when unset). */
export function ruleOptionsOf(run: RunConfig): Pick<LoadOptions, 'layout' | 'ignore' | 'versions'> & {
  severities?: Record<string, SeverityOverride>;
  vocabulary?: Vocabulary;
} {
  return defined({
    ...loadOptionsOf(run),
    severities: run.severities,
    vocabulary: run.vocabulary,
  });
}

/** Without the undefined keys: option objects are hashed and spread over defaults. */
function defined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as T;
}

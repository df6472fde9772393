/**
 * The options every command runs with, resolved once from the config file and the flags:
 * `check`, `generate`, `claims`, `sep-diff`, `rules` and the library's `check()` all read the
 * same layout, ignores, severities and vocabulary, and a mistake in any of them is one line and
 * exit code 2 (a `ConfigError` or `LoadError`, src/core/errors.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { LoadError, UsageError } from '../core/errors.js';
import { CONFIG_FILE, loadConfig, parseRuleFlags, type ExtendsOption } from '../config/config.js';
import { ignoreMatcher } from '../config/glob.js';
import type { LoadOptions } from '../sources/load.js';
import { defaultLayout, type Layout } from '../sources/layout.js';
import type { SiteKind } from '../model/spec.js';
import type { SeverityOverride } from '../engine/run.js';
import type { Vocabulary } from '../consistency/vocabulary.js';
import { cacheDirFor, cacheFolderProblem, ownCacheDir } from '../runtime/cache.js';
import { Runtime } from '../runtime/runtime.js';
import { colorWanted, type ColorEnvironment } from '../reporters/color.js';
import type { GenerateOptions } from '../generators/options.js';
import type { SpellingOptions } from '../prose/spelling-options.js';
import { displayPath } from '../util/paths.js';

export interface RunConfigRequest {
  /** `--root`, as the user typed it. */
  root: string;
  /** `--config FILE`, relative to the working folder; without it, spec-check.config.json at the root when present. */
  configFile?: string;
  flags?: RunFlags;
  /** The terminal the output goes to: colour and the progress line are decided from it; none: neither. */
  terminal?: ColorEnvironment;
}

/** The flags that shape a run; a command leaves out those it does not take. */
export interface RunFlags {
  /** `--version` (repeatable); all versions when absent or empty. */
  versions?: string[];
  /** False for `--no-cache`; commands without a cache leave it out (no cache). */
  cache?: boolean;
  /** Run the heavy jobs in the worker thread (true), never (false), or by input size (absent). */
  worker?: boolean;
  /** `--workers N`: how many worker threads; over the `SPEC_CHECK_WORKERS` environment variable. */
  workers?: string;
  /** `--format`; `text` when absent. */
  format?: string;
  /** `--output FILE`: the report goes there instead of stdout. */
  output?: string;
  verbose?: boolean;
  quiet?: boolean;
  /** `--rule ID=SEVERITY` (repeatable): severities over the config's `rules`. */
  rules?: string[];
}

/** How a command writes its result. */
export interface OutputOptions {
  format: string;
  /** The file the report is written to; stdout when undefined. */
  file?: string;
  /** Colour: text format, to a terminal (or FORCE_COLOR), never into a file, never with NO_COLOR. */
  color: boolean;
  /** A progress line on stderr: to a terminal, unless quiet. */
  progress: boolean;
  verbose: boolean;
  quiet: boolean;
}

export interface RunConfig {
  /** Absolute path of the root. */
  root: string;
  /** The root as the user typed it: messages and reports name it so. */
  rootArg: string;
  /** Absolute path of the config file used; undefined when there is none. */
  configPath?: string;
  /** The file a watch follows for changes: the one used, or the default one that may appear. */
  watchedConfigPath: string;
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
  /** Why the cache folder cannot be used (the run goes without it): one warning line's text. */
  cacheWarning?: string;
  /** The worker thread: always, never, or by input size (undefined). */
  worker?: boolean;
  /**
   * How many worker threads the jobs that split are spread over (`--workers N`, else the
   * `SPEC_CHECK_WORKERS` environment variable); undefined: the default, one fewer than the cores (at least one).
   */
  workers?: number;
  /**
   * The config's `generate` options; undefined when it sets none. `generate.schemaJson`, validated
   * with its flags, is taken as it is; without it, the generator is decided per project from the
   * root's package.json script, which only loading reads (`schemaJsonGenerator`).
   */
  generate?: GenerateOptions;
  /** The config's `spelling` options; undefined when it sets none. */
  spelling?: SpellingOptions;
  /** The base protocol an extension imports (config `extends`); undefined when there is none. */
  extends?: ExtendsOption;
  /** The site generator of the prose (config `site.kind`); undefined: found from its marker file. */
  siteKind?: SiteKind;
  output: OutputOptions;
}

export function resolveRunConfig({ root: rootArg, configFile, flags = {}, terminal }: RunConfigRequest): RunConfig {
  const root = path.resolve(rootArg);
  // A missing root is the first thing to say, before any config file it would hold.
  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw new LoadError(`root folder not found: ${rootArg}`);
  const loaded = loadConfig(rootArg, configFile);
  const { config } = loaded;
  const format = flags.format ?? 'text';
  const cacheDir = flags.cache ? cacheDirFor(root) : undefined;
  const cacheProblem = cacheDir && cacheFolderProblem(cacheDir);
  return {
    root,
    rootArg,
    configPath: loaded.absolutePath,
    watchedConfigPath: loaded.absolutePath ?? path.join(root, CONFIG_FILE),
    layout: { ...defaultLayout, ...config.layout },
    ignore: config.ignore?.length ? ignoreMatcher(config.ignore) : undefined,
    versions: flags.versions?.length ? flags.versions : undefined,
    severities: flags.rules?.length ? { ...config.rules, ...parseRuleFlags(flags.rules) } : config.rules,
    vocabulary: config.vocabulary as Vocabulary | undefined,
    cacheDir: cacheProblem ? undefined : cacheDir,
    // spec-check's own folder not being writable (an install by another user) is not worth a warning.
    cacheWarning:
      cacheProblem && cacheDir !== ownCacheDir()
        ? `cache folder ${displayPath(cacheDir!)} cannot be used (${cacheProblem}); checking without the cache`
        : undefined,
    worker: flags.worker,
    workers: workerCountOf(flags.workers, terminal?.env?.SPEC_CHECK_WORKERS),
    generate: config.generate,
    spelling: config.spelling,
    extends: config.extends,
    siteKind: config.site?.kind,
    output: {
      format,
      file: flags.output,
      color: !!terminal && colorWanted(terminal) && format === 'text' && !flags.output,
      progress: !!terminal?.isTTY && !flags.quiet,
      verbose: !!flags.verbose,
      quiet: !!flags.quiet,
    },
  };
}

/** What loading the spec takes from a run config: layout, ignores and versions (keys left out when unset). */
export function loadOptionsOf(
  run: RunConfig,
): Pick<LoadOptions, 'layout' | 'ignore' | 'versions' | 'extends' | 'siteKind'> {
  return defined({
    layout: run.layout,
    ignore: run.ignore,
    versions: run.versions,
    extends: run.extends,
    siteKind: run.siteKind,
  });
}

/** Loading plus what the rules take: severities, vocabulary, generate options (keys left out when unset). */
export function ruleOptionsOf(run: RunConfig): Pick<
  LoadOptions,
  'layout' | 'ignore' | 'versions' | 'extends' | 'siteKind'
> & {
  severities?: Record<string, SeverityOverride>;
  vocabulary?: Vocabulary;
  generate?: GenerateOptions;
  spelling?: SpellingOptions;
} {
  return defined({
    ...loadOptionsOf(run),
    severities: run.severities,
    vocabulary: run.vocabulary,
    generate: run.generate,
    spelling: run.spelling,
  });
}

/** The runtime a command runs in: the run's worker choice, worker count and cache folder. */
export function runtimeOf(run: RunConfig): Runtime {
  return new Runtime(defined({ worker: run.worker, workers: run.workers, cacheDir: run.cacheDir }));
}

/** The worker count from `--workers` or else the environment's `SPEC_CHECK_WORKERS`: a whole number from 1 to 64. */
function workerCountOf(flag: string | undefined, env: string | undefined): number | undefined {
  const [given, source] = flag !== undefined ? [flag, '--workers'] : [env || undefined, 'SPEC_CHECK_WORKERS'];
  if (given === undefined) return undefined;
  const count = /^\d+$/.test(given.trim()) ? Number(given.trim()) : NaN;
  if (!(count >= 1 && count <= 64)) throw new UsageError(`${source} takes a whole number from 1 to 64, got "${given}"`);
  return count;
}

/** Without the undefined keys: option objects are hashed and spread over defaults. */
function defined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as T;
}

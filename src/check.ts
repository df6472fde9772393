/** The `check` command as a library call: load, run the rules, summarise. */
import { defaultLayout, loadSpec, sepParsedAtLoad, type LoadOptions } from './sources/load.js';
import {
  prepareRules,
  runRules,
  runRulesWhenPrepared,
  type Preparation,
  type RunOptions,
  type RunResult,
} from './engine/run.js';
import { allRules, registeredIds } from './rules/index.js';
import { Project } from './project/project.js';
import { Runtime } from './runtime/runtime.js';
import type { DiskCache } from './runtime/cache.js';
import type { Spec } from './model/spec.js';
import type { Finding } from './core/finding.js';
import type { Rule } from './core/rule.js';
import type { CheckReport, Summary } from './core/report.js';
import { toolVersion } from './version.js';
import { resolveVocabulary, type Vocabulary } from './consistency/vocabulary.js';
import { mayHaveJsonBlock } from './prose/prose-json.js';
import { resolveRunConfig, ruleOptionsOf } from './cli/run-config.js';
import type { TextFile } from './core/text-file.js';
import { displayRoot, JOBS_DONE, lookUpReport, type ReportLookup } from './report-cache.js';
import { pageProductsOf } from './sources/page-products.js';
import { openVerdictStore } from './model/validation-verdicts.js';
import { openInlineTypeStore } from './sources/inline-types.js';
import { openClaimStore } from './consistency/claim-store.js';
import { groupsOf, rootCauseCount } from './engine/groups.js';
import type { GenerateOptions } from './generators/options.js';
import type { SpellingOptions } from './prose/spelling-options.js';
import { jobPlanOf } from './generators/outputs.js';
import { keepJobPlan } from './generators/job-plan.js';

export interface CheckOptions extends LoadOptions, RunOptions {
  rules?: Rule[];
  /**
   * Folder of the content-addressed cache (generated files, and whole reports when `rules` is
   * not given); no cache when absent. See `cacheDirFor` for the conventional folder.
   */
  cacheDir?: string;
  /**
   * Generate, and parse the SEPs, in the worker thread while this one parses the prose; default:
   * each when its input is large enough for the worker to pay (see `Runtime.useWorker`).
   */
  worker?: boolean;
  /** How many worker threads the jobs that split are spread over (see `RuntimeOptions.workers`). */
  workers?: number;
  /** The runtime to run in (watch mode keeps one); made from `worker` and `cacheDir` when absent. */
  runtime?: Runtime;
  /** The consistency vocabulary (conditions, channels, phrases); the built-in MCP one when absent. */
  vocabulary?: Vocabulary;
  /** The project this check replaces (watch mode): what carries over is reused. */
  previous?: Project;
  /** Keep what rendering the Schema Reference again needs (watch mode). */
  keepGeneratorState?: boolean;
  /** The config's `generate` options. */
  generate?: GenerateOptions;
  /** The config's `spelling` options. */
  spelling?: SpellingOptions;
  /** The cache lookup already made in this runtime (`lookUpReport`), which missed. */
  lookup?: ReportLookup;
}

/**
 * The SEPs a check reads the parsed form of: those that may hold a JSON block (prose/json-valid
 * reads no other SEP). The others are loaded unparsed (`LoadOptions.sepsToParse`).
 */
export const sepsCheckReads = mayHaveJsonBlock;
/** The library's `check()` options: a check's, and the config file to apply. */
export interface CheckCallOptions extends CheckOptions {
  /** The config file, relative to the working folder; default: spec-check.config.json at the root, when present. */
  configFile?: string;
}

/**
 * The library's `check`: applies the config file through the resolver the CLI uses (layout,
 * ignores, severities, vocabulary), with `options` taking precedence (a partial `layout` key by
 * key), then loads and checks. A bad config throws a `ConfigError`, a missing root a `LoadError`.
 */
export async function check(root: string, options: CheckCallOptions = {}): Promise<CheckReport> {
  const { configFile, ...given } = options;
  const run = resolveRunConfig({ root, configFile });
  return (await checkRoot(root, { ...ruleOptionsOf(run), ...given, layout: { ...run.layout, ...given.layout } }))
    .report;
}

export interface CheckResult {
  /** The analysed project; absent when the report came from the cache (nothing was parsed). */
  project?: Project;
  /** The loaded model (the project's); absent when the report came from the cache. */
  spec?: Spec;
  /** The text files read, by path relative to the root (for showing findings' lines). */
  files: Map<string, TextFile>;
  report: CheckReport;
}

/** Loads and checks a root with exactly these options (no config file is read); keeps the model. */
export async function checkRoot(root: string, options: CheckOptions = {}): Promise<CheckResult> {
  const started = performance.now();
  // Resolving the vocabulary first turns a bad one into exit code 2 before any work.
  resolveVocabulary(options.vocabulary);
  const runtime =
    options.runtime ??
    new Runtime({
      worker: options.worker,
      cacheDir: options.cacheDir,
      ...(options.workers === undefined ? {} : { workers: options.workers }),
    });
  const cache = runtime.cache;
  // The whole report, when every input file and option is as in a previous check: found by
  // the files' digests, before any of them is parsed.
  let lookup = options.lookup;
  if (!lookup && cache && !options.rules) {
    const looked = await lookUpReport(root, options, runtime);
    if (looked.hit) {
      if (options.timings) Object.assign(options.timings, { load: performance.now() - started, reportCached: 1 });
      return looked.hit;
    }
    lookup = looked.lookup;
  }
  const { reportKey, preread, jobInputsKey, jobsCached, jobPlan } = lookup ?? {};
  // When the worker's jobs will find their products in the cache, it is left dormant: a job wakes it.
  if (!jobsCached) {
    runtime.wakeWorker();
    if (preread) runtime.prepareWorker(largestWorkerInput(preread, options));
  }
  // The rules' preparation (generating files to compare) needs no prose: it starts as soon as
  // the other sources are loaded, and in the worker thread it runs while the prose is parsed.
  let project: Project | undefined;
  let preparing: Preparation | undefined;
  const prepare = (loaded: Spec) => {
    project = new Project(
      loaded,
      runtime,
      {
        vocabulary: options.vocabulary,
        keepGeneratorState: options.keepGeneratorState,
        generate: options.generate,
        spelling: options.spelling,
      },
      options.previous,
    );
    preparing = prepareRules(project, options.rules ?? allRules, options);
  };
  const kept = cache && !options.cache ? keptProducts(runtime, cache) : undefined;
  const pageProducts = kept?.pageProducts;
  const countsNow = () => ({ ...kept?.counts(), ...runtime.counts });
  const counted = countsNow();
  const spec = await loadSpec(root, {
    ...options,
    preread,
    onSourcesLoaded: prepare,
    runtime,
    sepsToParse: sepsCheckReads,
    pageProducts,
  });
  if (options.timings) options.timings.load = performance.now() - started;
  if (!preparing) prepare(spec);
  // Once the files are generated the workers have nothing more to do: a runtime that serves this
  // check only ends them, giving back what they hold while the rules run (see `Runtime.release`).
  void preparing!.done.then(() => runtime.release()).catch(() => undefined);
  const checking = performance.now();
  // The kept products are written while rules wait for the worker's last jobs too (`onWaiting`).
  const rules = options.rules ?? allRules;
  const result = await runRulesWhenPrepared(project!, rules, preparing!, runOptions(options, kept?.save));
  if (options.timings) options.timings.rules = performance.now() - checking - (options.timings.prepare ?? 0);
  kept?.save();
  if (options.timings)
    for (const [name, n] of Object.entries(countsNow()))
      options.timings[name] = n - (counted[name as keyof typeof counted] ?? 0);
  const report = reportOf(spec, root, result);
  // The report's key lists the files a check reads by the layout; declarations found under
  // node_modules by resolving imports are not among them, so such a report is not kept.
  // A base found by a relative import of another folder is not among them either.
  // Nor are the files a page includes (`--8<--`, `<<<`) from outside the layout's folders.
  if (
    cache &&
    reportKey &&
    !spec.typeDeclarations &&
    !baseOutsideInputs(spec) &&
    !(spec.includes ?? []).some((i) => !i.target || !preread?.has(i.target))
  ) {
    cache.set('report', reportKey, { findings: report.findings, groups: report.groups, summary: report.summary });
    // The rules waited for every job: what they made is in the cache for the next check of these job inputs.
    if (jobInputsKey && !jobsCached) cache.set(JOBS_DONE, jobInputsKey, {});
    // And what they were made of, for the next check to start them before it loads (see `job-plan.ts`).
    const planned = jobPlan && jobPlanOf(project!);
    if (planned) keepJobPlan(cache, spec.root, jobPlan, planned);
  }
  return { project, spec, files: spec.files ?? new Map(), report };
}

/**
 * What a check that keeps its products on disk reads back from an earlier check's (watch mode
 * keeps its own in memory): the pages parsed, the verdicts of validation against an unchanged
 * schema.json, the inline object types of the schema.ts models (the rules would parse them with
 * TypeScript) and the claims read from the pages (the consistency rules would walk every tree).
 */
function keptProducts(runtime: Runtime, cache: DiskCache) {
  const pageProducts = pageProductsOf(cache);
  const stores = [
    openVerdictStore(runtime, cache),
    openInlineTypeStore(runtime, cache),
    openClaimStore(runtime, cache),
  ];
  return {
    pageProducts,
    counts: () => Object.assign({}, pageProducts.counts, ...stores.map((s) => s.counts)) as Record<string, number>,
    save: () => {
      pageProducts.save();
      for (const store of stores) store.save();
    },
  };
}

/** Whether the base protocol is a file found by a relative import outside the types files' folders (which the report's key lists). */
function baseOutsideInputs(spec: Spec): boolean {
  const base = spec.base;
  if (!base?.fromImport) return false;
  const folder = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
  return !spec.versions.some((v) => v.schemaTs && folder(v.schemaTs.file.path) === folder(base.file.path));
}

/** The engine's options: a suppression may name any registered rule; `onWaiting` as given. */
function runOptions(options: CheckOptions, onWaiting?: () => void): CheckOptions {
  return { ...options, knownRules: registeredIds, ...(onWaiting ? { onWaiting } : {}) };
}

/** The larger of the two inputs the worker takes: the schema.ts texts (generating) and the SEPs parsed at loading. */
function largestWorkerInput(files: Map<string, TextFile>, options: CheckOptions): number {
  const seps = (options.layout?.seps ?? defaultLayout.seps) + '/';
  let schemas = 0;
  let sepTexts = 0;
  for (const [p, file] of files) {
    if (p.endsWith('/schema.ts')) schemas += file.text.length;
    else if (p.startsWith(seps) && p.endsWith('.md') && sepParsedAtLoad(file.text, { sepsToParse: sepsCheckReads }))
      sepTexts += file.text.length;
  }
  return Math.max(schemas, sepTexts);
}

/** Runs the rules on a project whose rules are prepared (see `prepareRules`). */
export function checkSpec(project: Project, rootArg: string, options: CheckOptions = {}): CheckReport {
  const started = performance.now();
  const result = runRules(project, options.rules ?? allRules, runOptions(options));
  if (options.timings) options.timings.rules = performance.now() - started;
  return reportOf(project.spec, rootArg, result);
}

function reportOf(spec: Spec, rootArg: string, { findings, figures }: RunResult): CheckReport {
  return {
    tool: { name: 'spec-check', version: toolVersion },
    root: displayRoot(rootArg),
    findings,
    groups: groupsOf(findings),
    summary: { ...summarise(spec, findings, figures), ...sortedFigures(figures) },
  };
}

function summarise(spec: Spec, findings: Finding[], figures: Record<string, number>): Summary {
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    examplesValidated: figures.examplesValidated ?? 0,
    filesRead: spec.filesRead,
    rootCauses: rootCauseCount(findings),
  };
}

function sortedFigures(figures: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export { displayRoot };

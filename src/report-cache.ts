/**
 * The whole-report cache of a check: the key (the tool version, the options and the
 * fingerprint of every input file) and the lookup, with nothing loaded that a hit does not need
 * (no parser, no rule, no generator). A hit reads only the texts of the files its findings name.
 */
import path from 'node:path';
import { stringify } from 'safe-stable-stringify';
import type { CheckReport } from './core/report.js';
import type { TextFile } from './core/text-file.js';
import { resolveVocabulary, type Vocabulary } from './consistency/vocabulary.js';
import type { GenerateOptions } from './generators/options.js';
import type { SpellingOptions } from './prose/spelling-options.js';
import type { Runtime } from './runtime/runtime.js';
import type { RunOptions } from './engine/run.js';
import { hashParts } from './runtime/cache.js';
import { digestOf, FileDigests } from './runtime/file-digests.js';
import { CheckInputs, type InputSelection } from './sources/inputs.js';
import { defaultLayout } from './sources/layout.js';
import { toolVersion } from './version.js';
import { entryPath } from './runtime/git-tree.js';
import { displayPath } from './util/paths.js';
import type { PlanLookup } from './generators/job-plan.js';

/** What of a check's options the report depends on besides the files. */
export type KeyedOptions = InputSelection &
  Pick<RunOptions, 'severities'> & { vocabulary?: Vocabulary; generate?: GenerateOptions; spelling?: SpellingOptions };

/** A lookup that missed: the key to store the report under and the texts read to compute it. */
export interface ReportLookup {
  reportKey?: string;
  preread?: Map<string, TextFile>;
  /**
   * The key of the inputs the worker's jobs read (see `jobInputsKey`), under which a check that
   * finished marks that everything they make is in the cache.
   */
  jobInputsKey?: string;
  /** An earlier check of the same job inputs left their products in the cache: the worker is not woken ahead of a job. */
  jobsCached?: boolean;
  /** The plan of the generation jobs kept for these inputs, whose jobs were started (see `generators/job-plan.ts`). */
  jobPlan?: PlanLookup;
}

/** The cache kind of the mark that a check of some job inputs finished (see `ReportLookup.jobInputsKey`). */
export const JOBS_DONE = 'jobs-done';

/** A report from the cache, with the texts of the files its findings name. */
export interface CachedCheck {
  files: Map<string, TextFile>;
  report: CheckReport;
}

type StoredReport = Omit<CheckReport, 'tool' | 'root'> & { namedDigests?: Record<string, string> };

/**
 * Looks the report of checking `root` with these options up in the runtime's cache. On a miss
 * (or with no cache) the runtime's worker is woken, since the check will have work for it; while
 * the files are read from disk, to load its modules meanwhile (a tree held in memory, the base of
 * `check --base`, is read at once: its check wakes the worker on a miss).
 */
export async function lookUpReport(
  root: string,
  options: KeyedOptions & { keepGeneratorState?: boolean },
  runtime: Runtime,
): Promise<{ hit?: CachedCheck; lookup?: ReportLookup }> {
  // A bad vocabulary is exit code 2 before any work, cached or not.
  resolveVocabulary(options.vocabulary);
  const cache = runtime.cache;
  const inputs = cache ? await CheckInputs.list(root, options) : undefined;
  if (!cache || !inputs) {
    runtime.wakeWorker();
    return { lookup: {} };
  }
  const reportKey = (inputsKey: string) => hashParts([toolVersion, optionsKey(options), inputsKey]);
  const digests = new FileDigests(cache, path.resolve(root));
  // Every file as its stamp says it was: the key without reading any of them.
  const knownKey = await inputs.keyFromDigests(digests);
  if (knownKey) {
    const stored = storedReport(cache.get<StoredReport>('report', reportKey(knownKey)));
    const files = stored && (await inputs.texts(namedFiles(stored.findings), digests));
    if (stored && files) return { hit: { files, report: reportOf(stored, root) } };
  }
  // What the worker would make (schema.json, the Schema Reference, the SEPs' parse and pages)
  // depends on no prose page: after a page edit it is all in the cache, and the worker, which
  // would load TypeScript, TypeDoc and Prettier for nothing (about 0.7 s of CPU on the corpus), is
  // neither woken nor, from the command line, started (see `startWorkerWhenWoken`). A job that
  // comes all the same (an entry pruned) starts it then. When the files' digests are known it is
  // decided now, so that the worker loads while the files are read; when some are known and
  // others not, those changed, and it is woken now; when none is (files just checked out), once
  // they are read, unless the cache holds no jobs at all (a cold cache: nothing to wait for).
  const jobsDone = (key: string | undefined) => !!key && !!cache.get(JOBS_DONE, key);
  const knownJobInputs = jobInputsKey(inputs.paths, (p) => digests.digest(p), options);
  const wake = () => {
    if (!options.fileSystem) runtime.wakeWorker();
  };
  let jobsCached = jobsDone(knownJobInputs);
  if (
    knownJobInputs
      ? !jobsCached
      : !cache.holdsAny(JOBS_DONE) || jobInputs(inputs.paths, options).some((p) => digests.digest(p))
  )
    wake();
  // Undecided until the files are read: the worker's thread starts up meanwhile, dormant.
  else if (!knownJobInputs && !options.fileSystem) runtime.standByWorker();
  const read = await inputs.read(digests);
  if (!read) {
    wake();
    return { lookup: {} };
  }
  digests.save();
  const key = reportKey(read.key);
  const stored = read.key === knownKey ? undefined : storedReport(cache.get<StoredReport>('report', key));
  if (stored) return { hit: { files: read.files, report: reportOf(stored, root) } };
  const readJobInputs = knownJobInputs ?? jobInputsKey(inputs.paths, (p) => digests.digest(p), options);
  if (!knownJobInputs) jobsCached = jobsDone(readJobInputs);
  // The generation jobs the last check of these files made, with the texts just read: the worker
  // runs them while this thread loads the modules and the sources (see `generators/job-plan.ts`).
  const { startPlannedJobs } = await import('./generators/job-plan.js');
  const jobPlan = startPlannedJobs(
    runtime,
    path.resolve(root),
    optionsKey(options),
    jobInputs(inputs.paths, options),
    (p) => digests.digest(p),
    read.files,
    { keep: options.keepGeneratorState, jobs: !jobsCached },
  );
  return {
    lookup: {
      reportKey: key,
      preread: read.files,
      ...(readJobInputs ? { jobInputsKey: readJobInputs } : {}),
      ...(jobsCached ? { jobsCached } : {}),
      ...(jobPlan ? { jobPlan } : {}),
    },
  };
}

/**
 * The key of the inputs of the worker's jobs: every input file but the prose pages (a `.md` or
 * `.mdx` file outside the SEPs' folder, other than a `schema.mdx`, which is a Schema Reference
 * page or its template), with the options, and the examples by path only. Undefined when a file's digest is not known. A file a
 * job reads that is counted as a page here (a page a comment's `{@include}` puts in) only makes
 * the worker start when its job comes instead of ahead: the mark is a guess at speed, never at
 * what is reported.
 */
function jobInputsKey(
  paths: readonly string[],
  digest: (path: string) => string | undefined,
  options: KeyedOptions,
): string | undefined {
  const parts = [toolVersion, 'job inputs', optionsKey(options)];
  for (const p of jobInputs(paths, options)) {
    // An example's text is a job's input only when a comment's `{@include}` puts it in (rare);
    // otherwise its edit re-makes the Schema Reference by splicing, in this thread (see
    // `reference-highlight.ts`). Its being there counts (a page renders again when one comes or goes).
    if (EXAMPLE.test(p)) {
      parts.push(p, 'example');
      continue;
    }
    const d = digest(p);
    if (!d) return undefined;
    parts.push(p, d);
  }
  return hashParts(parts);
}

/** An example file (under a schema folder's `examples/`), by its path. */
const EXAMPLE = /(^|\/)examples\/.*\.json$/;

/** The input files the worker's jobs may read: all but the prose pages (see `jobInputsKey`). */
function jobInputs(paths: readonly string[], options: KeyedOptions): string[] {
  const seps = `${options.layout?.seps ?? defaultLayout.seps}/`;
  return paths.filter((p) => !/\.mdx?$/.test(p) || p.startsWith(seps) || path.posix.basename(p) === 'schema.mdx');
}

/**
 * The cache key of the report of a commit's tree, from its git listing (`GitListing.entries`):
 * the object ids name every file's bytes, so the key needs none of them read. The entries the
 * options ignore are left out (`ignore` acts through the files read, as in `lookUpReport`).
 */
export function gitTreeReportKey(entries: string[], options: KeyedOptions): string {
  const ignored = (rel: string) => {
    if (!options.ignore) return false;
    for (let at = rel.indexOf('/'); at > 0; at = rel.indexOf('/', at + 1))
      if (options.ignore(rel.slice(0, at))) return true;
    return options.ignore(rel);
  };
  const kept = entries.filter((entry) => !ignored(entryPath(entry)));
  return hashParts([toolVersion, 'git tree', optionsKey(options), ...kept]);
}

/**
 * The report stored under `key` (see `gitTreeReportKey`), and the files its findings name with
 * the sha256 of their texts when it was made: the caller reads those files and serves the report
 * only if they still hash the same (`namedTextsMatch`), so a report is not served on the strength
 * of git's SHA-1 object ids alone for the files it shows.
 */
export function cachedReport(
  runtime: Runtime,
  key: string,
  root: string,
): { report: CheckReport; named: Set<string>; digests: Record<string, string> } | undefined {
  const stored = runtime.cache && storedReport(runtime.cache.get<StoredReport>('report', key));
  const digests = stored?.namedDigests;
  if (!stored || !digests || typeof digests !== 'object') return undefined;
  return { report: reportOf(stored, root), named: namedFiles(stored.findings), digests };
}

/** Stores a report under `key`, as a check stores its own, with the digests of the texts its findings name. */
export function keepReport(runtime: Runtime, key: string, report: CheckReport, files: Map<string, TextFile>): void {
  const namedDigests: Record<string, string> = {};
  for (const rel of namedFiles(report.findings)) {
    const file = files.get(rel);
    if (file) namedDigests[rel] = textDigest(file);
  }
  runtime.cache?.set('report', key, {
    findings: report.findings,
    groups: report.groups,
    summary: report.summary,
    namedDigests,
  });
}

/** Whether every named file that had a text when the report was kept has the same text now. */
export function namedTextsMatch(digests: Record<string, string>, texts: Map<string, TextFile>): boolean {
  return Object.entries(digests).every(([rel, digest]) => {
    const file = texts.get(rel);
    return !!file && textDigest(file) === digest;
  });
}

const textDigest = (file: TextFile) => digestOf(Buffer.from(file.text));

function storedReport(stored: StoredReport | undefined): StoredReport | undefined {
  return stored && Array.isArray(stored.findings) && Array.isArray(stored.groups) && stored.summary
    ? stored
    : undefined;
}

function reportOf(stored: StoredReport, root: string): CheckReport {
  return {
    tool: { name: 'spec-check', version: toolVersion },
    root: displayRoot(root),
    findings: stored.findings,
    groups: stored.groups,
    summary: stored.summary,
  };
}

/** Every file a finding names (its own location, related ones), to show their lines. */
function namedFiles(findings: unknown): Set<string> {
  const files = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        if (k === 'file' && typeof v === 'string') files.add(v);
        else visit(v);
      }
  };
  visit(findings);
  return files;
}

/** The options a report depends on besides the files (`ignore` and `versions` act through the files read). */
function optionsKey(options: KeyedOptions): string {
  return (
    stringify({
      severities: options.severities ?? {},
      layout: options.layout ?? {},
      versions: options.versions ?? [],
      vocabulary: options.vocabulary ?? null,
      ...(options.generate ? { generate: options.generate } : {}),
      ...(options.spelling ? { spelling: options.spelling } : {}),
      ...(options.extends ? { extends: options.extends } : {}),
      ...(options.siteKind ? { siteKind: options.siteKind } : {}),
    }) ?? ''
  );
}

/** The root as the user named it, relative to the working folder, `/`-separated (`.` for the working folder). */
export function displayRoot(rootArg: string): string {
  return displayPath(path.resolve(rootArg));
}

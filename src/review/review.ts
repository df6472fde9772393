/**
 * `check --base`: the findings a change introduces. The base is a commit's tree, read from git's
 * objects (`readGitTree`) and analysed as a second project from an in-memory file system, in the
 * same runtime and with the same load cache as the tree: the pages it shares with the tree are
 * parsed once, the generated files of an unchanged schema.ts are made once, and a report of the
 * base found in the disk cache (it is content-keyed) is not made again.
 */
import type { Finding } from '../core/finding.js';
import type { CheckReport } from '../core/report.js';
import type { TextFile } from '../core/text-file.js';
import type { CheckOptions, CheckResult } from '../check.js';
import { cachedReport, gitTreeReportKey, keepReport, lookUpReport, namedTextsMatch } from '../report-cache.js';
import { groupsOf, rootCauseCount } from '../engine/groups.js';
import { createLoadCache, diskFileSystem, memoryFileSystem, withInstalledPackages } from '../runtime/files.js';
import { textFileOf } from '../runtime/text-bytes.js';
import { listGitTree, listsInstalledPackages, readGitTree } from '../runtime/git-tree.js';
import { Runtime } from '../runtime/runtime.js';
import { matchFindings } from './match.js';

export interface ReviewOptions extends CheckOptions {
  /** The git ref of the base (a branch, a tag, a commit). */
  base: string;
  /** Report only findings in files that differ between the base and the tree. */
  changedOnly?: boolean;
}

export interface ReviewResult extends CheckResult {
  /** The commit the base ref names. */
  baseCommit: string;
  /** The files the loaders read that differ between the base and the tree (added, removed or edited). */
  changed: Set<string>;
}

/** The files whose bytes a check may read: the text the loaders decode (others need only exist). */
const readsContent = (rel: string) => /\.(ts|json|mdx?)$/.test(rel);

export async function checkAgainstBase(root: string, options: ReviewOptions): Promise<ReviewResult> {
  const { base: ref, changedOnly, ...checkOptions } = options;
  const runtime = checkOptions.runtime ?? new Runtime({ worker: checkOptions.worker, cacheDir: checkOptions.cacheDir });
  const cache = checkOptions.cache ?? createLoadCache();
  // git lists the base's tree in its own process while this one checks the tree.
  const listing = listGitTree(root, ref);
  listing.catch(() => undefined);
  const head = await checkTree(root, { ...checkOptions, runtime, cache });
  const listed = await listing;
  const { commit } = listed;
  // The base's report by its listing: when it is cached, only the files findings name are read.
  const baseKey = runtime.cache && !checkOptions.rules ? gitTreeReportKey(listed.entries, checkOptions) : undefined;
  const kept = baseKey ? cachedReport(runtime, baseKey, root) : undefined;
  let base: Pick<CheckResult, 'report' | 'files'> | undefined;
  if (kept) {
    // The tree's files too, to tell which of them the change touched.
    const wanted = (rel: string) => kept.named.has(rel) || head.files.has(rel);
    const { files } = await readGitTree(root, commit, wanted, listed);
    const texts = new Map<string, TextFile>();
    for (const [rel, bytes] of files) {
      const file = wanted(rel) ? textFileOf(rel, bytes) : undefined;
      if (file) texts.set(rel, file);
    }
    // The files the report shows must hash as they did, whatever git's object ids say.
    if (namedTextsMatch(kept.digests, texts)) {
      base = { report: kept.report, files: texts };
      if (checkOptions.timings) checkOptions.timings['base:reportCached'] = 1;
    }
  }
  if (!base) {
    const { files } = await readGitTree(root, commit, readsContent, listed);
    const baseTimings = checkOptions.timings ? ({} as Record<string, number>) : undefined;
    base = await checkTree(root, {
      ...checkOptions,
      timings: baseTimings,
      runtime,
      cache,
      fileSystem: withInstalledPackages(
        root,
        memoryFileSystem(root, Object.fromEntries(files)),
        checkOptions.fileSystem ?? diskFileSystem,
        listsInstalledPackages(listed),
      ),
      previous: head.project,
    });
    if (baseKey) keepReport(runtime, baseKey, base.report, base.files);
    if (checkOptions.timings && baseTimings)
      for (const [k, v] of Object.entries(baseTimings)) checkOptions.timings[`base:${k}`] = v;
  }
  const changed = changedFiles(head.files, base.files);
  const report = reviewReport(head, base, changedOnly ? changed : undefined);
  return { ...head, report, baseCommit: commit, changed };
}

/**
 * A tree's check, its report from the cache when it is there: then, as for a warm check, none of
 * the loaders, rules and generators is loaded (they are on a miss only).
 */
async function checkTree(root: string, options: CheckOptions & { runtime: Runtime }): Promise<CheckResult> {
  const started = performance.now();
  if (!options.runtime.cache || options.rules) return (await import('../check.js')).checkRoot(root, options);
  const { hit, lookup } = await lookUpReport(root, options, options.runtime);
  if (hit) {
    if (options.timings) Object.assign(options.timings, { load: performance.now() - started, reportCached: 1 });
    return hit;
  }
  return (await import('../check.js')).checkRoot(root, { ...options, lookup });
}

function changedFiles(head: Map<string, TextFile>, base: Map<string, TextFile>): Set<string> {
  const changed = new Set<string>();
  for (const [p, file] of head) if (base.get(p)?.text !== file.text) changed.add(p);
  for (const p of base.keys()) if (!head.has(p)) changed.add(p);
  return changed;
}

/**
 * The tree's report cut to what is new: the new findings, and the other places of a root cause
 * with a new place (marked `new: false`); with `changed`, only findings in those files.
 */
export function reviewReport(
  head: Pick<CheckResult, 'report' | 'files'>,
  base: Pick<CheckResult, 'report' | 'files'>,
  changed?: Set<string>,
): CheckReport {
  const { isNew, fixed } = matchFindings(
    head.report.findings,
    base.report.findings,
    (file, line) => head.files.get(file)?.lineText(line),
    (file, line) => base.files.get(file)?.lineText(line),
  );
  const newGroups = new Set(head.report.findings.filter((f, i) => isNew[i] && f.group).map((f) => f.group));
  const shown: Finding[] = [];
  let unchanged = 0;
  let outside = 0;
  head.report.findings.forEach((f, i) => {
    const inGroup = f.group !== undefined && newGroups.has(f.group);
    if (!isNew[i] && !inGroup) return void unchanged++;
    if (changed && !changed.has(f.file)) {
      if (isNew[i]) outside++;
      else unchanged++;
      return;
    }
    shown.push({ ...f, new: isNew[i] });
  });
  const fresh = shown.filter((f) => f.new);
  const summary: CheckReport['summary'] = {
    ...head.report.summary,
    errors: shown.filter((f) => f.severity === 'error').length,
    warnings: shown.filter((f) => f.severity === 'warning').length,
    rootCauses: rootCauseCount(shown),
    new: fresh.length,
    newErrors: fresh.filter((f) => f.severity === 'error').length,
    fixed,
    unchanged,
  };
  if (changed) summary.newOutsideChanged = outside;
  return { ...head.report, findings: shown, groups: groupsOf(shown), summary };
}

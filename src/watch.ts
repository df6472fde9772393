/**
 * `check --watch`: checks once, then re-checks whenever a file of the spec changes and prints
 * the findings that are new since the previous check, and how many went away. Unchanged files
 * are neither re-read nor re-parsed (a load cache kept across checks). Ends when `signal` aborts.
 * Only the layout's folders, the config files and the files a check read outside those folders
 * (a site's `mkdocs.yml`, `package.json`'s scripts, a Prettier config) are watched (with chokidar,
 * one watch per folder and file there), never node_modules or .git.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { checkSpec, sepsCheckReads, type CheckOptions } from './check.js';
import { type CheckReport } from './core/report.js';
import { prepareRules } from './engine/run.js';
import { allRules } from './rules/index.js';
import { defaultLayout, loadSpec } from './sources/load.js';
import { layoutFolders } from './sources/layout.js';
import { createLoadCache, diskFileSystem } from './runtime/files.js';
import { WatchedFileSystem } from './runtime/watched-file-system.js';
import { Runtime } from './runtime/runtime.js';
import { Project } from './project/project.js';
import { LoadError } from './core/errors.js';
import { applyBaseline, createBaseline, type Baseline, type LineText } from './engine/baseline.js';
import { formatFindings, formatText, summaryLine, type TextOptions } from './reporters/text.js';
import { paintFor } from './reporters/color.js';
import type { CliIo } from './cli/command-module.js';
import type { Spec } from './model/spec.js';
import { SITE_CONFIG } from './sources/site.js';
import { isWithin, slashed } from './util/paths.js';

export interface WatchOptions {
  root: string;
  /** Options for each check; called again when the config file changes. */
  checkOptions: () => CheckOptions;
  /** Extra absolute paths whose change reloads the options (the config file). */
  configFiles?: string[];
  io: CliIo;
  signal: AbortSignal;
  text?: TextOptions;
  /** No note on stderr when watching starts. */
  quiet?: boolean;
  /** Quiet period after the last change before re-checking. */
  debounceMs?: number;
  /** Called after every check, first one included (for tests and tools). */
  onCheck?: (report: CheckReport, changed: string[]) => void;
}

/** How long after a reported change of a file chokidar reports none (its change throttle), and a little more. */
const CHANGE_WINDOW_MS = 75;

/** What a change of the config file is recorded as among the changed paths (no path can be it). */
const CONFIG_CHANGE = '\0config';

export async function watchCheck(w: WatchOptions): Promise<void> {
  const root = path.resolve(w.root);
  const cache = createLoadCache();
  // What the watcher has seen no change of is not stat'ed or listed again.
  const disk = new WatchedFileSystem();
  // One runtime for the session: the worker, and what unchanged inputs gave (validators, generated files).
  let runtime: Runtime | undefined;
  let project: Project | undefined;
  const debounceMs = w.debounceMs ?? 30;
  let options = w.checkOptions();
  // The findings of the last check, as a baseline: a re-check prints those not in it.
  let previous: Baseline | undefined;
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  // Settles once the watcher has scanned the folders, or watching stopped.
  let watching: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    const files = [...changed].sort();
    changed.clear();
    const started = performance.now();
    let spec: Spec;
    try {
      if (files.some((f) => f === CONFIG_CHANGE)) {
        options = w.checkOptions();
        void watchInputs();
      }
      spec = await loadSpec(w.root, { ...options, cache, fileSystem: disk, sepsToParse: sepsCheckReads });
      if (options.timings) options.timings.load = performance.now() - started;
    } catch (error) {
      // A root that cannot be checked at the start ends the watch (exit 2); later, it is reported and watching goes on.
      if (!previous) throw error;
      w.io.stderr(`spec-check: ${(error as Error).message}\n`);
      return;
    }
    // Generated files are kept in memory by content key (and on disk when a cache folder is given).
    // (`worker` and `cacheDir` come from the command line, not the config file: they do not change.)
    runtime ??= new Runtime({ cacheDir: options.cacheDir, worker: options.worker });
    project = new Project(
      spec,
      runtime,
      {
        vocabulary: options.vocabulary,
        keepGeneratorState: true,
        generate: options.generate,
        spelling: options.spelling,
      },
      project,
    );
    const preparing = performance.now();
    await prepareRules(project, options.rules ?? allRules, options).done;
    if (options.timings) options.timings.prepare = performance.now() - preparing;
    const report = checkSpec(project, w.root, options);
    const lineText: LineText = (file, line) => spec.files?.get(file)?.lineText(line);
    const text = { ...w.text, source: (f: string) => spec.files?.get(f) };
    if (!previous) {
      w.io.stdout(formatText(report, text));
    } else {
      const { findings: fresh, resolved: gone } = applyBaseline(report.findings, previous, lineText);
      const names = files.map((f) => (f === CONFIG_CHANGE ? 'config' : f));
      const what = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
      const ms = Math.round(performance.now() - started);
      w.io.stdout(
        `\n${paintFor(w.text?.color)('bold', `Changed: ${what}`)}: ${fresh.length} new finding${fresh.length === 1 ? '' : 's'}, ${gone} gone (${ms} ms)\n` +
          formatFindings(fresh, text) +
          summaryLine(report, paintFor(w.text?.color)) +
          '\n',
      );
    }
    const first = !previous;
    previous = createBaseline(report.findings, lineText);
    watchFilesRead(spec);
    // After the first check, a caller may edit files at once: tell it when edits are seen.
    if (first) await watching;
    w.onCheck?.(report, files);
  };

  const schedule = () => {
    if (w.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) {
        again = true;
        return;
      }
      running = runOnce().finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
    }, debounceMs);
  };

  // The folders watched now; only files under them (as the watcher resolves them), not ignored, trigger a check.
  let inputs: string[] = [];
  // Files a check read outside those folders (absolute): watched one by one.
  const filesRead = new Set<string>();
  const relevant = (abs: string, rel: string) =>
    (filesRead.has(abs) || inputs.some((dir) => isWithin(dir, abs))) && !options.ignore?.(rel);

  if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw new LoadError(`root folder not found: ${w.root}`);
  // Loaded here, not with the CLI: only a watch needs it.
  const { watch: chokidarWatch } = await import('chokidar');
  const configFiles = (w.configFiles ?? []).map((f) => path.resolve(f));
  // chokidar reports no change of a file for 50 ms after one it reported: a write in that window (a
  // second save, an editor writing then formatting, an edit right after a fast re-check) would go
  // unseen. So each reported change is looked at again once the window has passed.
  const lookAgain = new Set<NodeJS.Timeout>();
  const stampOf = (abs: string) =>
    diskFileSystem.stamp!(abs).then(
      (stamp) => stamp.id,
      (error: NodeJS.ErrnoException) => `unreadable: ${error.code}`,
    );
  const changeAfterWindow = (abs: string) => {
    const seen = stampOf(abs);
    const look = setTimeout(async () => {
      lookAgain.delete(look);
      if (!w.signal.aborted && (await stampOf(abs)) !== (await seen)) onEvent('change', abs);
    }, CHANGE_WINDOW_MS);
    lookAgain.add(look);
  };
  const onEvent = (event: string, abs: string) => {
    disk.changed(event, abs);
    if (event === 'change') changeAfterWindow(abs);
    if (configFiles.includes(abs)) changed.add(CONFIG_CHANGE);
    else {
      const rel = slashed(path.relative(root, abs));
      if (!relevant(abs, rel)) return;
      changed.add(rel);
    }
    schedule();
  };
  let watcher: FSWatcher | undefined;
  // What the last check read outside the watched folders is watched from now on (added to the watcher).
  const watchFilesRead = (spec: Spec) => {
    const outside = [...(spec.files?.keys() ?? [])]
      .map((rel) => path.resolve(root, rel))
      .filter((abs) => !filesRead.has(abs) && !inputs.some((dir) => isWithin(dir, abs)));
    if (!outside.length) return;
    for (const abs of outside) filesRead.add(abs);
    watcher?.add(outside);
  };
  // Watches the layout's folders and the config files, nothing else; again when the layout changes.
  const watchInputs = (): Promise<void> => {
    const next = layoutInputs(root, options);
    if (watcher && next.join('\0') === inputs.join('\0')) return Promise.resolve();
    inputs = next;
    // Until the new watcher is ready, changes may go unseen: nothing is kept meanwhile.
    disk.cover([]);
    void watcher?.close();
    const started = chokidarWatch([...new Set([root, ...configFiles.map((f) => path.dirname(f))])], {
      ignoreInitial: true,
      ignored: inputFilter(root, inputs, configFiles, filesRead),
    });
    watcher = started;
    started.on('all', (event, abs) => {
      if (watcher === started) onEvent(event, path.resolve(abs));
    });
    started.on('error', (error) => w.io.stderr(`spec-check: watch error: ${(error as Error).message}\n`));
    return new Promise((resolve) =>
      started.once('ready', () => {
        if (watcher === started) disk.cover(inputs);
        resolve();
      }),
    );
  };
  const stopped = new Promise<void>((resolve) => {
    if (w.signal.aborted) return resolve();
    w.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  try {
    // The folders are scanned while the first check runs.
    watching = Promise.race([watchInputs(), stopped]);
    running = runOnce().finally(() => (running = undefined));
    await running;
    if (!w.signal.aborted && !w.quiet) w.io.stderr(`Watching ${w.root} for changes (Ctrl-C to stop)\n`);
    await stopped;
  } finally {
    clearTimeout(timer);
    for (const look of lookAgain) clearTimeout(look);
    await running;
    const last = watcher;
    watcher = undefined;
    await last?.close();
  }
}

/** The absolute folders a check reads: the layout's schema, docs and SEP folders, and the site's when it has a docs.json. */
function layoutInputs(root: string, options: CheckOptions): string[] {
  const layout = { ...defaultLayout, ...options.layout };
  const site = fs.existsSync(path.resolve(root, layout.site, SITE_CONFIG)) ? [layout.site] : [];
  const folders = layoutFolders(layout);
  const dirs = [...folders.schema, folders.docs, layout.seps, ...site].map((dir) => path.resolve(root, dir));
  // A folder inside another watched one is watched with it.
  return [...new Set(dirs)].filter((d, _, all) => !all.some((o) => o !== d && isWithin(o, d))).sort();
}

/**
 * What the watcher leaves alone: everything but the inputs, the folders on the way down to them,
 * the config files and the files read outside the inputs. node_modules and .git are never watched, even inside an input.
 */
function inputFilter(
  root: string,
  inputs: string[],
  configFiles: string[],
  filesRead: ReadonlySet<string>,
): (abs: string) => boolean {
  const configDirs = new Set(configFiles.map((f) => path.dirname(f)));
  const within = (abs: string, dir: string) => isWithin(dir, abs);
  return (p) => {
    const abs = path.resolve(p);
    if (configFiles.includes(abs) || configDirs.has(abs) || filesRead.has(abs)) return false;
    // The folders on the way down to a file read (the set grows after each check).
    if ([...filesRead].some((file) => within(file, abs))) return false;
    if (!within(abs, root)) return true;
    if (
      path
        .relative(root, abs)
        .split(path.sep)
        .some((segment) => segment === 'node_modules' || segment === '.git')
    )
      return true;
    return !inputs.some((dir) => within(abs, dir) || within(dir, abs));
  };
}

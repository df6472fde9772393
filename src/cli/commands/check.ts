import fs from 'node:fs';
import path from 'node:path';
import { Option } from 'commander';
import type { CheckOptions } from '../../check.js';
import type { CheckReport } from '../../core/report.js';
import type { TextFile } from '../../core/text-file.js';
import { formatters, formatReadsRules } from '../../reporters/index.js';
import { progressLine } from '../../reporters/progress.js';
import { resolveRunConfig, ruleOptionsOf, type RunConfig } from '../run-config.js';
import {
  BaselineError,
  createBaseline,
  formatBaseline,
  parseBaseline,
  withBaseline,
  type Baseline,
  type LineText,
} from '../../engine/baseline.js';
import { collect, type CliIo, type RegisterCommand } from '../command-module.js';
import { UsageError } from '../../core/errors.js';
import { withoutBom } from '../../util/bom.js';
import { lookUpReport } from '../../report-cache.js';
import { Runtime, workerThreadsStarted } from '../../runtime/runtime.js';

interface CheckCommandOptions {
  root: string;
  format: string;
  version?: string[];
  config?: string;
  output?: string;
  verbose?: boolean;
  quiet?: boolean;
  baseline?: string;
  writeBaseline?: string;
  watch?: boolean;
  cache: boolean;
  workers?: string;
  rulesUrl?: string;
  blobUrl?: string;
  base?: string;
  changed?: boolean;
  rule?: string[];
}

export const registerCheck: RegisterCommand = (program, { io, setExitCode }) => {
  program
    .command('check')
    .description('check a spec repository and report findings')
    .option('--root <dir>', 'root of the spec repository', '.')
    .addOption(new Option('--format <format>', 'output format').choices(Object.keys(formatters)).default('text'))
    .option('--version <version>', 'check only this version (repeatable)', collect)
    .option('--config <file>', `config file (default: spec-check.config.json at the root, when present)`)
    .option('--rule <id=severity>', "a rule's severity (off, warning, error) over the config's (repeatable)", collect)
    .option('--output <file>', 'write the report to this file instead of stdout')
    .option('--verbose', 'text format: show the source lines around each finding')
    .option('--quiet', 'no progress line and no notes on stderr')
    .option('--baseline <file>', 'report only findings that are not in this baseline')
    .option('--write-baseline <file>', 'record the current findings in this baseline file')
    .option('--watch', 're-check when files change, printing new findings (Ctrl-C to stop)')
    .option('--no-cache', 'neither read nor write the cache in node_modules/.cache/spec-check')
    .option('--workers <n>', 'worker threads to generate and parse pages in (default: one fewer than the cores)')
    .option('--rules-url <url>', 'sarif, markdown: link rules to their headings in docs/rules.md at this address')
    .option('--blob-url <url>', 'markdown: link locations to <url>/<path>?plain=1#L<line>')
    .option('--base <git-ref>', 'report only findings the tree has and this commit of its git repository has not')
    .option('--changed', 'with --base: report only findings in files changed since the base')
    .action(async (opts: CheckCommandOptions) => {
      const flags = {
        versions: opts.version,
        cache: opts.cache,
        format: opts.format,
        output: opts.output,
        verbose: opts.verbose,
        quiet: opts.quiet,
        rules: opts.rule,
        workers: opts.workers,
      };
      const resolve = () => resolveRunConfig({ root: opts.root, configFile: opts.config, flags, terminal: io });
      const run = resolve();
      const { output: out } = run;
      const links = linkOptions(opts);
      if (run.cacheWarning) io.stderr(`spec-check: warning: ${run.cacheWarning}\n`);
      const progress = out.progress ? progressLine(io.stderr) : undefined;
      const checkOptions = (config: RunConfig = run): CheckOptions => ({
        ...ruleOptionsOf(config),
        onProgress: progress?.update,
        cacheDir: config.cacheDir,
        ...(config.worker === undefined ? {} : { worker: config.worker }),
        ...(config.workers === undefined ? {} : { workers: config.workers }),
      });

      checkReviewFlags(opts);

      if (opts.watch) {
        if (out.format !== 'text') throw new UsageError('--watch prints text; it cannot be combined with --format');
        for (const flag of ['output', 'baseline', 'writeBaseline'] as const) {
          if (opts[flag])
            throw new UsageError(
              `--watch cannot be combined with --${flag.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`,
            );
        }
        await watchUntilStopped(run, resolve, checkOptions, io);
        setExitCode(0);
        return;
      }

      // SPEC_CHECK_TIMING=1 prints per-phase times and peak memory to stderr, as ESLint's TIMING does.
      const timings = io.env?.SPEC_CHECK_TIMING ? ({} as Record<string, number>) : undefined;
      const started = performance.now();
      const options = { ...checkOptions(), timings };
      let files, report;
      try {
        ({ files, report } = await checkOnce(run.rootArg, opts, options));
      } finally {
        progress?.clear();
      }
      const lineText: LineText = (file, line) => files.get(file)?.lineText(line);

      let baseline: Baseline | undefined = opts.baseline ? readBaseline(opts.baseline) : undefined;
      if (opts.writeBaseline) {
        // The findings of this run become the baseline, and the run reports against it.
        baseline = createBaseline(report.findings, lineText);
        writeFile(opts.writeBaseline, formatBaseline(baseline));
        if (!out.quiet)
          io.stderr(
            `spec-check: wrote ${report.findings.length} finding${report.findings.length === 1 ? '' : 's'} to ${opts.writeBaseline}\n`,
          );
      }
      if (baseline) report = withBaseline(report, baseline, lineText);

      const text = formatters[out.format](report, {
        color: out.color,
        verbose: out.verbose,
        source: (file) => files.get(file),
        rules: await ruleMetasFor(out.format, out.verbose),
        ...links,
      });
      if (out.file) writeFile(out.file, text);
      else io.stdout(text);
      if (timings) {
        timings.total = performance.now() - started;
        // Imported here: a cached check loads nothing of TypeScript's, not even its loader.
        const { typescriptLoadedFrom } = await import('../../util/typescript.js');
        const rounded = Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v * 10) / 10]));
        io.stderr(
          `spec-check timing: ${JSON.stringify({ ...rounded, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024), cpuMs: cpuMsOfProcess(), workerThreadsStarted: workerThreadsStarted(), typescriptFromCodeCache: typescriptLoadedFrom() === 'code cache' ? 1 : 0 })}\n`,
        );
      }
      // With --base, only a new error fails the check.
      setExitCode((opts.base ? report.summary.newErrors : report.summary.errors) > 0 ? 1 : 0);
    });
};

/**
 * One check: against the base (`--base`), or from the cache when the report is there, which
 * needs none of the loaders, rules and generators (they are loaded on a miss only).
 */
async function checkOnce(
  rootArg: string,
  opts: CheckCommandOptions,
  options: CheckOptions & { timings?: Record<string, number> },
): Promise<{ files: Map<string, TextFile>; report: CheckReport }> {
  const started = performance.now();
  if (opts.base) {
    const { checkAgainstBase } = await import('../../review/review.js');
    return checkAgainstBase(rootArg, { ...options, base: opts.base, changedOnly: opts.changed });
  }
  const runtime = new Runtime({
    worker: options.worker,
    cacheDir: options.cacheDir,
    ...(options.workers === undefined ? {} : { workers: options.workers }),
    singleAnalysis: true,
  });
  const { hit, lookup } = runtime.cache ? await lookUpReport(rootArg, options, runtime) : {};
  if (hit && options.timings) Object.assign(options.timings, { load: performance.now() - started, reportCached: 1 });
  return hit ?? (await import('../../check.js')).checkRoot(rootArg, { ...options, runtime, lookup });
}

/** The CPU time of the whole process so far, every thread's (user and system), in milliseconds. */
function cpuMsOfProcess(): number {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1000);
}

/** The rules' metadata, for a format that reads it (loading every rule takes a while). */
async function ruleMetasFor(format: string, verbose: boolean | undefined) {
  return formatReadsRules(format, verbose) ? (await import('../../rules/index.js')).ruleMetas : undefined;
}

function linkOptions(opts: CheckCommandOptions): { rulesUrl?: string; blobUrl?: string } {
  return {
    rulesUrl: webAddress('--rules-url', opts.rulesUrl),
    blobUrl: webAddress('--blob-url', opts.blobUrl)?.replace(/\/+$/, ''),
  };
}

/** A link base given on the command line: reports are read elsewhere, so only an absolute http(s) address. */
function webAddress(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new UsageError(`${flag} takes an http(s) address, got "${value}"`);
  return value;
}

/** `--changed` needs `--base`; `--base` reports against the base, not a baseline, once. */
function checkReviewFlags(opts: CheckCommandOptions): void {
  if (opts.changed && !opts.base) throw new UsageError('--changed needs --base <git-ref>');
  if (!opts.base) return;
  for (const flag of ['watch', 'baseline', 'writeBaseline'] as const) {
    if (opts[flag])
      throw new UsageError(`--base cannot be combined with --${flag.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`);
  }
}

function readBaseline(file: string): Baseline {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BaselineError(
      code === 'ENOENT'
        ? `baseline file not found: ${file} (write one with --write-baseline)`
        : `cannot read baseline file ${file}: ${code}`,
    );
  }
  return parseBaseline(withoutBom(text), file);
}

/** Writes a file the user named (report, baseline), creating its folder. */
function writeFile(file: string, text: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (error) {
    throw new UsageError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

async function watchUntilStopped(
  run: RunConfig,
  resolve: () => RunConfig,
  checkOptions: (config?: RunConfig) => CheckOptions,
  io: CliIo,
): Promise<void> {
  // Ctrl-C ends the watch cleanly unless the caller brought its own signal.
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  const signal = io.signal ?? controller.signal;
  if (!io.signal) process.once('SIGINT', onSigint);
  const [{ watchCheck }, { ruleMetas }] = await Promise.all([import('../../watch.js'), import('../../rules/index.js')]);
  try {
    await watchCheck({
      root: run.rootArg,
      // A changed config file is read again; when it is broken, the options spec-check started with stay.
      checkOptions: () => {
        let options: CheckOptions;
        try {
          options = checkOptions(resolve());
        } catch (error) {
          io.stderr(`spec-check: ${(error as Error).message}\n`);
          options = checkOptions();
        }
        // No progress line between the printed checks.
        return { ...options, onProgress: undefined };
      },
      configFiles: [run.watchedConfigPath],
      io,
      signal,
      text: { color: run.output.color, verbose: run.output.verbose, rules: ruleMetas },
      quiet: run.output.quiet,
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

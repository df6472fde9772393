import { Option } from 'commander';
import { check } from '../check.js';
import { formatters } from '../reporters/index.js';
import { collect, type RegisterCommand } from './types.js';

export const registerCheck: RegisterCommand = (program, { io, setExitCode }) => {
  program
    .command('check')
    .description('check a spec repository and report findings')
    .option('--root <dir>', 'root of the spec repository', '.')
    .addOption(new Option('--format <format>', 'output format').choices(Object.keys(formatters)).default('text'))
    .option('--version <version>', 'check only this version (repeatable)', collect)
    .action(async (opts: { root: string; format: string; version?: string[] }) => {
      // SPEC_CHECK_TIMING=1 prints per-phase times and peak memory to stderr, as ESLint's TIMING does.
      const timings = io.env?.SPEC_CHECK_TIMING ? ({} as Record<string, number>) : undefined;
      const started = performance.now();
      const report = await check(opts.root, { versions: opts.version, timings });
      const color = !!io.isTTY && !io.env?.NO_COLOR && opts.format === 'text';
      io.stdout(formatters[opts.format](report, { color }));
      if (timings) {
        timings.total = performance.now() - started;
        const rounded = Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v * 10) / 10]));
        io.stderr(`spec-check timing: ${JSON.stringify({ ...rounded, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
      }
      setExitCode(report.summary.errors > 0 ? 1 : 0);
    });
};

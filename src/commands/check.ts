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
      const report = await check(opts.root, { versions: opts.version });
      const color = !!io.isTTY && !io.env?.NO_COLOR && opts.format === 'text';
      io.stdout(formatters[opts.format](report, { color }));
      setExitCode(report.summary.errors > 0 ? 1 : 0);
    });
};

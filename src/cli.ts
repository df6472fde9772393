#!/usr/bin/env node
/**
 * The command line. Exit codes: 0 no error-severity finding, 1 at least one, 2 cannot run
 * (bad arguments, missing root), with a one-line reason on stderr.
 */
import { Command, CommanderError, Option } from 'commander';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { check } from './check.js';
import { LoadError } from './sources/load.js';
import { formatters } from './reporters/index.js';
import { toolVersion } from './version.js';

export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Whether stdout is a terminal (colour, progress). */
  isTTY?: boolean;
  env?: Record<string, string | undefined>;
}

const defaultIo: CliIo = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stdout.isTTY,
  env: process.env,
};

/** Usage problems that must end the run with exit code 2. */
class UsageError extends Error {}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let exitCode = 0;
  const program = new Command('spec-check')
    .description('Checks a protocol specification repository for drift between schema.ts, prose, examples and generated files.')
    .version(toolVersion, '-V, --version', 'print the spec-check version')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

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
      exitCode = report.summary.errors > 0 ? 1 : 0;
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0; // --help, --version
      io.stderr(`spec-check: ${error.message.replace(/^error: /, '')}\n`);
      return 2;
    }
    if (error instanceof LoadError || error instanceof UsageError) {
      io.stderr(`spec-check: ${error.message}\n`);
      return 2;
    }
    io.stderr(`spec-check: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    return 2;
  }
}

// Run when executed directly (the bin), not when imported by tests.
const self = fileURLToPath(import.meta.url);
if (process.argv[1] && fs.realpathSync(process.argv[1]) === self) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

#!/usr/bin/env node
/**
 * The command line. Exit codes: 0 no error-severity finding, 1 at least one, 2 cannot run
 * (bad arguments, missing root), with a one-line reason on stderr.
 */
import { Command, CommanderError } from 'commander';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import v8 from 'node:v8';
import { LoadError } from './sources/load.js';
import { toolVersion } from './version.js';
import { UsageError, type CliIo, type RegisterCommand } from './commands/types.js';
import { registerCheck } from './commands/check.js';
import { registerClaims } from './commands/claims.js';
import { registerGenerate } from './commands/generate.js';
import { registerSepDiff } from './commands/sep-diff.js';

export type { CliIo } from './commands/types.js';

/** Every subcommand, in the order `--help` lists them. */
const commands: RegisterCommand[] = [registerCheck, registerGenerate, registerSepDiff, registerClaims];

const defaultIo: CliIo = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stdout.isTTY,
  env: process.env,
};

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let exitCode = 0;
  const program = new Command('spec-check')
    .description('Checks a protocol specification repository for drift between schema.ts, prose, examples and generated files.')
    .version(toolVersion, '-V, --version', 'print the spec-check version')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });
  for (const register of commands) register(program, { io, setExitCode: (code) => (exitCode = code) });
  // Subcommands inherit the error handling and output of the program.
  for (const sub of program.commands) sub.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

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

/**
 * V8 optimises a function once it has run for a while (its "interrupt budget"), on background
 * threads. A check is a few seconds of mostly run-once code (TypeScript's checker, the Markdown
 * parser): with the default budget, optimising took a third of a cold check's CPU (3.6 s of
 * 10 s, on four threads) and competed for two cores with the check and its generator worker.
 * Eight times the default budget optimises only what runs long: 2 s less CPU, 0.7 s less wall.
 */
const INTERRUPT_BUDGET = 8 * 67584;

// Run when executed directly (the bin), not when imported by tests.
const self = fileURLToPath(import.meta.url);
if (process.argv[1] && fs.realpathSync(process.argv[1]) === self) {
  v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

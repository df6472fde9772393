/**
 * The command line program: its commands, options and exit codes (0 no error-severity finding,
 * 1 at least one, 2 cannot run: bad arguments, missing root, with a one-line reason on stderr).
 * It reads no process state but through `CliIo`; `src/cli.ts` is the executable that runs it.
 */
import { Command, CommanderError } from 'commander';
import { SpecCheckError } from '../core/errors.js';
import { toolVersion } from '../version.js';
import { visible } from '../reporters/escape.js';
import { withoutMachinePaths } from '../util/machine-paths.js';
import { type CliIo, type RegisterCommand } from './command-module.js';
import { registerCheck } from './commands/check.js';
import { registerClaims } from './commands/claims.js';
import { registerGenerate } from './commands/generate.js';
import { registerSepDiff } from './commands/sep-diff.js';
import { registerRules } from './commands/rules.js';
import { registerChanges } from './commands/changes.js';

/** Every subcommand, in the order `--help` lists them. */
const commands: RegisterCommand[] = [
  registerCheck,
  registerGenerate,
  registerSepDiff,
  registerClaims,
  registerChanges,
  registerRules,
];

const defaultIo: CliIo = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stdout.isTTY,
  env: process.env,
};

/** Parses `argv` (without the node and script paths), runs the command; resolves to the exit code. */
export async function runProgram(args: string[], io: CliIo = defaultIo): Promise<number> {
  // `--debug`, anywhere: an internal error prints its stack trace (without it, one line).
  const debug = args.includes('--debug');
  const argv = args.filter((a) => a !== '--debug');
  let exitCode = 0;
  const program = new Command('spec-check')
    .description(
      'Checks a protocol specification repository for drift between schema.ts, prose, examples and generated files.',
    )
    .version(toolVersion, '-V, --version', 'print the spec-check version')
    .option('--debug', 'print the stack trace of an internal error (any command)')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });
  for (const register of commands) register(program, { io, setExitCode: (code) => (exitCode = code) });
  // Subcommands inherit the error handling and output of the program.
  for (const sub of program.commands)
    sub.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0; // --help, --version
      io.stderr(`spec-check: ${errorLine(error.message.replace(/^error: /, ''))}\n`);
      return 2;
    }
    if (error instanceof SpecCheckError) {
      io.stderr(`spec-check: ${errorLine(error.message)}\n`);
      return error.exitCode;
    }
    io.stderr(internalErrorText(error, debug));
    return 2;
  }
}

/**
 * An internal error as printed: one line (its message, paths of the machine made relative,
 * control characters escaped) and a hint, or with `debug` the stack trace as well.
 */
export function internalErrorText(error: unknown, debug: boolean): string {
  const message =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  const line = `spec-check: internal error: ${errorLine(message)} (run with --debug for details)\n`;
  return debug && error instanceof Error && error.stack ? `${line}${error.stack}\n` : line;
}

/** A message on one line, naming no absolute path of the machine. */
function errorLine(message: string): string {
  return visible(withoutMachinePaths(message));
}

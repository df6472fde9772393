/**
 * The command line program: its commands, options and exit codes (0 no error-severity finding,
 * 1 at least one, 2 cannot run: bad arguments, missing root, with a one-line reason on stderr).
 * `cli.ts` is the executable that runs it.
 */
import { Command, CommanderError } from 'commander';
import { SpecCheckError } from './core/errors.js';
import { toolVersion } from './version.js';
import { type CliIo, type RegisterCommand } from './commands/types.js';
import { registerCheck } from './commands/check.js';
import { registerClaims } from './commands/claims.js';
import { registerGenerate } from './commands/generate.js';
import { registerSepDiff } from './commands/sep-diff.js';
import { registerRules } from './commands/rules.js';

/** Every subcommand, in the order `--help` lists them. */
const commands: RegisterCommand[] = [registerCheck, registerGenerate, registerSepDiff, registerClaims, registerRules];

const defaultIo: CliIo = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stdout.isTTY,
  env: process.env,
};

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let exitCode = 0;
  const program = new Command('spec-check')
    .description(
      'Checks a protocol specification repository for drift between schema.ts, prose, examples and generated files.',
    )
    .version(toolVersion, '-V, --version', 'print the spec-check version')
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
      io.stderr(`spec-check: ${error.message.replace(/^error: /, '')}\n`);
      return 2;
    }
    if (error instanceof SpecCheckError) {
      io.stderr(`spec-check: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`spec-check: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    return 2;
  }
}

#!/usr/bin/env node
/**
 * The `spec-check` executable (the package's bin, dist/cli.js): it sets V8 flags, starts the
 * worker thread before loading the program when the command will need it, then runs the program
 * (`cli/program.ts`). Importing it runs nothing: `main` runs the program for tests and scripts.
 */
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import type { CliIo } from './cli/command-module.js';
import { startWorkerEarly, whileWorkersWork } from './runtime/runtime.js';
import { collectInOneThread, setExecutableFlags } from './util/v8-flags.js';

export type { CliIo } from './cli/command-module.js';

/** Runs the command line program with these arguments; resolves to the exit code. */
export async function main(argv: string[], io?: CliIo): Promise<number> {
  // Loaded after the worker was started: the program's modules take a while to load.
  return (await import('./cli/program.js')).runProgram(argv, io);
}

// Run when executed directly (the bin), not when imported by tests.
const self = fileURLToPath(import.meta.url);
if (process.argv[1] && fs.realpathSync(process.argv[1]) === self) {
  setExecutableFlags();
  whileWorkersWork(collectInOneThread);
  // check and generate generate files, in the worker: started now, it loads TypeScript and
  // TypeDoc while this thread loads the program and reads the spec (about 0.4 s sooner). A check
  // may find its report, or everything the worker would make, in the cache: its worker is started
  // once the check knows it has work.
  const [command, ...rest] = process.argv.slice(2);
  if ((command === 'check' || command === 'generate') && !rest.some((a) => a === '--help' || a === '-h'))
    startWorkerEarly({ whenWoken: command === 'check' && !rest.includes('--watch') && !rest.includes('--no-cache') });
  // What escapes the program (an error event of a stream, a watcher's failure) is still one line
  // and exit code 2; `--debug` adds the stack trace.
  const debug = process.argv.includes('--debug');
  const fatal = async (error: unknown) => {
    const { internalErrorText } = await import('./cli/program.js');
    process.stderr.write(internalErrorText(error, debug));
    process.exit(2);
  };
  process.on('uncaughtException', (error) => void fatal(error));
  process.on('unhandledRejection', (error) => void fatal(error));
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  }, fatal);
}

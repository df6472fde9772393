#!/usr/bin/env node
/**
 * The `spec-check` executable (the package's bin, dist/cli.js): it sets V8 flags, starts the
 * worker thread before loading the program when the command will need it, then runs the program
 * (`cli/program.ts`). Importing it runs nothing: `main` runs the program for tests and scripts.
 */
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import v8 from 'node:v8';
import type { CliIo } from './cli/command-module.js';
import { startWorkerEarly } from './runtime/runtime.js';

export type { CliIo } from './cli/command-module.js';

/** Runs the command line program with these arguments; resolves to the exit code. */
export async function main(argv: string[], io?: CliIo): Promise<number> {
  // Loaded after the worker was started: the program's modules take a while to load.
  return (await import('./cli/program.js')).runProgram(argv, io);
}

/**
 * V8 optimises a function once it has run for a while (its "interrupt budget"), on background
 * threads. A check is a few seconds of mostly run-once code (TypeScript's checker, the Markdown
 * parser): with the default budget, optimising took a third of a cold check's CPU (3.6 s of
 * 10 s, on four threads) and competed for two cores with the check and its worker thread.
 * A larger budget optimises only what runs long: eight times the default took 2.3 s of CPU and
 * 0.9 s of wall time off a cold check of the MCP corpus, sixteen times 4% more wall time, and
 * thirty-two times nothing more.
 */
const INTERRUPT_BUDGET = 16 * 67584;

/**
 * How much V8 lets the heap grow past what a full collection left alive, in percent. Left to
 * itself it grew the two threads' heaps to about 600 MB on the MCP corpus for 80 MB of live
 * data. A cold check peaks at the end of the rules, with only the main thread left (the workers
 * are ended once the files are generated), its heap at about 125 MB live: 100% let it reach
 * 500-540 MB, 25% keeps it at 425-450 MB for about 6% more CPU (more full collections). The
 * flag is read at each collection, but setting it only when the rules begin does not help: the
 * heap's limit was set during loading, by the live data then.
 */
const HEAP_GROWING_PERCENT = 25;

// Run when executed directly (the bin), not when imported by tests.
const self = fileURLToPath(import.meta.url);
if (process.argv[1] && fs.realpathSync(process.argv[1]) === self) {
  v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
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

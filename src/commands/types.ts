import type { Command } from 'commander';

export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Whether stdout is a terminal (colour, progress). */
  isTTY?: boolean;
  env?: Record<string, string | undefined>;
  /** Ends long-running commands (`check --watch`); the CLI binds it to Ctrl-C when absent. */
  signal?: AbortSignal;
}

/** What a command module gets: where to write, and how to set the exit code. */
export interface CommandEnv {
  io: CliIo;
  setExitCode(code: number): void;
}

/** A command module adds its subcommand to the program. */
export type RegisterCommand = (program: Command, env: CommandEnv) => void;

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

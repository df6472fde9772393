/**
 * Errors that end a command before it can report: each carries the exit code the CLI ends with,
 * and a one-line message it prints. Anything else that escapes a command is an internal error.
 */
export class SpecCheckError extends Error {
  /** The process exit code: 2, "spec-check could not run". */
  readonly exitCode: number = 2;
}

/** The input cannot be loaded: a missing root, no schema folder, an unknown version. */
export class LoadError extends SpecCheckError {}

/** A usage problem found after the arguments were parsed (options that do not go together). */
export class UsageError extends SpecCheckError {}

/** The config file cannot be used (unreadable, invalid JSON, an unknown key or rule, a bad value). */
export class ConfigError extends LoadError {}

/** A file spec-check was asked to write cannot be written (a read-only tree, a full disk). */
export class WriteError extends SpecCheckError {}

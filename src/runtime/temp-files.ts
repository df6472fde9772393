/**
 * The temp files this process has open for an atomic write (a generated file, a cache entry):
 * removed when the process is interrupted (SIGINT, SIGTERM) before the rename, so that a stopped
 * run leaves nothing behind. A process killed outright (SIGKILL) cannot clean up: its temp
 * files are named `<name>.<pid>.<random>.tmp`, and the next write to the same folder removes those
 * of processes that no longer run (`removeStaleTemps`).
 */
import fs from 'node:fs';
import path from 'node:path';

const live = new Set<string>();
let handlersInstalled = false;

/** Records a temp file about to be written; call `untrackTemp` once it is renamed or removed. */
export function trackTemp(file: string): void {
  installHandlers();
  live.add(file);
}

export function untrackTemp(file: string): void {
  live.delete(file);
}

/** Removes every tracked temp file (synchronously: it runs in signal handlers). */
export function removeTrackedTemps(): void {
  for (const file of live) {
    try {
      fs.rmSync(file, { force: true });
    } catch {
      // Nothing more can be done while the process ends.
    }
  }
  live.clear();
}

/**
 * On SIGINT or SIGTERM: removes the temp files; then, when nothing else listens for the signal
 * (watch mode does, to stop cleanly), ends the process as the signal would have (128 + number).
 */
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
  ] as const) {
    const onSignal = () => {
      removeTrackedTemps();
      if (process.listenerCount(signal) <= 1) process.exit(128 + number);
    };
    // First in line: a `once` listener (watch mode's) removes itself when it runs, and would
    // no longer be counted after it.
    process.prependListener(signal, onSignal);
  }
  process.on('exit', removeTrackedTemps);
}

/** A temp file name next to `file`, marked with this process's id (see `removeStaleTemps`). */
export function tempNameFor(file: string, random: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${random}.tmp`);
}

const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-z]+\.tmp$/;

/** Removes the temp files in `dir` left by processes that no longer run (killed mid-write). */
export function removeStaleTemps(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m || Number(m[2]) === process.pid || isRunning(Number(m[2]))) continue;
    try {
      const abs = path.join(dir, name);
      if (fs.lstatSync(abs).isFile()) fs.rmSync(abs, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

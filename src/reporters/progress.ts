/**
 * A one-line progress display for a terminal: rewritten in place (carriage return, clear to
 * end of line), at most every 100 ms, and erased when the work is done.
 */
export interface ProgressLine {
  update(phase: string, done: number, total: number): void;
  clear(): void;
}

export function progressLine(write: (s: string) => void, now: () => number = Date.now): ProgressLine {
  let shown = false;
  let last = -Infinity;
  return {
    update(phase, done, total) {
      const t = now();
      if (t - last < 100) return;
      last = t;
      shown = true;
      write(`\r\x1b[K${phase} (${done}/${total})`);
    },
    clear() {
      if (shown) write('\r\x1b[K');
      shown = false;
    },
  };
}

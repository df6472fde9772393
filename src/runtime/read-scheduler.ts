/**
 * Bounded concurrency for the reads of the checked tree. The loaders ask for every file at once
 * (`Promise.all` over thousands of paths); unbounded, each open holds a file descriptor, and a
 * tree larger than the process's descriptor limit (`ulimit -n`, often 1,024) fails with EMFILE
 * on the files past it. The scheduler runs at most `limit` calls at a time, and a call that still
 * fails with EMFILE or ENFILE (descriptors held elsewhere: the worker, TypeDoc's own reads) waits
 * for a running one to finish, or a short pause, and is tried again, with fewer calls at once.
 */
import { MAX_CONCURRENT_READS, READ_RETRY_MS } from '../core/limits.js';

const OUT_OF_DESCRIPTORS = new Set(['EMFILE', 'ENFILE']);

export class ReadScheduler {
  #running = 0;
  #limit: number;
  readonly #queue: (() => void)[] = [];

  constructor(
    readonly maxConcurrent = MAX_CONCURRENT_READS,
    /** How long a call keeps retrying while out of descriptors before its error stands. */
    readonly retryMs = READ_RETRY_MS,
  ) {
    this.#limit = maxConcurrent;
  }

  /** Calls running now (for tests). */
  get running(): number {
    return this.#running;
  }

  /** Runs `task` when a slot is free; retries it while the process is out of file descriptors. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      await this.#slot();
      try {
        const value = await task();
        // Descriptors are available again: let the concurrency grow back, one call at a time.
        if (this.#limit < this.maxConcurrent) this.#limit++;
        return value;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException | undefined)?.code;
        if (!code || !OUT_OF_DESCRIPTORS.has(code) || Date.now() - started > this.retryMs) throw error;
        // Fewer at once from now on; with nothing else of ours running, the descriptors are held
        // elsewhere: pause before trying again.
        this.#limit = Math.max(1, this.#running - 1);
        if (this.#running <= 1) await pause(Math.min(100, 5 * 2 ** Math.min(attempt, 5)));
      } finally {
        this.#release();
      }
    }
  }

  /** `target` with each of its methods run through the scheduler. */
  wrap<T extends object>(target: T): T {
    const out = {} as Record<string, unknown>;
    for (const [name, value] of Object.entries(target)) {
      out[name] =
        typeof value === 'function'
          ? (...args: unknown[]) => this.run(() => (value as (...a: unknown[]) => Promise<unknown>)(...args))
          : value;
    }
    return out as T;
  }

  #slot(): Promise<void> {
    if (this.#running < this.#limit) {
      this.#running++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.#queue.push(() => {
        this.#running++;
        resolve();
      }),
    );
  }

  #release(): void {
    this.#running--;
    while (this.#running < this.#limit && this.#queue.length) this.#queue.shift()!();
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

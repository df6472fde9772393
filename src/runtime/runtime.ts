/**
 * How work is run, for every command: in this thread or the worker thread, with or without the
 * disk cache, and what is kept in memory between analyses (watch mode re-checks, the base and
 * the head of a pull request). A runtime outlives the projects it serves; everything it keeps
 * is found by content key, so no project can see another's data by mistake.
 */
import { DiskCache, MemoryCache } from './cache.js';
import { toolVersion } from '../version.js';
import * as runner from './worker/runner.js';
import type { WorkerJob, WorkerOutput } from './worker/jobs.js';

export interface RuntimeOptions {
  /**
   * Run the heavy jobs (generating, parsing the SEPs) in the worker thread: true always, false
   * never; default: when it is started already, or the job's input is large enough to pay.
   */
  worker?: boolean;
  /** Folder of the content-addressed disk cache; no disk cache when absent. */
  cacheDir?: string;
}

export class Runtime {
  /** The disk cache (generated files, whole reports), when the command uses one. */
  readonly cache?: DiskCache;
  readonly #memories = new Map<string, MemoryCache<unknown>>();
  /**
   * In the life of the runtime (for `SPEC_CHECK_TIMING` and tests): the versions' schema.json
   * generated (not read back), the Schema Reference pages rendered from a conversion, and those
   * made again from a kept rendering with other example texts.
   */
  readonly counts = { schemaJsonGenerated: 0, referencePagesRendered: 0, referencePagesSpliced: 0 };

  constructor(readonly options: RuntimeOptions = {}) {
    if (options.cacheDir) this.cache = new DiskCache(options.cacheDir, toolVersion);
  }

  /** Whether a job with this much input text runs in the worker thread. */
  useWorker(inputLength: number): boolean {
    if (this.options.worker !== undefined) return this.options.worker;
    return runner.workerStarted() || runner.worthAWorker(inputLength);
  }

  /**
   * Starts the worker thread now when a job of this size will go there, so that it loads its
   * modules while this thread reads the sources.
   */
  prepareWorker(inputLength: number): void {
    if (this.options.worker !== false && (this.options.worker || runner.worthAWorker(inputLength))) runner.warmWorker();
    else this.wakeWorker();
  }

  /** Wakes the worker started early and dormant (see `startWorkerEarly`), when jobs may go there: this run has work. */
  wakeWorker(): void {
    if (this.options.worker !== false) runner.wakeWorker();
  }

  /** Runs a job with this much input text where `useWorker` says. */
  run<J extends WorkerJob>(job: J, inputLength: number): Promise<WorkerOutput<J>> {
    return runner.runJob(job, this.useWorker(inputLength));
  }

  /**
   * A named in-memory cache by content key, kept for the life of the runtime: a re-check reuses
   * what an unchanged input gave (compiled validators, generated files).
   */
  memory<T>(name: string, limit: number): MemoryCache<T> {
    let memory = this.#memories.get(name);
    if (!memory) this.#memories.set(name, (memory = new MemoryCache<unknown>(limit)));
    return memory as MemoryCache<T>;
  }
}

/**
 * Starts the worker thread before the program is loaded, for a command that will use it (the
 * executable's head start; see `cli.ts`). `dormant`: it loads the job modules only when a
 * runtime wakes it (a check does once it knows its report is not cached) or a job comes.
 */
export function startWorkerEarly({ dormant = false }: { dormant?: boolean } = {}): void {
  if (dormant) runner.startDormantWorker();
  else runner.warmWorker();
}

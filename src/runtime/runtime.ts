/**
 * How work is run, for every command: in this thread or the worker thread, with or without the
 * disk cache, and what is kept in memory between analyses (watch mode re-checks, the base and
 * the head of a pull request). A runtime outlives the projects it serves; everything it keeps
 * is found by content key, so no project can see another's data by mistake.
 */
import { DiskCache, hashParts, MemoryCache } from './cache.js';
import { toolVersion } from '../version.js';
import * as runner from './worker/runner.js';
import type { LightJob, WorkerJob, WorkerOutput } from './worker/jobs.js';
import type { HighlightElsewhere } from '../generators/reference-highlight.js';

export interface RuntimeOptions {
  /**
   * Run the heavy jobs (generating, parsing the SEPs) in the worker thread: true always, false
   * never; default: when it is started already, or the job's input is large enough to pay.
   */
  worker?: boolean;
  /** Folder of the content-addressed disk cache; no disk cache when absent. */
  cacheDir?: string;
  /**
   * How many worker threads the jobs that split and the versions' pages are spread over
   * (`--workers`); default: one fewer than the cores (see `defaultWorkerThreads`). The output is
   * the same for any number.
   */
  workers?: number;
  /**
   * The runtime serves one analysis (a check from the command line): its worker threads are
   * ended once the files are generated, so that what they hold is given back while the rules run.
   */
  singleAnalysis?: boolean;
}

export class Runtime {
  /** The disk cache (generated files, whole reports), when the command uses one. */
  readonly cache?: DiskCache;
  readonly #memories = new Map<string, MemoryCache<unknown>>();
  /**
   * In the life of the runtime (for `SPEC_CHECK_TIMING` and tests): the versions' schema.json
   * generated (not read back), the Schema Reference pages rendered from a conversion, those
   * made again from a kept rendering with other example texts, the versions' pages parsed in the
   * pool's workers, and the SEP pages a check judged by their head alone (the committed body
   * taken), by their head and the blocks of the body that differ, or formatted whole.
   */
  readonly counts = {
    schemaJsonGenerated: 0,
    referencePagesRendered: 0,
    referencePagesSpliced: 0,
    /** Schema Reference pages taken as committed: an earlier check found them equal with the same inputs. */
    referencePagesAsCommitted: 0,
    pagesParsedInWorkers: 0,
    sepPagesByHead: 0,
    sepPagesByChunks: 0,
    sepPagesFormattedWhole: 0,
    /** Jobs the model asked for that were started before it was loaded (see `startEarly`). */
    jobsStartedEarly: 0,
    /** Code blocks of Schema Reference pages highlighted by a rendering or a splice (not taken from kept ones). */
    referenceBlocksHighlighted: 0,
  };

  /** Jobs started early (see `startEarly`) that no one has asked for yet, by their content. */
  readonly #early = new Map<string, Promise<unknown>>();

  /** How many worker threads the jobs that split are spread over. */
  readonly workers: number;

  constructor(readonly options: RuntimeOptions = {}) {
    if (options.cacheDir) this.cache = new DiskCache(options.cacheDir, toolVersion);
    this.workers = Math.max(1, Math.floor(options.workers ?? runner.defaultWorkerThreads()));
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

  /**
   * Wakes the worker the executable asked for (see `startWorkerEarly`), starting it if need be,
   * when jobs may go there: this run has work.
   */
  wakeWorker(): void {
    if (this.options.worker !== false) runner.wakeWorker();
  }

  /**
   * Starts the thread of the worker the executable asked for, without its job modules, when the
   * check cannot tell yet whether it will have work for it (no input file's digest is known
   * until the files are read): it is then up when woken.
   */
  standByWorker(): void {
    if (this.options.worker !== false) runner.startDormantWorker();
  }

  /**
   * Runs a job with this much input text where `useWorker` says. With more than one worker, a
   * job that splits (see `splitJob`) is spread over the workers after the first (which parses the
   * SEPs and renders the Schema Reference), and the parts' outputs are put back in the job's order.
   * The SEP pages' formatting goes where schema.json goes: with one worker, in it after its other
   * jobs. Since a check formats the heads of most pages only (see `checkedSepPages`), that is
   * little work, and a thread of its own cost more than it saved (measured in
   * docs/architecture.md, "The worker pool and the SEP pages' formatting").
   */
  async run<J extends WorkerJob>(job: J, inputLength: number): Promise<WorkerOutput<J>> {
    if (this.#early.size) {
      const key = jobKey(job);
      const started = this.#early.get(key);
      if (started) {
        this.#early.delete(key);
        this.counts.jobsStartedEarly++;
        return started as Promise<WorkerOutput<J>>;
      }
    }
    // Splicing the Schema Reference needs this thread's disk cache of highlighted blocks, and the
    // highlighter for the blocks no cache holds: a splice job in the worker would load TypeDoc and
    // TypeScript there (see `reference-highlight.ts`). Those blocks go to the worker as a light job.
    if (job.kind === 'schema-reference-splice') {
      const { splicePages } = await import('../generators/reference-highlight.js');
      const elsewhere: HighlightElsewhere = (blocks) => this.runLight({ kind: 'highlight', blocks });
      return (await splicePages(
        job,
        this.cache,
        this.memory<string>('highlighted code blocks', 4096),
        this.counts,
        elsewhere,
      )) as WorkerOutput<J>;
    }
    const inWorker = this.useWorker(inputLength);
    const parts = inWorker && this.workers > 1 ? splitJob(job, this.workers - 1) : undefined;
    if (!parts) return runner.runJob(job, inWorker);
    const outputs = await Promise.all(parts.map((part, i) => runner.runJob(part.job, true, 1 + i)));
    const merged: unknown[] = [];
    for (const [i, part] of parts.entries())
      for (const [j, at] of part.indexes.entries()) merged[at] = (outputs[i] as unknown[])[j];
    return merged as WorkerOutput<J>;
  }

  /**
   * Runs a light job (see `lightJob`) in the worker, where the runtime has one or the executable
   * would start one (a check after an edit has none otherwise: it starts for the job, and loads
   * only what the job needs while this thread runs the rules); undefined elsewhere, and the caller
   * does the work itself.
   */
  runLight<J extends LightJob>(job: J): Promise<WorkerOutput<J>> | undefined {
    const worker = this.options.worker ?? (runner.workerStarted() || runner.startsWorkerWhenWoken());
    return worker && runner.workerAvailable() ? runner.runJob(job, true) : undefined;
  }

  /**
   * Starts a job that the check will ask for once its model is loaded (planned from the last
   * check's jobs: see `generators/job-plan.ts`), so that the worker runs it while this thread
   * loads. `run` with the same job, field for field, answers with it; a job no one asks for is
   * let go with the workers (`release`).
   */
  startEarly(job: WorkerJob, inputLength: number): void {
    const started = this.run(job, inputLength);
    started.catch(() => undefined);
    this.#early.set(jobKey(job), started);
  }

  /** Runs a job in worker `index` of the pool (started if need be), or here when no worker thread is available. */
  runInWorker<J extends WorkerJob>(job: J, index: number): Promise<WorkerOutput<J>> {
    return runner.runJob(job, this.options.worker !== false, index);
  }

  /**
   * Ends the worker threads when the runtime serves one analysis (`singleAnalysis`) and no job is
   * owed: called once the files are generated. A later job would start a worker again. Jobs
   * started early that the check did not ask for are let go (with one analysis, their workers are
   * ended all the same).
   */
  async release(): Promise<void> {
    // A job started early that the check did not ask for is owed to no one (nor kept for the next check).
    const unasked = this.#early.size > 0;
    this.#early.clear();
    if (this.options.singleAnalysis) await runner.endWorkers(unasked);
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

  /**
   * The runtime's one store of this name (a check's verdicts, its inline types), made by `make`
   * when it has none yet; without `make`, the store when a check opened one.
   */
  store<T>(name: string, make: () => T): T;
  store<T>(name: string): T | undefined;
  store<T>(name: string, make?: () => T): T | undefined {
    const memory = this.memory<T>(name, 1);
    let store = memory.get(name);
    if (!store && make) memory.set(name, (store = make()));
    return store;
  }
}

/**
 * A job's identity: its content (a job is a pure function of it), but for the code blocks a
 * Schema Reference job is given highlighted, which change no page (see `ReferenceJob`).
 */
function jobKey(job: WorkerJob): string {
  return hashParts([JSON.stringify(job, (key, value: unknown) => (key === 'highlights' ? undefined : value))]);
}

/** A part of a job: the job over some of its items, and where each item's output goes in the whole. */
interface JobPart<J extends WorkerJob> {
  job: J;
  indexes: number[];
}

/**
 * A job whose items are independent, dealt round the workers (item i to part i mod n): each
 * version's schema.json (each is generated from a program of its own), each page to format.
 * Undefined for a job that does not split.
 */
function splitJob<J extends WorkerJob>(job: J, workers: number): JobPart<J>[] | undefined {
  const items: readonly unknown[] | undefined =
    job.kind === 'schema-json' ? job.versions : job.kind === 'format' ? job.files : undefined;
  if (!items?.length) return undefined;
  const count = Math.min(workers, items.length);
  return Array.from({ length: count }, (_, p) => {
    const indexes = items.map((_, i) => i).filter((i) => i % count === p);
    const subset = indexes.map((i) => items[i]);
    return {
      job: (job.kind === 'schema-json' ? { ...job, versions: subset } : { ...job, files: subset }) as J,
      indexes,
    };
  });
}

/**
 * Starts the worker thread before the program is loaded, for a command that will use it (the
 * executable's head start; see `cli.ts`). `whenWoken`: not now, but when a runtime wakes it (a
 * check does once it knows that the cache does not hold everything the worker would make; see
 * `lookUpReport`) or a job comes.
 */
export function startWorkerEarly({ whenWoken = false }: { whenWoken?: boolean } = {}): void {
  if (whenWoken) runner.startWorkerWhenWoken();
  else runner.warmWorker();
}

/** For the executable: see `whileWorkersWork` in worker/runner.ts. */
export function whileWorkersWork(set: ((working: boolean) => void) | undefined): void {
  runner.whileWorkersWork(set);
}

/** How many worker threads this process started, ended ones included (the pool is the process's). */
export function workerThreadsStarted(): number {
  return runner.workerThreadsStarted();
}

/**
 * Runs jobs (see `jobs.ts`) in this thread or in a pool of worker threads. A cold check spends about
 * as long generating (type-checking programs, TypeDoc) as parsing prose and checking, and the two
 * need nothing from each other until the freshness rules run: on two cores one worker does one
 * while this thread does the other; with more cores, the jobs that split (each version's
 * schema.json, the SEP pages' formatting) are spread over more workers. A worker is started on
 * first use, kept for later jobs (watch mode) until `endWorkers`, and never keeps the process
 * alive by itself.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';
import { lightJob, type WorkerJob, type WorkerOutput } from './jobs.js';
import { tempNameFor, trackTemp, untrackTemp } from '../temp-files.js';
import { packageFile } from '../../util/package-dir.js';

let script: URL | null | undefined;
let fromSource = false;

/**
 * The bundled worker's path in the package, set by the build's bundle of the command line
 * (scripts/bundle.mjs), whose modules are not where the compiled ones are; undefined elsewhere.
 */
declare const SPEC_CHECK_BUNDLED_WORKER: string | undefined;

/**
 * The worker's script: the built one (next to this module when compiled, where the bundle says
 * when bundled); or, running from the TypeScript sources (the unit tests), the sources bundled by
 * esbuild (a dev dependency) into node_modules/.cache, so that tests of the worker need no build.
 * Null when neither can be had (a thread cannot run .ts on Node 20: loaders given to a worker do
 * not apply to its own modules).
 */
function workerScript(): URL | null {
  if (script !== undefined) return script;
  const built =
    typeof SPEC_CHECK_BUNDLED_WORKER === 'string'
      ? pathToFileURL(packageFile(SPEC_CHECK_BUNDLED_WORKER))
      : new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return (script = built);
  const source = new URL('./worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(source))) return (script = null);
  try {
    script = bundleFromSource(fileURLToPath(source));
    fromSource = true;
    return script;
  } catch {
    return (script = null);
  }
}

/**
 * Bundles the worker's sources, the packages left as imports, into a folder named by the
 * bundle's content: test processes that bundle at the same time write the same files, each by
 * renaming a whole file into place.
 */
function bundleFromSource(workerTs: string): URL {
  const here = path.dirname(workerTs);
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [workerTs],
    outdir: '/out',
    write: false,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  const hash = createHash('sha256');
  for (const f of outputFiles) hash.update(f.path).update(f.contents);
  const dir = path.resolve(here, '../../../node_modules/.cache/spec-check-worker', hash.digest('hex').slice(0, 16));
  if (!existsSync(path.join(dir, 'worker.js'))) {
    mkdirSync(dir, { recursive: true });
    // worker.js last: once it is there, so is everything it imports.
    for (const f of [...outputFiles].sort(
      (a, b) => Number(a.path === '/out/worker.js') - Number(b.path === '/out/worker.js'),
    )) {
      const target = path.join(dir, path.relative('/out', f.path));
      // Threads of one process share its pid: the thread id keeps their temporary files apart.
      const temp = tempNameFor(target, String(threadId));
      trackTemp(temp);
      try {
        writeFileSync(temp, f.contents);
        renameSync(temp, target);
      } finally {
        untrackTemp(temp);
      }
    }
  }
  return pathToFileURL(path.join(dir, 'worker.js'));
}

/** Whether the worker can run here: the built script, or the sources with esbuild installed. */
export function workerAvailable(): boolean {
  return workerScript() !== null;
}

/** Whether the worker runs from the TypeScript sources, bundled (see `workerScript`). */
export function workerFromSource(): boolean {
  return workerScript() !== null && fromSource;
}

/** Below this much input text, a job takes less than starting the worker (about 0.5 s of CPU). */
const WORKER_MIN_BYTES = 64 * 1024;

/** Whether work on this much text is better done in the worker: when it is available and the text large. */
export function worthAWorker(textLength: number): boolean {
  return textLength >= WORKER_MIN_BYTES && workerAvailable();
}

interface Pending {
  resolve(output: unknown): void;
  reject(error: Error): void;
}

/**
 * One worker thread of the pool. The first (index 0) is the one a check starts early and warms
 * up: it parses the SEPs and renders the Schema Reference (it keeps TypeDoc and the last program
 * for watch mode's re-renders). The others start on demand, load nothing ahead, and take the
 * parts of jobs that split (see `Runtime.run`).
 */
interface PoolWorker {
  thread: Worker;
  pending: Map<number, Pending>;
  /** How many jobs were posted to it and not started yet, shared with it (see `MarkdownJob.givesWay`). */
  waiting: Int32Array;
}

const pool: (PoolWorker | undefined)[] = [];
let nextId = 0;
/** How many worker threads this process started (for `SPEC_CHECK_TIMING` and tests). */
let threadsStarted = 0;
/** The first worker is started when woken (see `startWorkerWhenWoken`). */
let startWhenWoken = false;

/**
 * How many worker threads jobs are spread over by default: one fewer than the cores the process
 * may use (the main thread parses its share of the pages and runs the rules), at least one, at
 * most eight. On two cores that is one: the first worker generates the files while the main
 * thread parses every page. With more, the workers after the first parse the rest of the pages
 * and each version's schema.json; measured on the corpus (`npm run bench`), the main thread's
 * CPU time, the busiest thread's, falls by about a third from one worker to three.
 */
export function defaultWorkerThreads(): number {
  return Math.max(1, Math.min(os.availableParallelism() - 1, MAX_DEFAULT_WORKERS));
}

/** Past this, a thread more costs memory and start-up for pages too few to share out. */
const MAX_DEFAULT_WORKERS = 8;

/**
 * The young generation of each worker's heap, in MB (V8 splits it in three: two semi-spaces and
 * the space for new large objects). V8's default, 48 MB (16 MB semi-spaces), is sized for
 * throughput in one thread; with several threads each holds that much besides its live data, and
 * their peaks coincide with the main thread's (the rules run while the first worker renders the
 * Schema Reference). The first worker's jobs (TypeScript programs, TypeDoc's conversion) keep
 * much of what they allocate: 24 MB. The others format pages or build one program each, garbage
 * mostly: 12 MB. On the MCP corpus this took about 30-50 MB off a cold check's peak.
 */
const FIRST_YOUNG_GENERATION_MB = 24;
const LEAN_YOUNG_GENERATION_MB = 12;

/** Told when a worker thread starts to work and when none is left (see `whileWorkersWork`). */
let workersWorking: ((working: boolean) => void) | undefined;

/**
 * For the executable: `set(true)` when a worker thread is woken or given a job while none worked,
 * `set(false)` when the last one has ended, so that what suits two busy threads is set only while there are two
 * (see `collectInOneThread` in util/v8-flags.ts).
 */
export function whileWorkersWork(set: ((working: boolean) => void) | undefined): void {
  workersWorking = set;
}

/** Whether a worker works, as the hook was last told: it is told each change once, not each job. */
let working = false;

function noteWorking(now: boolean): void {
  if (now === working) return;
  working = now;
  workersWorking?.(now);
}

/** `dormant`: the worker loads nothing for jobs until it is warmed up or given one (see `startDormantWorker`). */
function spawnWorker(index: number, dormant = false): PoolWorker {
  if (!dormant) noteWorking(true);
  threadsStarted++;
  const waiting = new Int32Array(new SharedArrayBuffer(4));
  const w = new Worker(workerScript()!, {
    workerData: { waiting, dormant, lean: index > 0 },
    resourceLimits: { maxYoungGenerationSizeMb: index > 0 ? LEAN_YOUNG_GENERATION_MB : FIRST_YOUNG_GENERATION_MB },
  });
  const entry: PoolWorker = { thread: w, pending: new Map(), waiting };
  w.on('message', ({ id, output, error }: { id: number; output?: unknown; error?: string }) => {
    const p = entry.pending.get(id);
    if (!p) return;
    entry.pending.delete(id);
    if (!entry.pending.size) w.unref();
    if (error === undefined) p.resolve(output);
    else p.reject(new Error(`spec-check worker thread: ${error}`));
  });
  const fail = (error: Error) => {
    if (pool[index] === entry) pool[index] = undefined;
    if (!pool.some((p) => p !== undefined)) noteWorking(false);
    for (const p of entry.pending.values()) p.reject(error);
    entry.pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`spec-check worker thread exited with code ${code}`)));
  // After the listeners: adding a 'message' listener refs the worker again.
  w.unref();
  pool[index] = entry;
  return entry;
}

/** How many worker threads are running now. */
export function workersRunning(): number {
  return pool.filter((entry) => entry !== undefined).length;
}

/** How many worker threads this process started, ended ones included. */
export function workerThreadsStarted(): number {
  return threadsStarted;
}

/** Whether the first worker was started (by `warmWorker` or a job): work can go there at no cost of starting it. */
export function workerStarted(): boolean {
  return pool[0] !== undefined;
}

/**
 * Starts the worker now, when it will be needed: it loads the job modules while this thread
 * reads and parses the sources, instead of after. A worker started dormant is woken.
 */
export function warmWorker(): void {
  if (!workerAvailable()) return;
  if (!wakeFirst()) spawnWorker(0);
}

/**
 * For a command that will use the worker if it has work (a check whose report or generated files
 * may be cached): the first worker is started, and loads the job modules, when a runtime wakes it
 * (`wakeWorker`), that is once the check knows it has work; a check that has none starts no thread
 * (a thread's start-up is about 0.1 s of CPU and 10 MB, on cores the check's own thread needs).
 * `false` undoes it (tests).
 */
export function startWorkerWhenWoken(on = true): void {
  startWhenWoken = on;
}

/** Whether the command said to start the first worker when woken (see `startWorkerWhenWoken`). */
export function startsWorkerWhenWoken(): boolean {
  return startWhenWoken;
}

/**
 * Starts the thread only, when the command will use the worker if woken (`startWorkerWhenWoken`)
 * but cannot tell yet whether it will be (a check before its files are read): the thread starts up
 * beside this one, and loads the job modules when `warmWorker`, `wakeWorker` or a job says.
 */
export function startDormantWorker(): void {
  if (startWhenWoken && workerAvailable() && !pool[0]) spawnWorker(0, true);
}

/**
 * Wakes the first worker, so that it loads the job modules now: one started dormant, or, when the
 * command said so (`startWorkerWhenWoken`), one started now. Nothing otherwise.
 */
export function wakeWorker(): void {
  if (!wakeFirst() && startWhenWoken && workerAvailable()) spawnWorker(0);
}

/** Tells the first worker, when there is one, to load the job modules now; whether there was. */
function wakeFirst(): boolean {
  if (!pool[0]) return false;
  noteWorking(true);
  pool[0].thread.postMessage({ warmUp: true });
  return true;
}

/**
 * Ends every worker thread, once no job is owed: what they hold (TypeScript programs, TypeDoc,
 * Prettier, their heaps) is given back. The next job starts a worker again.
 */
export async function endWorkers(evenOwing = false): Promise<void> {
  await Promise.all(pool.map((_, i) => endWorker(i, evenOwing)));
}

/**
 * Ends worker `index` of the pool when it was started and owes no job (`evenOwing`: whatever it
 * owes, whose promises are then rejected: jobs no one waits for).
 */
export async function endWorker(index: number, evenOwing = false): Promise<void> {
  const entry = pool[index];
  if (!entry || (entry.pending.size && !evenOwing)) return;
  pool[index] = undefined;
  await entry.thread.terminate();
}

/**
 * Runs a job in worker `index` of the pool when `inWorker` (and the worker is available), else
 * here. Jobs posted to one worker run one at a time, in the order posted.
 */
export async function runJob<J extends WorkerJob>(job: J, inWorker: boolean, index = 0): Promise<WorkerOutput<J>> {
  if (!inWorker || !workerAvailable()) return (await import('./jobs.js')).runWorkerJob(job);
  // A light job is over in a moment: a worker started for it loads nothing else, and the
  // collector's helpers stay on for this thread meanwhile.
  const light = lightJob(job);
  const entry = pool[index] ?? spawnWorker(index, light);
  if (!light) noteWorking(true);
  const { thread, pending, waiting } = entry;
  const id = nextId++;
  const output = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
  // Referenced while it owes an answer: the process waits for it.
  thread.ref();
  Atomics.add(waiting, 0, 1);
  try {
    thread.postMessage({ id, job });
  } catch (error) {
    // Not posted (a value that cannot be cloned): nothing waits, and nothing will answer.
    Atomics.sub(waiting, 0, 1);
    pending.delete(id);
    if (!pending.size) thread.unref();
    throw error;
  }
  return output as Promise<WorkerOutput<J>>;
}

/**
 * Runs generation jobs in this thread or in one worker thread. A cold check spends about as long
 * generating (type-checking programs, TypeDoc) as loading and checking everything else, and the
 * two need nothing from each other until the freshness rules run: on two cores the worker does
 * one while this thread does the other. The worker is started on first use, kept for later jobs
 * (watch mode), and never keeps the process alive by itself.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GenerationJob, JobOutput } from './jobs.js';

const workerScript = new URL('./worker.js', import.meta.url);

/** Whether the worker can run here: it is the built script, absent when running from sources. */
export function workerAvailable(): boolean {
  return existsSync(fileURLToPath(workerScript));
}

interface Pending {
  resolve(output: unknown): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(): Worker {
  const w = new Worker(workerScript);
  w.unref();
  w.on('message', ({ id, output, error }: { id: number; output?: unknown; error?: string }) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (!pending.size) w.unref();
    if (error === undefined) p.resolve(output);
    else p.reject(new Error(`generator worker: ${error}`));
  });
  const fail = (error: Error) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`generator worker exited with code ${code}`)));
  return w;
}

/** Runs a job in the worker when `inWorker` (and the worker is available), else here. */
export async function runGeneration<J extends GenerationJob>(job: J, inWorker: boolean): Promise<JobOutput<J>> {
  if (!inWorker || !workerAvailable()) return (await import('./jobs.js')).runJob(job);
  worker ??= startWorker();
  const id = nextId++;
  const output = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
  // Referenced while it owes an answer: the process waits for it.
  worker.ref();
  worker.postMessage({ id, job });
  return output as Promise<JobOutput<J>>;
}

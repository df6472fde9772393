/**
 * The worker thread: runs the jobs (see `jobs.ts`) posted by `runner.ts`, one at a time, in the
 * order they come. It keeps what the job modules keep between jobs (TypeDoc, the last Schema
 * Reference program and its conversions), as the main thread would.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerJob } from './jobs.js';

const { lightJob, runWorkerJob } = await import('./jobs.js');

/**
 * Loads what jobs need before they come: the Markdown parser first (a check posts the SEPs
 * first), then TypeScript, which the generators need (loading it takes about 0.15 s, which fits
 * in the time the main thread takes to read the sources and post the SEPs), then the generators
 * and TypeDoc's highlighter. (TypeDoc gets TypeScript from `require`, by the build's bundle of
 * it, `src/vendor/typedoc.ts`: no module hooks, which would cost a thread of their own.)
 */
async function preload(): Promise<void> {
  await import('../../sources/markdown.js').catch(() => undefined);
  await import('../../util/typescript.js').then((m) => m.typescript()).catch(() => undefined);
  void import('../../generators/jobs.js').then((generators) => generators.warmUp()).catch(() => undefined);
}

/**
 * Started by the first warm-up message or the first job: a worker started early for a check
 * waits until the check knows it has work (no cached report), so a cache hit loads none of it.
 */
let preloading: Promise<void> | undefined;
const { waiting, dormant, lean } = workerData as { waiting: Int32Array; dormant?: boolean; lean?: boolean };
// A worker other than the first loads only what its jobs import.
if (lean) preloading = Promise.resolve();
else if (!dormant) preloading = preload();
let queue: Promise<void> = Promise.resolve();

parentPort!.on('message', (message: { warmUp: true } | { id: number; job: WorkerJob }) => {
  // A light job (highlighting a few code blocks) loads what it imports, and need not wait for the rest.
  const light = 'job' in message && lightJob(message.job);
  if (!light) preloading ??= preload();
  if ('warmUp' in message) return;
  const { id, job } = message;
  queue = queue.then(async () => {
    try {
      if (!light) await preloading;
      // Jobs posted and not started yet (counted with the main thread; see `runner.ts`).
      Atomics.sub(waiting, 0, 1);
      parentPort!.postMessage({ id, output: await runWorkerJob(job, () => Atomics.load(waiting, 0) > 0) });
    } catch (error) {
      parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
});

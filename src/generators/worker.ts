/**
 * The generator worker: runs generation jobs (see `jobs.ts`) posted by `runner.ts`, one at a
 * time, in the order they come. It keeps what `jobs.ts` keeps between jobs (TypeDoc, the last
 * Schema Reference program), as the main thread would.
 */
import { register } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { GenerationJob } from './jobs.js';

// Before TypeDoc is loaded (see typescript-hooks.ts).
register('./typescript-hooks.js', import.meta.url);
const { runJob } = await import('./jobs.js');

let queue: Promise<void> = Promise.resolve();

parentPort!.on('message', ({ id, job }: { id: number; job: GenerationJob }) => {
  queue = queue.then(async () => {
    try {
      parentPort!.postMessage({ id, output: await runJob(job) });
    } catch (error) {
      parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
});

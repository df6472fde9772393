/**
 * The jobs the worker thread runs: generating (see `generators/jobs.ts`) and parsing Markdown
 * pages (see `sources/markdown.ts`). Each is plain data in and out, and runs the same here.
 */
import type { GenerationJob, JobOutput } from '../generators/jobs.js';
import type { MarkdownPageData } from '../sources/markdown.js';
import type { Suppression } from '../model/types.js';

export interface MarkdownJob {
  kind: 'markdown';
  pages: { path: string; text: string; syntax: 'mdx' | 'md' }[];
}

export type WorkerJob = GenerationJob | MarkdownJob;
export type WorkerOutput<J extends WorkerJob> = J extends MarkdownJob
  ? { data: MarkdownPageData; suppressions: Suppression[] }[]
  : J extends GenerationJob
    ? JobOutput<J>
    : never;

/** Runs a job in this thread, loading only what it needs. */
export async function runWorkerJob<J extends WorkerJob>(job: J): Promise<WorkerOutput<J>> {
  if (job.kind === 'markdown') return (await import('../sources/markdown.js')).markdownJob(job.pages) as WorkerOutput<J>;
  return (await (await import('../generators/jobs.js')).runJob(job)) as WorkerOutput<J>;
}

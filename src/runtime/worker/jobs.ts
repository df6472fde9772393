/**
 * The jobs the worker thread runs: generating (see `generators/jobs.ts`) and parsing Markdown
 * pages (see `sources/markdown.ts`). Each is plain data in and out, and runs the same here (a job
 * that gives way stops early only in the worker, where other jobs wait for the thread).
 */
import type { GenerationJob, JobOutput } from '../../generators/jobs.js';
import type { FormatJob, FormatOutput } from '../../generators/format-job.js';
import type { ParsedPageProducts } from '../../sources/markdown.js';
import type { SiteKind } from '../../model/spec.js';

export interface MarkdownJob {
  kind: 'markdown';
  pages: { path: string; text: string; syntax: 'mdx' | 'md'; kind?: SiteKind }[];
  /**
   * Stop when another job is waiting for the thread: the output then covers the first pages
   * only, and the poster parses the rest. (A check posts the SEPs first and the generation
   * next: the worker parses SEPs until the generation comes, and the main thread, which needs
   * them only after its own pages, parses what is left.)
   */
  givesWay?: boolean;
  /** Give back each page's tree too (the versions' pages parsed in the pool; see `sources/load.ts`). */
  trees?: boolean;
}

export type WorkerJob = GenerationJob | MarkdownJob | FormatJob;
export type WorkerOutput<J extends WorkerJob> = J extends MarkdownJob
  ? ParsedPageProducts[]
  : J extends FormatJob
    ? FormatOutput[]
    : J extends GenerationJob
      ? JobOutput<J>
      : never;

/**
 * Runs a job in this thread, loading only what it needs. `othersWaiting` tells whether another job
 * waits for this thread (a job that gives way asks it).
 */
export async function runWorkerJob<J extends WorkerJob>(
  job: J,
  othersWaiting?: () => boolean,
): Promise<WorkerOutput<J>> {
  if (job.kind === 'markdown') {
    const { markdownJob } = await import('../../sources/markdown.js');
    return markdownJob(job.pages, job.givesWay ? othersWaiting : undefined, job.trees) as WorkerOutput<J>;
  }
  if (job.kind === 'schema-reference-splice')
    return (await (await import('../../generators/reference-highlight.js')).splicePages(job)) as WorkerOutput<J>;
  if (job.kind === 'format')
    return (await (await import('../../generators/format-job.js')).runFormatJob(job)) as WorkerOutput<J>;
  return (await (await import('../../generators/jobs.js')).runGenerationJob(job)) as WorkerOutput<J>;
}

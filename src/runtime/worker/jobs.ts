/**
 * The jobs the worker thread runs: generating (see `generators/jobs.ts`) and parsing Markdown
 * pages (see `sources/markdown.ts`). Each is plain data in and out, and runs the same here (a job
 * that gives way stops early only in the worker, where other jobs wait for the thread).
 */
import type { GenerationJob, JobOutput } from '../../generators/jobs.js';
import type { FormatJob, FormatOutput } from '../../generators/format-job.js';
import type { ParsedPageProducts } from '../../sources/markdown.js';
import type { SiteKind } from '../../model/spec.js';
import type { CodeBlock, KeptHighlights } from '../../generators/reference-highlight.js';

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

/**
 * Code blocks of a Schema Reference page to highlight, by their key (a splice's blocks that no
 * cache holds: see `HighlightElsewhere`). It needs the highlighter alone: the worker neither waits
 * for nor starts loading the generators for it, and a worker that runs it is not counted as
 * working (see `lightJob`).
 */
export interface HighlightJob {
  kind: 'highlight';
  blocks: [string, CodeBlock][];
}

/** Whether a job is a light one: a moment of the worker's time, for which it loads only what the job imports. */
export function lightJob(job: WorkerJob): job is LightJob {
  return job.kind === 'highlight';
}

export type LightJob = HighlightJob;
export type WorkerJob = GenerationJob | MarkdownJob | FormatJob | LightJob;
export type WorkerOutput<J extends WorkerJob> = J extends MarkdownJob
  ? ParsedPageProducts[]
  : J extends HighlightJob
    ? KeptHighlights
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
  if (job.kind === 'highlight')
    return (await (
      await import('../../generators/reference-highlight.js')
    ).highlightBlocks(job.blocks)) as WorkerOutput<J>;
  if (job.kind === 'schema-reference-splice')
    return (await (await import('../../generators/reference-highlight.js')).splicePages(job)) as WorkerOutput<J>;
  if (job.kind === 'format')
    return (await (await import('../../generators/format-job.js')).runFormatJob(job)) as WorkerOutput<J>;
  return (await (await import('../../generators/jobs.js')).runGenerationJob(job)) as WorkerOutput<J>;
}

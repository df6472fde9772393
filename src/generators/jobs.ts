/**
 * Generation work as plain data in and plain data out, so that it runs the same in this thread
 * or in the worker thread (`worker/worker.ts`). This module loads TypeScript's program builder,
 * typescript-json-schema and TypeDoc; the rest of spec-check reaches it only through `worker/runner.ts`.
 */
import type { Spec } from '../model/spec.js';
import { TextFile } from '../core/text-file.js';
import {
  buildCheckedProgram,
  generatorSpec,
  ownSourceFiles,
  referenceCompilerOptions,
  type BaseSource,
  type DeclarationText,
  type SchemaProgram,
} from './program.js';
import { schemaJsonCompilerOptions, schemaJsonFromProgram } from './schema-json.js';
import type { SchemaJsonSettings } from './schema-json-flags.js';
import { forgetConversions, prepareTypeDoc, renderSlottedReference } from './schema-reference.js';
import { assembledPage, type ReferenceSpliceJob, type ReferenceSpliceOutput } from './reference-slots.js';
import { highlightSlots, type KeptHighlights } from './reference-highlight.js';
import type { GeneratedDialect, GenerationProblem } from './keys.js';
import type { RenderedDeclaration, SlottedPage } from './schema-reference.js';
import { hashParts } from '../runtime/cache.js';
import type { ReferenceRendering } from './pins.js';

/** One version's schema.ts: its id, its path relative to the root, its text. */
export interface SchemaSource {
  id: string;
  path: string;
  text: string;
}

/**
 * schema.json for each version, each from a program of its own schema.ts and the standard library,
 * as the spec repository's script runs typescript-json-schema on one file at a time.
 */
export interface SchemaJsonJob {
  kind: 'schema-json';
  root: string;
  versions: (SchemaSource & { dialect: GeneratedDialect })[];
  /** The base protocol the types file imports (config `extends`). */
  base?: BaseSource;
  /** The declaration files its other package imports resolve to (read by the loader under node_modules). */
  declarations?: DeclarationText[];
  /** typescript-json-schema's settings for flags other than the spec repository's (absent: theirs). */
  settings?: SchemaJsonSettings;
}

export interface SchemaJsonOutput {
  text?: string;
  problems: GenerationProblem[];
}

/**
 * Schema Reference pages, from one program over the schema.ts of the versions given, in order:
 * a page's own and those of every version before it. TypeScript checks the files in program
 * order, and the order of a union's members is the order its types were first made in, so a
 * page rendered in such a program is the page of the program over every version (the spec
 * repository's TypeDoc run) for types made while checking, and no later version's edit changes it.
 */
export interface ReferenceJob {
  kind: 'schema-reference';
  root: string;
  versions: SchemaSource[];
  /** The base protocol the types file imports (config `extends`). */
  base?: BaseSource;
  /** The declaration files its other package imports resolve to (read by the loader under node_modules). */
  declarations?: DeclarationText[];
  pages: {
    version: string;
    template: { path: string; text: string };
    /** Example texts by absolute `/`-separated path (what `{@includeCode}` resolves to). */
    includes: [string, string][];
    /**
     * Code blocks an earlier rendering highlighted (by language and code), from the disk cache:
     * those the page still shows are not highlighted again. Not part of what the job is: the
     * page is the same with them or without (see `highlightSlots`).
     */
    highlights?: KeptHighlights;
  }[];
  /** How markup that changed between TypeDoc versions is rendered (see `referenceRendering`). */
  rendering: ReferenceRendering;
  /**
   * Keep the program and the conversions for the next job (watch mode re-renders pages after
   * example edits); otherwise they are let go once the pages are rendered.
   */
  keep?: boolean;
}

export interface ReferenceOutput {
  text: string;
  declarations: RenderedDeclaration[];
  problems: GenerationProblem[];
  /** The example files the page depends on: every file its comments name, existing or not, sorted. */
  included: string[];
  /** Those whose text `{@include}` put in a comment, sorted. */
  inlined: string[];
  /** The page before its code blocks are put in, to make it again with other example texts. */
  slotted: SlottedPage;
  /** The page's code blocks as highlighted, to keep for the next rendering, and how many were highlighted now. */
  highlighted: KeptHighlights;
  highlightedNow: number;
}

// Declared with the slotted pages, which the highlighter imports (this module imports it).
export type { ReferenceSpliceJob, ReferenceSpliceOutput } from './reference-slots.js';

export type GenerationJob = SchemaJsonJob | ReferenceJob | ReferenceSpliceJob;
export type JobOutput<J extends GenerationJob> = J extends SchemaJsonJob
  ? SchemaJsonOutput[]
  : J extends ReferenceSpliceJob
    ? ReferenceSpliceOutput[]
    : ReferenceOutput[];

/** Loads what generating needs (TypeDoc; no highlighter: see `highlightSlots`). */
export async function warmUp(): Promise<void> {
  await prepareTypeDoc({ highlighter: false });
}

export async function runGenerationJob<J extends GenerationJob>(job: J): Promise<JobOutput<J>> {
  if (job.kind === 'schema-json') return runSchemaJsonJob(job) as JobOutput<J>;
  // The runtime and the worker make a splice with `splicePages` (reference-highlight.ts), no TypeDoc.
  if (job.kind === 'schema-reference-splice') throw new Error('a splice job is run by splicePages');
  return (await runReferenceJob(job)) as JobOutput<J>;
}

function runSchemaJsonJob(job: SchemaJsonJob): SchemaJsonOutput[] {
  return job.versions.map((v) => {
    // One version's output never depends on another's text, so an edit regenerates its version only.
    const spec = generatorSpec(job.root, [v], job.base, job.declarations);
    const { program, fileNames } = buildCheckedProgram(spec, spec.versions, schemaJsonCompilerOptions(job.settings));
    const r = schemaJsonFromProgram(program, fileNames.get(v.id)!, v.dialect, v.path, job.settings);
    return r.ok ? { text: r.text, problems: [] } : { problems: r.problems };
  });
}

let lastReferenceProgram: { key: string; built: SchemaProgram } | undefined;

/**
 * As the spec repository's TypeDoc run: one strict program over the schema.ts of the versions up
 * to the last page's, checked whole before conversion (the order of union members in the page
 * depends on it). The last one is
 * kept while the schema.ts texts stay the same (watch mode: an example edit re-renders a page
 * without rebuilding and re-checking the program). When one changes, the next program takes
 * the source files of the texts that did not (a schema.ts edit parses one file, not all), and
 * the last program, its checker and its conversions are let go before it is built.
 */
function referenceProgram(spec: Spec, key: string): SchemaProgram {
  if (lastReferenceProgram?.key === key) return lastReferenceProgram.built;
  const reusable = lastReferenceProgram && ownSourceFiles(lastReferenceProgram.built);
  lastReferenceProgram = undefined;
  forgetConversions();
  const built = buildCheckedProgram(spec, spec.versions, referenceCompilerOptions, reusable);
  lastReferenceProgram = { key, built };
  return built;
}

/**
 * The code blocks the last reference job of this thread highlighted, by language and code (see
 * `highlightSlots`): the pages of a job share most of their examples, and a watch session renders
 * again and again. Only the last job's are kept, so it does not grow with a session.
 */
let lastHighlighted = new Map<string, string>();

async function runReferenceJob(job: ReferenceJob): Promise<ReferenceOutput[]> {
  if (!job.pages.length) return [];
  await prepareTypeDoc({ highlighter: false });
  const spec = generatorSpec(job.root, job.versions, job.base, job.declarations);
  const { program, fileNames } = referenceProgram(
    spec,
    hashParts([
      job.root,
      ...job.versions.flatMap((v) => [v.id, v.path, v.text]),
      ...(job.base ? [job.base.path, job.base.text, ...job.base.imports] : []),
      ...(job.declarations ?? []).flatMap((d) => [d.path, d.text]),
    ]),
  );
  const slotted = job.pages.map((page) => {
    const schemaPath = job.versions.find((v) => v.id === page.version)!.path;
    return renderSlottedReference({
      program,
      fileName: fileNames.get(page.version)!,
      template: new TextFile(page.template.path, page.template.text),
      includes: new Map(page.includes),
      schemaPath,
      rendering: job.rendering,
    });
  });
  if (!job.keep) {
    lastReferenceProgram = undefined;
    forgetConversions();
  }
  const highlighted = new Map(lastHighlighted);
  const shown = new Map<string, string>();
  const pages: ReferenceOutput[] = [];
  for (const [i, page] of slotted.entries()) {
    const includes = new Map(job.pages[i].includes);
    const blocks = await highlightSlots(page.slotted, includes, job.pages[i].highlights, highlighted);
    for (const key of Object.keys(blocks.highlighted.blocks)) shown.set(key, highlighted.get(key)!);
    pages.push({
      ...page,
      ...assembledPage(blocks.highlight, page.slotted, includes),
      highlighted: blocks.highlighted,
      highlightedNow: blocks.fresh,
    });
  }
  lastHighlighted = shown;
  return pages;
}

/**
 * The generation jobs of a check, planned before the sources are parsed. A check posts its jobs
 * (schema.json, the Schema Reference) once the sources are loaded: after the lookup, the modules
 * it imports and the parse of schema.ts, the examples and the JSON Schemas. After a schema.ts edit
 * those jobs are most of the check (a program, a conversion, typescript-json-schema), and the
 * worker waited for them with nothing to do. So a check that finished keeps the plan of its jobs in
 * the disk cache: which versions' types files and templates make which jobs, with the dialects
 * and the rendering, by path. The next check of the same files (by path) and the same other
 * inputs (by content) takes the texts it has just read and posts, before it parses anything, the
 * jobs whose outputs the cache does not hold, as the loaded model would make them
 * (`Runtime.startEarly`). When the model then asks for a job, the one started early is its answer
 * only if the two are the same job, field for field: a job is a pure function of its data, so the
 * plan decides when a job starts, never what is reported.
 *
 * The keys and the jobs are made by the same functions here and in `outputs.ts`. This module
 * loads nothing of the generators (it is imported on a cache miss, before the loaders).
 */
import path from 'node:path';
import type { TextFile } from '../core/text-file.js';
import { hashParts, textKeyParts } from '../runtime/cache.js';
import type { DiskCache } from '../runtime/cache.js';
import type { Runtime } from '../runtime/runtime.js';
import { slashed } from '../util/paths.js';
import { toolVersion } from '../version.js';
import type { BaseSource, DeclarationText } from './program.js';
import type { ReferenceJob, SchemaJsonJob, SchemaSource } from './jobs.js';
import { keptHighlightsAt, REFERENCE_HIGHLIGHTS, type KeptHighlights } from './reference-highlight.js';

export { REFERENCE_HIGHLIGHTS };
import { programRoot, schemaJsonKey, schemaReferenceKey, TYPEDOC_VERSION, type GeneratedDialect } from './keys.js';
import type { ReferenceRendering } from './pins.js';
import type { SchemaJsonSettings } from './schema-json-flags.js';

/** The cache kind of a plan. */
export const JOB_PLAN = 'job-plan';

/** What a check's generation jobs are made of, by path (the texts are those of the check that uses it). */
export interface JobPlan {
  /** The hash of the job inputs that decide the plan (see `planStructure`). */
  structure: string;
  /** The root, absolute, as the jobs name it. */
  root: string;
  /** The versions whose schema.json is generated (with the settings of the repository's script), when it is. */
  schemaJson?: { settings?: SchemaJsonSettings; versions: { id: string; path: string; dialect: GeneratedDialect }[] };
  /** The Schema Reference pages, when they are rendered. */
  reference?: {
    rendering: ReferenceRendering;
    /** The rendering reproduced, when it is not the bundled TypeDoc's (part of a page's key). */
    renderedAs?: string;
    /** Every version with a types file, in order: a page's program holds its own and those before it. */
    versions: { id: string; path: string }[];
    /** Each page: its version, its template, and its version's examples in the model's order. */
    pages: { version: string; template: string; examples: string[] }[];
  };
}

/** The part of a plan the model gives (see `outputs.ts`); the rest comes from the inputs. */
export type PlannedJobs = Omit<JobPlan, 'structure' | 'root'>;

/** The base protocol and the declaration files a job carries besides the types files. */
export type ImportedSources = { base?: BaseSource; declarations?: DeclarationText[] };

/** The key schema.json is kept under, from its types file's digest (`hashParts(textKeyParts(file))`). */
export function schemaJsonOutputKey(
  schemaTsDigest: string,
  dialect: GeneratedDialect | 'none',
  settings: SchemaJsonSettings | undefined,
): string {
  const key = schemaJsonKey(schemaTsDigest, dialect, toolVersion);
  return settings ? hashParts([key, 'settings', JSON.stringify(settings)]) : key;
}

/**
 * The key a Schema Reference page is kept under: everything but the example texts (which the page
 * keeps the digests of; see `outputs.ts`). `schemaDigests`: the digests of the types files of its
 * program, in order (and the base's, when there is one).
 */
export function referencePageKey(input: {
  schemaDigests: string[];
  version: string;
  templateDigest: string;
  templatePath: string;
  renderedAs: string | undefined;
  /** Each version of the program: its id and its types file's path. */
  program: { id: string; path: string }[];
}): string {
  return hashParts([
    schemaReferenceKey({
      schemaDigests: input.schemaDigests,
      version: input.version,
      templateDigest: input.templateDigest,
      exampleDigests: new Map(),
      toolVersion,
      renderedAs: input.renderedAs,
    }),
    input.templatePath,
    ...input.program.flatMap((v) => [v.id, v.path]),
    // The entry's format: declarations by their places in the page (see stored-declarations.ts).
    'declarations by place',
  ]);
}

/**
 * Where a page's code blocks are kept as last highlighted: by the page (its version and template),
 * not by its content, so that a page rendered after an edit finds them. Each block is named by its
 * language and code, so blocks of another rendering are as good.
 */
export function referenceHighlightsKey(version: string, template: string): string {
  return hashParts([REFERENCE_HIGHLIGHTS, TYPEDOC_VERSION, version, template]);
}

/** A page's code blocks as last highlighted, from the cache (see `referenceHighlightsKey`). */
export function keptHighlights(
  cache: Pick<DiskCache, 'get'> | undefined,
  version: string,
  template: string,
): KeptHighlights | undefined {
  return keptHighlightsAt(cache, referenceHighlightsKey(version, template));
}

export function schemaJsonJob(
  root: string,
  versions: (SchemaSource & { dialect: GeneratedDialect })[],
  imported: ImportedSources,
  settings: SchemaJsonSettings | undefined,
): SchemaJsonJob {
  return { kind: 'schema-json', root, versions, ...imported, ...(settings ? { settings } : {}) };
}

export function referenceJob(
  root: string,
  versions: SchemaSource[],
  imported: ImportedSources,
  pages: ReferenceJob['pages'],
  rendering: ReferenceRendering,
  keep: boolean | undefined,
): ReferenceJob {
  return { kind: 'schema-reference', root, versions, ...imported, pages, rendering, keep };
}

/** Where a file of the root (path relative to it) is in the generators' programs. */
export function programPathIn(root: string, rel: string): string {
  return slashed(path.join(programRoot(root), ...rel.split('/')));
}

/** A text with CRLF line ends made LF (a checkout with CRLF line ends generates the same files). */
export function withLf(text: string): string {
  return text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
}

/**
 * The job inputs whose content decides a plan: all but the texts the jobs carry or no job reads
 * (types files, examples, Markdown: templates, pages, SEPs). What is left (the JSON Schemas, whose
 * `$schema` is the dialect; the lockfile, which pins the rendering; package.json, whose script is
 * the generator; configs) is hashed by content, and every job input by path.
 */
export function planStructure(jobInputs: readonly string[], digest: (path: string) => string | undefined): string {
  const parts: string[] = [toolVersion, 'job plan structure'];
  for (const p of jobInputs) {
    if (/\.(ts|mdx?)$/.test(p) || /(^|\/)examples\/.*\.json$/.test(p)) parts.push(p, 'text');
    else parts.push(p, digest(p) ?? 'unread');
  }
  return hashParts(parts);
}

/** A job to start, with the length of its input (by which the runtime places it). */
type PlannedJob = { job: SchemaJsonJob | ReferenceJob; inputLength: number };

/** The texts of a check by path, and their digests (`hashParts(textKeyParts(file))`), each made once. */
interface Texts {
  text(path: string): string;
  digest(path: string): string;
}

/**
 * The jobs the plan makes with these texts whose outputs the cache does not hold, made as
 * `outputs.ts` makes them; none when a text the plan names was not read. `keep`: the check keeps
 * what rendering again needs (watch mode).
 */
export function jobsOfPlan(
  plan: JobPlan,
  texts: ReadonlyMap<string, TextFile>,
  cache: Pick<DiskCache, 'has' | 'get'>,
  keep: boolean | undefined,
): PlannedJob[] {
  const named = [
    ...(plan.schemaJson?.versions.map((v) => v.path) ?? []),
    ...(plan.reference?.versions.map((v) => v.path) ?? []),
    ...(plan.reference?.pages.flatMap((p) => [p.template, ...p.examples]) ?? []),
  ];
  if (named.some((p) => !texts.has(p))) return [];
  const digests = new Map<string, string>();
  const read: Texts = {
    text: (p) => texts.get(p)!.text,
    digest: (p) => {
      let d = digests.get(p);
      if (d === undefined) digests.set(p, (d = hashParts(textKeyParts(texts.get(p)!))));
      return d;
    },
  };
  return [
    ...(plan.schemaJson ? plannedSchemaJson(plan.root, plan.schemaJson, read, cache) : []),
    ...(plan.reference ? plannedReference(plan.root, plan.reference, read, cache, keep) : []),
  ];
}

function plannedSchemaJson(
  root: string,
  plan: NonNullable<JobPlan['schemaJson']>,
  { text, digest }: Texts,
  cache: Pick<DiskCache, 'has'>,
): PlannedJob[] {
  const missing = plan.versions.filter(
    (v) => !cache.has('schema-json', schemaJsonOutputKey(digest(v.path), v.dialect, plan.settings)),
  );
  if (!missing.length) return [];
  return [
    {
      job: schemaJsonJob(
        root,
        missing.map((v) => ({ id: v.id, path: v.path, text: text(v.path), dialect: v.dialect })),
        {},
        plan.settings,
      ),
      inputLength: missing.reduce((n, v) => n + text(v.path).length, 0),
    },
  ];
}

function plannedReference(
  root: string,
  plan: NonNullable<JobPlan['reference']>,
  { text, digest }: Texts,
  cache: Pick<DiskCache, 'has' | 'get'>,
  keep: boolean | undefined,
): PlannedJob[] {
  const missing = plan.pages
    .map((page) => ({
      page,
      program: plan.versions.slice(0, plan.versions.findIndex((v) => v.id === page.version) + 1),
    }))
    .filter(
      ({ page, program }) =>
        program.length &&
        !cache.has(
          'schema-reference',
          referencePageKey({
            schemaDigests: program.map((v) => digest(v.path)),
            version: page.version,
            templateDigest: digest(page.template),
            templatePath: page.template,
            renderedAs: plan.renderedAs,
            program,
          }),
        ),
    );
  if (!missing.length) return [];
  // One program for the pages to render: that of the last of them, which holds the others'.
  const program = missing.reduce(
    (longest, m) => (m.program.length > longest.length ? m.program : longest),
    [plan.versions[0]],
  );
  const pages = missing.map(({ page }) => {
    const highlights = keptHighlights(cache, page.version, page.template);
    return {
      version: page.version,
      template: { path: page.template, text: withLf(text(page.template)) },
      includes: page.examples.map((e): [string, string] => [programPathIn(root, e), text(e)]),
      ...(highlights ? { highlights } : {}),
    };
  });
  return [
    {
      job: referenceJob(
        root,
        program.map((v) => ({ id: v.id, path: v.path, text: text(v.path) })),
        {},
        pages,
        plan.rendering,
        keep,
      ),
      inputLength: plan.versions.reduce((n, v) => n + text(v.path).length, 0),
    },
  ];
}

/** The plan kept for these job inputs (by path) and options, and what decides it now. */
export interface PlanLookup {
  key: string;
  structure: string;
  /** The plan kept, as JSON, when its structure is the one now. */
  kept?: string;
}

/**
 * Looks the plan of a check's jobs up and posts the jobs it makes with the texts read
 * (`Runtime.startEarly`). `root`: absolute; `optionsKey`: the report's options key.
 */
export function startPlannedJobs(
  runtime: Runtime,
  root: string,
  optionsKey: string,
  jobInputs: readonly string[],
  digest: (path: string) => string | undefined,
  texts: ReadonlyMap<string, TextFile>,
  start: { keep?: boolean; jobs: boolean },
): PlanLookup | undefined {
  const cache = runtime.cache;
  if (!cache) return undefined;
  const key = hashParts([toolVersion, JOB_PLAN, optionsKey, root, ...jobInputs]);
  const structure = planStructure(jobInputs, digest);
  const plan = cache.get<JobPlan>(JOB_PLAN, key);
  const usable = plan && plan.structure === structure && plan.root === root ? plan : undefined;
  if (usable && start.jobs)
    for (const { job, inputLength } of jobsOfPlan(usable, texts, cache, start.keep))
      runtime.startEarly(job, inputLength);
  return { key, structure, ...(usable ? { kept: JSON.stringify(usable) } : {}) };
}

/** Keeps the plan of the jobs a check made (when it differs from the one kept). */
export function keepJobPlan(cache: DiskCache, root: string, lookup: PlanLookup, planned: PlannedJobs): void {
  const plan: JobPlan = { structure: lookup.structure, root, ...planned };
  if (JSON.stringify(plan) !== lookup.kept) cache.set(JOB_PLAN, lookup.key, plan);
}

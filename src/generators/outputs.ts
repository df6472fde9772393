/**
 * What `generate` would write for a loaded spec: schema.json and the Schema Reference page of
 * each version. `generate` writes these; the `generated/*` rules compare them with the committed
 * files. They are computed once per project.
 */
import type { Spec, SpecVersion } from '../model/spec.js';
import type { SchemaJsonJob } from './jobs.js';
import { TextFile } from '../core/text-file.js';
import {
  exampleTexts,
  programPath,
  schemaJsonKey,
  schemaReferenceKey,
  targetDialects,
  type GenerationProblem,
} from './keys.js';
import {
  keptHighlights,
  REFERENCE_HIGHLIGHTS,
  referenceHighlightsKey,
  referenceJob,
  referencePageKey,
  schemaJsonJob,
  schemaJsonOutputKey,
  withLf,
  type PlannedJobs,
} from './job-plan.js';
import type { RenderedDeclaration, SlottedPage } from './schema-reference.js';
import { toolVersion } from '../version.js';
import { committedPageFor, keepIfCommitted } from './reference-committed.js';
import { outputsFromStored, storedOutputs } from './stored-declarations.js';
import { hashParts, textKeyParts, type MemoryCache } from '../runtime/cache.js';
import { derivation, type Project } from '../project/project.js';
import { referenceRendering, toolchainPins, type ReferenceRendering, type ToolchainPins } from './pins.js';
import { schemaJsonGenerator, type SchemaJsonGenerator } from './schema-json-generator.js';

// By the lockfile's file object, which the loader keeps while its text is unchanged: a watch
// session parses the lockfile once.
const pinsOf = derivation('toolchain pins', (lockfile: TextFile) => toolchainPins(lockfile.text), {
  carriesOver: true,
});
const noPins = derivation('toolchain pins without a lockfile', () => toolchainPins(undefined));

/** The generator versions the checked repository's lockfile pins (none without one). */
export function pinnedToolchain(project: Project): ToolchainPins {
  const lockfile = project.spec.lockfile;
  return lockfile ? project.derive(pinsOf, lockfile) : project.derive(noPins, project.spec);
}

/** How the Schema Reference of a project is rendered: as the TypeDoc version its lockfile pins. */
export function renderingOf(project: Project): ReferenceRendering {
  return referenceRendering(pinnedToolchain(project));
}

export type GeneratedKind = 'schema-json' | 'schema-reference';

export interface GeneratedFile {
  kind: GeneratedKind;
  version: string;
  /** Where generate writes it, relative to the root. */
  path: string;
  /** The content; absent when it could not be generated (see `problems`). */
  text?: string;
  /** The committed file, when there is one. */
  committed?: TextFile;
  /** Content key of the inputs (see `schemaJsonKey`, `schemaReferenceKey`), for a cache. */
  key: string;
  /** Schema Reference only: the rendered declarations in page order. */
  declarations?: RenderedDeclaration[];
  problems: GenerationProblem[];
}

/**
 * Generated files live on in the runtime (watch mode re-checks with new projects) and, when the
 * runtime has a disk cache, on disk: both by content key, so an edit that leaves a product's
 * inputs alone does not regenerate it.
 */
type CachedOutput = Pick<GeneratedFile, 'text' | 'problems' | 'declarations'> & {
  /** Schema Reference: the example files the page included, by path, with a hash of each text (null: none there). */
  includes?: [string, string | null][];
  /** Schema Reference: those of them whose text `{@include}` put in a comment (the conversion depends on it). */
  inlined?: string[];
  /** Schema Reference: the page before its code blocks are put in (see `SlottedPage`). */
  slotted?: SlottedPage;
};

/**
 * Two trees' worth of generated files (a schema.json and a page per version): the tree checked
 * now and the one before an edit, so that undoing it regenerates nothing. A page is about a
 * megabyte: a fixed count of older trees' files was most of what a watch process grew by. A
 * runtime that serves one analysis keeps none: nothing would read them again, and the pages'
 * renderings kept for splicing (about 4 MB on the MCP corpus) would last to the end of the rules.
 */
function memoryOutputs(project: Project): MemoryCache<CachedOutput[]> {
  const memory = project.runtime.memory<CachedOutput[]>('generated files', 2);
  const trees = project.runtime.options.singleAnalysis ? 0 : 2;
  memory.resize(trees * 2 * Math.max(1, project.spec.versions.filter((v) => v.schemaTs).length));
  return memory;
}

/** The input of generating, by which the runtime decides where it runs: the schema.ts texts. */
function schemaTextLength(spec: Spec): number {
  let length = 0;
  for (const v of spec.versions) length += v.schemaTs?.file.text.length ?? 0;
  return length;
}

function cachedOutputs(project: Project, kind: GeneratedKind, key: string): CachedOutput[] | undefined {
  const disk = project.runtime.cache;
  const memory = memoryOutputs(project);
  const inMemory = memory.get(`${kind}:${key}`);
  if (inMemory) {
    // Made in this process before the disk cache was in use: kept there too.
    if (disk && !disk.has(kind, key)) disk.set(kind, key, storedOutputs(inMemory));
    return inMemory;
  }
  const onDisk = outputsFromStored<CachedOutput>(disk?.get<unknown>(kind, key));
  if (onDisk) memory.set(`${kind}:${key}`, onDisk);
  return onDisk;
}

/** Keeps outputs in the runtime's memory and, `onDisk` (the default), in its disk cache. */
function keepOutputs(
  project: Project,
  kind: GeneratedKind,
  key: string,
  outputs: CachedOutput[],
  { onDisk = true }: { onDisk?: boolean } = {},
): void {
  memoryOutputs(project).set(`${kind}:${key}`, outputs);
  if (onDisk) project.runtime.cache?.set(kind, key, storedOutputs(outputs));
}

/** Something generated for a project: the promise, and its value once it settled. */
interface Generation<T = GeneratedFile[]> {
  files: Promise<T>;
  settled?: T;
}

const generations = {
  'schema-json': derivation('generated schema.json', (spec: Spec, project: Project) =>
    generation(schemaJsonFiles(project, spec)),
  ),
  'schema-reference': derivation('generated Schema Reference', (spec: Spec, project: Project) =>
    generation(referenceFiles(project, spec)),
  ),
};

function generation<T>(files: Promise<T>): Generation<T> {
  const g: Generation<T> = { files };
  files.then((settled) => (g.settled = settled)).catch(() => undefined);
  return g;
}

/**
 * The generated files of one kind, computed once per project. schema.json is generated for
 * each version with a schema.ts; the Schema Reference for each version with a schema.ts and a
 * template.
 */
export function generatedFiles(project: Project, kind: GeneratedKind): Promise<GeneratedFile[]> {
  return project.derive(generations[kind], project.spec).files;
}

/** Computes and keeps one kind of generated files, for rules to read synchronously afterwards. */
export async function prepareGenerated(project: Project, kind: GeneratedKind): Promise<void> {
  await generatedFiles(project, kind);
}

/**
 * Whether some version has a types file and no committed JSON Schema: validation then needs the
 * one generated in memory (see `generatedJsonSchemaOf`), before any rule runs.
 */
export function needsGeneratedSchemas(project: Project): boolean {
  return project.spec.versions.some((v) => v.schemaTs && !v.jsonSchema);
}

/**
 * The JSON Schema text generated for a version that has no committed one, once generating has
 * settled (undefined before, or when it failed).
 */
export function generatedJsonSchemaOf(project: Project, version: string): string | undefined {
  const settled = project.derive(generations['schema-json'], project.spec).settled;
  const file = settled?.find((f) => f.version === version);
  return file && !file.committed ? file.text : undefined;
}

/** The generated files kept by `prepareGenerated`; throws when it has not run for this project. */
export function preparedGenerated(project: Project, kind: GeneratedKind): GeneratedFile[] {
  const files = project.derive(generations[kind], project.spec).settled;
  if (!files)
    throw new Error(
      `${kind} was not generated for this project (run check(), or await prepareGenerated(project, '${kind}') first)`,
    );
  return files;
}

const generatorOfSpec = derivation('schema.json generator', (spec: Spec, project: Project) =>
  schemaJsonGenerator(spec, project.options.generate),
);

/** How the project's schema.json is made (config `generate.schemaJson`, or the repository's script). */
export function schemaJsonGeneratorOf(project: Project): SchemaJsonGenerator {
  return project.derive(generatorOfSpec, project.spec);
}

async function schemaJsonFiles(project: Project, spec: Spec): Promise<GeneratedFile[]> {
  const generator = schemaJsonGeneratorOf(project);
  // A schema.json another tool makes is neither judged nor written: only a version without one
  // is generated, in memory, for its examples to be validated against.
  const withSchema = spec.versions.filter((v) => v.schemaTs && (generator.kind !== 'external' || !v.jsonSchema));
  if (!withSchema.length) return [];
  // The spec repository's invocation leaves the keys as they were.
  const settings = generator.kind === 'typescript-json-schema' && !generator.mcp ? generator.settings : undefined;
  const dialects = targetDialects(withSchema, project.options.generate?.dialect);
  const targets = withSchema.map((version, i) => {
    const dialect = dialects[i].dialect;
    const digest = project.derive(textDigest, version.schemaTs!.file);
    const key = withBase(spec, schemaJsonOutputKey(digest, dialect ?? 'none', settings));
    // Each version is generated alone (see `SchemaJsonJob`): kept by its own key, so an edit of one
    // schema.ts regenerates that version only.
    return { version, key, dialect, output: dialect && cachedOutputs(project, 'schema-json', key)?.[0] };
  });
  plannedJobs(project).schemaJson = {
    ...(settings ? { settings } : {}),
    versions: targets.flatMap(({ version, dialect }) =>
      dialect ? [{ id: version.id, path: version.schemaTs!.file.path, dialect }] : [],
    ),
  };
  const missing = targets.filter((t) => t.dialect && !t.output);
  if (missing.length) {
    project.runtime.counts.schemaJsonGenerated += missing.length;
    const outputs = await project.runtime.run(
      schemaJsonJob(
        spec.root,
        missing.map(({ version, dialect }) => ({
          id: version.id,
          path: version.schemaTs!.file.path,
          text: version.schemaTs!.file.text,
          dialect: dialect!,
        })),
        importedSources(spec),
        settings,
      ),
      missing.reduce((length, t) => length + t.version.schemaTs!.file.text.length, 0),
    );
    for (const [i, t] of missing.entries()) {
      t.output = outputs[i];
      keepOutputs(project, 'schema-json', t.key, [outputs[i]]);
    }
  }
  return targets.map(({ version, key, output }, i) => ({
    kind: 'schema-json',
    key,
    version: version.id,
    path: version.schemaJsonPath,
    text: dialects[i].problem ? undefined : output!.text,
    committed: version.jsonSchema?.file,
    problems: dialects[i].problem ? [dialects[i].problem] : output!.problems,
  }));
}

/**
 * The base protocol's JSON Schema, generated in memory from its types file (config `extends`
 * naming a schema.ts): the base's messages in the prose are validated against it. In the dialect
 * the versions are generated in (the first with one), draft-07 when none says. Absent without a
 * base types file, or when it does not generate.
 */
export interface BaseJsonSchema {
  text?: string;
  problems: GenerationProblem[];
}

const baseGeneration = derivation('generated base JSON Schema', (spec: Spec, project: Project) =>
  generation(generateBase(project, spec)),
);

async function generateBase(project: Project, spec: Spec): Promise<BaseJsonSchema> {
  const base = spec.base!;
  const withSchema = spec.versions.filter((v) => v.schemaTs);
  const dialect =
    targetDialects(withSchema, project.options.generate?.dialect).find((d) => d.dialect)?.dialect ?? 'draft-07';
  const key = hashParts(['base', schemaJsonKey(project.derive(textDigest, base.file), dialect, toolVersion)]);
  const cached = cachedOutputs(project, 'schema-json', key)?.[0];
  if (cached) return cached;
  const [output] = await project.runtime.run(
    {
      kind: 'schema-json',
      root: spec.root,
      versions: [{ id: 'base', path: base.file.path, text: base.file.text, dialect }],
    },
    base.file.text.length,
  );
  keepOutputs(project, 'schema-json', key, [output]);
  return output;
}

/** Generates the base protocol's JSON Schema; nothing to wait for unless the base is a types file. */
export function prepareBaseJsonSchema(project: Project): Promise<void> | undefined {
  const base = project.spec.base;
  if (!base || base.jsonSchema) return undefined;
  return project.derive(baseGeneration, project.spec).files.then(() => undefined);
}

/** The base protocol's JSON Schema text generated by `prepareBaseJsonSchema`, once it has settled. */
export function preparedBaseJsonSchema(project: Project): BaseJsonSchema | undefined {
  const base = project.spec.base;
  if (!base || base.jsonSchema) return undefined;
  return project.derive(baseGeneration, project.spec).settled;
}

async function referenceFiles(project: Project, spec: Spec): Promise<GeneratedFile[]> {
  const withSchema = spec.versions.filter((v) => v.schemaTs);
  const withTemplate = withSchema.filter((v) => v.referenceTemplate);
  if (!withTemplate.length) return [];
  const digest = (file: TextFile) => project.derive(textDigest, file);
  // The base protocol's types file is one of the program's texts (config `extends`).
  const baseDigests = spec.base || spec.typeDeclarations ? [withBase(spec, '')] : [];
  const rendering = renderingOf(project);
  // Keys change only when the rendering is not the bundled version's.
  const renderedAs = rendering.blockLineBreaks ? undefined : 'without block line breaks';
  plannedJobs(project).reference = {
    rendering,
    ...(renderedAs ? { renderedAs } : {}),
    versions: withSchema.map((v) => ({ id: v.id, path: v.schemaTs!.file.path })),
    pages: withTemplate.map((v) => ({
      version: v.id,
      template: v.referenceTemplate!.path,
      examples: v.examples.map((e) => e.path),
    })),
  };
  // `committedEqual`: the page is the committed one (see reference-committed.ts).
  const pages = withTemplate.map((version): PageToRender & { key: string; committedEqual?: true } => {
    const template = version.referenceTemplate!;
    // A page is rendered from the program of its own schema.ts and those before it (see
    // `ReferenceJob`): it depends on those texts, in that order, and on no later version's.
    const inProgram = withSchema.slice(0, withSchema.indexOf(version) + 1);
    const schemaDigests = [...inProgram.map((v) => digest(v.schemaTs!.file)), ...baseDigests];
    const keyOf = (exampleDigests: Map<string, string>) =>
      schemaReferenceKey({
        schemaDigests,
        version: version.id,
        templateDigest: digest(template),
        exampleDigests,
        toolVersion,
        renderedAs,
      });
    const key = keyOf(new Map(version.examples.map((e) => [e.path, digest(e.file)])));
    // A page depends on the examples it includes, not on the others: it is kept under a key of
    // everything else, with the hashes of the examples it included, and is reused while those
    // are unchanged (an edit of an example no page includes re-renders nothing).
    const baseKey = referencePageKey({
      schemaDigests,
      version: version.id,
      templateDigest: digest(template),
      templatePath: template.path,
      renderedAs,
      program: inProgram.map((v) => ({ id: v.id, path: v.schemaTs!.file.path })),
    });
    const includes = exampleTexts(spec, version);
    const includeDigests = new Map(version.examples.map((e) => [programPath(spec, e.path), digest(e.file)]));
    const found = { version, inProgram, key, baseKey, includes, includeDigests };
    const asCommitted = committedPageFor(project.runtime, key, version.referencePage, digest);
    if (asCommitted) return { ...found, page: asCommitted, committedEqual: true as const };
    const cached = cachedOutputs(project, 'schema-reference', baseKey)?.[0];
    return { ...found, ...keptPage(cached, includeDigests) };
  });
  const spliced = splicePages(
    project,
    spec,
    pages.filter((p) => !p.page && p.splicing),
  );
  const missing = pages.filter((p) => !p.page && !p.splicing);
  const rendered = renderPages(project, spec, withSchema, missing, rendering);
  await Promise.all([spliced, rendered]);
  for (const p of pages)
    if (!p.committedEqual) keepIfCommitted(project.runtime, p.key, p.version.referencePage, p.page!, digest);
  // No rule reads the page's declarations (they are for callers of `generatedFiles`, and kept with
  // the page in the caches): a runtime that serves one check does not keep a second copy of the
  // page's text to the end of the rules (about 4 MB on the MCP corpus).
  const keepDeclarations = !project.runtime.options.singleAnalysis;
  return pages.map(({ version, key, page }) => ({
    kind: 'schema-reference',
    key,
    version: version.id,
    path: `${version.docsDir}/schema.mdx`,
    text: page!.text,
    committed: version.referencePage,
    ...(keepDeclarations ? { declarations: page!.declarations } : {}),
    problems: page!.problems,
  }));
}

/** A page of `referenceFiles` to render: neither kept nor made again from its kept rendering. */
interface PageToRender extends PageToSplice {
  /** The versions of its program: its own and those before it. */
  inProgram: SpecVersion[];
}

/** Renders the pages in one job (the program of the last of them holds the others'), and keeps them. */
async function renderPages(
  project: Project,
  spec: Spec,
  withSchema: SpecVersion[],
  missing: PageToRender[],
  rendering: ReferenceRendering,
): Promise<void> {
  if (!missing.length) return;
  project.runtime.counts.referencePagesRendered += missing.length;
  const inProgram = missing.reduce(
    (longest, p) => (p.inProgram.length > longest.length ? p.inProgram : longest),
    [withSchema[0]],
  );
  const job = referenceJob(
    spec.root,
    inProgram.map((v) => ({ id: v.id, path: v.schemaTs!.file.path, text: v.schemaTs!.file.text })),
    importedSources(spec),
    missing.map((p) => {
      const highlights = keptHighlights(project.runtime.cache, p.version.id, p.version.referenceTemplate!.path);
      return {
        version: p.version.id,
        // LF line ends whatever the checkout's: the page does not depend on them.
        template: { path: p.version.referenceTemplate!.path, text: withLf(p.version.referenceTemplate!.text) },
        includes: [...p.includes],
        ...(highlights ? { highlights } : {}),
      };
    }),
    rendering,
    project.options.keepGeneratorState,
  );
  const rendered = await project.runtime.run(job, schemaTextLength(spec));
  for (const [i, p] of missing.entries()) {
    const { included, highlighted, highlightedNow, ...page } = rendered[i];
    p.page = { ...page, includes: included.map((file) => [file, p.includeDigests.get(file) ?? null]) };
    keepOutputs(project, 'schema-reference', p.baseKey, [p.page]);
    project.runtime.counts.referenceBlocksHighlighted += highlightedNow;
    // The page's code blocks, for the next rendering of it (after an edit) to take.
    if (highlightedNow || !job.pages[i].highlights)
      project.runtime.cache?.set(
        REFERENCE_HIGHLIGHTS,
        referenceHighlightsKey(p.version.id, p.version.referenceTemplate!.path),
        highlighted,
      );
  }
}

/**
 * A kept page as it is (the example texts it included are unchanged) or to make again from its
 * slotted form: when only the texts of `{@includeCode}` examples changed, the conversion and the
 * rendering are the same, and the page is the kept rendering with the texts now (no program).
 */
function keptPage(
  cached: CachedOutput | undefined,
  includeDigests: Map<string, string>,
): Pick<PageToSplice, 'page' | 'splicing'> {
  if (!cached?.includes) return {};
  if (cached.includes.every(([file, hash]) => (includeDigests.get(file) ?? null) === hash)) return { page: cached };
  const spliceable =
    cached.slotted &&
    cached.includes.every(([file, hash]) => {
      const now = includeDigests.get(file) ?? null;
      // A text `{@include}` put in a comment is part of the conversion; otherwise whether the file is there.
      return cached.inlined?.includes(file) ? now === hash : (now === null) === (hash === null);
    });
  return spliceable ? { splicing: cached } : {};
}

/** A page to make again from its kept rendering with the example texts now (see `referenceFiles`). */
interface PageToSplice {
  version: SpecVersion;
  baseKey: string;
  includes: Map<string, string>;
  includeDigests: Map<string, string>;
  page?: CachedOutput;
  splicing?: CachedOutput;
}

/** Makes the pages again from their kept renderings (a job with no program or conversion), and keeps them. */
async function splicePages(project: Project, spec: Spec, pages: PageToSplice[]): Promise<void> {
  if (!pages.length) return;
  const outputs = await project.runtime.run(
    {
      kind: 'schema-reference-splice',
      pages: pages.map((p) => ({
        slotted: p.splicing!.slotted!,
        includes: [...p.includes],
        // The blocks of the page's last rendering, for the first splice after it.
        rendered: referenceHighlightsKey(p.version.id, p.version.referenceTemplate!.path),
      })),
    },
    schemaTextLength(spec),
  );
  for (const [i, p] of pages.entries()) {
    const kept = p.splicing!;
    p.page = {
      ...outputs[i],
      problems: kept.problems,
      includes: kept.includes!.map(([file]) => [file, p.includeDigests.get(file) ?? null]),
      inlined: kept.inlined,
      slotted: kept.slotted,
    };
    // Kept in memory only: on disk, the rendering it was spliced from serves the next check too
    // (other example texts are spliced again; the same texts again are the same report, which is
    // kept), and writing the page (1.4 MB on the MCP corpus) cost an example edit's check about
    // 40 ms.
    keepOutputs(project, 'schema-reference', p.baseKey, [p.page], { onDisk: false });
  }
  project.runtime.counts.referencePagesSpliced += pages.length;
}

/** The plan of the project's generation jobs, filled as they are made (see `job-plan.ts`). */
const plannedJobsOf = derivation('planned generation jobs', (_spec: Spec): PlannedJobs => ({}));
const plannedJobs = (project: Project) => project.derive(plannedJobsOf, project.spec);

/** The plan of the jobs this project made, for the next check; none when a job carries a base or declarations. */
export function jobPlanOf(project: Project): PlannedJobs | undefined {
  return project.spec.base || project.spec.typeDeclarations?.files.size ? undefined : plannedJobs(project);
}

/**
 * A hash of a file's text, once per file object (the loader keeps it while the text is
 * unchanged): from the digest of its bytes when it was read from disk, which the loader took as
 * it read them (a check hashed the text of every example again, for the Schema Reference's keys).
 */
const textDigest = derivation('text digest', (file: TextFile) => hashParts(textKeyParts(file)), {
  carriesOver: true,
});
export { withLf };

/*
 * Line ends of generated files, one rule for `check`, `generate` and `generate --check`: the
 * generators write LF, and a committed file is compared as text, CRLF read as LF. The spec
 * repository's own checks compare bytes (`cmp`, and a trimmed string compare for schema.json),
 * but they run on an LF checkout of LF blobs; a CRLF file in a working tree is what git's
 * `core.autocrlf` makes of the same LF blob, so it is the same file. `generate` leaves such a
 * file alone and, when it must rewrite it, keeps its line ends.
 */

/** The committed file as the generators would write it: CRLF read as LF (lines and columns are unchanged). */
export function committedAsLf(committed: TextFile): TextFile;
export function committedAsLf(committed: TextFile | undefined): TextFile | undefined;
export function committedAsLf(committed: TextFile | undefined): TextFile | undefined {
  if (!committed?.text.includes('\r\n')) return committed;
  return new TextFile(committed.path, withLf(committed.text));
}

/** Whether the committed text is the generated one, line ends aside. */
export function upToDate(committed: string | undefined, generated: string): boolean {
  return committed !== undefined && withLf(committed) === generated;
}

/** The generated (LF) text with the line ends of the committed file: CRLF when its first line ends so. */
export function inLineEndsOf(generated: string, committed: string | undefined): string {
  const firstBreak = committed?.indexOf('\n') ?? -1;
  return firstBreak > 0 && committed![firstBreak - 1] === '\r' ? generated.replaceAll('\n', '\r\n') : generated;
}

/** A key that also names the base protocol and the declarations imported, when there are any (unchanged without). */
function withBase(spec: Spec, key: string): string {
  const base = spec.base;
  const declarations = [...(spec.typeDeclarations?.files.values() ?? [])].flatMap((f) => [f.path, f.text]);
  if (!base && !declarations.length) return key;
  return hashParts([key, ...(base ? [base.file.path, base.file.text, ...base.imports] : []), ...declarations]);
}

/**
 * What a generation job carries besides the types files: the base protocol's types file, which
 * imports of the base's package resolve to (a base given as a JSON Schema has none: those imports
 * are resolved as any other), and the declaration files other package imports resolve to.
 */
function importedSources(spec: Spec): Pick<SchemaJsonJob, 'base' | 'declarations'> {
  const base = spec.base;
  const files = spec.typeDeclarations?.files;
  return {
    ...(base?.schema ? { base: { path: base.file.path, text: base.file.text, imports: base.imports } } : {}),
    ...(files?.size ? { declarations: [...files.values()].map((f) => ({ path: f.path, text: f.text })) } : {}),
  };
}

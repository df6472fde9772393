/**
 * The site's SEP pages as `generate` writes them and `generated/sep-pages` compares them: each
 * SEP's page, the SEP index and docs.json with its SEP tab, made from the SEPs and formatted with
 * Prettier under the repository's config (read as data). Computed once per project; a formatted
 * page is kept by the key of what it was formatted from, in memory and in the disk cache, since
 * Prettier's MDX formatting is the slow part.
 */
import { createRequire } from 'node:module';
import type { Spec } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import type { GenerationProblem } from './keys.js';
import { hashParts } from '../runtime/cache.js';
import { derivation, type Project } from '../project/project.js';
import {
  indexPageText,
  navigationText,
  noticeOf,
  pullRequestBaseOf,
  readSepHeader,
  sepPageParts,
  bodyTakenAsCommitted,
  pageWithCommittedBody,
  authorsCell,
  withTablesUnaligned,
  type SepHeader,
} from './sep-pages.js';
import { prettierOptionsFor, type PrettierOptions } from './prettier-config.js';
import { differingBodyChunks, pageWithCommittedChunks } from './sep-body-chunks.js';
import type { FormatOutput } from './format-job.js';
import type { Location } from '../core/location.js';
import { pinnedToolchain, withLf } from './outputs.js';

export type SepPageKind = 'sep-page' | 'sep-index' | 'sep-navigation';

export interface SepPageFile {
  kind: SepPageKind;
  /** Where generate writes it, relative to the root. */
  path: string;
  /** The content; absent when it could not be generated (see `problems`). */
  text?: string;
  /** The committed file, when there is one. */
  committed?: TextFile;
  /** The SEP a page is made from. */
  sep?: SepHeader;
  /**
   * Why the committed file is accepted though it differs from `text`: it is what the repository's
   * pinned Prettier or the renderer's earlier reading of a wrapped Author(s) item wrote.
   */
  accepted?: string;
  problems: GenerationProblem[];
}

export interface SepPagesOutput {
  /** The SEPs the pages are made from, in file order. */
  seps: SepHeader[];
  files: SepPageFile[];
}

/** The version of Prettier that formats, read from its manifest (Prettier itself is loaded where it formats). */
const prettierVersion = (): string =>
  (createRequire(import.meta.url)('prettier/package.json') as { version: string }).version;

/** The value most of the texts have (the first of them on a tie), if any. */
function mostCommon(values: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)!) best = v;
  return best;
}

const generations = {
  whole: derivation('generated SEP pages', (spec: Spec, project: Project) => generationOf(project, spec, false)),
  checked: derivation('checked SEP pages', (spec: Spec, project: Project) => generationOf(project, spec, true)),
};

function generationOf(project: Project, spec: Spec, committedBodies: boolean) {
  const g: { files: Promise<SepPagesOutput>; settled?: SepPagesOutput } = {
    files: sepPageFiles(project, spec, committedBodies),
  };
  g.files.then((settled) => (g.settled = settled)).catch(() => undefined);
  return g;
}

/**
 * The SEP pages of a project (none when its site has no SEP index), computed once, each page
 * formatted whole: what `generate` writes.
 */
export function generatedSepPages(project: Project): Promise<SepPagesOutput> {
  return project.derive(generations.whole, project.spec).files;
}

/**
 * The SEP pages as `generated/sep-pages` compares them: as `generatedSepPages`, but a page whose
 * committed text ends with its SEP's body as it is is judged by formatting its head alone (see
 * `bodyTakenAsCommitted`): its text is the committed page when that is the formatted head and the
 * body; any other page is formatted whole.
 */
export function checkedSepPages(project: Project): Promise<SepPagesOutput> {
  return project.derive(generations.checked, project.spec).files;
}

/** The SEP pages kept by `checkedSepPages`; throws when they were not awaited for this project. */
export function preparedSepPages(project: Project): SepPagesOutput {
  const settled = project.derive(generations.checked, project.spec).settled;
  if (!settled) throw new Error('SEP pages were not generated for this project (await checkedSepPages first)');
  return settled;
}

async function sepPageFiles(project: Project, spec: Spec, committedBodies: boolean): Promise<SepPagesOutput> {
  const sources = spec.sepPages;
  if (!sources) return { seps: [], files: [] };
  const texts = new Map<string, string>();
  const seps: SepHeader[] = [];
  // In file name order, as the folder lists them.
  for (const file of [...sources.seps].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const header = readSepHeader(file.path, file.text);
    if (!header) continue;
    seps.push(header);
    texts.set(header.path, file.text);
  }
  const committedPages = [...sources.pages.values()];
  const pagePath = (sep: SepHeader) => `${sources.dir}/${sep.number}-${sep.slug}.mdx`;
  // What no SEP decides is taken from the committed pages: the pull request links and the Final notice.
  const pullRequests = mostCommon(committedPages.map((p) => pullRequestBaseOf(p.text)));
  const finalNotice = mostCommon(
    seps
      .filter((s) => s.status.toLowerCase() === 'final')
      .map((s) => sources.pages.get(pagePath(s))?.text)
      .map((text) => (text === undefined ? undefined : noticeOf(withLf(text)))),
  );
  const files: SepPageFile[] = [];
  // Each page's head and body, before formatting.
  const pageParts = new Map<SepPageFile, { head: string; body: string }>();
  const at = (file: string) => ({ file, line: 1, column: 1 });
  for (const sep of seps) {
    const path = pagePath(sep);
    const file: SepPageFile = { kind: 'sep-page', path, committed: sources.pages.get(path), sep, problems: [] };
    if (pullRequests === undefined)
      file.problems.push({
        message: `${path} cannot be generated: no committed SEP page under ${sources.dir} shows how its PR row links a pull request`,
        location: at(sep.path),
      });
    else {
      const parts = sepPageParts(sep, texts.get(sep.path)!, { pullRequests, ...(finalNotice ? { finalNotice } : {}) });
      pageParts.set(file, parts);
      file.text = `${parts.head}${parts.body}\n`;
    }
    files.push(file);
  }
  const index: SepPageFile = { kind: 'sep-index', path: sources.index.path, committed: sources.index, problems: [] };
  const indexText = indexPageText(sources.index.text, seps);
  if (indexText === undefined)
    index.problems.push({
      message: `${sources.index.path} has no "## Summary" list and "## All SEPs" table to generate the index in`,
      location: at(sources.index.path),
    });
  else index.text = indexText;
  files.push(index);
  if (sources.navigation) {
    const navigation: SepPageFile = {
      kind: 'sep-navigation',
      path: sources.navigation.path,
      committed: sources.navigation,
      problems: [],
    };
    const text = navigationText(sources.navigation.text, seps);
    if (text === undefined)
      navigation.problems.push({
        message: `${sources.navigation.path} is not JSON with navigation.tabs: its SEP tab cannot be generated`,
        location: at(sources.navigation.path),
      });
    else navigation.text = text;
    files.push(navigation);
  }
  const formatted = files.filter((f) => f.text !== undefined && f.path.endsWith('.mdx'));
  await formatPages(project, formatted, committedBodies ? pageParts : undefined, sources.prettierConfig);
  await acceptEarlierRenderings(project, files, sources.prettierConfig);
  return { seps, files };
}

/**
 * Formats the pages in place (a page that does not format is given the problem instead of a
 * text). With `pageParts` (a check), a page whose committed text ends with its SEP's body is
 * judged by its head alone, and one whose committed body differs from the SEP's in a few blocks
 * by its head and those blocks (`differingBodyChunks`): its text is the committed page when they
 * format as the committed page shows them. Any other page is formatted whole.
 */
async function formatPages(
  project: Project,
  formatted: SepPageFile[],
  pageParts: Map<SepPageFile, { head: string; body: string }> | undefined,
  config: TextFile | undefined,
): Promise<void> {
  const inParts: JudgedInParts[] = [];
  for (const page of formatted) {
    const parts = pageParts?.get(page);
    const judged = parts && page.committed && judgedInParts(page, parts, withLf(page.committed.text));
    if (judged) inParts.push(judged);
  }
  const whole = formatted.filter((f) => !inParts.some((j) => j.page === f));
  const outputs = await formatTexts(
    project,
    [
      ...inParts.flatMap(({ page, texts }) => texts.map((text) => ({ path: page.path, text, sep: page.sep }))),
      ...whole,
    ],
    config,
  );
  // A page whose committed head (or a part of its body) is not what formats so is formatted whole.
  const rest: SepPageFile[] = [];
  let at = 0;
  for (const judged of inParts) {
    const texts = outputs.slice(at, (at += judged.texts.length)).map((o) => o.text);
    const text = texts.every((t) => t !== undefined) ? judged.accept(texts) : undefined;
    if (text === undefined) rest.push(judged.page);
    else {
      judged.page.text = text;
      project.runtime.counts[judged.counted]++;
    }
  }
  const restOutputs = rest.length ? await formatTexts(project, rest, config) : [];
  const wholeOutputs = [...outputs.slice(at), ...restOutputs];
  for (const [i, page] of [...whole, ...rest].entries()) {
    const output = wholeOutputs[i];
    if (output.problem === undefined) page.text = output.text;
    else {
      page.text = undefined;
      page.problems.push({ message: output.problem, location: output.location });
    }
  }
  project.runtime.counts.sepPagesFormattedWhole += [...whole, ...rest].filter((f) => f.kind === 'sep-page').length;
}

/** A page judged by formatting part of its text: those parts, and the page they give formatted (undefined: format it whole). */
interface JudgedInParts {
  page: SepPageFile;
  texts: string[];
  counted: 'sepPagesByHead' | 'sepPagesByChunks';
  accept: (formatted: string[]) => string | undefined;
}

/**
 * How a page can be judged without formatting it whole: by its head alone when the committed
 * body is the SEP's (`bodyTakenAsCommitted`), else by its head and the blocks of the body that
 * differ (`differingBodyChunks`); undefined when neither.
 */
function judgedInParts(
  page: SepPageFile,
  { head, body }: { head: string; body: string },
  committed: string,
): JudgedInParts | undefined {
  if (bodyTakenAsCommitted(head, body, committed))
    return {
      page,
      texts: [head],
      counted: 'sepPagesByHead',
      accept: ([formattedHead]) => pageWithCommittedBody(formattedHead, body, committed),
    };
  const judged = differingBodyChunks(head, body, committed);
  return (
    judged && {
      page,
      texts: [head, ...judged.chunks.map((c) => c.text)],
      counted: 'sepPagesByChunks',
      accept: ([formattedHead, ...chunks]) => pageWithCommittedChunks(formattedHead, committed, judged, chunks),
    }
  );
}

type Formatted = { text: string; problem?: undefined } | { problem: string; location: Location; text?: undefined };

/**
 * The texts formatted as Prettier's command line formats each file under the config it finds for
 * it (docs.json is written as JSON and not formatted). Kept by content key, in memory and on disk.
 */
async function formatTexts(
  project: Project,
  files: { path: string; text?: string; sep?: SepHeader }[],
  config: TextFile | undefined,
): Promise<Formatted[]> {
  const version = prettierVersion();
  const memory = project.runtime.memory<FormatOutput>('formatted SEP pages', 4 * Math.max(1, files.length));
  const disk = project.runtime.cache;
  const out: Formatted[] = [];
  const work: { i: number; options: PrettierOptions; key: string }[] = [];
  for (const [i, file] of files.entries()) {
    const resolved = prettierOptionsFor(config, file.path);
    if (resolved.problem !== undefined) {
      out[i] = { problem: resolved.problem, location: { file: config!.path, line: 1, column: 1 } };
      continue;
    }
    const key = hashParts(['prettier', version, JSON.stringify(resolved.options), file.path, file.text!]);
    const kept = memory.get(key) ?? disk?.get<FormatOutput>('sep-page', key);
    if (kept) {
      memory.set(key, kept);
      out[i] = formattedOf(kept, file);
    } else work.push({ i, options: resolved.options, key });
  }
  if (!work.length) return out;
  const length = work.reduce((n, w) => n + files[w.i].text!.length, 0);
  const outputs = await project.runtime.run(
    { kind: 'format', files: work.map((w) => ({ path: files[w.i].path, text: files[w.i].text!, options: w.options })) },
    length,
  );
  for (const [j, w] of work.entries()) {
    memory.set(w.key, outputs[j]);
    disk?.set('sep-page', w.key, outputs[j]);
    out[w.i] = formattedOf(outputs[j], files[w.i]);
  }
  return out;
}

/** Whether `text` is the generated page but for its Author(s) cell, which shows the wrapped item's first line only. */
function sameButForWrappedAuthors(text: string, file: SepPageFile): boolean {
  const authors = file.sep?.authorsFirstLine;
  if (authors === undefined || file.text === undefined) return false;
  const now = withTablesUnaligned(file.text);
  const then = now.replace(
    withTablesUnaligned(authorsCell(file.sep!.authors)),
    withTablesUnaligned(authorsCell(authors)),
  );
  return then !== now && withTablesUnaligned(text) === then;
}

function formattedOf(output: FormatOutput, file: { path: string; sep?: SepHeader }): Formatted {
  return output.problem === undefined
    ? { text: output.text }
    : { problem: output.problem, location: { file: file.sep?.path ?? file.path, line: 1, column: 1 } };
}

/**
 * Committed pages that differ from what is generated now, yet are what the repository's own
 * check accepts: formatted by the Prettier version its lockfile pins, when that is not the one
 * bundled here (the same page once formatted by this one), or written by the renderer's earlier
 * reading of a wrapped Author(s) item (its first line only; the rest of the page the same).
 */
async function acceptEarlierRenderings(
  project: Project,
  files: SepPageFile[],
  config: TextFile | undefined,
): Promise<void> {
  const differing = files.filter((f) => f.text !== undefined && f.committed && withLf(f.committed.text) !== f.text);
  for (const file of differing)
    if (sameButForWrappedAuthors(withLf(file.committed!.text), file))
      file.accepted = `${file.path} shows the first line of a wrapped Author(s) item, as the renderer once read it`;
  const pinned = pinnedToolchain(project).prettier;
  if (!pinned || pinned === prettierVersion()) return;
  const pages = differing.filter((f) => !f.accepted && f.path.endsWith('.mdx'));
  const reformatted = await formatTexts(
    project,
    pages.map((f) => ({ path: f.path, text: withLf(f.committed!.text) })),
    config,
  );
  for (const [i, file] of pages.entries())
    if (
      reformatted[i].text === file.text ||
      (reformatted[i].text && sameButForWrappedAuthors(reformatted[i].text, file))
    )
      file.accepted = `${file.path} is formatted by Prettier ${pinned}, which the lockfile pins; Prettier ${prettierVersion()} formats it as generated`;
}

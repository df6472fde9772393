/**
 * The Schema Reference made again from its slotted pages (`schema-reference-splice` jobs) without
 * TypeDoc or TypeScript: code blocks are highlighted by TypeDoc's highlighter (shiki, as TypeDoc
 * sets it up and renders its tokens), loaded alone, and each block's highlighting is kept in the
 * disk cache by its text, so that after an example edit only that example's block is highlighted.
 * Loading TypeDoc for this took about 0.9 s of CPU, and highlighting a page's 130 examples again
 * 0.4-0.7 s.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DiskCache, MemoryCache } from '../runtime/cache.js';
import { hashParts } from '../runtime/cache.js';
import {
  assembledPage,
  highlightedBlockKey,
  slotCode,
  type Highlight,
  type ReferenceSpliceJob,
  type ReferenceSpliceOutput,
  type SlottedPage,
} from './reference-slots.js';

/** TypeDoc's defaults (`highlightLanguages`, `lightHighlightTheme`, `darkHighlightTheme`), which spec-check keeps. */
const TYPEDOC_LANGUAGES = [
  'bash',
  'console',
  'css',
  'html',
  'javascript',
  'json',
  'jsonc',
  'json5',
  'yaml',
  'tsx',
  'typescript',
];
const LIGHT_THEME = 'light-plus';
const DARK_THEME = 'dark-plus';
/** Languages TypeDoc writes as plain text. */
const PLAIN = ['txt', 'text'];
/** Languages whose grammars include no other: loaded alone, they highlight as among all of TypeDoc's. */
const SELF_CONTAINED = ['json', 'jsonc', 'json5'];

/**
 * The tokenizer's options: no time limit per line. The highlighter's default (500 ms) stops a
 * line where the time runs out and gives the rest of it as one token, so on a loaded machine a
 * page's classes could differ from run to run (a false finding against the committed page).
 */
export const TOKENIZE_OPTIONS = { tokenizeTimeLimit: 0 } as const;

type Shiki = typeof import('@gerrit0/mini-shiki');
interface Token {
  content: string;
  variants: Record<string, { color?: string }>;
}

/**
 * Colour classes, numbered in this process in the order their colours are first met, as TypeDoc
 * numbers them (a page numbers them again; see `renumberHighlightClasses`).
 */
const colours: string[] = [];
const classes = new Map<string, number>();
function classOf(colour: string): number {
  let n = classes.get(colour);
  if (n === undefined) {
    classes.set(colour, (n = colours.length));
    colours.push(colour);
  }
  return n;
}

/** TypeDoc's highlighter, as its `ShikiHighlighter` renders tokens. */
class Highlighter {
  constructor(
    private readonly shiki: Shiki,
    private readonly internal: Awaited<ReturnType<Shiki['createShikiInternal']>>,
    private readonly aliases: Map<string, string>,
    /** Every language TypeDoc loads is loaded here (not only the self-contained ones). */
    readonly complete: boolean,
  ) {}

  /** As TypeDoc's `MarkedPlugin.getHighlighted` (its warning for a language not loaded aside). */
  highlight(code: string, given?: string): string {
    const lang = (given || 'typescript').toLowerCase();
    if (PLAIN.includes(lang)) return escapeHtml(code);
    if (!this.internal.getLoadedLanguages().includes(lang)) return code;
    const lines = this.shiki.codeToTokensWithThemes(this.internal, code, {
      themes: { light: LIGHT_THEME, dark: DARK_THEME },
      lang: (this.aliases.get(lang) ?? lang) as never,
      ...TOKENIZE_OPTIONS,
    }) as unknown as Token[][];
    const out: string[] = [];
    for (const line of lines) {
      for (const token of line) {
        const colour = `${token.variants.light.color} | ${token.variants.dark.color}`;
        out.push(`<span class="hl-${classOf(colour)}">${escapeHtml(token.content)}</span>`);
      }
      out.push('<br/>');
    }
    // TypeDoc drops the last line's break and the last element (an empty last line's, or the last token).
    out.pop();
    out.pop();
    return out.join('');
  }
}

/** As TypeDoc's JSX escapes text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>'"]/g, (c) => HTML_ESCAPES[c]);
}
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

let shikiModule: Promise<Shiki> | undefined;
let engine: Promise<unknown> | undefined;
const highlighters = new Map<boolean, Promise<Highlighter>>();

/** TypeDoc's copy of the highlighter, found from TypeDoc's folder as its bundle finds it (`scripts/typedoc-shims`). */
function loadShiki(): Promise<Shiki> {
  shikiModule ??= (async () => {
    const fromTypedoc = createRequire(createRequire(import.meta.url).resolve('typedoc/package.json'));
    const file = fromTypedoc.resolve('@gerrit0/mini-shiki');
    const shiki = (await import(pathToFileURL(file).href)) as Shiki;
    engine ??= loadRegexEngine(shiki, path.join(path.dirname(file), 'onig.wasm'));
    return shiki;
  })();
  return shikiModule;
}

/**
 * The regular expression engine: the highlighter's own WebAssembly (what `loadBuiltinWasm` loads
 * from beside it), given as an instantiator. `loadBuiltinWasm` gives the file's bytes, which the
 * engine first asks whether they are a fetch `Response`: in Node that loads its fetch
 * implementation (undici), about 50 ms of CPU for nothing. The engine is loaded once per thread
 * (TypeDoc's, when a test starts it in the same thread, is the same one).
 */
async function loadRegexEngine(shiki: Shiki, wasmFile: string): Promise<unknown> {
  const bytes = await readFile(wasmFile);
  // (The compiler's libraries here do not declare WebAssembly; Node has it.)
  const wasm = (globalThis as unknown as { WebAssembly: { instantiate(b: Uint8Array, i: unknown): Promise<never> } })
    .WebAssembly;
  await shiki.loadWasm({ instantiator: (imports) => wasm.instantiate(bytes, imports) });
  return shiki.createOnigurumaEngine();
}

/** A highlighter with the self-contained languages, or with every language TypeDoc loads (`complete`). */
function highlighterWith(complete: boolean): Promise<Highlighter> {
  let made = highlighters.get(complete);
  if (!made) {
    made = (async () => {
      const shiki = await loadShiki();
      const langs = complete ? TYPEDOC_LANGUAGES : SELF_CONTAINED;
      const internal = await shiki.createShikiInternal({
        engine: (await engine) as never,
        themes: [shiki.bundledThemes[LIGHT_THEME], shiki.bundledThemes[DARK_THEME]],
        langs: langs.map((l) => shiki.bundledLanguages[l as keyof typeof shiki.bundledLanguages]),
      });
      const aliases = new Map<string, string>([
        ['mts', 'typescript'],
        ['cts', 'typescript'],
      ]);
      for (const info of shiki.bundledLanguagesInfo)
        for (const alias of info.aliases ?? []) aliases.set(alias, info.id);
      return new Highlighter(shiki, internal, aliases, complete);
    })();
    highlighters.set(complete, made);
  }
  return made;
}

/** The cache kind of a page's highlighted blocks, by their language and code. */
const HIGHLIGHTED = 'reference-highlighted';

/** A page's highlighted blocks as kept: HTML whose class numbers index `colours`. */
export interface KeptHighlights {
  colours: string[];
  blocks: Record<string, string>;
}

/** The cache kind of a Schema Reference page's code blocks as its last rendering highlighted them (see `ReferenceJob`). */
export const REFERENCE_HIGHLIGHTS = 'reference-highlights';

/** A page's code blocks as its last rendering highlighted them, by the key of their entry (see `referenceHighlightsKey`). */
export function keptHighlightsAt(cache: Pick<DiskCache, 'get'> | undefined, key: string): KeptHighlights | undefined {
  const kept = cache?.get<KeptHighlights>(REFERENCE_HIGHLIGHTS, key);
  return kept && Array.isArray(kept.colours) && kept.blocks && typeof kept.blocks === 'object' ? kept : undefined;
}

/** The highlighter's identity: a kept block is of this version of TypeDoc's highlighting. */
const HIGHLIGHTING = 'typedoc 0.28 shiki light-plus dark-plus';

/** What a splice counts (see `Runtime.counts`). */
export interface SpliceCounts {
  /** Code blocks highlighted (not taken from this thread or the disk cache). */
  referenceBlocksHighlighted: number;
}

/**
 * Makes the pages of a splice job: each slot's highlighting taken from this thread, from the disk
 * cache (the page's entry by its slots, which an example edit does not change, or else the blocks
 * its last rendering highlighted) and only the others highlighted. Byte for byte what TypeDoc's
 * highlighter gives (`test/reference-highlight.test.ts`).
 */
export async function splicePages(
  job: ReferenceSpliceJob,
  cache?: DiskCache,
  highlighted?: MemoryCache<string>,
  counts?: SpliceCounts,
  highlightElsewhere?: HighlightElsewhere,
): Promise<ReferenceSpliceOutput[]> {
  return Promise.all(
    job.pages.map((p) =>
      splicePage(p.slotted, new Map(p.includes), p.rendered, cache, highlighted, counts, highlightElsewhere),
    ),
  );
}

/**
 * Highlights code blocks in another thread (see `Runtime.runLight`), giving them as a kept entry
 * is: HTML whose class numbers index that thread's colours; undefined when there is none to do it.
 * A splice then loads no highlighter here.
 */
export type HighlightElsewhere = (blocks: [string, CodeBlock][]) => Promise<KeptHighlights> | undefined;

/** Code blocks highlighted in this thread, as `HighlightElsewhere` gives them (a worker's job). */
export async function highlightBlocks(blocks: [string, CodeBlock][]): Promise<KeptHighlights> {
  const into = new Map<string, string>();
  await highlightInto(into, blocks);
  return { colours: [...colours], blocks: Object.fromEntries(into) };
}

async function splicePage(
  slotted: SlottedPage,
  includes: Map<string, string>,
  rendered: string | undefined,
  cache?: DiskCache,
  highlighted?: MemoryCache<string>,
  counts?: SpliceCounts,
  highlightElsewhere?: HighlightElsewhere,
): Promise<ReferenceSpliceOutput> {
  const slots = slotted.parts.flatMap((part) =>
    typeof part === 'string'
      ? []
      : part.blocks.flatMap((b) => b.slots.map((s) => ({ slot: s, code: slotCode(s, includes) }))),
  );
  const entryKey = hashParts([
    HIGHLIGHTING,
    ...slots.flatMap(({ slot }) => [slot.lang ?? '', slot.include ?? `code:${slot.code}`]),
  ]);
  const kept = cache?.get<KeptHighlights>(HIGHLIGHTED, entryKey);
  const needed = neededBlocks(slots);
  // This page's blocks, from what the runtime highlighted before (watch mode splices again and
  // again), then from the page's entry.
  const highlightedHere = new Map<string, string>();
  for (const [key] of needed) {
    const html = highlighted?.get(key) ?? keptBlock(kept, key);
    if (html !== undefined) highlightedHere.set(key, html);
  }
  // The first splice after a rendering: the page's entry is not made yet, but the rendering's
  // blocks are kept (the same key of language and code, the same named colours).
  if (rendered && cache && highlightedHere.size < needed.size) {
    const fromRendering = keptHighlightsAt(cache, rendered);
    for (const [key] of needed) {
      const html = highlightedHere.has(key) ? undefined : keptBlock(fromRendering, key);
      if (html !== undefined) highlightedHere.set(key, html);
    }
  }
  const missing = [...needed].filter(([key]) => !highlightedHere.has(key));
  if (missing.length && highlightElsewhere) {
    // Taken as a kept entry's blocks are (this thread's class numbers); any not given are highlighted here.
    const given = await highlightElsewhere(missing)?.catch(() => undefined);
    for (const [key] of missing) {
      const html = keptBlock(given, key);
      if (html !== undefined) highlightedHere.set(key, html);
    }
  }
  await highlightInto(
    highlightedHere,
    missing.filter(([key]) => !highlightedHere.has(key)),
  );
  if (counts) counts.referenceBlocksHighlighted += missing.length;
  for (const [key, html] of highlightedHere) highlighted?.set(key, html);
  const highlight: Highlight = (code, lang) => highlightedHere.get(highlightedBlockKey(code, lang))!;
  const page = assembledPage(highlight, slotted, includes);
  if (cache && (missing.length || !kept)) {
    const blocks: Record<string, string> = {};
    for (const [key] of needed) blocks[key] = highlightedHere.get(key)!;
    cache.set(HIGHLIGHTED, entryKey, { colours: [...colours], blocks } satisfies KeptHighlights);
  }
  return page;
}

/**
 * A kept block (see `KeptHighlights`) with this thread's class numbers; undefined when it is not
 * kept or a class number of it names no colour of the entry (an entry is signed, not checked for
 * shape: such a block is highlighted again).
 */
function keptBlock(kept: KeptHighlights | undefined, key: string): string | undefined {
  const html: unknown = kept?.blocks && Object.hasOwn(kept.blocks, key) ? kept.blocks[key] : undefined;
  if (typeof html !== 'string') return undefined;
  const keptColours = Array.isArray(kept?.colours) ? kept.colours : [];
  let named = true;
  const out = html.replace(/class="hl-(\d+)"/g, (_m, n: string) => {
    const colour = keptColours[Number(n)];
    if (typeof colour !== 'string') named = false;
    return `class="hl-${classOf(String(colour))}"`;
  });
  return named ? out : undefined;
}

/**
 * Highlights the code blocks of a freshly rendered page (see `ReferenceJob`): each taken from
 * `memory` (this thread's, by language and code), from `kept` (a rendering's blocks, from the
 * disk cache, whatever page or process made them: the highlighting of a code is the same), or
 * highlighted now. Gives the page's highlighter (this process's class numbers, which the page
 * numbers again), the page's blocks to keep, and how many were highlighted now. A kept block whose
 * class numbers its colours do not name is highlighted again.
 */
export async function highlightSlots(
  slotted: SlottedPage,
  includes: Map<string, string>,
  kept: KeptHighlights | undefined,
  memory: Map<string, string>,
): Promise<{ highlight: Highlight; highlighted: KeptHighlights; fresh: number }> {
  const needed = neededBlocks(
    slotted.parts.flatMap((part) =>
      typeof part === 'string'
        ? []
        : part.blocks.flatMap((b) => b.slots.map((slot) => ({ slot, code: slotCode(slot, includes) }))),
    ),
  );
  const missing: [string, CodeBlock][] = [];
  for (const [key, block] of needed) {
    if (memory.has(key)) continue;
    const html = keptBlock(kept, key);
    if (html === undefined) missing.push([key, block]);
    else memory.set(key, html);
  }
  await highlightInto(memory, missing);
  const blocks: Record<string, string> = {};
  for (const key of needed.keys()) blocks[key] = memory.get(key)!;
  return {
    highlight: (code, lang) => memory.get(highlightedBlockKey(code, lang))!,
    highlighted: { colours: [...colours], blocks },
    fresh: missing.length,
  };
}

/** A code block to highlight: its code (an `{@includeCode}` slot's, the example's text) and language. */
export interface CodeBlock {
  code: string;
  lang?: string;
}

/** The distinct blocks of a page's slots, by the key they are kept under (language and code). */
function neededBlocks(slots: { slot: { lang?: string }; code: string }[]): Map<string, CodeBlock> {
  const needed = new Map<string, CodeBlock>();
  for (const { slot, code } of slots) needed.set(highlightedBlockKey(code, slot.lang), { code, lang: slot.lang });
  return needed;
}

/** Highlights the blocks `into` lacks, with the self-contained languages' highlighter unless one needs every language. */
async function highlightInto(into: Map<string, string>, missing: [string, CodeBlock][]): Promise<void> {
  if (!missing.length) return;
  const complete = missing.some(([, { lang }]) => !SELF_CONTAINED.includes((lang || 'typescript').toLowerCase()));
  const highlighter = await highlighterWith(complete);
  for (const [key, { code, lang }] of missing) into.set(key, highlighter.highlight(code, lang));
}

/** One code block highlighted as TypeDoc highlights it, with this process's class numbers (tests). */
export async function highlightedCode(code: string, lang?: string): Promise<string> {
  const complete = !SELF_CONTAINED.includes((lang || 'typescript').toLowerCase());
  return (await highlighterWith(complete)).highlight(code, lang);
}

/**
 * The Schema Reference made again from its slotted pages (`schema-reference-splice` jobs) without
 * TypeDoc or TypeScript: code blocks are highlighted by TypeDoc's highlighter (shiki, as TypeDoc
 * sets it up and renders its tokens), loaded alone, and each block's highlighting is kept in the
 * disk cache by its text, so that after an example edit only that example's block is highlighted.
 * Loading TypeDoc for this took about 0.9 s of CPU, and highlighting a page's 130 examples again
 * 0.4-0.7 s.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { DiskCache, MemoryCache } from '../runtime/cache.js';
import { hashParts } from '../runtime/cache.js';
import {
  assembledPage,
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
    return (await import(pathToFileURL(fromTypedoc.resolve('@gerrit0/mini-shiki')).href)) as Shiki;
  })();
  return shikiModule;
}

/** A highlighter with the self-contained languages, or with every language TypeDoc loads (`complete`). */
function highlighterWith(complete: boolean): Promise<Highlighter> {
  let made = highlighters.get(complete);
  if (!made) {
    made = (async () => {
      const shiki = await loadShiki();
      engine ??= shiki.loadBuiltinWasm().then(() => shiki.createOnigurumaEngine());
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

/** The highlighter's identity: a kept block is of this version of TypeDoc's highlighting. */
const HIGHLIGHTING = 'typedoc 0.28 shiki light-plus dark-plus';

/**
 * Makes the pages of a splice job: each slot's highlighting taken from the disk cache (by the
 * page's slots, which an example edit does not change) or this process, and only the others
 * highlighted. Byte for byte what TypeDoc's highlighter gives (`test/reference-highlight.test.ts`).
 */
export async function splicePages(
  job: ReferenceSpliceJob,
  cache?: DiskCache,
  highlighted?: MemoryCache<string>,
): Promise<ReferenceSpliceOutput[]> {
  return Promise.all(job.pages.map((p) => splicePage(p.slotted, new Map(p.includes), cache, highlighted)));
}

async function splicePage(
  slotted: SlottedPage,
  includes: Map<string, string>,
  cache?: DiskCache,
  highlighted?: MemoryCache<string>,
): Promise<ReferenceSpliceOutput> {
  const slots = slotted.parts.flatMap((part) =>
    typeof part === 'string'
      ? []
      : part.blocks.flatMap((b) => b.slots.map((s) => ({ slot: s, code: slotCode(s, includes) }))),
  );
  const keyOf = (code: string, lang?: string) => hashParts([lang ?? '', code]);
  const entryKey = hashParts([
    HIGHLIGHTING,
    ...slots.flatMap(({ slot }) => [slot.lang ?? '', slot.include ?? `code:${slot.code}`]),
  ]);
  const kept = cache?.get<KeptHighlights>(HIGHLIGHTED, entryKey);
  const needed = new Map<string, { code: string; lang?: string }>();
  for (const { slot, code } of slots) needed.set(keyOf(code, slot.lang), { code, lang: slot.lang });
  // This page's blocks, from what the runtime highlighted before (watch mode splices again and again).
  const highlightedHere = new Map<string, string>();
  for (const key of needed.keys()) {
    const html = highlighted?.get(key);
    if (html !== undefined) highlightedHere.set(key, html);
  }
  const missing = [...needed].filter(([key]) => !highlightedHere.has(key) && typeof kept?.blocks?.[key] !== 'string');
  const complete = missing.some(([, { lang }]) => !SELF_CONTAINED.includes((lang || 'typescript').toLowerCase()));
  const highlighter = missing.length ? await highlighterWith(complete) : undefined;
  // Kept blocks' class numbers are of the process that kept them: numbered again by colour here.
  const keptColours = Array.isArray(kept?.colours) ? kept.colours : [];
  for (const [key] of needed) {
    if (highlightedHere.has(key) || typeof kept?.blocks?.[key] !== 'string') continue;
    highlightedHere.set(
      key,
      kept.blocks[key].replace(
        /class="hl-(\d+)"/g,
        (_m, n: string) => `class="hl-${classOf(String(keptColours[Number(n)]))}"`,
      ),
    );
  }
  for (const [key, { code, lang }] of missing) highlightedHere.set(key, highlighter!.highlight(code, lang));
  for (const [key, html] of highlightedHere) highlighted?.set(key, html);
  const highlight: Highlight = (code, lang) => highlightedHere.get(keyOf(code, lang))!;
  const page = assembledPage(highlight, slotted, includes);
  if (cache && (missing.length || !kept)) {
    const blocks: Record<string, string> = {};
    for (const [key] of needed) blocks[key] = highlightedHere.get(key)!;
    cache.set(HIGHLIGHTED, entryKey, { colours, blocks } satisfies KeptHighlights);
  }
  return page;
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
  const keyOf = (code: string, lang?: string) => hashParts([lang ?? '', code]);
  const needed = new Map<string, { code: string; lang?: string }>();
  for (const part of slotted.parts)
    if (typeof part !== 'string')
      for (const b of part.blocks)
        for (const slot of b.slots) {
          const code = slotCode(slot, includes);
          needed.set(keyOf(code, slot.lang), { code, lang: slot.lang });
        }
  const keptColours = Array.isArray(kept?.colours) ? kept.colours : [];
  const fromKept = (html: unknown): string | undefined => {
    if (typeof html !== 'string') return undefined;
    let named = true;
    const out = html.replace(/class="hl-(\d+)"/g, (_m, n: string) => {
      const colour = keptColours[Number(n)];
      if (typeof colour !== 'string') named = false;
      return `class="hl-${classOf(String(colour))}"`;
    });
    return named ? out : undefined;
  };
  const missing: [string, { code: string; lang?: string }][] = [];
  for (const [key, block] of needed) {
    if (memory.has(key)) continue;
    const html = kept?.blocks && Object.hasOwn(kept.blocks, key) ? fromKept(kept.blocks[key]) : undefined;
    if (html === undefined) missing.push([key, block]);
    else memory.set(key, html);
  }
  if (missing.length) {
    const complete = missing.some(([, { lang }]) => !SELF_CONTAINED.includes((lang || 'typescript').toLowerCase()));
    const highlighter = await highlighterWith(complete);
    for (const [key, { code, lang }] of missing) memory.set(key, highlighter.highlight(code, lang));
  }
  const blocks: Record<string, string> = {};
  for (const key of needed.keys()) blocks[key] = memory.get(key)!;
  return {
    highlight: (code, lang) => memory.get(keyOf(code, lang))!,
    highlighted: { colours: [...colours], blocks },
    fresh: missing.length,
  };
}

/** One code block highlighted as TypeDoc highlights it, with this process's class numbers (tests). */
export async function highlightedCode(code: string, lang?: string): Promise<string> {
  const complete = !SELF_CONTAINED.includes((lang || 'typescript').toLowerCase());
  return (await highlighterWith(complete)).highlight(code, lang);
}

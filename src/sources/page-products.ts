/**
 * What parsing a page yields, kept in the disk cache from one check to the next: a check after
 * an edit parses only the pages whose text changed, and reads the others' products back.
 * Parsing the prose is most of a check that finds no whole report in the cache.
 *
 * A page's products are its parse data (outline: headings, code blocks, links, includes, parse
 * error, and the facts rules would otherwise walk its tree for: see page-facts.ts), its mdast
 * tree as text when a check walked it (parsed when a rule first walks it: the changelog) and its
 * suppression comments. They are keyed by the page's path and text, its syntax and the site
 * kind that reads it (spec-check's version is in every entry's header): a changed page is a
 * different key, so a product is never stale, and every index over the pages is built afresh
 * from the products of this tree's pages.
 *
 * They are kept in sixteen cache entries, a page's by its path (a few megabytes in all for the
 * MCP spec), each read once per process when a page of it is loaded and written back after the
 * check when a page of it was parsed: an edit rewrites a sixteenth of the products. A shard holds
 * the products of the pages this process loaded (both trees of `check --base`), so it does not
 * grow with edits. Each entry has the disk cache's integrity: a tampered or truncated one is not
 * served (its pages are parsed again), and is made again.
 */
import type { Root } from 'mdast';
import type { TextFile } from '../core/text-file.js';
import type { Declaration, MarkdownPage, SchemaSource, SiteKind, Suppression } from '../model/spec.js';
import type { DiskCache } from '../runtime/cache.js';
import { hashParts, textKeyParts } from '../runtime/cache.js';
import {
  pageFromData,
  parseMarkdownPage,
  type KeptPageData,
  type MarkdownPageData,
  type ParsedPageProducts,
} from './markdown.js';
import { suppressionsInPage } from './suppressions.js';
import type { PageOutline } from './page-outline.js';
import { lazyFields } from '../util/lazy-fields.js';

/** A site page as read for its outline: why it is beyond the parser's limits, or its outline (empty then). */
export interface SitePageRead {
  beyond?: MarkdownPage['parseError'];
  outline: PageOutline;
}

/**
 * One page's products as stored (for a site page's outline, the outline is `data`); `tree` when
 * the page has a tree, which its shard's trees entry holds if a check walked it (see
 * `StoredTrees`; else it is parsed again from the page).
 */
interface StoredProducts {
  data: MarkdownPageData;
  tree?: true;
  suppressions: Suppression[];
}

interface StoredBundle {
  pages: Record<string, StoredProducts>;
}

/**
 * The trees of a shard's pages that a check walked, by page key, as JSON text with each node's
 * position packed into an array (see `packedTreeText`; positions are most of a tree's text).
 * Most checks walk few trees (after an example edit, the five changelog pages'), so they are an
 * entry of their own, read when a rule first walks a kept page's tree: reading the products back
 * took about 55 ms of such a check with every tree in them. Each tree is text so that reading the
 * entry does not build every tree of the shard.
 *
 * Only the trees a check walked are kept: a cold check of the MCP corpus parses 138 pages and
 * walks the trees of five of them but for the claims (which are kept by the page's own key, see
 * `treeForKeptProduct`), and writing every tree (4.7 MB of text) was about 2% of its time. A
 * page whose tree is not kept has its tree parsed again when walked, and then kept.
 */
interface StoredTrees {
  trees: Record<string, string>;
}

/**
 * The products are kept in this many entries, a page's by its path: an edit rewrites the entry
 * of its page (a sixteenth of the whole), not the products of every page.
 */
const SHARDS = 16;

/** The entries' kinds and keys in the disk cache: one of each per shard, per cache folder and spec-check version. */
const KIND = 'page-products';
const shardKey = (shard: number) => hashParts(['page products', String(SHARDS), String(shard)]);
const TREES_KIND = 'page-trees';
const treesKey = (shard: number) => hashParts(['page trees', String(SHARDS), String(shard)]);

/** The pages of a shard's entry as read (none when it was not there or not served). */
const pagesOf = (bundle: StoredBundle | undefined): Record<string, StoredProducts> =>
  bundle && typeof bundle.pages === 'object' && bundle.pages ? bundle.pages : {};

/** A page's shard, by its path (FNV-1a): the same for every text of the page. */
function shardOf(path: string): number {
  let hash = 2166136261;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 16777619);
  return (hash >>> 0) % SHARDS;
}

/** What this process read of a shard and used of it. */
interface Shard {
  n: number;
  /** As read from the cache (empty when it was not there or not served), or as last written. */
  stored: Record<string, StoredProducts>;
  /** The trees entry as read (when a tree was first asked for) or as last written; undefined until then. */
  trees?: Record<string, string>;
  /** The trees walked in this process that the trees entry did not hold, as text, by page key: written back with them. */
  madeTrees: Map<string, string>;
  /** The products of the pages of this shard loaded in this process, by key: what is written back. */
  used: Map<string, StoredProducts>;
  /** The keys among `used` made in this process, not read back. */
  made: Set<string>;
}

/** How many pages (and schema.ts files) were read back from the cache and how many were parsed, for `SPEC_CHECK_TIMING` and tests. */
export interface PageProductCounts {
  pagesFromCache: number;
  pagesParsed: number;
  /** Of the pages read back, those whose tree a rule walked (parsed from its stored text). */
  pageTreesRead: number;
  schemaSourcesFromCache: number;
  schemaSourcesParsed: number;
}

/** A schema.ts file's declarations model as stored: all of `SchemaSource` but its file and the index by name. */
type StoredSchemaSource = Omit<SchemaSource, 'file' | 'byName'> & { tooDeep?: true };

/**
 * A declarations model as kept in the cache (all of `SchemaSource` but its file and its index by
 * name), made whole again for `file`; undefined when the entry is not of that shape.
 */
export function schemaSourceOf<T extends Omit<SchemaSource, 'file' | 'byName'>>(
  file: TextFile,
  stored: T,
): (T & { file: TextFile; byName: Map<string, Declaration> }) | undefined {
  if (
    !stored ||
    typeof stored !== 'object' ||
    !Array.isArray(stored.declarations) ||
    !Array.isArray(stored.plainComments) ||
    !Array.isArray(stored.syntaxErrors)
  )
    return undefined;
  const byName = new Map<string, Declaration>();
  for (const d of stored.declarations) if (!byName.has(d.name)) byName.set(d.name, d);
  return { ...stored, file, byName };
}

const SCHEMA_SOURCE_KIND = 'schema-source';

export class PageProducts {
  readonly #shards = new Map<number, Shard>();
  readonly counts: PageProductCounts = {
    pagesFromCache: 0,
    pagesParsed: 0,
    pageTreesRead: 0,
    schemaSourcesFromCache: 0,
    schemaSourcesParsed: 0,
  };

  constructor(private readonly cache: DiskCache) {}

  private shard(path: string): Shard {
    const n = shardOf(path);
    let shard = this.#shards.get(n);
    if (!shard) {
      const bundle = this.cache.get<StoredBundle>(KIND, shardKey(n));
      const stored = pagesOf(bundle);
      this.#shards.set(n, (shard = { n, stored, used: new Map(), made: new Set(), madeTrees: new Map() }));
    }
    return shard;
  }

  private lookUp(path: string, key: string): StoredProducts | undefined {
    const shard = this.shard(path);
    const used = shard.used.get(key);
    if (used) return used;
    const stored = Object.hasOwn(shard.stored, key) ? shard.stored[key] : undefined;
    if (!stored || typeof stored !== 'object' || !stored.data || !Array.isArray(stored.suppressions)) return undefined;
    if (stored.tree !== undefined && stored.tree !== true) return undefined;
    shard.used.set(key, stored);
    return stored;
  }

  private keep(path: string, key: string, products: StoredProducts, page?: MarkdownPage): void {
    this.counts.pagesParsed++;
    // A page that ran out of its parse budget may parse in time next run: not kept.
    if (page?.parseError?.message.startsWith('Page took too long')) return;
    const shard = this.shard(path);
    shard.used.set(key, products);
    shard.made.add(key);
  }

  /** Keeps the tree of a page a check walked, unless the trees entry holds it: written back with its page. */
  private keepWalkedTree(path: string, key: string, tree: Root): void {
    const shard = this.shard(path);
    if (shard.madeTrees.has(key) || typeof shard.trees?.[key] === 'string') return;
    shard.madeTrees.set(key, packedTreeText(tree));
  }

  /** A shard's trees entry as stored, read on first use. */
  private storedTrees(shard: Shard): Record<string, string> {
    if (!shard.trees) {
      const bundle = this.cache.get<StoredTrees>(TREES_KIND, treesKey(shard.n));
      shard.trees = bundle && typeof bundle.trees === 'object' && bundle.trees ? bundle.trees : {};
    }
    return shard.trees;
  }

  /** The tree kept for a page, parsed from its text; undefined when the trees entry does not hold it. */
  private keptTree(path: string, key: string): Root | undefined {
    const shard = this.shard(path);
    const text = shard.madeTrees.get(key) ?? this.storedTrees(shard)[key];
    if (typeof text !== 'string') return undefined;
    this.counts.pageTreesRead++;
    return unpackPositions(JSON.parse(text) as object) as Root;
  }

  /** Whether the cache holds the products of this page: `page` then reads them back instead of parsing. */
  holds(file: TextFile, syntax: 'mdx' | 'md', kind?: SiteKind): boolean {
    return this.lookUp(file.path, pageKey(file, syntax, kind)) !== undefined;
  }

  /**
   * A page of the versions' prose, with its tree and its suppression comments: from the cache,
   * else `parsed` (parsed elsewhere, in a worker thread), else parsed here.
   */
  page(
    file: TextFile,
    syntax: 'mdx' | 'md',
    kind?: SiteKind,
    parsed?: ParsedPageProducts,
  ): { page: MarkdownPage; suppressions: Suppression[] } {
    const key = pageKey(file, syntax, kind);
    const stored = this.lookUp(file.path, key);
    if (stored) {
      this.counts.pagesFromCache++;
      const page = pageFromData(file, stored.data);
      // A tree the trees entry does not hold (not walked, or not served) is the page's parse, made again.
      const read = stored.tree
        ? withTree(
            page,
            () => this.keptTree(file.path, key) ?? parseMarkdownPage(file, syntax, kind).tree!,
            (tree) => this.keepWalkedTree(file.path, key, tree),
          )
        : page;
      return { page: read, suppressions: stored.suppressions };
    }
    const { tree, data } = parsed ?? parseMarkdownPage(file, syntax, kind);
    const made = pageFromData(file, data);
    const page = tree
      ? withTree(
          made,
          () => tree,
          (walked) => this.keepWalkedTree(file.path, key, walked),
        )
      : made;
    const suppressions = parsed?.suppressions ?? suppressionsInPage(file, tree);
    this.keep(file.path, key, { data, ...(tree ? { tree: true } : {}), suppressions }, page);
    return { page, suppressions };
  }

  /** The data and suppressions of a SEP parsed at loading (no tree: `check` reads a SEP's outline only), when kept. */
  sep(file: TextFile): { data: MarkdownPageData; suppressions: Suppression[] } | undefined {
    const stored = this.lookUp(file.path, sepKey(file));
    if (stored) this.counts.pagesFromCache++;
    return stored;
  }

  /** Keeps a SEP's data and suppressions, parsed here or in the worker thread. */
  keepSep(file: TextFile, data: MarkdownPageData, suppressions: Suppression[]): void {
    this.keep(file.path, sepKey(file), { data, suppressions }, pageFromData(file, data));
  }

  /**
   * A site page outside the versions' prose as an earlier check read it for its outline: why it is
   * beyond the parser's limits (see `beyondParseLimits`), or its outline (see `outlinePage`);
   * undefined when the cache does not hold it (then `keepSitePage` keeps it once made).
   */
  keptSitePage(file: TextFile, syntax: 'mdx' | 'md'): SitePageRead | undefined {
    const kept = this.lookUp(file.path, sitePageKey(file, syntax))?.data as unknown as SitePageRead | undefined;
    const outline = kept?.outline;
    // Another build of this version may have kept another shape: then the page is read again.
    if (!outline || ![outline.headings, outline.links, outline.fences, outline.esm].every(Array.isArray))
      return undefined;
    this.counts.pagesFromCache++;
    return kept;
  }

  /** Keeps a site page as read for its outline (see `keptSitePage`). */
  keepSitePage(file: TextFile, syntax: 'mdx' | 'md', read: SitePageRead): void {
    this.keep(file.path, sitePageKey(file, syntax), { data: read as unknown as MarkdownPageData, suppressions: [] });
  }

  /** The outlines of SEPs parsed when first read (no suppression comments: those are parsed at loading). */
  readonly lazySeps: KeptPageData = {
    data: (file) => this.sep(file)?.data,
    keep: (file, data) => this.keepSep(file, data, []),
  };

  /**
   * The declarations model of a schema.ts (see `readSchemaSource`): from the cache, else made and
   * kept. Parsing the six schema.ts files of the MCP spec with TypeScript is a fifth of a check
   * after a page edit; their models are plain data, kept one entry per text (so a schema.ts edit
   * writes one entry, and a tree with other texts reads its own).
   */
  schemaSource(file: TextFile, make: () => SchemaSource & { tooDeep?: true }): SchemaSource & { tooDeep?: true } {
    const key = hashParts(['schema source', file.path, ...textKeyParts(file)]);
    const stored = this.cache.get<StoredSchemaSource>(SCHEMA_SOURCE_KIND, key);
    const revived = stored && schemaSourceOf(file, stored);
    if (revived) {
      this.counts.schemaSourcesFromCache++;
      return revived;
    }
    const made = make();
    this.counts.schemaSourcesParsed++;
    const kept: StoredSchemaSource = {
      declarations: made.declarations,
      plainComments: made.plainComments,
      syntaxErrors: made.syntaxErrors,
      ...(made.imports ? { imports: made.imports } : {}),
      ...(made.tooDeep ? { tooDeep: made.tooDeep } : {}),
    };
    this.cache.set(SCHEMA_SOURCE_KIND, key, kept);
    return made;
  }

  /**
   * Writes back each shard that holds a page parsed in this process, a stored page this process
   * did not use (so a shard holds the pages of the trees last loaded and does not grow with
   * edits), or a tree walked that its trees entry did not hold; the others are left as they are.
   * The products read back were handed to the rules, which may have changed their data: what is
   * written of them is read from the entry again. The trees entry is written with them when a
   * tree was walked that it did not hold or one of its pages left: the trees of the pages
   * written, walked here or as stored.
   */
  save(): void {
    for (const [n, shard] of this.#shards) {
      const unused = Object.keys(shard.stored).filter((key) => !shard.used.has(key));
      if (!shard.made.size && !unused.length && !shard.madeTrees.size) continue;
      const again = shard.made.size < shard.used.size ? this.cache.get<StoredBundle>(KIND, shardKey(n)) : undefined;
      const readBack = pagesOf(again);
      const pages: Record<string, StoredProducts> = {};
      for (const [key, products] of shard.used) {
        const kept = shard.made.has(key) ? products : Object.hasOwn(readBack, key) ? readBack[key] : undefined;
        if (kept) pages[key] = kept;
      }
      if (shard.madeTrees.size || unused.some((key) => shard.stored[key]?.tree)) {
        const trees: Record<string, string> = {};
        for (const [key, products] of Object.entries(pages)) {
          const text = products.tree && (shard.madeTrees.get(key) ?? this.storedTrees(shard)[key]);
          if (typeof text === 'string') trees[key] = text;
        }
        this.cache.set(TREES_KIND, treesKey(n), { trees } satisfies StoredTrees);
        shard.trees = trees;
        shard.madeTrees.clear();
      }
      this.cache.set(KIND, shardKey(n), { pages } satisfies StoredBundle);
      shard.stored = pages;
      shard.made.clear();
    }
  }
}

/**
 * A tree as stored, as JSON text: made when a rule first walks it (so what is written back is the
 * parse, nothing a rule did with it), and a fraction of the memory a copy of the tree took, with
 * each unist position `{ start: { line, column, offset }, end: {…} }` packed into an array of
 * six numbers (`null` for an offset a point lacks). Estree literals may hold a bigint, which JSON
 * cannot: no rule reads their values.
 */
function packedTreeText(tree: Root): string {
  return JSON.stringify(tree, (key, value: unknown) =>
    typeof value === 'bigint' ? String(value) : key === 'position' ? (packedPosition(value) ?? value) : value,
  );
}

/** On a page whose tree the products hand out: the tree, read without telling that it was walked. */
const TREE_FOR_KEPT_PRODUCT = Symbol('tree read for a product kept by the page');

/**
 * The page with its tree made by `read` when first asked for (a kept tree's text parsed,
 * positions unpacked): each page handed out makes its own (both trees of `check --base` do not
 * share one a rule may change). The first walk tells `walked` before the walker has the tree,
 * so that the cache keeps what was parsed (a read for a kept product changes nothing in it); a
 * read by `treeForKeptProduct` tells nothing.
 */
function withTree(page: MarkdownPage, read: () => Root, walked: (tree: Root) => void): MarkdownPage {
  let tree: Root | undefined;
  let told = false;
  const made = () => (tree ??= read());
  Object.defineProperty(page, TREE_FOR_KEPT_PRODUCT, { value: made, enumerable: false });
  return lazyFields(page, ['tree'], () => {
    if (!told) {
      told = true;
      walked(made());
    }
    return { tree: made() };
  });
}

/**
 * A page's tree, read to make a product the cache keeps by the page's own key (its claims): the
 * next check reads that product back and does not walk the tree for it, so the read does not
 * make the cache keep the tree (see `StoredTrees`).
 */
export function treeForKeptProduct(page: MarkdownPage): Root | undefined {
  const read = (page as { [TREE_FOR_KEPT_PRODUCT]?: () => Root })[TREE_FOR_KEPT_PRODUCT];
  return read ? read() : page.tree;
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}

const isPoint = (p: unknown): p is Point => {
  if (!p || typeof p !== 'object') return false;
  const keys = Object.keys(p);
  const { line, column, offset } = p as Record<string, unknown>;
  return (
    typeof line === 'number' &&
    typeof column === 'number' &&
    (offset === undefined || typeof offset === 'number') &&
    keys.length === (offset === undefined ? 2 : 3) &&
    keys[0] === 'line' &&
    keys[1] === 'column'
  );
};

/** A position packed, when it is exactly a start and an end point; else undefined (kept as it is). */
function packedPosition(value: unknown): (number | null)[] | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { start, end } = value as { start?: unknown; end?: unknown };
  const keys = Object.keys(value);
  if (keys.length !== 2 || keys[0] !== 'start' || keys[1] !== 'end' || !isPoint(start) || !isPoint(end))
    return undefined;
  return [start.line, start.column, start.offset ?? null, end.line, end.column, end.offset ?? null];
}

const pointOf = (line: number, column: number, offset: number | null): Point =>
  offset === null ? { line, column } : { line, column, offset };

/** Unpacks the positions `packedTreeText` packed, in place, everywhere in the value (estree nodes and attributes too). */
function unpackPositions(value: object): object {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      for (const x of item) if (x && typeof x === 'object') stack.push(x);
      continue;
    }
    const node = item as Record<string, unknown>;
    for (const key in node) {
      const x = node[key];
      if (!x || typeof x !== 'object') continue;
      if (key === 'position' && Array.isArray(x) && x.length === 6) {
        const [sl, sc, so, el, ec, eo] = x as [number, number, number | null, number, number, number | null];
        node.position = { start: pointOf(sl, sc, so), end: pointOf(el, ec, eo) };
      } else stack.push(x);
    }
  }
  return value;
}

/** The products' format, in every page's key: products of another format are not read back. */
const FORMAT = 'with JSON block values, sketches, declarations, page facts, trees in entries of their own';

const pageKey = (file: TextFile, syntax: 'mdx' | 'md', kind: SiteKind | undefined) =>
  hashParts(['page', FORMAT, syntax, kind ?? '', file.path, ...textKeyParts(file)]);

const sitePageKey = (file: TextFile, syntax: 'mdx' | 'md') =>
  hashParts(['site page', syntax, file.path, ...textKeyParts(file)]);
const sepKey = (file: TextFile) => hashParts(['sep', FORMAT, file.path, ...textKeyParts(file)]);

const perCache = new WeakMap<DiskCache, PageProducts>();

/** The page products of a cache folder, one object per disk cache (the runtime's), so that one process reads the entry once. */
export function pageProductsOf(cache: DiskCache): PageProducts {
  let products = perCache.get(cache);
  if (!products) perCache.set(cache, (products = new PageProducts(cache)));
  return products;
}

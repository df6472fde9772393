/**
 * What parsing a page yields, kept in the disk cache from one check to the next: a check after
 * an edit parses only the pages whose text changed, and reads the others' products back.
 * Parsing the prose is most of a check that finds no whole report in the cache.
 *
 * A page's products are its parse data (outline: headings, code blocks, links, includes, parse
 * error), its mdast tree (the claims, the changelog and the MDX rules read it) and its
 * suppression comments. They are keyed by the page's path and text, its syntax and the site
 * kind that reads it (spec-check's version is in every entry's header): a changed page is a
 * different key, so a product is never stale, and every index over the pages is built afresh
 * from the products of this tree's pages.
 *
 * All of them are one cache entry (a few megabytes for the MCP spec), read once per process and
 * written back after the check when a page was parsed: one file to sign and read rather than hundreds. It holds
 * the products of the pages this process loaded (both trees of `check --base`), so it does not
 * grow with edits. The entry has the disk cache's integrity: a tampered or truncated one is not
 * served, and is made again.
 */
import type { Root } from 'mdast';
import type { TextFile } from '../core/text-file.js';
import type { Declaration, MarkdownPage, SchemaSource, SiteKind, Suppression } from '../model/spec.js';
import type { DiskCache } from '../runtime/cache.js';
import { hashParts } from '../runtime/cache.js';
import { pageFromData, parseMarkdownPage, type KeptPageData, type MarkdownPageData } from './markdown.js';
import { suppressionsInPage } from './suppressions.js';
import type { PageOutline } from './page-outline.js';

/**
 * One page's products as stored (for a site page's outline, the outline is `data`): the tree (as its JSON text, taken when the page is parsed, so
 * that what is written back is the parse and nothing a rule did with it) only for a page whose
 * tree the check keeps.
 */
interface StoredProducts {
  data: MarkdownPageData;
  tree?: string;
  suppressions: Suppression[];
}

interface StoredBundle {
  pages: Record<string, StoredProducts>;
}

/** The entry's kind and key in the disk cache: one bundle per cache folder and spec-check version. */
const KIND = 'page-products';
const KEY = hashParts(['page products']);

/** How many pages (and schema.ts files) were read back from the cache and how many were parsed, for `SPEC_CHECK_TIMING` and tests. */
export interface PageProductCounts {
  pagesFromCache: number;
  pagesParsed: number;
  schemaSourcesFromCache: number;
  schemaSourcesParsed: number;
}

/** A schema.ts file's declarations model as stored: all of `SchemaSource` but its file and the index by name. */
type StoredSchemaSource = Omit<SchemaSource, 'file' | 'byName'> & { tooDeep?: true };

const SCHEMA_SOURCE_KIND = 'schema-source';

export class PageProducts {
  #stored: Record<string, StoredProducts> | undefined;
  /** The products of the pages loaded in this process, by key: what is written back. */
  readonly #used = new Map<string, StoredProducts>();
  #changed = false;
  readonly counts: PageProductCounts = {
    pagesFromCache: 0,
    pagesParsed: 0,
    schemaSourcesFromCache: 0,
    schemaSourcesParsed: 0,
  };

  constructor(private readonly cache: DiskCache) {}

  private stored(): Record<string, StoredProducts> {
    if (this.#stored) return this.#stored;
    const bundle = this.cache.get<StoredBundle>(KIND, KEY);
    const pages = bundle && typeof bundle.pages === 'object' && bundle.pages ? bundle.pages : {};
    return (this.#stored = pages);
  }

  private lookUp(key: string): StoredProducts | undefined {
    const used = this.#used.get(key);
    if (used) return used;
    const stored = Object.hasOwn(this.stored(), key) ? this.stored()[key] : undefined;
    if (!stored || typeof stored !== 'object' || !stored.data || !Array.isArray(stored.suppressions)) return undefined;
    this.#used.set(key, stored);
    return stored;
  }

  private keep(key: string, products: StoredProducts, page: MarkdownPage): void {
    this.counts.pagesParsed++;
    // A page that ran out of its parse budget may parse in time next run: not kept.
    if (page.parseError?.message.startsWith('Page took too long')) return;
    this.#used.set(key, products);
    this.#changed = true;
  }

  /** A page of the versions' prose, with its tree and its suppression comments: from the cache, else parsed. */
  page(file: TextFile, syntax: 'mdx' | 'md', kind?: SiteKind): { page: MarkdownPage; suppressions: Suppression[] } {
    const key = hashParts(['page', syntax, kind ?? '', file.path, file.text]);
    const stored = this.lookUp(key);
    if (stored) {
      this.counts.pagesFromCache++;
      const page = pageFromData(file, stored.data);
      const tree = typeof stored.tree === 'string' ? (JSON.parse(stored.tree) as Root) : undefined;
      return { page: tree ? { ...page, tree } : page, suppressions: stored.suppressions };
    }
    const { tree, data } = parseMarkdownPage(file, syntax, kind);
    const page: MarkdownPage = { ...pageFromData(file, data), ...(tree ? { tree } : {}) };
    const suppressions = suppressionsInPage(file, tree);
    this.keep(key, { data, ...(tree ? { tree: treeText(tree) } : {}), suppressions }, page);
    return { page, suppressions };
  }

  /** The data and suppressions of a SEP parsed at loading (no tree: `check` reads a SEP's outline only), when kept. */
  sep(file: TextFile): { data: MarkdownPageData; suppressions: Suppression[] } | undefined {
    const stored = this.lookUp(sepKey(file));
    if (stored) this.counts.pagesFromCache++;
    return stored;
  }

  /** Keeps a SEP's data and suppressions, parsed here or in the worker thread. */
  keepSep(file: TextFile, data: MarkdownPageData, suppressions: Suppression[]): void {
    this.keep(sepKey(file), { data, suppressions }, pageFromData(file, data));
  }

  /** The outline of a site page outside the versions' prose (see `outlinePage`): from the cache, else made. */
  outline(file: TextFile, syntax: 'mdx' | 'md', make: () => PageOutline): PageOutline {
    const key = hashParts(['outline', syntax, file.path, file.text]);
    const stored = this.lookUp(key);
    if (stored) {
      this.counts.pagesFromCache++;
      return stored.data as unknown as PageOutline;
    }
    const outline = make();
    this.counts.pagesParsed++;
    this.#used.set(key, { data: outline as unknown as MarkdownPageData, suppressions: [] });
    this.#changed = true;
    return outline;
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
    const key = hashParts(['schema source', file.path, file.text]);
    const stored = this.cache.get<StoredSchemaSource>(SCHEMA_SOURCE_KIND, key);
    if (
      stored &&
      Array.isArray(stored.declarations) &&
      Array.isArray(stored.plainComments) &&
      Array.isArray(stored.syntaxErrors)
    ) {
      this.counts.schemaSourcesFromCache++;
      const byName = new Map<string, Declaration>();
      for (const d of stored.declarations) if (!byName.has(d.name)) byName.set(d.name, d);
      return { file, ...stored, byName };
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

  /** Writes the products of the pages loaded in this process, when any was parsed or any stored one went unused. */
  save(): void {
    const stored = this.#stored ?? {};
    const unused = Object.keys(stored).some((key) => !this.#used.has(key));
    if (!this.#changed && !unused) return;
    this.cache.set(KIND, KEY, { pages: Object.fromEntries(this.#used) } satisfies StoredBundle);
    this.#stored = Object.fromEntries(this.#used);
    this.#changed = false;
  }
}

/** A tree's JSON text. Estree literals may hold a bigint, which JSON cannot: no rule reads their values. */
const treeText = (tree: Root) =>
  JSON.stringify(tree, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value));

const sepKey = (file: TextFile) => hashParts(['sep', file.path, file.text]);

const perCache = new WeakMap<DiskCache, PageProducts>();

/** The page products of a cache folder, one object per disk cache (the runtime's), so that one process reads the entry once. */
export function pageProductsOf(cache: DiskCache): PageProducts {
  let products = perCache.get(cache);
  if (!products) perCache.set(cache, (products = new PageProducts(cache)));
  return products;
}

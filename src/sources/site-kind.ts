/**
 * Which site generator renders the prose, and what of its config spec-check reads. The kind is
 * the config's `site.kind`, else the marker file in the site folder or at the root (`docs.json`
 * or `mint.json`: Mintlify; `mkdocs.yml`: MkDocs; `.vitepress/`: VitePress; `docusaurus.config.*`:
 * Docusaurus), else GitHub-rendered Markdown. No site config is run: `mkdocs.yml` is read as data
 * by a small bounded reader (its `docs_dir` and `nav`); the others are code, and only detected.
 */
import path from 'node:path';
import type { Location } from '../core/location.js';
import type { TextFile } from '../core/text-file.js';
import type { FileReader } from '../runtime/files.js';

import type { SiteKind } from '../model/spec.js';

export type { SiteKind };
export const SITE_KINDS: readonly SiteKind[] = ['mintlify', 'mkdocs', 'vitepress', 'docusaurus', 'github'];

const MKDOCS_CONFIGS = ['mkdocs.yml', 'mkdocs.yaml'];
const DOCUSAURUS_CONFIGS = ['js', 'ts', 'mjs', 'cjs', 'mts', 'cts'].map((e) => `docusaurus.config.${e}`);

/** Where a site generator's marker was found: the kind, and the folder holding it (relative to the root). */
export interface SiteMarker {
  kind: SiteKind;
  /** The folder holding the marker, relative to the root ('' for the root). */
  dir: string;
  /** The marker file or folder, relative to the root. */
  file: string;
}

/** The marker in the site folder, else at the root; undefined when neither has one. */
export async function findSiteMarker(reader: FileReader, siteDir: string): Promise<SiteMarker | undefined> {
  for (const dir of siteDir && siteDir !== '.' ? [siteDir, ''] : ['']) {
    const at = (name: string) => (dir ? `${dir}/${name}` : name);
    const found = async (kind: SiteKind, names: string[]) => {
      for (const name of names) if (await reader.exists(at(name))) return { kind, dir, file: at(name) };
      return undefined;
    };
    const marker =
      (await found('mintlify', ['docs.json', 'mint.json'])) ??
      (await found('mkdocs', MKDOCS_CONFIGS)) ??
      (await found('vitepress', ['.vitepress'])) ??
      (await found('docusaurus', DOCUSAURUS_CONFIGS));
    if (marker) return marker;
  }
  return undefined;
}

/** An MkDocs `nav` entry that names a page: its path relative to `docs_dir`, and where it is written. */
export interface MkDocsNavEntry {
  page: string;
  location: Location;
}

/** What spec-check reads of an `mkdocs.yml`: where the pages are, the navigation, and the exclusions. */
export interface MkDocsConfig {
  /** `docs_dir`, relative to the root. */
  docsDir: string;
  /** The `nav` entries naming files; undefined when there is no `nav` (every page is listed then). */
  nav?: MkDocsNavEntry[];
  /** Lines of `exclude_docs` and `not_in_nav` (gitignore-style patterns, kept as written). */
  excluded: string[];
  /** Whether the toc's slugs are MkDocs's default ones (a `slugify` option of `toc` replaces them). */
  defaultSlugs: boolean;
}

/** How many lines of mkdocs.yml are read: a site config longer than this is read no further. */
const MAX_MKDOCS_LINES = 5000;

/**
 * Reads `docs_dir`, `nav`, `exclude_docs`/`not_in_nav` and the toc's `slugify` option of an
 * mkdocs.yml as data: top-level keys, and block sequences of `- Title: path` / `- path` under
 * `nav`, found by indentation (no YAML tags are resolved; flow-style navs are not read).
 */
export function readMkDocsConfig(file: TextFile): MkDocsConfig {
  const lines = file.text.split('\n').slice(0, MAX_MKDOCS_LINES);
  const base = path.posix.dirname(file.path);
  const relative = (p: string) => path.posix.normalize(base === '.' ? p : `${base}/${p}`);
  let docsDir = relative('docs');
  let nav: MkDocsNavEntry[] | undefined;
  const excluded: string[] = [];
  let defaultSlugs = true;
  let section: string | undefined;
  let inToc = false;
  let tocIndent = 0;
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim() || /^\s*#/.test(line)) continue;
    const top = /^([A-Za-z_][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (top) {
      section = top[1];
      inToc = false;
      const value = unquote(top[2].replace(/\s+#.*$/, ''));
      if (section === 'docs_dir' && value) docsDir = relative(value.replace(/\/+$/, ''));
      if (section === 'nav') nav = [];
      if ((section === 'exclude_docs' || section === 'not_in_nav') && value && value !== '|')
        excluded.push(...value.split(/\s+/));
      continue;
    }
    if (section === 'nav') {
      // A bare URL (`- https://...`) is a link, not a title and a path.
      if (/^\s*-\s+[a-z][a-z0-9+.-]*:\/\//i.test(line)) continue;
      const item = /^(\s*)-\s+(?:(?:"[^"]*"|'[^']*'|[^:]+):\s*)?(.*?)\s*$/.exec(line);
      if (!item) continue;
      const value = unquote(item[2].replace(/\s+#.*$/, ''));
      // A section (`- Title:` with its children below) names no page.
      if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
      const column = line.lastIndexOf(item[2]) + 1;
      nav!.push({ page: value, location: { file: file.path, line: i + 1, column } });
    } else if (section === 'exclude_docs' || section === 'not_in_nav') {
      excluded.push(line.trim());
    } else if (section === 'markdown_extensions') {
      const toc = /^(\s*)-\s+toc:?\s*$/.exec(line);
      if (toc) {
        inToc = true;
        tocIndent = toc[1].length;
        continue;
      }
      const indent = /^\s*/.exec(line)![0].length;
      if (inToc && indent <= tocIndent) inToc = false;
      if (inToc && /^\s*slugify:/.test(line)) defaultSlugs = false;
    }
  }
  return { docsDir, ...(nav ? { nav } : {}), excluded, defaultSlugs };
}

function unquote(value: string): string {
  const m = /^(["'])(.*)\1$/.exec(value);
  return m ? m[2] : value;
}

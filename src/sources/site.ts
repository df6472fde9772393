/**
 * The docs site as its config describes it: `docs.json` (Mintlify's navigation and redirects),
 * every file under the site folder, and an outline of each page outside the versions' folders
 * (which are parsed in full as the spec's prose). Without a docs.json there is no site: links
 * are then judged against the spec's own pages only.
 */
import path from 'node:path';
import type { MarkdownSite, Site, SitePage } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import { JsonDocument } from '../core/json-document.js';
import { memo, type FileReader } from '../runtime/files.js';
import { emptyOutline, outlinePage, outlineSitePage, type PageOutline } from './page-outline.js';
import { readMkDocsConfig, type MkDocsConfig, type SiteMarker } from './site-kind.js';
import { beyondParseLimits } from './parse-limits.js';
import { SITE_CONFIG } from './layout.js';
import { lazyFields } from '../util/lazy-fields.js';
import type { PageProducts, SitePageRead } from './page-products.js';

export { SITE_CONFIG };

/**
 * Files Mintlify leaves out of every build wherever they sit (its default ignore list, before any
 * `.mintignore`): a folder's README and the repository's notes are not pages of the site.
 */
const IGNORED_BY_SITE = /(^|\/)(README|LICENSE|CHANGELOG|CONTRIBUTING)\.md$/;

/** Whether the site leaves a file under its folder out of the build (served neither as a page nor as a file). */
export function isIgnoredBySite(relToSite: string): boolean {
  return IGNORED_BY_SITE.test(relToSite);
}

/** Whether a file under the site folder is a page the site serves (`snippets/` are imported, not served). */
export function isSitePage(relToSite: string): boolean {
  return /\.mdx?$/.test(relToSite) && !relToSite.startsWith('snippets/') && !isIgnoredBySite(relToSite);
}

/**
 * Reads the site under `siteDir` (relative to the root). `proseDirs` are the versions' docs
 * folders (all of them, loaded or not), whose pages the caller parses.
 */
export async function loadSite(
  reader: FileReader,
  siteDir: string,
  proseDirs: string[],
  products?: PageProducts,
): Promise<Site | undefined> {
  const configPath = path.posix.join(siteDir, SITE_CONFIG);
  const configFile = await reader.read(configPath);
  if (!configFile) return undefined;
  const document = memo(reader.cache, 'json', configFile, () => new JsonDocument(configFile.text));
  for (const e of document.errors)
    reader.problem('parse', `JSON syntax error: ${e.message}`, configFile.location(e.offset));
  // Files the config ignores are still served: the navigation and links reach them, nothing reads them.
  const files = await reader.list(siteDir, () => true, true);
  const ignored = files.filter((p) => reader.isIgnored(p));
  const prefix = siteDir ? siteDir + '/' : '';
  const inProse = (p: string) => proseDirs.some((d) => p.startsWith(d + '/'));
  const pagePaths = files.filter((p) => isSitePage(p.slice(prefix.length)) && !inProse(p));
  const read = await Promise.all(pagePaths.map((p) => reader.read(p)));
  const pages: SitePage[] = [];
  for (const file of read) {
    if (!file) continue;
    const syntax: SitePage['syntax'] = file.path.endsWith('.md') ? 'md' : 'mdx';
    // The limits the parser has hold for the outline too: a page beyond them is a finding, and not read.
    // The page object is kept for an unchanged file, so what is derived from it carries over in watch mode.
    const { beyond, page } = memo(reader.cache, 'site-page', file, () => sitePageOf(file, syntax, products));
    if (beyond) reader.problem('parse', beyond.message, beyond.location);
    pages.push(page);
  }
  return { dir: siteDir, config: { file: configFile, document }, files, ignored, pages };
}

/**
 * A site page as loading hands it out: whether it is beyond the parser's limits is decided now
 * (that is a finding of loading), its outline when a rule first reads it. Loading ends sooner for
 * it, and with it the wait of the generation jobs posted once the sources are loaded (the
 * outlines of the MCP site's pages are about 0.2 s of a cold check); the rules read every outline
 * later all the same. An outline the cache holds is taken as it is.
 */
function sitePageOf(
  file: TextFile,
  syntax: SitePage['syntax'],
  products: PageProducts | undefined,
): { beyond?: SitePageRead['beyond']; page: SitePage } {
  const at = { path: file.path, file, syntax };
  const kept = products?.keptSitePage(file, syntax);
  if (kept) return { beyond: kept.beyond, page: { ...at, ...kept.outline } };
  const beyond = beyondParseLimits(file);
  if (beyond) {
    const read = { beyond, outline: emptyOutline() };
    products?.keepSitePage(file, syntax, read);
    return { beyond, page: { ...at, ...read.outline } };
  }
  let outline: PageOutline | undefined;
  const outlined = (): PageOutline => {
    if (!outline) {
      outline = outlinePage(file, syntax);
      products?.keepSitePage(file, syntax, { outline });
    }
    return outline;
  };
  return { page: lazyFields(at, ['headings', 'links', 'fences', 'esm'], outlined) };
}

/** Folders of a Markdown site that hold no pages it serves (tooling, build output, dependencies). */
const NOT_SERVED = /(^|\/)(node_modules|\.[^/]+)\//;

/**
 * The site of a Markdown generator: the folder its pages are served from (MkDocs's `docs_dir`,
 * the folder holding `.vitepress/` or `docusaurus.config.*`, else the site folder), every file
 * under it, an outline of each page outside the versions' prose, and MkDocs's navigation.
 */
export async function loadMarkdownSite(
  reader: FileReader,
  kind: MarkdownSite['kind'],
  marker: SiteMarker | undefined,
  siteDir: string,
  proseDirs: string[],
): Promise<MarkdownSite | undefined> {
  let dir = marker?.kind === kind ? marker.dir : siteDir;
  let mkdocs: MkDocsConfig | undefined;
  let config: TextFile | undefined;
  if (kind === 'mkdocs' && marker?.kind === 'mkdocs') {
    config = await reader.read(marker.file);
    if (config) {
      mkdocs = memo(reader.cache, 'mkdocs.yml', config, () => readMkDocsConfig(config!));
      dir = mkdocs.docsDir === '.' ? '' : mkdocs.docsDir;
    }
  }
  if (dir === '.') dir = '';
  if (dir && !(await reader.exists(dir))) return undefined;
  // Listed from the root, paths come as `./x`: kept as every other path is, `x`.
  const files = (await reader.list(dir || '.', () => true))
    .map((p) => p.replace(/^\.\//, ''))
    .filter((p) => !NOT_SERVED.test(p.slice(dir.length)));
  const inProse = (p: string) => proseDirs.some((d) => p.startsWith(d + '/'));
  const pagePaths = files.filter((p) => /\.mdx?$/.test(p) && !inProse(p));
  const read = await Promise.all(pagePaths.map((p) => reader.read(p)));
  const pages: SitePage[] = [];
  for (const file of read) {
    if (!file) continue;
    const syntax: SitePage['syntax'] = file.path.endsWith('.md') ? 'md' : 'mdx';
    const { beyond, page } = memo(reader.cache, `site-page-${kind}`, file, () => {
      const beyond = beyondParseLimits(file);
      const outline = beyond ? emptyOutline() : outlineSitePage(file, syntax, kind);
      return { beyond, page: { path: file.path, file, syntax, ...outline } satisfies SitePage };
    });
    if (beyond) reader.problem('parse', beyond.message, beyond.location);
    pages.push(page);
  }
  return {
    kind,
    dir,
    files,
    pages,
    ...(config ? { config } : {}),
    ...(mkdocs?.nav ? { navigation: mkdocs.nav } : {}),
    ...(mkdocs ? { unlisted: mkdocs.excluded } : {}),
    ...(mkdocs && !mkdocs.defaultSlugs ? { customSlugs: true as const } : {}),
  };
}

/**
 * What the site's SEP pages are generated from and compared with, besides the SEPs: the committed
 * pages of the site's `seps/` folder (its index among them), docs.json, and the Prettier config
 * that applies to the folder. Read only when the site has a SEP index (`<site>/seps/index.mdx`):
 * a site without one publishes no generated SEP pages.
 */
import path from 'node:path';
import type { SepPagesSources, Site } from '../model/spec.js';
import { TextFile } from '../core/text-file.js';
import type { FileReader } from '../runtime/files.js';
import { configFolders, PRETTIER_CONFIG_NAMES, readableConfigName } from './prettier-config-files.js';
import { SITE_CONFIG, type Layout } from './layout.js';

/** The folder of the generated SEP pages, and its index page. */
export function sepPagesFolder(layout: Pick<Layout, 'site'>): { dir: string; index: string } {
  const dir = path.posix.join(layout.site, 'seps');
  return { dir, index: `${dir}/index.mdx` };
}

/** The Prettier config files that exist on the way from the SEP pages' folder to the root (for the cache key). */
export async function prettierConfigCandidates(reader: FileReader, dir: string): Promise<string[]> {
  const candidates = configFolders(dir).flatMap((folder) =>
    PRETTIER_CONFIG_NAMES.map((name) => (folder ? `${folder}/${name}` : name)),
  );
  const found = await Promise.all(candidates.map((p) => reader.exists(p)));
  return candidates.filter((_, i) => found[i]);
}

/**
 * The config Prettier would use for the folder's pages: the first file found from the folder up
 * (a package.json or package.yaml only with a `prettier` key). A config written as code is not
 * read: it stands as its path with no text.
 */
async function prettierConfig(reader: FileReader, dir: string): Promise<TextFile | undefined> {
  for (const p of await prettierConfigCandidates(reader, dir)) {
    const name = path.posix.basename(p);
    if (!readableConfigName(name)) return new TextFile(p, '');
    // Read already when it is the root's package.json (its scripts are read as data too).
    const file = reader.files.get(p) ?? (await reader.read(p));
    if (!file) continue;
    if (name.startsWith('package.') && !(await import('../generators/prettier-config.js')).packageHasPrettierKey(file))
      continue;
    return file;
  }
  return undefined;
}

/**
 * The SEP pages' sources; undefined when the site has no SEP index. `siteRead`: the site being
 * loaded, whose files are used; `seps`: the SEP files being read; `after`: reads that may take the
 * Prettier config's file first (the root's package.json, whose scripts are read too), so that a
 * file is read once.
 */
export async function loadSepPages(
  reader: FileReader,
  layout: Pick<Layout, 'site'>,
  siteRead: Promise<Site | undefined> | undefined,
  seps: Promise<TextFile[]>,
  after: Promise<unknown>,
): Promise<SepPagesSources | undefined> {
  const [site] = await Promise.all([siteRead, after]);
  const { dir, index } = sepPagesFolder(layout);
  const inFolder = (p: string) => p.startsWith(`${dir}/`) && p.endsWith('.mdx') && !p.includes('/', dir.length + 1);
  let files: TextFile[];
  let navigation: TextFile | undefined;
  if (site) {
    files = site.pages.filter((p) => inFolder(p.path)).map((p) => p.file);
    navigation = site.config.file;
  } else {
    if (!(await reader.exists(index))) return undefined;
    const read = await Promise.all((await reader.list(dir, inFolder)).map((p) => reader.read(p)));
    files = read.filter((f): f is TextFile => !!f);
    navigation = await reader.read(path.posix.join(layout.site, SITE_CONFIG));
  }
  const pages = new Map(files.map((f) => [f.path, f]));
  const indexFile = pages.get(index);
  if (!indexFile) return undefined;
  const config = await prettierConfig(reader, dir);
  return {
    dir,
    seps: await seps,
    index: indexFile,
    pages,
    ...(navigation ? { navigation } : {}),
    ...(config ? { prettierConfig: config } : {}),
  };
}

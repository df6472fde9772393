/**
 * Where a spec repository keeps its parts, and which of its folders are versions: what the
 * loaders, the config and the cache lookup of a check share, in a module that loads nothing
 * else (a check whose report is cached loads no parser).
 *
 * `schema`, `schemaJson` and `docs` are paths relative to the root in which a whole segment
 * `{version}` stands for a version's folder name. A schema path without `{version}` is one file
 * serving every version the docs hold. The older folder form (`"schema": "schema"`, a folder
 * holding `<version>/schema.ts`) means `schema/{version}/schema.ts`. A layout in which no path
 * has `{version}` (a types file, and a docs folder that is not the older folder form) is an
 * unversioned spec: one version, named `UNVERSIONED`, that messages do not name. A `schema` of
 * `false` says the spec has no types file of its own: its JSON Schema (`schemaJson`) is the source
 * of its declarations.
 */

export interface Layout {
  /**
   * The types file: `schema/{version}/schema.ts`, or one file for every version; `false`: none, the
   * JSON Schema at `schemaJson` is the source (a types file generated from it is not read).
   */
  schema: string | false;
  /** The JSON Schema; absent: `schema.json` beside the types file. */
  schemaJson?: string;
  /** A version's prose folder, holding its `**\/*.mdx`: `docs/specification/{version}`. */
  docs: string;
  /** Folder holding the SEPs. */
  seps: string;
  /** The docs site's folder, holding its `docs.json`; without one, links are judged against the spec's pages only. */
  site: string;
  /**
   * How version folders are named: `dates` (`2025-06-18`; the default), `semver` (`0.3.0`, `v2`,
   * `3.17`), or a regular expression a folder's whole name matches. `draft` is a version in each.
   */
  versions?: string;
}

export const defaultLayout: Layout = {
  schema: 'schema/{version}/schema.ts',
  docs: 'docs/specification/{version}',
  seps: 'seps',
  site: 'docs',
};

/** The docs site's config file, in the site folder. */
export const SITE_CONFIG = 'docs.json';

/** A version folder's name: its date, or `draft`. */
export const VERSION_NAME = /^(\d{4}-\d{2}-\d{2}|draft)$/;

/** A version folder's name in a spec numbered by versions: `0.3.0`, `v2`, `3.17`, `1.0.0-rc.1`, or `draft`. */
export const SEMVER_NAME = /^(?!\d{4}-\d{2}-\d{2}$)(v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?|draft)$/;

export { UNVERSIONED } from '../model/versions.js';

/** The kinds of version names `layout.versions` may give by name. */
export const versionNamings = ['dates', 'semver'] as const;

/** Which folder names are versions under the layout's `versions`; undefined for a pattern that does not compile. */
export function versionNameTest(layout: Pick<Layout, 'versions'>): ((name: string) => boolean) | undefined {
  const naming = layout.versions ?? 'dates';
  if (naming === 'dates') return (name) => VERSION_NAME.test(name);
  if (naming === 'semver') return (name) => SEMVER_NAME.test(name);
  let pattern: RegExp;
  try {
    // Anchored: the folder's whole name is the version's.
    pattern = new RegExp(`^(?:${naming})$`, 'u');
  } catch {
    return undefined;
  }
  return (name) => name === 'draft' || pattern.test(name);
}

/** How the layout's version folders are named, for messages: "named by its date (YYYY-MM-DD) or draft". */
export function versionNaming(layout: Pick<Layout, 'versions'>): string {
  const naming = layout.versions ?? 'dates';
  if (naming === 'dates') return 'named by its date (YYYY-MM-DD) or draft';
  if (naming === 'semver') return 'named by its version number (0.3.0, v2, 3.17) or draft';
  return `whose name matches /${naming}/, or draft`;
}

/**
 * Whether the layout describes an unversioned spec: no path holds `{version}` once the older
 * folder form of `schema` is completed, and `schemaJson` and `docs` hold none either.
 */
export function isUnversioned(layout: Layout): boolean {
  const schema = layoutPattern({ ...layout, docs: VERSION_SEGMENT }, 'schema');
  return !hasVersion(schema) && !(layout.schemaJson && hasVersion(layout.schemaJson)) && !hasVersion(layout.docs);
}

/** The segment of a layout path that stands for the version's folder name. */
export const VERSION_SEGMENT = '{version}';

/**
 * A layout key's value as a path with `{version}` where it has one (the folder forms completed).
 * `schema` is the file a version's declarations come from: its types file, or its JSON Schema
 * when the spec has no types file (see `typesFileless`).
 */
export function layoutPattern(layout: Layout, key: 'schema' | 'schemaJson' | 'docs'): string {
  if (key === 'schemaJson') {
    if (layout.schemaJson) return folderForm(layout.schemaJson, 'schema.json');
    if (layout.schema === false) return folderForm('schema', 'schema.json');
    const schema = layoutPattern(layout, 'schema');
    return `${parentOf(schema) === '.' ? '' : parentOf(schema) + '/'}schema.json`;
  }
  // The older folder form of `docs` is a folder of versions, unless nothing else in the layout has versions.
  if (key === 'docs')
    return hasVersion(layout.docs) || isUnversioned(layout) ? layout.docs : joinPath(layout.docs, VERSION_SEGMENT);
  if (layout.schema === false) return layoutPattern(layout, 'schemaJson');
  return folderForm(layout.schema, 'schema.ts');
}

/** Whether the spec has no types file: its JSON Schema is the source of its declarations. */
export function typesFileless(layout: Pick<Layout, 'schema'>): boolean {
  return layout.schema === false;
}

/** A folder given where a file is meant (the older form): `<folder>/{version}/<file>`. */
function folderForm(value: string, file: string): string {
  if (hasVersion(value) || /\.(ts|json)$/.test(value)) return value;
  return joinPath(joinPath(value, VERSION_SEGMENT), file);
}

export function hasVersion(pattern: string): boolean {
  return pattern.split('/').includes(VERSION_SEGMENT);
}

/** The pattern with the version's name in place of `{version}`. */
export function atVersion(pattern: string, id: string): string {
  return pattern
    .split('/')
    .map((s) => (s === VERSION_SEGMENT ? id : s))
    .join('/');
}

/**
 * The folder whose subfolders are versions (the part before `{version}`); for a path without
 * one, the folder holding it. `.` for the root.
 */
export function versionsFolder(pattern: string): string {
  const segments = pattern.split('/');
  const at = segments.indexOf(VERSION_SEGMENT);
  const folder = (at < 0 ? segments.slice(0, -1) : segments.slice(0, at)).join('/');
  return folder || '.';
}

/** The folders a check reads under, relative to the root: each pattern's fixed part. */
export function layoutFolders(layout: Layout): { schema: string[]; docs: string; seps: string; site: string } {
  const schema = [layoutPattern(layout, 'schema'), layoutPattern(layout, 'schemaJson')].map(versionsFolder);
  return {
    schema: [...new Set(schema)],
    // The prose folder of an unversioned spec is the folder itself, not the one holding it.
    docs: isUnversioned(layout) ? layout.docs : versionsFolder(layoutPattern(layout, 'docs')),
    seps: layout.seps,
    site: layout.site,
  };
}

function parentOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '.' : p.slice(0, i);
}

function joinPath(a: string, b: string): string {
  return a === '' || a === '.' ? b : `${a}/${b}`;
}

/**
 * Where a spec repository keeps its parts, and which of its folders are versions: what the
 * loaders, the config and the cache lookup of a check share, in a module that loads nothing
 * else (a check whose report is cached loads no parser).
 */

export interface Layout {
  /** Folder holding `<version>/schema.ts`, relative to the root. */
  schema: string;
  /** Folder holding `<version>/**\/*.mdx`, relative to the root. */
  docs: string;
  /** Folder holding the SEPs. */
  seps: string;
  /** The docs site's folder, holding its `docs.json`; without one, links are judged against the spec's pages only. */
  site: string;
}

export const defaultLayout: Layout = { schema: 'schema', docs: 'docs/specification', seps: 'seps', site: 'docs' };

/** The docs site's config file, in the site folder. */
export const SITE_CONFIG = 'docs.json';

/** A version folder's name: its date, or `draft`. */
export const VERSION_NAME = /^(\d{4}-\d{2}-\d{2}|draft)$/;

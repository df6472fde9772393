/**
 * What the generators' outputs depend on, without loading the generators: the content keys a
 * cache stores outputs under, the dialect a schema.json takes, and what the freshness rules
 * need to compare pages. TypeScript, TypeDoc and typescript-json-schema are loaded only where
 * something is generated (see `jobs.ts`).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Location } from '../core/location.js';
import type { SchemaDialect, Spec, SpecVersion } from '../model/spec.js';
import { slashed } from '../util/paths.js';
import { escapeRegExp } from '../util/regexp.js';

const require = createRequire(import.meta.url);
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
/** The versions of the libraries whose output is compared: part of every key. */
const TS_VERSION = versionOf('typescript');
const TJS_VERSION = versionOf('typescript-json-schema');
const TYPEDOC_VERSION = versionOf('typedoc');

/** The dialect the generated file takes: 2020-12 when the committed file says so, else draft-07. */
export type GeneratedDialect = 'draft-07' | '2020-12';

function targetDialect(committed: SchemaDialect | undefined): GeneratedDialect {
  return committed === '2020-12' ? '2020-12' : 'draft-07';
}

/**
 * The dialect of each version's generated schema.json, in order. A version with no committed
 * dialect (no schema.json yet, or no `$schema`) follows the version before it: a new version
 * starts as a copy of the one it succeeds.
 */
export function targetDialects(versions: SpecVersion[]): GeneratedDialect[] {
  let previous: SchemaDialect | undefined;
  return versions.map((v) => targetDialect((previous = v.jsonSchema?.dialect ?? previous)));
}

export interface GenerationProblem {
  message: string;
  location: Location;
  /** The check rule that reports the same cause at a better place; the freshness rules leave it to that rule. */
  coveredBy?: string;
}

/** The key a content-addressed cache can store the output under. */
export function schemaJsonKey(schemaTsText: string, dialect: GeneratedDialect, toolVersion: string): string {
  return createHash('sha256')
    .update(`schema-json\0${toolVersion}\0${TJS_VERSION}\0${TS_VERSION}\0${dialect}\0`)
    .update(schemaTsText)
    .digest('hex');
}

/**
 * The key a content-addressed cache can store a page under. A page depends on the template, the
 * example texts and every schema.ts of the program (their order affects union member order), and
 * on the versions of spec-check, TypeDoc and TypeScript.
 */
export function schemaReferenceKey(input: {
  schemaTexts: string[];
  version: string;
  template: string;
  /** Example texts by path relative to the root. */
  examples: Map<string, string>;
  toolVersion: string;
}): string {
  const hash = createHash('sha256').update(
    `schema-reference\0${input.toolVersion}\0${TYPEDOC_VERSION}\0${TS_VERSION}\0${input.version}\0`,
  );
  for (const text of input.schemaTexts) hash.update(`${text.length}\0`).update(text);
  hash.update(`${input.template.length}\0`).update(input.template);
  for (const [file, text] of [...input.examples].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${file}\0${text.length}\0`).update(text);
  return hash.digest('hex');
}

/**
 * Where the generators' programs place the root's files: a folder under the root that is not
 * there, named as a package folder. Nothing is read from it (the programs hold the loaded texts).
 * TypeDoc asks for the package of a declaration's file at each reference it converts: for a path
 * inside `node_modules/<name>/` it answers from the path alone, where for other paths it looks on
 * disk for a package.json above the file (every folder up to the file system's root), and caches
 * only what it found.
 */
export function programRoot(root: string): string {
  return path.join(root, 'node_modules', '.spec-check-program');
}

/** Example texts of a version, by absolute path in the program (what `{@includeCode}` resolves to). */
export function exampleTexts(spec: Spec, version: SpecVersion): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of version.examples)
    out.set(slashed(path.join(programRoot(spec.root), ...e.path.split('/'))), e.file.text);
  return out;
}

const HTML_UNION_MEMBER = String.raw`(?:<span class="tsd-signature-type">[^<]*</span>|<a href="[^"]*" class="tsd-signature-type[^"]*">[^<]*</a>)`;
const HTML_UNION_SEPARATOR = ' <span class="tsd-signature-symbol">|</span> ';
const TEXT_UNION_MEMBER = String.raw`(?:&quot;(?:(?!&quot;)[^<|])*&quot;|[A-Za-z0-9$.-]+(?:&#x5B;\])*)`;
const HTML_UNION = new RegExp(
  `${HTML_UNION_MEMBER}(?:${escapeRegExp(HTML_UNION_SEPARATOR)}${HTML_UNION_MEMBER})+`,
  'g',
);
const TEXT_UNION = new RegExp(`(?<=[\\s(:])${TEXT_UNION_MEMBER}(?: \\| ${TEXT_UNION_MEMBER})+(?=[;)\\s]|$)`, 'g');
/** A member heading's text, `name?: Type`: the only plain-text types of the page. */
const MEMBER_TITLE = /(data-typedoc-h="3"><span(?: class="deprecated")?>)([^<]*)(<\/span>)/g;

/**
 * The page text with the members of each union in sorted order. TypeScript orders union members
 * by the order it created their types in, which depends on what else the program held and
 * checked first (the spec repository's TypeDoc run holds every version); two renderings that
 * differ only there document the same types.
 */
export function canonicalUnions(text: string): string {
  return text
    .replace(HTML_UNION, (run) => run.split(HTML_UNION_SEPARATOR).sort().join(HTML_UNION_SEPARATOR))
    .replace(
      MEMBER_TITLE,
      (_m, open: string, title: string, close: string) =>
        open + title.replace(TEXT_UNION, (run) => run.split(' | ').sort().join(' | ')) + close,
    );
}

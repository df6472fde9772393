/**
 * What the generators' outputs depend on, without loading the generators: the content keys a
 * cache stores outputs under, the dialect a schema.json takes, and what the freshness rules
 * need to compare pages. TypeScript, TypeDoc and typescript-json-schema are loaded only where
 * something is generated (see `jobs.ts`).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Location } from '../core/location.js';
import type { Spec, SpecVersion } from '../model/spec.js';
import { slashed } from '../util/paths.js';
import { escapeRegExp } from '../util/regexp.js';
import { hashParts } from '../runtime/cache.js';

const require = createRequire(import.meta.url);
const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
/** The versions of the libraries whose output is compared: part of every key. */
export const TS_VERSION = versionOf('typescript');
export const TJS_VERSION = versionOf('typescript-json-schema');
export const TYPEDOC_VERSION = versionOf('typedoc');

/** The dialects `generate` writes: typescript-json-schema's draft-07, or that rewritten to 2020-12. */
export type GeneratedDialect = 'draft-07' | '2020-12';
export const generatedDialects: readonly GeneratedDialect[] = ['draft-07', '2020-12'];

/** The dialect a version's schema.json is generated in, or why it has none. */
export type DialectChoice =
  { dialect: GeneratedDialect; problem?: undefined } | { dialect?: undefined; problem: GenerationProblem };

/**
 * The dialect of each version's generated schema.json, in order: the committed file's, else the
 * configured one (`generate.dialect`), else none, with the reason. It is never guessed: a
 * committed file that does not parse (merge-conflict markers) names no dialect, and one in a
 * dialect `generate` does not write is not rewritten in another.
 */
export function targetDialects(versions: SpecVersion[], configured?: GeneratedDialect): DialectChoice[] {
  return versions.map((v) => dialectChoice(v, configured));
}

function dialectChoice(version: SpecVersion, configured: GeneratedDialect | undefined): DialectChoice {
  const committed = version.jsonSchema;
  const path = committed?.file.path ?? version.schemaJsonPath;
  const at = { file: path, line: 1, column: 1 };
  if (committed && !committed.document.ok) {
    const e = committed.document.errors[0];
    const { line, column } = committed.file.position(e.offset);
    return {
      problem: {
        message: `${path} does not parse (${line}:${column}: ${e.message}), so its JSON Schema dialect is unknown; resolve it (merge-conflict markers?) and generate again`,
        location: { file: path, line, column },
        coveredBy: 'input/parse',
      },
    };
  }
  const declared = committed?.dialect;
  if (declared === 'draft-07' || declared === '2020-12') return { dialect: declared };
  if (declared)
    return {
      problem: {
        message: `${path} is JSON Schema ${declared}; generate writes draft-07 or 2020-12 only`,
        location: at,
      },
    };
  if (configured) return { dialect: configured };
  return {
    problem: {
      message: committed
        ? `${path} declares no JSON Schema dialect ("$schema") and the config sets none; set "generate": { "dialect": "2020-12" } (or "draft-07") in spec-check.config.json`
        : `no committed ${path} to take the JSON Schema dialect from, and the config sets none; set "generate": { "dialect": "2020-12" } (or "draft-07") in spec-check.config.json`,
      location: at,
      // A committed file with an unknown `$schema` is an input/parse finding already.
      ...(committed ? { coveredBy: 'input/parse' } : {}),
    },
  };
}

export interface GenerationProblem {
  message: string;
  location: Location;
  /** The check rule that reports the same cause at a better place; the freshness rules leave it to that rule. */
  coveredBy?: string;
}

/** The key a content-addressed cache can store the output under. */
export function schemaJsonKey(schemaTsDigest: string, dialect: GeneratedDialect | 'none', toolVersion: string): string {
  return hashParts(['schema-json', toolVersion, TJS_VERSION, TS_VERSION, dialect, schemaTsDigest]);
}

/**
 * The key a content-addressed cache can store a page under. A page depends on the template, the
 * example texts and every schema.ts of the program it is rendered from (its own and those of the
 * versions before it: their order affects union member order), and on the versions of
 * spec-check, TypeDoc and TypeScript.
 */
export function schemaReferenceKey(input: {
  /** Digests (`hashParts(textKeyParts(file))`) of the schema.ts texts of the page's program, in program order. */
  schemaDigests: string[];
  version: string;
  templateDigest: string;
  /** Digests of the example texts, by path relative to the root. */
  exampleDigests: Map<string, string>;
  toolVersion: string;
  /** The rendering reproduced, when it is not the bundled TypeDoc version's (see `referenceRendering`). */
  renderedAs?: string;
}): string {
  return hashParts([
    'schema-reference',
    input.toolVersion,
    TYPEDOC_VERSION,
    TS_VERSION,
    input.version,
    // Only a rendering other than the bundled version's changes the key.
    ...(input.renderedAs !== undefined ? ['rendered as', input.renderedAs] : []),
    ...input.schemaDigests,
    input.templateDigest,
    ...[...input.exampleDigests].sort(([a], [b]) => (a < b ? -1 : 1)).flat(),
  ]);
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

/** Where a file of the root (path relative to it) is in the generators' programs. */
export function programPath(spec: Spec, rel: string): string {
  return slashed(path.join(programRoot(spec.root), ...rel.split('/')));
}

/** Example texts of a version, by absolute path in the program (what `{@includeCode}` resolves to). */
export function exampleTexts(spec: Spec, version: SpecVersion): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of version.examples) out.set(programPath(spec, e.path), e.file.text);
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

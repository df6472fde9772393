/**
 * `spec-check.config.json`: rule severities, layout overrides, files to ignore and vocabulary
 * extensions. Described for editors by schema/config.schema.json; validated here so that each
 * mistake is one line naming the key (`file:line:column: ...`), and the run exits 2. What a run
 * takes from it (with the flags) is resolved in one place, `resolveRunConfig` (src/cli/run-config.ts).
 */
import fs from 'node:fs';
import { editDistance } from '../util/edit-distance.js';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv, AnySchema } from 'ajv';
import { ConfigError, UsageError } from '../core/errors.js';
import { versionNamings, versionNameTest, type Layout } from '../sources/layout.js';
import { SITE_KINDS, type SiteKind } from '../sources/site-kind.js';
import { escapePointer, JsonDocument } from '../core/json-document.js';
import { TextFile } from '../core/text-file.js';
import type { SeverityOverride } from '../engine/run.js';
import { ignoreEntryProblem, normalizeEntry } from './glob.js';
import { isObject } from '../util/is-object.js';
import { isWithin, slashed } from '../util/paths.js';
import { withoutBom } from '../util/bom.js';
import { packageFile } from '../util/package-dir.js';
import { generatedDialects, type GeneratedDialect } from '../generators/keys.js';
import type { GenerateOptions, SchemaJsonChoice } from '../generators/options.js';
import type { SpellingOptions } from '../prose/spelling-options.js';
import { spellingOption } from './spelling-option.js';
import { settingsFromFlags } from '../generators/schema-json-flags.js';

export const CONFIG_FILE = 'spec-check.config.json';

const configKeys = [
  '$schema',
  'rules',
  'layout',
  'site',
  'extends',
  'ignore',
  'vocabulary',
  'generate',
  'spelling',
] as const;
const siteKeys = ['kind'] as const;
const extendsKeys = ['schema', 'imports'] as const;
const generateKeys = ['dialect', 'schemaJson'] as const;
const schemaJsonKeys = ['generator', 'flags'] as const;
export const schemaJsonGenerators = ['typescript-json-schema', 'external'] as const;
export const layoutKeys = ['schema', 'schemaJson', 'docs', 'seps', 'site', 'versions'] as const;
const severityValues = ['off', 'warning', 'error'] as const;

export interface SpecCheckConfig {
  rules?: Record<string, SeverityOverride>;
  layout?: Partial<Layout>;
  ignore?: string[];
  /** Vocabulary extensions for the consistency rules; passed through as written. */
  vocabulary?: unknown;
  /** What `generate` and the `generated/*` rules take beyond the tree (see `GenerateOptions`). */
  generate?: GenerateOptions;
  /** The base protocol an extension's types file imports. */
  extends?: ExtendsOption;
  /** The site generator of the prose; absent: found from its marker file. */
  site?: { kind?: SiteKind };
  /** What `spelling/unknown-word` takes: the spec's own words. */
  spelling?: SpellingOptions;
}

/** `extends`: the base protocol's types file or JSON Schema (relative to the root) and the package specifiers meaning it. */
export interface ExtendsOption {
  schema: string;
  imports: string[];
}

// A config that cannot be used: exit code 2 with a one-line reason (defined with the other typed errors).
export { ConfigError };

export interface LoadedConfig {
  config: SpecCheckConfig;
  /** The file it came from, as the user would name it; undefined when there is none. */
  path?: string;
  /** Absolute path of the file, for watching it. */
  absolutePath?: string;
}

/**
 * Reads `--config FILE` (relative to the working folder; must exist) or, without it,
 * `spec-check.config.json` at the root when present.
 */
export function loadConfig(root: string, configArg?: string): LoadedConfig {
  const abs = configArg ? path.resolve(configArg) : path.join(path.resolve(root), CONFIG_FILE);
  const display = configArg ?? slashed(path.relative(process.cwd(), abs));
  // The default config belongs to the checked tree: a link of it leading outside the root is not read.
  if (!configArg && fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink()) {
    let real: string | undefined;
    try {
      real = fs.realpathSync(abs);
    } catch {
      real = undefined;
    }
    if (!real || !isWithin(fs.realpathSync(path.resolve(root)), real))
      throw new ConfigError(`${display} is a symbolic link leading outside the root or nowhere; not read`);
  }
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !configArg) return { config: {} };
    throw new ConfigError(
      code === 'ENOENT' ? `config file not found: ${display}` : `cannot read config file ${display}: ${code}`,
    );
  }
  return { config: parseConfig(text, display), path: display, absolutePath: abs };
}

/** Parses and validates a config text; throws ConfigError naming the first offending key. */
export function parseConfig(text: string, display = CONFIG_FILE): SpecCheckConfig {
  const file = new TextFile(display, withoutBom(text));
  const doc = new JsonDocument(file.text);
  const fail = (offset: number, message: string): never => {
    const { line, column } = file.position(offset);
    throw new ConfigError(`${display}:${line}:${column}: ${message}`);
  };
  if (!doc.ok) fail(doc.errors[0].offset, `invalid JSON: ${doc.errors[0].message}`);
  const value = doc.value;
  if (!isObject(value)) return fail(doc.offsetOf(''), 'expected an object with keys rules, layout, ignore, vocabulary');
  const keyAt = (pointer: string, key: string) => doc.keyOffset(pointer, key) ?? doc.offsetOf(pointer);
  const valueAt = (pointer: string) => doc.offsetOf(pointer);

  for (const key of Object.keys(value)) {
    if (!(configKeys as readonly string[]).includes(key)) {
      fail(
        keyAt('', key),
        `unknown key "${key}"${suggest(key, configKeys)} (allowed: ${configKeys.filter((k) => k !== '$schema').join(', ')})`,
      );
    }
  }
  const config: SpecCheckConfig = {};
  if (value.$schema !== undefined && typeof value.$schema !== 'string')
    fail(valueAt('/$schema'), '"$schema" must be a string');

  if (value.rules !== undefined) {
    if (!isObject(value.rules))
      fail(valueAt('/rules'), '"rules" must be an object of rule id -> "off" | "warning" | "error"');
    const rules: Record<string, SeverityOverride> = {};
    for (const [id, severity] of Object.entries(value.rules as Record<string, unknown>)) {
      const problem = ruleSeverityProblem(id, severity);
      if (problem === 'rule') fail(keyAt('/rules', id), `unknown rule "${id}" in "rules"${suggest(id, ruleIds())}`);
      if (problem === 'severity')
        fail(
          valueAt(`/rules/${escapePointer(id)}`),
          `rules["${id}"] must be "off", "warning" or "error", got ${JSON.stringify(severity)}${warnHint(severity)}`,
        );
      rules[id] = severity as SeverityOverride;
    }
    config.rules = rules;
  }

  if (value.layout !== undefined) {
    if (!isObject(value.layout))
      fail(valueAt('/layout'), `"layout" must be an object with keys ${layoutKeys.join(', ')}`);
    const layout: Partial<Layout> = {};
    for (const [key, folder] of Object.entries(value.layout as Record<string, unknown>)) {
      if (!(layoutKeys as readonly string[]).includes(key))
        fail(
          keyAt('/layout', key),
          `unknown key "layout.${key}"${suggest(key, layoutKeys)} (allowed: ${layoutKeys.join(', ')})`,
        );
      if (key === 'versions') {
        layout.versions = versionNamingOption(folder, () => valueAt('/layout/versions'), fail);
        continue;
      }
      // No types file: the JSON Schema is the source of the spec's declarations.
      if (key === 'schema' && folder === false) {
        layout.schema = false;
        continue;
      }
      if (typeof folder !== 'string')
        return fail(
          valueAt(`/layout/${key}`),
          key === 'schema'
            ? '"layout.schema" must be the path of the types file, or false when the JSON Schema is the source'
            : `"layout.${key}" must be a path (a string)`,
        );
      const problem = ignoreEntryProblem(folder) ?? versionSegmentProblem(key, normalizeEntry(folder));
      if (problem) fail(valueAt(`/layout/${key}`), `"layout.${key}" ${problem}`);
      layout[key as Exclude<keyof Layout, 'versions'>] = normalizeEntry(folder);
    }
    // A layout that names the JSON Schema and no types file describes a spec whose JSON Schema is the source.
    if (layout.schemaJson !== undefined && layout.schema === undefined) layout.schema = false;
    config.layout = layout;
  }

  if (value.site !== undefined) config.site = siteOption(value.site, fail, keyAt, valueAt);

  if (value.ignore !== undefined) {
    if (!Array.isArray(value.ignore)) fail(valueAt('/ignore'), '"ignore" must be an array of paths or globs');
    (value.ignore as unknown[]).forEach((entry, i) => {
      if (typeof entry !== 'string') return fail(valueAt(`/ignore/${i}`), `ignore[${i}] must be a string`);
      const problem = ignoreEntryProblem(entry);
      if (problem) fail(valueAt(`/ignore/${i}`), `ignore[${i}] "${entry}" ${problem}`);
    });
    config.ignore = value.ignore as string[];
  }

  if (value.vocabulary !== undefined) {
    if (!isObject(value.vocabulary)) fail(valueAt('/vocabulary'), '"vocabulary" must be an object');
    const problem = vocabularyProblem(value.vocabulary);
    if (problem)
      fail(
        valueAt(`/vocabulary${problem.pointer}`),
        `vocabulary${problem.pointer.replace(/\//g, '.')} ${problem.message}`,
      );
    config.vocabulary = value.vocabulary;
  }
  if (value.extends !== undefined) config.extends = extendsOption(value.extends, fail, keyAt, valueAt);
  if (value.spelling !== undefined) config.spelling = spellingOption(value.spelling, { fail, keyAt, valueAt, suggest });
  return withGenerate(config, value.generate, fail, keyAt, valueAt);
}

/** The `site` object: the kind of site generator, one of `SITE_KINDS`. */
function siteOption(
  value: unknown,
  fail: (offset: number, message: string) => never,
  keyAt: (pointer: string, key: string) => number,
  valueAt: (pointer: string) => number,
): { kind?: SiteKind } {
  if (!isObject(value)) fail(valueAt('/site'), `"site" must be an object with keys ${siteKeys.join(', ')}`);
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!(siteKeys as readonly string[]).includes(key))
      fail(keyAt('/site', key), `unknown key "site.${key}"${suggest(key, siteKeys)} (allowed: ${siteKeys.join(', ')})`);
  if (given.kind === undefined) return {};
  if (!SITE_KINDS.includes(given.kind as SiteKind))
    fail(
      valueAt('/site/kind'),
      `"site.kind" must be ${SITE_KINDS.map((k) => JSON.stringify(k)).join(', ')}, got ${JSON.stringify(given.kind)}${suggestKind(given.kind)}`,
    );
  return { kind: given.kind as SiteKind };
}

function suggestKind(kind: unknown): string {
  return typeof kind === 'string' ? suggest(kind, SITE_KINDS) : '';
}

/** The `extends` object: a types file inside the root, and at least one package specifier. */
function extendsOption(
  value: unknown,
  fail: (offset: number, message: string) => never,
  keyAt: (pointer: string, key: string) => number,
  valueAt: (pointer: string) => number,
): ExtendsOption {
  if (!isObject(value)) fail(valueAt('/extends'), `"extends" must be an object with keys ${extendsKeys.join(', ')}`);
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!(extendsKeys as readonly string[]).includes(key))
      fail(
        keyAt('/extends', key),
        `unknown key "extends.${key}"${suggest(key, extendsKeys)} (allowed: ${extendsKeys.join(', ')})`,
      );
  const schema = given.schema;
  if (typeof schema !== 'string')
    return fail(
      valueAt(given.schema === undefined ? '/extends' : '/extends/schema'),
      '"extends.schema" must be the path of the base protocol\'s schema.ts or schema.json',
    );
  // Nothing outside the root is read: the base is a file of the checked tree.
  const problem = ignoreEntryProblem(schema);
  if (problem) fail(valueAt('/extends/schema'), `"extends.schema" ${problem.replace('ignore entries are', 'it is')}`);
  if (!schema.endsWith('.ts') && !schema.endsWith('.json'))
    fail(
      valueAt('/extends/schema'),
      '"extends.schema" must name the base protocol\'s types file (a .ts file) or its JSON Schema (a .json file)',
    );
  const imports = given.imports;
  if (!Array.isArray(imports) || !imports.length || imports.some((i) => typeof i !== 'string' || !i))
    fail(
      valueAt(imports === undefined ? '/extends' : '/extends/imports'),
      '"extends.imports" must be a non-empty array of the package specifiers that mean the base protocol',
    );
  return { schema: normalizeEntry(schema), imports: imports as string[] };
}

/** `layout.versions`: `dates`, `semver`, or a regular expression that compiles. */
function versionNamingOption(
  value: unknown,
  at: () => number,
  fail: (offset: number, message: string) => never,
): string {
  const expected = `"layout.versions" must be ${versionNamings.map((n) => JSON.stringify(n)).join(', ')} or a regular expression a version folder's whole name matches`;
  if (typeof value !== 'string' || !value) return fail(at(), expected);
  if (!versionNameTest({ versions: value }))
    return fail(at(), `${expected}; ${JSON.stringify(value)} is not a valid one`);
  return value;
}

/**
 * Why a layout path's `{version}` cannot be used: it must be a whole path segment, at most once,
 * and only in the keys that have versions.
 */
function versionSegmentProblem(key: string, value: string): string | undefined {
  if (!value.includes('{version}')) return undefined;
  if (key === 'seps' || key === 'site') return 'cannot hold {version}: it has no versions';
  const segments = value.split('/');
  if (segments.filter((s) => s.includes('{version}')).length > 1) return 'holds {version} more than once';
  if (!segments.includes('{version}')) return 'must hold {version} as a whole folder name, as in "docs/{version}"';
  if (key === 'docs' && segments.at(-1) !== '{version}' && segments.at(-1)!.includes('.'))
    return 'names a folder (the prose of a version), not a file';
  return undefined;
}

/** The config with its `generate` object, when there is one: the dialect and how schema.json is made. */
function withGenerate(
  config: SpecCheckConfig,
  value: unknown,
  fail: (offset: number, message: string) => never,
  keyAt: (pointer: string, key: string) => number,
  valueAt: (pointer: string) => number,
): SpecCheckConfig {
  if (value === undefined) return config;
  if (!isObject(value)) fail(valueAt('/generate'), `"generate" must be an object with keys ${generateKeys.join(', ')}`);
  const generate: GenerateOptions = {};
  for (const [key, option] of Object.entries(value as Record<string, unknown>)) {
    if (!(generateKeys as readonly string[]).includes(key))
      fail(
        keyAt('/generate', key),
        `unknown key "generate.${key}"${suggest(key, generateKeys)} (allowed: ${generateKeys.join(', ')})`,
      );
    if (key === 'schemaJson') {
      generate.schemaJson = schemaJsonChoice(option, fail, keyAt, valueAt);
      continue;
    }
    if (!generatedDialects.includes(option as GeneratedDialect))
      fail(
        valueAt('/generate/dialect'),
        `"generate.dialect" must be ${generatedDialects.map((d) => JSON.stringify(d)).join(' or ')}, got ${JSON.stringify(option)}`,
      );
    generate.dialect = option as GeneratedDialect;
  }
  return { ...config, generate };
}

/**
 * `generate.schemaJson`: `"external"`, `"typescript-json-schema"` (the spec repository's flags),
 * or `{ "generator": "typescript-json-schema", "flags": [...] }` with the flags the repository's
 * script passes, each one spec-check reproduces.
 */
function schemaJsonChoice(
  value: unknown,
  fail: (offset: number, message: string) => never,
  keyAt: (pointer: string, key: string) => number,
  valueAt: (pointer: string) => number,
): SchemaJsonChoice {
  const at = '/generate/schemaJson';
  const generators = schemaJsonGenerators.map((g) => JSON.stringify(g)).join(' or ');
  const generatorOf = (given: unknown, pointer: string): (typeof schemaJsonGenerators)[number] => {
    if (!(schemaJsonGenerators as readonly unknown[]).includes(given))
      fail(
        valueAt(pointer),
        `"generate.schemaJson${pointer === at ? '' : '.generator'}" must be ${generators}, got ${JSON.stringify(given)}${typeof given === 'string' ? suggest(given, schemaJsonGenerators) : ''}`,
      );
    return given as (typeof schemaJsonGenerators)[number];
  };
  if (!isObject(value)) {
    const generator = generatorOf(value, at);
    return { generator };
  }
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!(schemaJsonKeys as readonly string[]).includes(key))
      fail(
        keyAt(at, key),
        `unknown key "generate.schemaJson.${key}"${suggest(key, schemaJsonKeys)} (allowed: ${schemaJsonKeys.join(', ')})`,
      );
  if (given.generator === undefined) fail(valueAt(at), `"generate.schemaJson.generator" is required: ${generators}`);
  const generator = generatorOf(given.generator, `${at}/generator`);
  if (given.flags === undefined) return { generator };
  if (generator === 'external')
    fail(
      keyAt(at, 'flags'),
      '"generate.schemaJson.flags" are typescript-json-schema\'s; an external generator takes none',
    );
  const flags = given.flags;
  if (!Array.isArray(flags) || flags.some((f) => typeof f !== 'string'))
    return fail(
      valueAt(`${at}/flags`),
      '"generate.schemaJson.flags" must be an array of strings, one token each, as in ["--defaultNumberType", "integer", "--required"]',
    );
  const result = settingsFromFlags(flags as string[]);
  if ('problem' in result)
    fail(valueAt(`${at}/flags/${result.index}`), `generate.schemaJson.flags[${result.index}]: ${result.problem}`);
  return { generator: 'typescript-json-schema', flags: flags as string[] };
}

/**
 * When spec-check ships a vocabulary schema (schema/vocabulary.schema.json), the config's
 * `vocabulary` must follow it; the first violation is reported.
 */
function vocabularyProblem(vocabulary: unknown): { pointer: string; message: string } | undefined {
  const validate = vocabularyValidator();
  if (!validate || validate(vocabulary)) return undefined;
  const e = validate.errors![0];
  const extra =
    e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
  return { pointer: e.instancePath, message: `${e.message}${extra}` };
}

/**
 * The severities of `--rule` flags, by rule id: `ID=SEVERITY`, or ESLint's `ID:SEVERITY`, several
 * in one flag when separated by commas; a later one for the same rule wins. One that names no
 * rule or no severity is a usage error.
 */
export function parseRuleFlags(flags: readonly string[]): Record<string, SeverityOverride> {
  const out: Record<string, SeverityOverride> = {};
  for (const entry of flags.flatMap((f) => f.split(','))) {
    const m = /^\s*([^=:\s]+)\s*[=:]\s*(\S+)\s*$/.exec(entry);
    if (!m) throw new UsageError(`--rule takes ID=SEVERITY (off, warning or error), got ${JSON.stringify(entry)}`);
    const [, id, severity] = m;
    const problem = ruleSeverityProblem(id, severity);
    if (problem === 'rule') throw new UsageError(`--rule: unknown rule "${id}"${suggest(id, ruleIds())}`);
    if (problem === 'severity')
      throw new UsageError(
        `--rule ${id}: the severity must be off, warning or error, got ${JSON.stringify(severity)}${warnHint(severity)}`,
      );
    out[id] = severity as SeverityOverride;
  }
  return out;
}

/** What is wrong with a rule id and severity the config or a flag gives: the rule, the severity, or nothing. */
function ruleSeverityProblem(id: string, severity: unknown): 'rule' | 'severity' | undefined {
  if (!ruleIds().includes(id)) return 'rule';
  if (!(severityValues as readonly unknown[]).includes(severity)) return 'severity';
  return undefined;
}

/** ESLint's `warn`, which spec-check spells `warning`. */
const warnHint = (severity: unknown) => (severity === 'warn' ? ' (did you mean "warning"?)' : '');

/**
 * Every rule id the config may name: the registry's, as schema/config.schema.json lists them
 * (written from the registry by `npm run docs:rules`; a test keeps the two equal). Read from
 * there so that resolving a config loads no rule module.
 */
function ruleIds(): readonly string[] {
  const schema = createRequire(import.meta.url)(packageFile('schema/config.schema.json')) as {
    properties: { rules: { properties: Record<string, unknown> } };
  };
  return Object.keys(schema.properties.rules.properties);
}

let vocabularyValidatorCache: ReturnType<Ajv['compile']> | null | undefined;
function vocabularyValidator(): ReturnType<Ajv['compile']> | null {
  if (vocabularyValidatorCache !== undefined) return vocabularyValidatorCache;
  vocabularyValidatorCache = null;
  try {
    const require = createRequire(import.meta.url);
    const schema = require(packageFile('schema/vocabulary.schema.json')) as AnySchema & { $schema?: string };
    // Loaded when a vocabulary is given: ajv takes a while to load, and a config seldom has one.
    const AjvClass = String(schema.$schema ?? '').includes('2020-12')
      ? (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020
      : (require('ajv') as typeof import('ajv')).Ajv;
    vocabularyValidatorCache = new AjvClass({ strict: false, allErrors: false }).compile(schema);
  } catch {
    // No vocabulary schema in this build: any object is accepted.
  }
  return vocabularyValidatorCache;
}

/** ` (did you mean "x"?)` for the closest candidate within a small edit distance. */
function suggest(word: string, candidates: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best && bestDistance <= Math.max(2, Math.floor(word.length / 4)) ? ` (did you mean "${best}"?)` : '';
}

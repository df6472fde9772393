/**
 * The checked repository's Prettier config, read as data: the file Prettier would find for a
 * path (from its folder up to the root, in Prettier's order of names, a `package.json` or
 * `package.yaml` counting only with a `prettier` key), and the options it gives that path (its
 * `overrides` applied as Prettier matches them). A config written as code (`.prettierrc.js`,
 * `prettier.config.ts`, ...) is never run, a shared config named by a string is not looked up, and
 * plugins are not loaded: each is said, as a problem, instead of formatting some other way.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import picomatch from 'picomatch';
import type { TextFile } from '../core/text-file.js';
import { readableConfigName } from '../sources/prettier-config-files.js';

/** Whether a package.json or package.yaml text holds Prettier's config (a `prettier` key). */
export function packageHasPrettierKey(file: TextFile): boolean {
  const value = parsedData(file);
  return (
    !!value && typeof value === 'object' && 'prettier' in value && (value as { prettier: unknown }).prettier != null
  );
}

/**
 * The YAML parser, loaded when a config first needs it: most configs are JSON, and the package is
 * about seventy modules to load (some 20 ms of every check that reads a config).
 */
let yaml: typeof import('yaml') | undefined;
function parseYaml(text: string): unknown {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text);
}

function parsedData(file: TextFile): unknown {
  try {
    // `.prettierrc` without extension is JSON or YAML; YAML reads JSON too.
    return file.path.endsWith('.json') ? JSON.parse(file.text) : parseYaml(file.text);
  } catch {
    return undefined;
  }
}

export type PrettierOptions = Record<string, unknown>;

/** The options a config gives a file, or why they cannot be had without running code. */
export type ResolvedOptions =
  { options: PrettierOptions; problem?: undefined } | { problem: string; options?: undefined };

/**
 * The options `config` (the file Prettier finds; none: Prettier's defaults) gives the file at
 * `filePath` (relative to the root).
 */
export function prettierOptionsFor(config: TextFile | undefined, filePath: string): ResolvedOptions {
  if (!config) return { options: {} };
  const name = path.posix.basename(config.path);
  if (!readableConfigName(name))
    return {
      problem: `${config.path} is the Prettier config of the generated pages, and a config written as code (or JSON5, TOML) is not run or read by spec-check; write it as JSON or YAML`,
    };
  const data = parsedData(config);
  let value = name.startsWith('package.') ? (data as { prettier?: unknown } | undefined)?.prettier : data;
  if (value === undefined && data === undefined) return { problem: `${config.path} does not parse` };
  if (typeof value === 'string')
    return {
      problem: `${config.path} names a shared Prettier config (${JSON.stringify(value)}), which is code: not run`,
    };
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { problem: `${config.path}: Prettier's config is not an object` };
  value = { ...(value as PrettierOptions) };
  const { overrides, ...base } = value as PrettierOptions & { overrides?: unknown };
  const options: PrettierOptions = { ...base };
  const relative = path.posix.relative(path.posix.dirname(config.path) || '.', filePath);
  for (const override of Array.isArray(overrides) ? overrides : []) {
    const {
      files,
      excludeFiles,
      options: extra,
    } = (override ?? {}) as {
      files?: string | string[];
      excludeFiles?: string | string[];
      options?: PrettierOptions;
    };
    if (files !== undefined && matches(relative, files, excludeFiles)) Object.assign(options, extra ?? {});
  }
  if ('plugins' in options && Array.isArray(options.plugins) && options.plugins.length)
    return { problem: `${config.path} loads Prettier plugins, which are code: not loaded` };
  return { options };
}

/** As Prettier matches an override: a pattern without a slash against the base name, others the path. */
function matches(file: string, patterns: string | string[], excluded?: string | string[]): boolean {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const ignore = excluded === undefined ? [] : Array.isArray(excluded) ? excluded : [excluded];
  const test = (withSlash: boolean) => {
    const wanted = list.filter((p) => p.includes('/') === withSlash);
    if (!wanted.length) return false;
    const options = { dot: true, basename: !withSlash, ignore };
    return picomatch(wanted, options)(file);
  };
  return test(false) || test(true);
}

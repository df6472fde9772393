/**
 * How a spec's committed schema.json is made, which decides how `generated/schema-json` judges
 * it and whether `generate` writes it:
 *
 * - the config's `generate.schemaJson` when it sets one: typescript-json-schema with the flags
 *   it names (the spec repository's when it names none), or `external`;
 * - else the root's package.json script that writes schema.json, read as data (never run): where
 *   it runs typescript-json-schema's command line on the types file with flags spec-check
 *   reproduces, those flags (the spec repository's script is this case);
 * - else, where no such script is found, the spec repository's invocation, as before;
 * - else (a script spec-check does not recognise: another tool, the library's API, other
 *   post-processing) the spec repository's invocation too, marked unconfirmed: a committed file
 *   that differs from it in most of its definitions is then one finding naming the script and
 *   what to configure, not a finding per definition (see the rule).
 */
import type { SchemaJsonScript, Spec } from '../model/spec.js';
import type { GenerateOptions } from './options.js';
import {
  MCP_SCHEMA_JSON_FLAGS,
  mcpSettings,
  sameSettings,
  settingsFromFlags,
  type SchemaJsonSettings,
} from './schema-json-flags.js';

export type SchemaJsonGenerator =
  | { kind: 'external' }
  | {
      kind: 'typescript-json-schema';
      flags: readonly string[];
      settings: SchemaJsonSettings;
      /** Whether the settings are the spec repository's invocation's (the output is then as it always was). */
      mcp: boolean;
      from: GeneratorSource;
    };

/** Where the generator was decided. */
export type GeneratorSource =
  | { kind: 'config' }
  /** The repository's script runs this invocation. */
  | { kind: 'script'; script: SchemaJsonScript }
  /** No script that writes schema.json was found. */
  | { kind: 'default' }
  /** The repository's script is not one spec-check recognises, for `reason`. */
  | { kind: 'unrecognised'; script: SchemaJsonScript; reason: string };

/** The generator of a spec's schema.json (see the module comment). */
export function schemaJsonGenerator(spec: Spec, options: GenerateOptions | undefined): SchemaJsonGenerator {
  const configured = options?.schemaJson;
  if (configured?.generator === 'external') return { kind: 'external' };
  if (configured) return tjs(configured.flags ?? MCP_SCHEMA_JSON_FLAGS, { kind: 'config' });
  const script = spec.schemaJsonScript;
  if (!script) return tjs(MCP_SCHEMA_JSON_FLAGS, { kind: 'default' });
  const recognised = recogniseScript(script);
  return 'flags' in recognised
    ? tjs(recognised.flags, { kind: 'script', script })
    : tjs(MCP_SCHEMA_JSON_FLAGS, { kind: 'unrecognised', script, reason: recognised.reason });
}

function tjs(flags: readonly string[], from: GeneratorSource): SchemaJsonGenerator {
  const result = settingsFromFlags(flags);
  // The config's flags were validated, and a script's are only taken when they parse.
  if (!('settings' in result)) throw new Error(result.problem);
  return {
    kind: 'typescript-json-schema',
    flags,
    settings: result.settings,
    mcp: sameSettings(result.settings, mcpSettings()),
    from,
  };
}

/**
 * typescript-json-schema run as a command: at a command's start in a package.json script
 * (`typescript-json-schema ...`, `npx typescript-json-schema ...`, `do typescript-json-schema`),
 * or in a script file inside a string (`` `npx typescript-json-schema ...` ``), not in prose
 * (a comment "Run typescript-json-schema") nor in an import of the library.
 */
const INVOCATION_IN_COMMAND =
  /(?:^|[;&|(]\s*|\b(?:do|then)\s+)(?:(?:npx|bunx|pnpm\s+exec|pnpm|yarn)\s+)?typescript-json-schema(?=\s)/g;
const INVOCATION_IN_FILE =
  /(?:["'`]\s*(?:(?:npx|bunx|pnpm\s+exec|pnpm|yarn)\s+)?|\bnpx\s+)typescript-json-schema(?=\s)/g;
/** One shell word after the command, up to a separator, the end of the line or of a template string. */
const WORD = /[ \t]*("[^"\n]*"|'[^'\n]*'|[^\s"'`;&|)]+)/y;
/** Flags whose value is the next word. */
const VALUE_FLAGS = new Set(['defaultNumberType', 'id', 'out', 'o']);

type Recognised = { flags: string[] } | { reason: string };

/** The flags of the typescript-json-schema invocation a script runs, or why spec-check does not recognise it. */
export function recogniseScript(script: SchemaJsonScript): Recognised {
  const named = `package.json's "${script.name}"`;
  const inCommand = invocations(script.command, INVOCATION_IN_COMMAND);
  if (inCommand.length) return agreed(inCommand, named);
  const runs = script.runs;
  if (!runs) return { reason: `${named} runs ${JSON.stringify(script.command)}, which is not typescript-json-schema` };
  const inFile = invocations(runs.text, INVOCATION_IN_FILE);
  if (inFile.length) return agreed(inFile, `${runs.path} (run by ${named})`);
  const usesLibrary = /\b(?:from\s+|require\s*\(\s*|import\s*\(\s*)["']typescript-json-schema["']/.test(runs.text);
  return {
    reason: usesLibrary
      ? `${named} runs ${runs.path}, which calls typescript-json-schema's library rather than its command line`
      : `${named} runs ${runs.path}, which does not run typescript-json-schema`,
  };
}

/** The invocations' flags when they agree (a check and a write of the same command), else why not. */
function agreed(found: Recognised[], where: string): Recognised {
  const first = found[0];
  if (!('flags' in first)) return { reason: `${where} ${first.reason}` };
  for (const other of found.slice(1)) {
    if (!('flags' in other)) return { reason: `${where} ${other.reason}` };
    const a = settingsFromFlags(first.flags);
    const b = settingsFromFlags(other.flags);
    if (!('settings' in a) || !('settings' in b) || !sameSettings(a.settings, b.settings))
      return { reason: `${where} runs typescript-json-schema with different flags in different places` };
  }
  return first;
}

/** Each invocation in a text: its flags, or why it is not one spec-check reproduces. */
function invocations(text: string, pattern: RegExp): Recognised[] {
  const out: Recognised[] = [];
  for (const m of text.matchAll(pattern)) {
    const words: string[] = [];
    WORD.lastIndex = m.index + m[0].length;
    for (let w = WORD.exec(text); w; w = WORD.exec(text)) words.push(unquoted(w[1]));
    const flags: string[] = [];
    const positional: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i];
      const name = /^--?([\w-]+)$/.exec(word)?.[1];
      if (!name) {
        if (word.startsWith('-')) flags.push(word);
        else positional.push(word);
        continue;
      }
      flags.push(word);
      const next = words[i + 1];
      const takesValue = VALUE_FLAGS.has(name) || next === 'true' || next === 'false';
      if (takesValue && next !== undefined) flags.push(words[++i]);
      // An array flag takes every word up to the next flag, as the tool's argument parser does.
      if (name === 'validationKeywords')
        while (words[i + 1] !== undefined && !words[i + 1].startsWith('-')) flags.push(words[++i]);
    }
    // A mention with no file to generate from is no invocation.
    if (!positional.length) continue;
    if (positional[1] !== '*') {
      out.push({
        reason: `runs typescript-json-schema for ${positional[1] === undefined ? 'no type' : `the type ${JSON.stringify(positional[1])}`}, not every type ("*")`,
      });
      continue;
    }
    const settings = settingsFromFlags(flags);
    out.push('settings' in settings ? { flags } : { reason: `passes typescript-json-schema ${settings.problem}` });
  }
  return out;
}

function unquoted(word: string): string {
  return /^(["']).*\1$/.test(word) ? word.slice(1, -1) : word;
}

/**
 * typescript-json-schema's command-line flags, as spec-check reproduces them in process: which
 * flags change the schema.json it writes, how each maps to the generator's settings or the
 * program's compiler options, and which it cannot reproduce. Plain data in and out (no
 * TypeScript, no generator loaded): the config and the package.json reader use it too.
 */

/** The flags of the spec repository's invocation: `typescript-json-schema <flags> schema.ts "*"`. */
export const MCP_SCHEMA_JSON_FLAGS: readonly string[] = [
  '--defaultNumberType',
  'integer',
  '--required',
  '--skipLibCheck',
];

/** The generator's settings a flag sets (the subset of typescript-json-schema's `Args` its flags reach). */
export interface SchemaJsonSettings {
  ref: boolean;
  aliasRef: boolean;
  topRef: boolean;
  titles: boolean;
  defaultProps: boolean;
  noExtraProps: boolean;
  propOrder: boolean;
  typeOfKeyword: boolean;
  required: boolean;
  strictNullChecks: boolean;
  esModuleInterop: boolean;
  experimentalDecorators: boolean;
  excludePrivate: boolean;
  rejectDateType: boolean;
  constAsEnum: boolean;
  defaultNumberType: 'number' | 'integer';
  id: string;
  validationKeywords: string[];
}

/** The tool's own defaults (its `getDefaultArgs`): what the flags start from. */
function toolDefaults(): SchemaJsonSettings {
  return {
    ref: true,
    aliasRef: false,
    topRef: false,
    titles: false,
    defaultProps: false,
    noExtraProps: false,
    propOrder: false,
    typeOfKeyword: false,
    required: false,
    strictNullChecks: false,
    esModuleInterop: false,
    experimentalDecorators: true,
    excludePrivate: false,
    rejectDateType: false,
    constAsEnum: false,
    defaultNumberType: 'number',
    id: '',
    validationKeywords: [],
  };
}

type BooleanSetting = {
  [K in keyof SchemaJsonSettings]: SchemaJsonSettings[K] extends boolean ? K : never;
}[keyof SchemaJsonSettings];

/** Boolean flags by the name the command line spells (`--refs`, `--useTypeOfKeyword`), to their setting. */
const BOOLEAN_FLAGS: Record<string, BooleanSetting> = {
  refs: 'ref',
  aliasRefs: 'aliasRef',
  topRef: 'topRef',
  titles: 'titles',
  defaultProps: 'defaultProps',
  noExtraProps: 'noExtraProps',
  propOrder: 'propOrder',
  useTypeOfKeyword: 'typeOfKeyword',
  required: 'required',
  strictNullChecks: 'strictNullChecks',
  esModuleInterop: 'esModuleInterop',
  experimentalDecorators: 'experimentalDecorators',
  excludePrivate: 'excludePrivate',
  rejectDateType: 'rejectDateType',
  constAsEnum: 'constAsEnum',
};

/**
 * Flags accepted that change nothing spec-check compares: `--skipLibCheck` (spec-check never
 * checks TypeScript's lib files; the output is the same), and the output file.
 */
const NEUTRAL_BOOLEAN_FLAGS = new Set(['skipLibCheck']);
const OUTPUT_FLAGS = new Set(['out', 'o']);

/** Flags that change the output in ways spec-check does not reproduce, with why. */
const UNSUPPORTED_FLAGS: Record<string, string> = {
  uniqueNames: 'it names definitions by file hashes',
  include: 'it selects files of a tsconfig',
  ignoreErrors: 'it generates past type errors, which spec-check reports instead',
  tsNodeRegister: 'it runs TypeScript code of the repository',
};

export type FlagsResult = { settings: SchemaJsonSettings } | { problem: string; index: number };

/**
 * The settings a list of flags gives, one token per entry as a shell splits them
 * (`["--defaultNumberType", "integer", "--required"]`; `--name=value` and `--no-name` too),
 * from the tool's defaults. The first flag spec-check cannot reproduce, or that the tool does
 * not have, is the problem, with its index.
 */
export function settingsFromFlags(flags: readonly string[]): FlagsResult {
  const settings = toolDefaults();
  for (let i = 0; i < flags.length; i++) {
    const token = flags[i];
    // A problem is told at the flag, not at its value.
    const at = i;
    const m = /^--?([A-Za-z][\w-]*)(?:=(.*))?$/.exec(token);
    if (!m) return { problem: `${JSON.stringify(token)} is not a flag (flags start with --)`, index: at };
    const inline = m[2];
    let name = m[1];
    let negated = false;
    if (name.startsWith('no-') && BOOLEAN_FLAGS[name.slice(3)] !== undefined) {
      name = name.slice(3);
      negated = true;
    }
    // The value of a flag that takes one: after `=`, or the next token.
    const value = (): string | undefined => {
      if (inline !== undefined) return inline;
      const next = flags[i + 1];
      if (next === undefined || next.startsWith('-')) return undefined;
      i++;
      return next;
    };
    const booleanSetting = BOOLEAN_FLAGS[name];
    if (booleanSetting || NEUTRAL_BOOLEAN_FLAGS.has(name)) {
      // `--required`, `--required=false`, `--required false`, `--no-required`.
      let on = !negated;
      const next = inline ?? (flags[i + 1] === 'true' || flags[i + 1] === 'false' ? flags[++i] : undefined);
      if (next !== undefined) {
        if (next !== 'true' && next !== 'false')
          return { problem: `--${name} takes true or false, got ${JSON.stringify(next)}`, index: at };
        on = negated ? next === 'false' : next === 'true';
      }
      if (booleanSetting) settings[booleanSetting] = on;
      continue;
    }
    if (name === 'defaultNumberType') {
      const v = value();
      if (v !== 'number' && v !== 'integer')
        return { problem: `--defaultNumberType takes number or integer, got ${JSON.stringify(v ?? '')}`, index: at };
      settings.defaultNumberType = v;
      continue;
    }
    if (name === 'id') {
      const v = value();
      if (v === undefined) return { problem: '--id takes the schema id', index: at };
      settings.id = v;
      continue;
    }
    if (name === 'validationKeywords') {
      // An array flag: every value up to the next flag.
      const words: string[] = inline !== undefined ? [inline] : [];
      while (inline === undefined && flags[i + 1] !== undefined && !flags[i + 1].startsWith('-'))
        words.push(flags[++i]);
      if (!words.length) return { problem: '--validationKeywords takes one or more keywords', index: at };
      settings.validationKeywords.push(...words);
      continue;
    }
    if (OUTPUT_FLAGS.has(name)) {
      // Where the repository's script writes the file: spec-check writes to the layout's path.
      if (value() === undefined) return { problem: `--${name} takes the output file`, index: at };
      continue;
    }
    const why = UNSUPPORTED_FLAGS[name];
    if (why) return { problem: `--${name} is not supported (${why})`, index: at };
    return { problem: `--${name} is no typescript-json-schema flag spec-check knows`, index: at };
  }
  return { settings };
}

/** Whether two flag lists give the same settings (the MCP invocation spelled another way is the same). */
export function sameSettings(a: SchemaJsonSettings, b: SchemaJsonSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The settings of the spec repository's invocation. */
export function mcpSettings(): SchemaJsonSettings {
  const r = settingsFromFlags(MCP_SCHEMA_JSON_FLAGS);
  if (!('settings' in r)) throw new Error(r.problem);
  return r.settings;
}

/** Flags as a reader would type them: `--defaultNumberType integer --required`. */
export function shownFlags(flags: readonly string[]): string {
  return flags.length ? flags.join(' ') : '(no flags)';
}

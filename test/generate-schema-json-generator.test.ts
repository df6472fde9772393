import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseConfig, ConfigError } from '../src/config/config.js';
import { schemaJsonFromText } from '../src/generators/schema-json.js';
import {
  MCP_SCHEMA_JSON_FLAGS,
  mcpSettings,
  sameSettings,
  settingsFromFlags,
  type SchemaJsonSettings,
} from '../src/generators/schema-json-flags.js';
import { recogniseScript } from '../src/generators/schema-json-generator.js';
import { schemaJsonScriptOf } from '../src/sources/package-scripts.js';
import { TextFile } from '../src/core/text-file.js';
import { CheckInputs } from '../src/sources/inputs.js';
import { projectRoot, runCli, writeTree } from './helpers.js';

// A small "lamp" protocol, written for these tests: twelve definitions, each an object (a file
// differs as a whole only in more than ten).
const schemaTs = `/** A lamp on the network. @category Lamps */
export interface Lamp {
  /** The lamp's name. */
  name: string;
  /** Brightness, from 0 to 100. */
  brightness: number;
  /** Its colour, when it has one. */
  colour?: Colour;
}

/** A colour by its red, green and blue parts. @category Lamps */
export interface Colour {
  red: number;
  green: number;
  blue: number;
}

/** What a lamp reports about itself. @category Lamps */
export interface LampStatus {
  lamp: Lamp;
  on: boolean;
}

/** Asks a lamp to dim. @category Requests */
export interface DimRequest {
  method: "lamps/dim";
  params: { name: string; brightness: number };
}

/** Tells that a lamp's bulb failed. @category Notifications */
export interface BulbFailedNotification {
  method: "notifications/bulb_failed";
  params: { name: string };
}

/** A room and the lamps in it. @category Places */
export interface Room { name: string; lamps: Lamp[] }

/** A switch on a wall. @category Places */
export interface WallSwitch { room: string; position: number }

/** A timer that turns lamps off. @category Automation */
export interface Timer { minutes: number; lamps: string[] }

/** A named set of lamp levels. @category Automation */
export interface Scene { name: string; levels: LampStatus[] }

/** A motion sensor. @category Places */
export interface MotionSensor { room: string; sensitivity: number }

/** When a scene starts. @category Automation */
export interface Schedule { scene: string; at: string }

/** The whole house. @category Places */
export interface House { rooms: Room[] }
`;

const OTHER_FLAGS = ['--noExtraProps', '--required', '--defaultNumberType', 'integer'];

function settingsOf(flags: readonly string[]): SchemaJsonSettings {
  const r = settingsFromFlags(flags);
  if (!('settings' in r)) throw new Error(r.problem);
  return r.settings;
}

/** schema.json as typescript-json-schema writes it with the given flags. */
function generatedWith(flags: readonly string[]): string {
  const r = schemaJsonFromText(schemaTs, 'draft-07', '/schema/draft/schema.ts', settingsOf(flags));
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.text;
}

/** The findings of `check` on a tree, by rule. */
async function findings(root: string): Promise<{ rule: string; message: string; file: string }[]> {
  const run = await runCli(['check', '--root', root, '--format', 'json', '--no-cache']);
  expect(run.stderr).toBe('');
  return (JSON.parse(run.stdout) as { findings: { rule: string; message: string; file: string }[] }).findings;
}

const generatedFindings = async (root: string) =>
  (await findings(root)).filter((f) => f.rule === 'generated/schema-json');

function configMessage(text: string): string {
  try {
    parseConfig(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return 'valid';
}

describe('typescript-json-schema flags', () => {
  it('reads the spec repository invocation, spelled either way, as its settings', () => {
    const mcp = mcpSettings();
    expect(mcp.required).toBe(true);
    expect(mcp.defaultNumberType).toBe('integer');
    expect(mcp.noExtraProps).toBe(false);
    const respelled = settingsOf(['--skipLibCheck', '--required=true', '--defaultNumberType=integer']);
    expect(sameSettings(respelled, mcp)).toBe(true);
    expect(sameSettings(settingsOf(OTHER_FLAGS), mcp)).toBe(false);
  });

  it('takes negations, booleans given as values, and array flags', () => {
    const s = settingsOf(['--no-refs', '--required', 'false', '--validationKeywords', 'unit', 'step', '--titles']);
    expect(s.ref).toBe(false);
    expect(s.required).toBe(false);
    expect(s.validationKeywords).toEqual(['unit', 'step']);
    expect(s.titles).toBe(true);
  });

  it('names the first flag it cannot reproduce, with its index', () => {
    expect(settingsFromFlags(['--required', '--uniqueNames'])).toEqual({
      problem: '--uniqueNames is not supported (it names definitions by file hashes)',
      index: 1,
    });
    expect(settingsFromFlags(['--defaultNumberType', 'float'])).toMatchObject({ index: 0 });
    expect(settingsFromFlags(['--frobnicate'])).toMatchObject({
      problem: '--frobnicate is no typescript-json-schema flag spec-check knows',
    });
  });

  it('generates with other flags what the tool writes with them', () => {
    const strict = generatedWith(OTHER_FLAGS);
    const plain = generatedWith(MCP_SCHEMA_JSON_FLAGS);
    expect(strict).toContain('"additionalProperties": false');
    expect(plain).not.toContain('"additionalProperties": false');
  });
});

describe('generate.schemaJson in the config', () => {
  it.each([
    [
      'an unknown generator, with a suggestion',
      '{ "generate": { "schemaJson": "externl" } }',
      'spec-check.config.json:1:31: "generate.schemaJson" must be "typescript-json-schema" or "external", got "externl" (did you mean "external"?)',
    ],
    [
      'an unknown key in the object form',
      '{ "generate": { "schemaJson": { "generator": "typescript-json-schema", "flagz": [] } } }',
      'spec-check.config.json:1:72: unknown key "generate.schemaJson.flagz" (did you mean "flags"?) (allowed: generator, flags)',
    ],
    [
      'the object form without a generator',
      '{ "generate": { "schemaJson": { "flags": [] } } }',
      'spec-check.config.json:1:31: "generate.schemaJson.generator" is required: "typescript-json-schema" or "external"',
    ],
    [
      'flags that are not strings',
      '{ "generate": { "schemaJson": { "generator": "typescript-json-schema", "flags": "--required" } } }',
      'spec-check.config.json:1:81: "generate.schemaJson.flags" must be an array of strings, one token each, as in ["--defaultNumberType", "integer", "--required"]',
    ],
    [
      'flags given to an external generator',
      '{ "generate": { "schemaJson": { "generator": "external", "flags": [] } } }',
      'spec-check.config.json:1:58: "generate.schemaJson.flags" are typescript-json-schema\'s; an external generator takes none',
    ],
  ])('rejects %s with one line', (_name, text, message) => {
    expect(configMessage(text)).toBe(message);
  });

  it('names a flag spec-check cannot reproduce, at the flag', () => {
    const text =
      '{\n  "generate": {\n    "schemaJson": {\n      "generator": "typescript-json-schema",\n      "flags": ["--required", "--uniqueNames"]\n    }\n  }\n}';
    expect(configMessage(text)).toBe(
      'spec-check.config.json:5:31: generate.schemaJson.flags[1]: --uniqueNames is not supported (it names definitions by file hashes)',
    );
  });

  it('accepts the three forms, and the JSON Schema agrees', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/config.schema.json'), 'utf8'));
    if (schema.properties.vocabulary.$ref) schema.properties.vocabulary = { type: 'object' };
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    for (const schemaJson of [
      'external',
      'typescript-json-schema',
      { generator: 'typescript-json-schema', flags: OTHER_FLAGS },
    ]) {
      const config = { generate: { schemaJson } };
      expect(parseConfig(JSON.stringify(config))).toEqual(
        typeof schemaJson === 'string' ? { generate: { schemaJson: { generator: schemaJson } } } : config,
      );
      expect(validate(config)).toBe(true);
    }
    for (const schemaJson of ['externl', { flags: [] }, { generator: 'external', extra: 1 }])
      expect(validate({ generate: { schemaJson } })).toBe(false);
  });
});

describe("the repository's package.json script, read as data", () => {
  const packageJson = (scripts: Record<string, string>) =>
    new TextFile('package.json', JSON.stringify({ name: 'lamps', scripts }, null, 2));

  it('finds the script that writes the JSON Schema, and the file it runs', () => {
    const found = schemaJsonScriptOf(
      packageJson({
        'build:schema': 'npm run build:schema:json && npm run build:schema:md',
        'build:schema:json': 'tsx ./tools/make-schemas.ts',
        'build:schema:md': 'typedoc --out docs',
        'check:schema:json': 'tsx ./tools/make-schemas.ts --check',
      }),
    );
    expect(found).toEqual({
      name: 'build:schema:json',
      command: 'tsx ./tools/make-schemas.ts',
      runsPath: 'tools/make-schemas.ts',
    });
  });

  it('recognises the invocation in the command, or in the file the command runs', () => {
    const inCommand = recogniseScript({
      packageJson: packageJson({}),
      name: 'gen:schema',
      command: `for f in schema/*/schema.ts; do typescript-json-schema --required --noExtraProps "$f" "*" -o "\${f%.ts}.json"; done`,
    });
    expect(inCommand).toEqual({ flags: ['--required', '--noExtraProps', '-o', '${f%.ts}.json'] });
    const runs = new TextFile(
      'tools/make-schemas.ts',
      [
        '// Run typescript-json-schema on each version.',
        'const out = await run(`npx typescript-json-schema --defaultNumberType integer --required --skipLibCheck "${file}" "*"`);',
      ].join('\n'),
    );
    const inFile = recogniseScript({
      packageJson: packageJson({}),
      name: 'gen:schema',
      command: 'tsx tools/make-schemas.ts',
      runs,
    });
    expect(inFile).toEqual({ flags: ['--defaultNumberType', 'integer', '--required', '--skipLibCheck'] });
  });

  it('says why a script is not recognised: the library instead of the command, another tool, a single type', () => {
    const script = (text: string) => ({
      packageJson: packageJson({}),
      name: 'gen:schema',
      command: 'tsx tools/make-schemas.ts',
      runs: new TextFile('tools/make-schemas.ts', text),
    });
    expect(
      recogniseScript(script("import * as TJS from 'typescript-json-schema';\nTJS.buildGenerator(p, {});")),
    ).toEqual({
      reason:
        'package.json\'s "gen:schema" runs tools/make-schemas.ts, which calls typescript-json-schema\'s library rather than its command line',
    });
    expect(recogniseScript(script('import { toJsonSchema } from "some-other-tool";'))).toEqual({
      reason: 'package.json\'s "gen:schema" runs tools/make-schemas.ts, which does not run typescript-json-schema',
    });
    expect(recogniseScript(script('exec("npx typescript-json-schema --required schema.ts Lamp")'))).toMatchObject({
      reason: expect.stringContaining('for the type "Lamp", not every type ("*")'),
    });
  });
});

describe('generated/schema-json judges schema.json against the generator that makes it', () => {
  it('one finding, not one per definition, for a schema.json made with other flags and no script to say so', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': schemaTs,
      'schema/draft/schema.json': generatedWith(OTHER_FLAGS),
    });
    const found = await generatedFindings(root);
    expect(found).toHaveLength(1);
    expect(found[0].message).toMatch(
      /^schema\/draft\/schema\.json differs from what typescript-json-schema --defaultNumberType integer --required --skipLibCheck writes in 12 of 12 definitions: made by another generator or with other flags/,
    );
    expect(found[0].message).toContain('No package.json script that writes it was found');
    expect(found[0].message).toContain('"generate": { "schemaJson": "external" }');
  });

  it('none when the config names the flags, or the package.json script passes them', async () => {
    const configured = writeTree({
      'schema/draft/schema.ts': schemaTs,
      'schema/draft/schema.json': generatedWith(OTHER_FLAGS),
      'spec-check.config.json': JSON.stringify({
        generate: { schemaJson: { generator: 'typescript-json-schema', flags: OTHER_FLAGS } },
      }),
    });
    expect(await generatedFindings(configured)).toEqual([]);
    const scripted = writeTree({
      'schema/draft/schema.ts': schemaTs,
      'schema/draft/schema.json': generatedWith(OTHER_FLAGS),
      'package.json': JSON.stringify({
        scripts: {
          'generate:schema':
            'typescript-json-schema --noExtraProps --required --defaultNumberType integer schema/draft/schema.ts "*" -o schema/draft/schema.json',
        },
      }),
    });
    expect(await generatedFindings(scripted)).toEqual([]);
  });

  it("keeps a finding per definition where few are stale, and judges the configured flags' output", async () => {
    const root = writeTree({
      'schema/draft/schema.ts': schemaTs.replace("The lamp's name.", 'The name the lamp answers to.'),
      'schema/draft/schema.json': generatedWith(OTHER_FLAGS),
      'spec-check.config.json': JSON.stringify({
        generate: { schemaJson: { generator: 'typescript-json-schema', flags: OTHER_FLAGS } },
      }),
    });
    const found = await generatedFindings(root);
    expect(found.map((f) => f.message)).toEqual([
      expect.stringMatching(/^schema\/draft\/schema\.json is stale in definition Lamp: .*name the lamp answers to/),
    ]);
  });

  it("where the repository's script is the spec repository's invocation, a file made otherwise is one finding saying so", async () => {
    const root = writeTree({
      'schema/draft/schema.ts': schemaTs,
      'schema/draft/schema.json': generatedWith(OTHER_FLAGS),
      'package.json': JSON.stringify({ scripts: { 'generate:schema:json': 'tsx scripts/schemas.ts' } }),
      'scripts/schemas.ts':
        'await sh(`npx typescript-json-schema --defaultNumberType integer --required --skipLibCheck "${input}" "*" -o "${output}"`);\n',
    });
    const found = await generatedFindings(root);
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain('That is the invocation package.json\'s "generate:schema:json" runs');
    // Made with that invocation, it is up to date.
    fs.writeFileSync(path.join(root, 'schema/draft/schema.json'), generatedWith(MCP_SCHEMA_JSON_FLAGS));
    expect(await generatedFindings(root)).toEqual([]);
  });
});

describe('a schema.json made by another tool', () => {
  // Written by hand, as another generator might: two-space indentation, a bound typescript-json-schema has no way to say.
  const handMade = `${JSON.stringify(
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: {
        Lamp: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            brightness: { type: 'integer', minimum: 0, maximum: 100 },
          },
          required: ['name', 'brightness'],
        },
        Colour: { type: 'object' },
        LampStatus: { type: 'object' },
        DimRequest: { type: 'object' },
        BulbFailedNotification: { type: 'object' },
      },
    },
    null,
    2,
  )}\n`;
  const tree = (files: Record<string, string> = {}) =>
    writeTree({
      'schema/draft/schema.ts': schemaTs,
      'schema/draft/schema.json': handMade,
      'schema/draft/examples/Lamp/too-bright.json': '{ "name": "porch", "brightness": 150 }\n',
      'package.json': JSON.stringify({ scripts: { 'build:schema': 'node scripts/build-schema.mjs' } }),
      'scripts/build-schema.mjs': '// Builds the JSON Schema with a tool of our own.\n',
      ...files,
    });

  it('is judged by the script, so that the script is one of the inputs a cached report is keyed by', async () => {
    const inputs = await CheckInputs.list(tree());
    expect(inputs?.paths).toEqual(expect.arrayContaining(['package.json', 'scripts/build-schema.mjs']));
  });

  it('is one finding naming the script and what to configure, by default', async () => {
    const found = await generatedFindings(tree());
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain(
      'package.json\'s "build:schema" runs scripts/build-schema.mjs, which does not run typescript-json-schema. If another tool makes it, set "generate": { "schemaJson": "external" }',
    );
  });

  it('with "external", is never called stale, is what examples are validated against, and is not written by generate', async () => {
    const root = tree({ 'spec-check.config.json': '{ "generate": { "schemaJson": "external" } }\n' });
    const all = await findings(root);
    expect(all.filter((f) => f.rule === 'generated/schema-json')).toEqual([]);
    // Only the committed file bounds brightness: the example is judged against it.
    expect(all.filter((f) => f.rule === 'example/valid').map((f) => f.file)).toEqual([
      'schema/draft/examples/Lamp/too-bright.json',
    ]);
    const run = await runCli(['generate', '--root', root]);
    expect(run.stdout).toContain(
      'schema.json is made by another tool ("generate.schemaJson": "external"): not written.',
    );
    expect(fs.readFileSync(path.join(root, 'schema/draft/schema.json'), 'utf8')).toBe(handMade);
  });
});

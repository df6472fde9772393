/**
 * A types file's imports (config `extends` and node_modules): the base protocol's messages in the
 * prose validated against the base (a types file or a JSON Schema), other packages resolved to
 * their type declarations under node_modules (never outside the root), and an import that does
 * not resolve told once by schema/import while the other checks go on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { loadSpec } from '../src/sources/load.js';
import { runCli, tempDir, writeTree } from './helpers.js';

const layout = { schema: 'src/lamps.types.ts', schemaJson: 'schema/{version}/schema.json', docs: 'pages/{version}' };

/** A lamps extension: one types file for two versions, importing `imports` on its first line. */
function lampsTree(imports: string, extra: Record<string, string> = {}): string {
  return writeTree({
    'src/lamps.types.ts': `${imports}
/** @description Asks for the lamps. */
export interface ListLampsRequest {
  jsonrpc: '2.0';
  id: string | number;
  method: 'lamps/list';
}
`,
    'pages/2026-02-01/lamps.mdx': '# Lamps\n\nA client lists the lamps.\n',
    'pages/draft/lamps.mdx': '# Lamps\n\nA client lists the lamps.\n',
    ...extra,
  });
}

function described(report: {
  findings: { rule: string; file: string; line: number; column: number; message: string }[];
}) {
  return report.findings.map((f) => `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`);
}

describe('schema/import', () => {
  it('reports an import that resolves to nothing once, for a types file serving two versions, and goes on', async () => {
    const root = lampsTree("import type { Shade } from 'shade-kit';\nexport interface Lamp { shade: Shade }");
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report)).toEqual([
      'schema/import src/lamps.types.ts:1:28 Cannot resolve import "shade-kit": no type declarations for it under node_modules/ (install it (its declarations are read, never run)); the types it gives are unknown, so schema.json is not generated from src/lamps.types.ts',
    ]);
  });

  it('resolves a package to its declarations under node_modules (exports, re-exports), and generates with them', async () => {
    const root = lampsTree("import type { Shade } from 'shade-kit';\nexport interface Lamp { shade: Shade }", {
      'node_modules/shade-kit/package.json': JSON.stringify({
        name: 'shade-kit',
        exports: { '.': { types: './types/index.d.ts', default: './lib/index.js' } },
      }),
      'node_modules/shade-kit/types/index.d.ts': "export * from './shade.js';\n",
      'node_modules/shade-kit/types/shade.d.ts':
        'export interface Shade {\n  /** The colour. */\n  colour: string;\n}\n',
      // Never read: a package's code is not what types come from.
      'node_modules/shade-kit/lib/index.js': 'throw new Error("run");\n',
    });
    const run = await runCli(['generate', '--root', root, '--config', lampsConfig(root)]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const schema = JSON.parse(fs.readFileSync(path.join(root, 'schema/draft/schema.json'), 'utf8'));
    expect(schema.$defs.Shade).toEqual({
      properties: { colour: { description: 'The colour.', type: 'string' } },
      required: ['colour'],
      type: 'object',
    });
    // The generated files are up to date, and the declarations were read: the types file (once per
    // version), two pages, two JSON Schemas, the manifest and two declaration files; not the code.
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report)).toEqual([]);
    expect(report.summary.filesRead).toBe(9);
    const spec = await loadSpec(root, { layout });
    expect([...spec.files!.keys()].filter((f) => f.startsWith('node_modules/'))).toEqual([
      'node_modules/shade-kit/package.json',
      'node_modules/shade-kit/types/index.d.ts',
      'node_modules/shade-kit/types/shade.d.ts',
    ]);
  });

  it('does not follow a link under node_modules that leads outside the root', async () => {
    const outside = tempDir('outside-');
    fs.writeFileSync(path.join(outside, 'package.json'), JSON.stringify({ name: 'shade-kit', types: 'index.d.ts' }));
    fs.writeFileSync(path.join(outside, 'index.d.ts'), 'export interface Shade { colour: string }\n');
    const root = lampsTree("import type { Shade } from 'shade-kit';\nexport interface Lamp { shade: Shade }");
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.symlinkSync(outside, path.join(root, 'node_modules/shade-kit'));
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(report.findings.map((f) => `${f.rule} ${f.file}`)).toEqual([
      'input/unreadable node_modules/shade-kit',
      'schema/import src/lamps.types.ts',
    ]);
  });

  it('reports a relative import of a file the tree does not have (see relative-imports.test.ts for one it has)', async () => {
    const root = lampsTree("export type { Shade } from './shade.js';");
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report)).toEqual([
      'schema/import src/lamps.types.ts:1:28 Cannot resolve import "./shade.js": it names no TypeScript file inside the root (relative imports resolve as TypeScript resolves them, .js to .ts, a folder to its index.ts); the types it takes from this module are unknown, so schema.json is not generated from src/lamps.types.ts',
    ]);
  });
});

describe('the base protocol given as its JSON Schema (extends.schema naming a .json file)', () => {
  const baseJsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: {
      JSONRPCRequest: {
        type: 'object',
        properties: {
          jsonrpc: { const: '2.0', type: 'string' },
          id: { type: ['string', 'integer'] },
          method: { type: 'string' },
        },
        required: ['jsonrpc', 'id', 'method'],
      },
      PingRequest: {
        type: 'object',
        properties: { method: { const: 'ping', type: 'string' }, params: { type: 'object' } },
        required: ['method'],
      },
      ProgressNotification: {
        type: 'object',
        properties: {
          method: { const: 'notifications/progress', type: 'string' },
          params: { type: 'object', properties: { progress: { type: 'number' } }, required: ['progress'] },
        },
        required: ['method', 'params'],
      },
    },
  };

  it("validates the base's messages in the prose against it, and reports a method neither declares", async () => {
    const root = lampsTree('', {
      'base/schema.json': JSON.stringify(baseJsonSchema),
      'pages/draft/lamps.mdx': [
        '# Lamps',
        '',
        '```json',
        '{ "jsonrpc": "2.0", "id": 1, "method": "ping" }',
        '```',
        '',
        '```json',
        '{ "jsonrpc": "2.0", "method": "notifications/progress", "params": { "progress": "half" } }',
        '```',
        '',
        '```json',
        '{ "jsonrpc": "2.0", "id": 2, "method": "lamps/dim" }',
        '```',
        '',
      ].join('\n'),
    });
    const run = await runCli([
      'generate',
      '--root',
      root,
      '--config',
      lampsConfig(root, { schema: 'base/schema.json', imports: ['@lamps/base'] }),
    ]);
    expect(run.code).toBe(0);
    const report = await check(root, {
      layout,
      extends: { schema: 'base/schema.json', imports: ['@lamps/base'] },
    });
    expect(described(report)).toEqual([
      'prose/json-valid pages/draft/lamps.mdx:8:81 Notification "notifications/progress" does not match ProgressNotification of base/schema.json at /params/progress: expected a number, got the string "half"',
      'prose/json-valid pages/draft/lamps.mdx:12:40 Unknown method "lamps/dim": no request or notification in src/lamps.types.ts has this method',
    ]);
    expect(report.summary).toMatchObject({ codeBlocksValidated: 2, codeBlocksUnclassified: 1 });
  });
});

/** Writes the lamps config (with `extends` when given) at the root; its path. */
function lampsConfig(root: string, base?: { schema: string; imports: string[] }): string {
  const file = path.join(root, 'spec-check.config.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ layout, ...(base ? { extends: base } : {}), generate: { dialect: '2020-12' } }),
  );
  return file;
}

describe('the base protocol given as its types file', () => {
  const base = [
    'export interface Request { jsonrpc: "2.0"; id: string | number; method: string }',
    'export interface Result { _meta?: { [key: string]: unknown } }',
    '/** @description Asks for the server time. */',
    'export interface GetTimeRequest extends Request { method: "time/get" }',
    '/** @description The server time. */',
    'export interface GetTimeResult extends Result { /** @description Seconds since the epoch. */ now: number }',
    '/** @description A request that failed. */',
    'export interface ErrorResponse { jsonrpc: "2.0"; id: string | number; error: { code: number; message: string } }',
  ].join('\n');

  it("pairs the answer to a base request with the base's result type, and an error with its error envelope, in one block", async () => {
    const root = lampsTree('', {
      'base/schema.ts': base + '\n',
      'pages/draft/lamps.mdx': [
        '# Lamps',
        '',
        'A view may ask the time through the host:',
        '',
        '```typescript',
        '// Request',
        '{ jsonrpc: "2.0", id: 4, method: "time/get" }',
        '',
        '// Response',
        '{ jsonrpc: "2.0", id: 4, result: { now: "noon" } }',
        '',
        "// Or an error, in the base protocol's envelope",
        '{ jsonrpc: "2.0", id: 4, error: { code: "busy", message: string } }',
        '```',
        '',
      ].join('\n'),
    });
    const options = { layout, extends: { schema: 'base/schema.ts', imports: ['@lamps/base'] } };
    const generated = await runCli(['generate', '--root', root, '--config', lampsConfig(root, options.extends)]);
    expect(generated.code).toBe(0);
    const report = await check(root, options);
    expect(described(report)).toEqual([
      'prose/json-valid pages/draft/lamps.mdx:10:41 Response to "time/get" (matched by id, in the base protocol) does not match GetTimeResult of base/schema.ts at /result/now: expected an integer, got the string "noon"',
      'prose/json-valid pages/draft/lamps.mdx:13:41 Error response does not match ErrorResponse of base/schema.ts at /error/code: expected an integer, got the string "busy"',
    ]);
    expect(report.summary).toMatchObject({ sketchesValidated: 1 });
  });
});

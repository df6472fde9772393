/**
 * A types file importing a vendored copy of its base protocol's types by a relative path
 * (`import type { Result } from "./vendor/base.js"`), with no `extends` in the config: the import
 * resolves as TypeScript resolves it, through the reader (nothing outside the root), and what the
 * file declares is the base's, as `extends` would make it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { loadSpec } from '../src/sources/load.js';
import { runCli, tempDir, writeTree } from './helpers.js';

const layout = { schema: 'schema/{version}/schema.ts', docs: 'pages/{version}' };

/** The base protocol's types, as a spec vendors them beside its own. */
const BASE = `/** A request on the wire. */
export interface JSONRPCRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: { [key: string]: unknown };
}

/** Any result. */
export interface Result {
  _meta?: { [key: string]: unknown };
}

/** Asks for the time. */
export interface GetClockRequest extends JSONRPCRequest {
  method: "clock/get";
  params: { zone: string };
}

/** The time. */
export interface GetClockResult extends Result {
  time: string;
}
`;

/** The extension's types: they build on the base's by a relative import. */
const types = (specifier: string) => `import type { JSONRPCRequest, Result } from "${specifier}";

/**
 * Asks a pump to start. Its answer is a {@link Result}; {@link Resultt} is a slip.
 */
export interface StartPumpRequest extends JSONRPCRequest {
  method: "pumps/start";
  params: { litresPerMinute: number };
}

/** The pump started. */
export interface StartPumpResult extends Result {
  started: boolean;
}
`;

const PAGE = [
  '# Pumps',
  '',
  '## Starting',
  '',
  '```json',
  '{ "jsonrpc": "2.0", "id": 1, "method": "pumps/start", "params": { "litresPerMinute": 3 } }',
  '```',
  '',
  '## The time, from the base protocol',
  '',
  '```json',
  '{ "jsonrpc": "2.0", "id": 2, "method": "clock/get", "params": { "zone": 1 } }',
  '```',
  '',
].join('\n');

function described(report: { findings: { rule: string; file: string; line: number; message: string }[] }) {
  return report.findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`);
}

describe('a relative import of a vendored base, with no extends', () => {
  it("resolves `.js` to the `.ts` file: its declarations are the base's (messages, {@link}, schema.json)", async () => {
    const root = writeTree({
      'schema/draft/schema.ts': types('./vendor/base.js'),
      'schema/draft/vendor/base.ts': BASE,
      'pages/draft/pumps.mdx': PAGE,
    });
    const spec = await loadSpec(root, { layout });
    expect(spec.base).toMatchObject({ imports: ['./vendor/base.js'], fromImport: true });
    expect(spec.base?.file.path).toBe('schema/draft/vendor/base.ts');

    const generated = await runCli(['generate', '--root', root, '--config', config(root)]);
    expect(generated).toMatchObject({ code: 0, stderr: '' });
    const schema = JSON.parse(fs.readFileSync(path.join(root, 'schema/draft/schema.json'), 'utf8'));
    // The base's members the extension's types inherit are generated with them.
    expect(Object.keys(schema.$defs.StartPumpRequest.properties).sort()).toEqual(['id', 'jsonrpc', 'method', 'params']);

    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report)).toEqual([
      'prose/json-valid pages/draft/pumps.mdx:12 Request "clock/get" does not match GetClockRequest of schema/draft/vendor/base.ts at /params/zone: expected a string, got the number 1',
      // {@link Result} names the base's declaration; a slip is still one.
      'jsdoc/link schema/draft/schema.ts:4 {@link Resultt}: no declaration named Resultt',
    ]);
  });

  it("does not read the answer to a base request as the base's result when the sentence before it names one of the extension's", async () => {
    const root = writeTree({
      'schema/draft/schema.ts': types('./vendor/base.js'),
      'schema/draft/vendor/base.ts': BASE,
      'pages/draft/pumps.mdx': [
        '# Pumps',
        '',
        '```json',
        '{ "jsonrpc": "2.0", "id": 3, "method": "clock/get", "params": { "zone": "UTC" } }',
        '```',
        '',
        'A pump asked the time may answer with a `StartPumpResult` instead:',
        '',
        '```json',
        '{ "jsonrpc": "2.0", "id": 3, "result": { "started": "yes" } }',
        '```',
        '',
      ].join('\n'),
    });
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    // Not "missing required property time" of the base's GetClockResult: the text says what answers.
    expect(described(report).filter((f) => f.startsWith('prose/'))).toEqual([]);
  });

  it('resolves a folder to its index.ts', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': types('./vendor'),
      'schema/draft/vendor/index.ts': BASE,
      'pages/draft/pumps.mdx': PAGE,
    });
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report).filter((f) => f.startsWith('schema/import'))).toEqual([]);
    expect(described(report)).toContain(
      'prose/json-valid pages/draft/pumps.mdx:12 Request "clock/get" does not match GetClockRequest of schema/draft/vendor/index.ts at /params/zone: expected a string, got the number 1',
    );
  });

  it('refuses a vendored file that is a link leading out of the root, and says so', async () => {
    const outside = tempDir('outside-');
    fs.writeFileSync(path.join(outside, 'base.ts'), BASE);
    const root = writeTree({
      'schema/draft/schema.ts': types('./vendor/base.js'),
      'pages/draft/pumps.mdx': '# Pumps\n',
    });
    fs.mkdirSync(path.join(root, 'schema/draft/vendor'));
    fs.symlinkSync(path.join(outside, 'base.ts'), path.join(root, 'schema/draft/vendor/base.ts'));
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report)).toEqual([
      'schema/import schema/draft/schema.ts:1 Cannot resolve import "./vendor/base.js": it names no TypeScript file inside the root (relative imports resolve as TypeScript resolves them, .js to .ts, a folder to its index.ts); the types it takes from this module are unknown, so schema.json is not generated from schema/draft/schema.ts',
      'jsdoc/link schema/draft/schema.ts:4 {@link Result}: no declaration named Result',
      'jsdoc/link schema/draft/schema.ts:4 {@link Resultt}: no declaration named Resultt',
      'input/unreadable schema/draft/vendor/base.ts:1 Symbolic link points outside the root or nowhere; not followed',
    ]);
  });

  it('takes no base from relative imports of two files: extends must say which', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': `import type { Gauge } from "./gauge.js";\n${types('./vendor/base.js')}`,
      'schema/draft/gauge.ts': 'export interface Gauge { bar: number }\n',
      'schema/draft/vendor/base.ts': BASE,
      'pages/draft/pumps.mdx': '# Pumps\n',
    });
    const report = await check(root, { layout, generate: { dialect: '2020-12' } });
    expect(described(report).filter((f) => f.startsWith('schema/import'))).toEqual([
      'schema/import schema/draft/schema.ts:1 Import "./gauge.js" names schema/draft/gauge.ts, but the types files import more than one file by relative paths, and only one can be the base protocol: name it in extends.schema; the types it takes from this module are unknown, so schema.json is not generated from schema/draft/schema.ts',
      'schema/import schema/draft/schema.ts:2 Import "./vendor/base.js" names schema/draft/vendor/base.ts, but the types files import more than one file by relative paths, and only one can be the base protocol: name it in extends.schema; the types it takes from this module are unknown, so schema.json is not generated from schema/draft/schema.ts',
    ]);
  });
});

/** Writes the config at the root; its path. */
function config(root: string): string {
  const file = path.join(root, 'spec-check.config.json');
  fs.writeFileSync(file, JSON.stringify({ layout, generate: { dialect: '2020-12' } }));
  return file;
}

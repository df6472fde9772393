import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { resolveRunConfig } from '../src/cli/run-config.js';
import { check } from '../src/check.js';
import { ConfigError, UsageError } from '../src/core/errors.js';
import { runCli, writeTree } from './helpers.js';

const layout = { schema: 'spec/schema', docs: 'site/spec', seps: 'proposals' };
const ignore = ['spec/schema/draft/examples/{Skip,Other}/**'];
/** A two-condition vocabulary in the fixture's words: "unknown widget", answered by a JSON-RPC error. */
const vocabulary = {
  extends: 'none',
  channels: {
    'protocol-error': {
      label: 'protocol error',
      kind: 'error-response',
      phrases: ['json rpc errors?', 'protocol errors?'],
    },
  },
  conditions: { 'unknown-widget': { label: 'unknown widget', phrases: ['unknown widgets?'] } },
};

const schemaTs = `/* A two-type protocol, small enough to read in a test. */

/**
 * A control that a server exposes.
 *
 * @category Widgets
 */
export interface Widget {
  /** Unique among the server's widgets. */
  id: string;
  /** Shown to the user. */
  name: string;
}

/**
 * Sent when a request names a widget the server does not have.
 *
 * @category Errors
 */
export interface UnknownWidgetError {
  code: -32602;
  message: string;
}
`;

const schemaJson = JSON.stringify(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: {
      Widget: {
        description: 'A control that a server exposes.',
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' } },
        required: ['id', 'name'],
      },
    },
  },
  null,
  2,
);

const page = `---
title: Widgets
---

A server lists its [widgets](/specification/draft/schema#widget). A request that names an
unknown widget gets a JSON-RPC error.
`;

const sep = `# SEP-7: Widget names

- **Status**: Draft

## Specification

Proposed draft wording for \`site/spec/draft/widgets.mdx\`:

\`\`\`md
A server lists its widgets, each with a name.
\`\`\`
`;

/** A spec in a non-default layout; the examples under Skip/ and Other/ are ignored by its config. */
export function fixture(config: object = { layout, ignore }): string {
  return writeTree({
    'spec-check.config.json': JSON.stringify(config, null, 2),
    'spec/schema/draft/schema.ts': schemaTs,
    'spec/schema/draft/schema.json': schemaJson,
    'spec/schema/draft/examples/Widget/dial.json': JSON.stringify({ id: 'hall-dial', name: 'Hall dial' }, null, 2),
    // Not JSON, and not Widgets: any command reading them would say so.
    'spec/schema/draft/examples/Skip/broken.json': '{ "id": ',
    'spec/schema/draft/examples/Other/unknown.json': JSON.stringify({
      code: -32602,
      message: 'Unknown widget: x',
    }),
    'site/spec/draft/widgets.mdx': page,
    'proposals/7-widget-names.md': sep,
  });
}

/** Every file path (relative to `root`, slashed) that fs.promises.readFile, fs.readFileSync or fs.openSync opened during `run`. */
async function filesRead(root: string, run: () => Promise<unknown>): Promise<string[]> {
  const read = new Set<string>();
  const note = (file: unknown) => {
    if (typeof file === 'string') read.add(path.relative(root, path.resolve(file)).split(path.sep).join('/'));
  };
  const readFile = fsPromises.readFile;
  const readFileSync = fs.readFileSync;
  vi.spyOn(fsPromises, 'readFile').mockImplementation(((file: string, ...rest: unknown[]) => {
    note(file);
    return (readFile as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fsPromises.readFile);
  vi.spyOn(fs, 'readFileSync').mockImplementation(((file: string, ...rest: unknown[]) => {
    note(file);
    return (readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readFileSync);
  // The reader opens each file of the tree and reads it by its descriptor (`diskFileSystem`).
  const openSync = fs.openSync;
  vi.spyOn(fs, 'openSync').mockImplementation(((file: string, ...rest: unknown[]) => {
    note(file);
    return (openSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.openSync);
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return [...read].sort();
}

const schemaFile = 'spec/schema/draft/schema.ts';
const pageFile = 'site/spec/draft/widgets.mdx';
const sepFile = 'proposals/7-widget-names.md';
/** Each command's arguments, and the files of the layout it must read. */
const commands: Record<string, [string[], string[]]> = {
  check: [
    ['check', '--no-cache'],
    [schemaFile, pageFile, sepFile],
  ],
  generate: [['generate'], [schemaFile]],
  claims: [
    ['claims', '--format', 'json'],
    [schemaFile, pageFile],
  ],
  'sep-diff': [
    ['sep-diff', sepFile],
    [pageFile, sepFile],
  ],
};

afterEach(() => vi.restoreAllMocks());

describe.each(Object.entries(commands))(
  '%s with a layout and ignores in spec-check.config.json',
  (_name, [args, layoutFiles]) => {
    test('runs, reads the layout folders and not the ignored files', async () => {
      const root = fixture();
      let result = { code: -1, stdout: '', stderr: '' };
      const read = await filesRead(root, async () => (result = await runCli([...args, '--root', root])));
      expect(result.stderr).not.toMatch(/no .* folder|spec-check: /);
      expect([0, 1]).toContain(result.code);
      expect(read).toEqual(expect.arrayContaining(layoutFiles));
      expect(read.filter((f) => /\/examples\/(Skip|Other)\//.test(f))).toEqual([]);
    });

    test('--config FILE is the config used: without its ignores the same files are read', async () => {
      const root = fixture();
      const other = path.join(writeTree({ 'elsewhere.json': JSON.stringify({ layout }) }), 'elsewhere.json');
      const read = await filesRead(root, () => runCli([...args, '--root', root, '--config', other]));
      expect(read).toContain('spec/schema/draft/examples/Skip/broken.json');
      expect(read).toContain('spec/schema/draft/examples/Other/unknown.json');
    });

    test('with no config file the default layout is looked for: exit code 2, naming schema/', async () => {
      const root = fixture();
      fs.rmSync(path.join(root, 'spec-check.config.json'));
      const result = await runCli([...args, '--root', root]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^spec-check: no schema\/ folder in /);
    });

    test('a missing --config file is one line and exit code 2', async () => {
      const root = fixture();
      const result = await runCli([...args, '--root', root, '--config', path.join(root, 'absent.json')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^spec-check: config file not found: .*absent\.json\n$/);
    });
  },
);

test('generate writes schema.json into the layout schema folder', async () => {
  const root = fixture();
  const result = await runCli(['generate', '--root', root]);
  expect(result.stdout).toContain('updated spec/schema/draft/schema.json');
  expect(fs.readFileSync(path.join(root, 'spec/schema/draft/schema.json'), 'utf8')).not.toBe(schemaJson);
  expect(fs.existsSync(path.join(root, 'schema'))).toBe(false);
});

test("claims lists the claims of the layout folders, with the config's vocabulary, and none from ignored files", async () => {
  const root = fixture({ layout, ignore, vocabulary });
  const result = await runCli(['claims', '--root', root, '--format', 'json']);
  expect(result.stderr).toBe('');
  const claims: { file: string; source: string; condition: string; channel: string }[] = JSON.parse(
    result.stdout,
  ).claims;
  expect(claims).toContainEqual(
    expect.objectContaining({
      file: pageFile,
      source: 'prose',
      condition: 'unknown-widget',
      channel: 'protocol-error',
    }),
  );
  expect(claims.filter((c) => !c.file.startsWith('site/spec/') && !c.file.startsWith('spec/schema/'))).toEqual([]);
  expect(claims.filter((c) => /\/examples\/(Skip|Other)\//.test(c.file))).toEqual([]);
  // Without the ignores, the example under Other/ is a claim: the ignore is what kept it out.
  const other = path.join(writeTree({ 'elsewhere.json': JSON.stringify({ layout, vocabulary }) }), 'elsewhere.json');
  const unignored = JSON.parse(
    (await runCli(['claims', '--root', root, '--format', 'json', '--config', other])).stdout,
  ).claims;
  expect(unignored).toContainEqual(
    expect.objectContaining({ file: 'spec/schema/draft/examples/Other/unknown.json', source: 'example' }),
  );
});

test('sep-diff compares the SEP in the layout SEP folder with the page in the layout docs folder', async () => {
  const root = fixture({ layout, ignore, rules: { 'sep-diff/proposed-wording': 'error' } });
  const result = await runCli(['sep-diff', sepFile, '--root', root, '--format', 'json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(1);
  expect(result.stdout).toContain(pageFile);
  expect(JSON.parse(result.stdout).findings).toContainEqual(
    expect.objectContaining({ rule: 'sep-diff/proposed-wording', file: pageFile }),
  );
});

describe('the library check() applies the config through the same resolver', () => {
  test('layout and ignores from spec-check.config.json', async () => {
    const report = await check(fixture());
    const files = report.findings.map((f) => f.file);
    expect(files).toContain('spec/schema/draft/schema.json');
    expect(files.filter((f) => /\/examples\/(Skip|Other)\//.test(f))).toEqual([]);
  });

  test("configFile instead of the root's; a partial layout option overrides key by key", async () => {
    const root = fixture();
    const other = path.join(writeTree({ 'elsewhere.json': JSON.stringify({ layout }) }), 'elsewhere.json');
    const report = await check(root, { configFile: other, layout: { seps: 'no-seps-here' } });
    const files = report.findings.map((f) => f.file);
    // Not ignored by this config: the broken example is read and reported.
    expect(files).toContain('spec/schema/draft/examples/Skip/broken.json');
    expect(files).toContain('spec/schema/draft/schema.json');
  });

  test('a broken config is a ConfigError with exit code 2', async () => {
    const root = fixture({ layout, rules: { 'example/valid': 'warn' } });
    const error = await check(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).exitCode).toBe(2);
    expect((error as Error).message).toMatch(
      /(^|\/)spec-check\.config\.json:\d+:\d+: rules\["example\/valid"\] must be/,
    );
  });
});

describe('resolveRunConfig', () => {
  test('fills the layout defaults, resolves the root and names the config file', () => {
    const root = fixture({ layout: { seps: 'proposals' }, rules: { 'example/valid': 'off' } });
    const run = resolveRunConfig({ root, flags: { versions: [] } });
    expect(run.root).toBe(path.resolve(root));
    expect(run.configPath).toBe(path.join(path.resolve(root), 'spec-check.config.json'));
    expect(run.layout).toEqual({
      schema: 'schema/{version}/schema.ts',
      docs: 'docs/specification/{version}',
      seps: 'proposals',
      site: 'docs',
    });
    expect(run.severities).toEqual({ 'example/valid': 'off' });
    expect(run.versions).toBeUndefined();
    expect(run.ignore).toBeUndefined();
    expect(run.cacheDir).toBeUndefined();
    expect(run.worker).toBeUndefined();
    expect(run.output).toEqual({ format: 'text', color: false, progress: false, verbose: false, quiet: false });
  });

  test('--rule sets severities over the config’s, the last for a rule winning; a bad one is a usage error', () => {
    const root = fixture({ rules: { 'example/valid': 'off', 'xref/link': 'warning' } });
    const run = resolveRunConfig({
      root,
      // ESLint's ID:SEVERITY too, and several in one flag.
      flags: {
        rules: [
          'example/valid=error',
          'sep-diff/changed: warning,example/orphan=off',
          'xref/link=off',
          'xref/link=error',
        ],
      },
    });
    expect(run.severities).toEqual({
      'example/valid': 'error',
      'xref/link': 'error',
      'sep-diff/changed': 'warning',
      'example/orphan': 'off',
    });
    const fails = (rule: string) => () => resolveRunConfig({ root, flags: { rules: [rule] } });
    expect(fails('example/vlaid=error')).toThrow(
      '--rule: unknown rule "example/vlaid" (did you mean "example/valid"?)',
    );
    expect(fails('example/valid=warn')).toThrow(
      '--rule example/valid: the severity must be off, warning or error, got "warn" (did you mean "warning"?)',
    );
    expect(fails('example/valid')).toThrow('--rule takes ID=SEVERITY');
    expect(fails('example/valid')).toThrow(UsageError);
  });

  test('the ignore matcher follows the config globs; versions, cache and worker follow the flags', () => {
    const run = resolveRunConfig({ root: fixture(), flags: { versions: ['draft'], cache: true, worker: false } });
    expect(run.ignore?.('spec/schema/draft/examples/Skip/broken.json')).toBe(true);
    expect(run.ignore?.('spec/schema/draft/examples/Widget/dial.json')).toBe(false);
    expect(run.versions).toEqual(['draft']);
    expect(run.cacheDir).toMatch(/spec-check$/);
    expect(run.worker).toBe(false);
  });

  test('colour and progress: text to a terminal; no colour into a file, in JSON or with NO_COLOR; no progress when quiet', () => {
    const root = fixture();
    const tty = { isTTY: true, env: {} };
    const output = (flags: object, terminal: object | undefined) => resolveRunConfig({ root, flags, terminal }).output;
    expect(output({}, tty)).toMatchObject({ color: true, progress: true });
    expect(output({ output: 'report.txt' }, tty)).toMatchObject({ file: 'report.txt', color: false, progress: true });
    expect(output({ format: 'json' }, tty)).toMatchObject({ format: 'json', color: false });
    expect(output({}, { isTTY: true, env: { NO_COLOR: '1' } })).toMatchObject({ color: false, progress: true });
    expect(output({}, { isTTY: false, env: { FORCE_COLOR: '1' } })).toMatchObject({ color: true, progress: false });
    expect(output({ quiet: true, verbose: true }, tty)).toMatchObject({ progress: false, quiet: true, verbose: true });
    expect(output({}, undefined)).toMatchObject({ color: false, progress: false });
  });

  test('a root that does not exist is a LoadError naming it as typed, before any config file', () => {
    expect(() => resolveRunConfig({ root: 'no/such/root', configFile: 'absent.json' })).toThrow(
      'root folder not found: no/such/root',
    );
  });

  test('a config mistake is a one-line ConfigError', () => {
    const root = fixture({ layout: { schemas: 'spec/schema' } });
    expect(() => resolveRunConfig({ root })).toThrow(ConfigError);
    expect(() => resolveRunConfig({ root })).toThrow(
      /(^|\/)spec-check\.config\.json:\d+:\d+: unknown key "layout\.schemas" \(did you mean "schema"\?\)/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseConfig, ConfigError } from '../src/config/config.js';
import { ignoreMatcher } from '../src/config/glob.js';
import { copyTree, driftedSpec, projectRoot, runCli, sampleSpec, writeTree } from './helpers.js';

const configSchema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/config.schema.json'), 'utf8'));
if (configSchema.properties.vocabulary.$ref) {
  // The vocabulary has a schema of its own; for these tests any object stands in for it.
  configSchema.properties.vocabulary = { type: 'object' };
}
const validateSchema = new Ajv2020({ strict: true, allErrors: true }).compile(configSchema);

function messageOf(text: string): string {
  try {
    parseConfig(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return 'valid';
}

describe('spec-check.config.json', () => {
  it.each([
    [
      'an unknown key, with a suggestion',
      '{\n  "rulez": {}\n}',
      'spec-check.config.json:2:3: unknown key "rulez" (did you mean "rules"?) (allowed: rules, layout, site, extends, ignore, vocabulary, generate, spelling)',
    ],
    [
      'an unknown rule id',
      '{ "rules": { "example/vaild": "off" } }',
      'spec-check.config.json:1:14: unknown rule "example/vaild" in "rules" (did you mean "example/valid"?)',
    ],
    [
      'a severity spelled the ESLint way',
      '{ "rules": { "example/valid": "warn" } }',
      'spec-check.config.json:1:31: rules["example/valid"] must be "off", "warning" or "error", got "warn" (did you mean "warning"?)',
    ],
    [
      'a severity of the wrong type',
      '{ "rules": { "example/valid": 2 } }',
      'spec-check.config.json:1:31: rules["example/valid"] must be "off", "warning" or "error", got 2',
    ],
    [
      'rules not an object',
      '{ "rules": ["example/valid"] }',
      'spec-check.config.json:1:12: "rules" must be an object of rule id -> "off" | "warning" | "error"',
    ],
    [
      'an unknown layout key',
      '{ "layout": { "examples": "ex" } }',
      'spec-check.config.json:1:15: unknown key "layout.examples" (allowed: schema, schemaJson, docs, seps, site, versions)',
    ],
    [
      'a layout folder outside the root',
      '{ "layout": { "docs": "../elsewhere" } }',
      'spec-check.config.json:1:23: "layout.docs" leaves the root (..)',
    ],
    [
      'an absolute ignore entry',
      '{ "ignore": ["/etc"] }',
      'spec-check.config.json:1:14: ignore[0] "/etc" is absolute; ignore entries are relative to the root',
    ],
    [
      'an ignore entry that climbs out',
      '{ "ignore": ["docs/../../x"] }',
      'spec-check.config.json:1:14: ignore[0] "docs/../../x" leaves the root (..)',
    ],
    [
      'an ignore entry that is not a string',
      '{ "ignore": [3] }',
      'spec-check.config.json:1:14: ignore[0] must be a string',
    ],
    [
      'a vocabulary that is not an object',
      '{ "vocabulary": [] }',
      'spec-check.config.json:1:17: "vocabulary" must be an object',
    ],
    ['broken JSON', '{ "rules": { } ,}', 'spec-check.config.json:1:16: invalid JSON: Trailing comma'],
    [
      'a top level that is not an object',
      '[]',
      'spec-check.config.json:1:1: expected an object with keys rules, layout, ignore, vocabulary',
    ],
  ])('rejects %s with one line naming the key', (_name, text, message) => {
    expect(messageOf(text)).toBe(message);
  });

  it('accepts a full config, and the JSON Schema agrees with the loader on every case above', () => {
    const valid = {
      $schema: './node_modules/protocol-spec-check/schema/config.schema.json',
      rules: { 'example/valid': 'warning', 'suppression/unused': 'off' },
      layout: { schema: 'spec/schema', docs: 'site/spec', seps: 'proposals' },
      ignore: ['docs/specification/2024-11-05', 'schema/*/examples/Legacy*/**'],
      vocabulary: { extends: 'mcp' },
    };
    expect(parseConfig(JSON.stringify(valid))).toEqual({
      rules: valid.rules,
      layout: valid.layout,
      ignore: valid.ignore,
      vocabulary: valid.vocabulary,
    });
    expect(validateSchema(valid)).toBe(true);
    const invalid = [
      { rulez: {} },
      { rules: { 'example/vaild': 'off' } },
      { rules: { 'example/valid': 'warn' } },
      { layout: { examples: 'ex' } },
      { layout: { docs: '../elsewhere' } },
      { ignore: ['/etc'] },
      { ignore: ['docs/../../x'] },
      { vocabulary: [] },
    ];
    for (const config of invalid) {
      expect(messageOf(JSON.stringify(config))).not.toBe('valid');
      expect(validateSchema(config), JSON.stringify(config)).toBe(false);
    }
  });

  it('matches ignore entries as path prefixes and globs', () => {
    const ignored = ignoreMatcher([
      'docs/specification/2024-11-05',
      'schema/*/examples/Legacy*',
      '**/drafts/**',
      'seps/?-*.md',
      './notes/',
    ]);
    expect(ignored('docs/specification/2024-11-05')).toBe(true);
    expect(ignored('docs/specification/2024-11-05/index.mdx')).toBe(true);
    expect(ignored('docs/specification/2024-11-050/index.mdx')).toBe(false);
    expect(ignored('schema/draft/examples/LegacyThing/a.json')).toBe(true);
    expect(ignored('schema/draft/examples/Thing/a.json')).toBe(false);
    expect(ignored('docs/specification/draft/drafts/x.mdx')).toBe(true);
    expect(ignored('seps/1-x.md')).toBe(true);
    expect(ignored('seps/12-x.md')).toBe(false);
    expect(ignored('notes/a.md')).toBe(true);
  });

  it('matches brace alternatives and character classes, with a leading ! taken literally', () => {
    const ignored = ignoreMatcher(['docs/{a,b}/**', 'seps/[01]-*.md', '!keep', 'docs/*.draft']);
    expect(ignored('docs/a/x.mdx')).toBe(true);
    expect(ignored('docs/b/deep/x.mdx')).toBe(true);
    expect(ignored('docs/ab/x.mdx')).toBe(false);
    expect(ignored('docs/c/x.mdx')).toBe(false);
    expect(ignored('seps/0-x.md')).toBe(true);
    expect(ignored('seps/1-x.md')).toBe(true);
    expect(ignored('seps/2-x.md')).toBe(false);
    // A negated entry would leave out everything but `keep`.
    expect(ignored('other.md')).toBe(false);
    expect(ignored('!keep/a.md')).toBe(true);
    // Dot files are matched like any other, as `*` always did.
    expect(ignored('docs/.hidden.draft')).toBe(true);
  });

  it('rejects a glob the matcher cannot compile, naming the entry', () => {
    const message = messageOf(JSON.stringify({ ignore: ['docs/' + '*'.repeat(70_000)] }));
    expect(message).toMatch(/^spec-check\.config\.json:1:\d+: ignore\[0\] "docs\/\*+" is not a usable glob \(.*length/);
  });

  it('leaves out exactly the files a brace glob and a character class name, in a real check', async () => {
    const broken = '# Page\n\nText with an unclosed <span tag {\n';
    const pages = ['a/page', 'b/page', 'c/page', 'notes-0', 'notes-1', 'notes-2'];
    const root = writeTree({
      'schema/draft/schema.ts': 'export interface Thing { name: string; }\n',
      ...Object.fromEntries(pages.map((p) => [`docs/specification/draft/${p}.mdx`, broken])),
    });
    const filesWith = async (args: string[]) =>
      JSON.parse((await runCli(['check', '--root', root, '--format', 'json', ...args])).stdout)
        .findings.filter((f: { rule: string }) => f.rule === 'mdx/parse')
        .map((f: { file: string }) => f.file)
        .sort();
    expect(await filesWith([])).toEqual(pages.map((p) => `docs/specification/draft/${p}.mdx`));
    const config = writeTree({
      'c.json': JSON.stringify({
        ignore: ['docs/specification/draft/{a,b}/**', 'docs/specification/draft/notes-[01].mdx'],
      }),
    });
    expect(await filesWith(['--config', path.join(config, 'c.json')])).toEqual([
      'docs/specification/draft/c/page.mdx',
      'docs/specification/draft/notes-2.mdx',
    ]);
  });

  it('applies rule severities from the config at the root; exit 0 when errors become warnings', async () => {
    const root = copyTree(driftedSpec);
    fs.writeFileSync(
      path.join(root, 'spec-check.config.json'),
      JSON.stringify({ rules: { 'example/valid': 'warning' } }),
    );
    const run = await runCli(['check', '--root', root, '--format', 'json']);
    const report = JSON.parse(run.stdout);
    const own = report.findings.filter((f: { rule: string }) => f.rule === 'example/valid');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((f: { severity: string }) => f.severity === 'warning')).toBe(true);

    fs.writeFileSync(path.join(root, 'spec-check.config.json'), JSON.stringify({ rules: { 'example/valid': 'off' } }));
    const off = JSON.parse((await runCli(['check', '--root', root, '--format', 'json'])).stdout);
    expect(off.findings.filter((f: { rule: string }) => f.rule === 'example/valid')).toEqual([]);
  });

  it('reads --config FILE instead, relative to the working folder, and ignores paths', async () => {
    const config = writeTree({
      'ci/spec-check.json': JSON.stringify({
        ignore: ['schema/draft/examples/Widget', 'schema/*/examples/WidgetGroup/**'],
      }),
    });
    const run = await runCli([
      'check',
      '--root',
      driftedSpec,
      '--config',
      path.join(config, 'ci/spec-check.json'),
      '--format',
      'json',
    ]);
    const files = JSON.parse(run.stdout)
      .findings.filter((f: { rule: string }) => f.rule === 'example/valid')
      .map((f: { file: string }) => f.file);
    expect(files).toEqual(['schema/draft/examples/ListWidgetsResult/one-page.json']);
  });

  it('leaves out a whole version when its folders are ignored', async () => {
    const config = writeTree({
      'c.json': JSON.stringify({ ignore: ['schema/2025-01-15', 'docs/specification/2025-01-15'] }),
    });
    const all = JSON.parse((await runCli(['check', '--root', driftedSpec, '--format', 'json'])).stdout);
    const run = JSON.parse(
      (await runCli(['check', '--root', driftedSpec, '--config', path.join(config, 'c.json'), '--format', 'json']))
        .stdout,
    );
    expect(run.summary.examplesValidated).toBe(11);
    expect(all.summary.examplesValidated).toBe(13);
    expect(run.findings.filter((f: { file: string }) => f.file.includes('2025-01-15'))).toEqual([]);
    // The version is gone, not merely emptied: naming it is an unknown version.
    const named = await runCli([
      'check',
      '--root',
      driftedSpec,
      '--config',
      path.join(config, 'c.json'),
      '--version',
      '2025-01-15',
    ]);
    expect(named.code).toBe(2);
    expect(named.stderr).toBe('spec-check: unknown version: 2025-01-15 (found: draft)\n');
  });

  it('reads the spec from the folders the layout names', async () => {
    const root = writeTree({});
    fs.cpSync(path.join(sampleSpec, 'schema'), path.join(root, 'spec/schema'), { recursive: true });
    fs.cpSync(path.join(sampleSpec, 'docs/specification'), path.join(root, 'site/pages'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'spec-check.config.json'),
      JSON.stringify({ layout: { schema: 'spec/schema', docs: 'site/pages' } }),
    );
    const run = await runCli(['check', '--root', root, '--format', 'json']);
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout);
    expect(report.summary.examplesValidated).toBe(14);
    expect(report.findings).toEqual([]);
  });

  it.each([
    [
      'an invalid config at the root',
      { 'spec-check.config.json': '{ "rules": { "nope/nope": "off" } }' },
      [],
      /^spec-check: .*spec-check\.config\.json:1:14: unknown rule "nope\/nope" in "rules"\n$/,
    ],
    [
      'a missing --config file',
      {},
      ['--config', '/nonexistent/spec-check.json'],
      /^spec-check: config file not found: \/nonexistent\/spec-check\.json\n$/,
    ],
  ])('exits 2 with a one-line reason on %s', async (_name, files, args, stderr) => {
    const root = copyTree(sampleSpec);
    writeTree(files as Record<string, string>, root);
    const run = await runCli(['check', '--root', root, ...(args as string[])]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(stderr);
  });
});

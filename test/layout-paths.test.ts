import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/config.js';
import { atVersion, defaultLayout, layoutFolders, layoutPattern, versionsFolder } from '../src/sources/layout.js';
import { loadSpec } from '../src/sources/load.js';
import { runCli, sampleSpec, writeTree } from './helpers.js';

describe('layout paths', () => {
  it('completes the older folder form and the defaults into paths with {version}', () => {
    expect(layoutPattern(defaultLayout, 'schema')).toBe('schema/{version}/schema.ts');
    expect(layoutPattern(defaultLayout, 'schemaJson')).toBe('schema/{version}/schema.json');
    expect(layoutPattern(defaultLayout, 'docs')).toBe('docs/specification/{version}');
    const folders = { ...defaultLayout, schema: 'spec/schema', docs: 'site/pages' };
    expect(layoutPattern(folders, 'schema')).toBe('spec/schema/{version}/schema.ts');
    expect(layoutPattern(folders, 'schemaJson')).toBe('spec/schema/{version}/schema.json');
    expect(layoutPattern(folders, 'docs')).toBe('site/pages/{version}');
    const oneFile = { ...defaultLayout, schema: 'src/widgets.types.ts', schemaJson: 'json/{version}/widgets.json' };
    expect(layoutPattern(oneFile, 'schema')).toBe('src/widgets.types.ts');
    expect(layoutPattern({ ...oneFile, schemaJson: undefined }, 'schemaJson')).toBe('src/schema.json');
    expect(layoutFolders(oneFile).schema).toEqual(['src', 'json']);
    expect(atVersion('json/{version}/widgets.json', 'draft')).toBe('json/draft/widgets.json');
    expect(versionsFolder('types.ts')).toBe('.');
  });

  it.each([
    ['{ "layout": { "docs": "docs/v{version}" } }', '"layout.docs" must hold {version} as a whole folder name'],
    ['{ "layout": { "schema": "{version}/{version}/a.ts" } }', '"layout.schema" holds {version} more than once'],
    ['{ "layout": { "seps": "seps/{version}" } }', '"layout.seps" cannot hold {version}'],
    ['{ "layout": { "docs": "docs/{version}/index.mdx" } }', '"layout.docs" names a folder'],
  ])('rejects the config %s with one line', (text, message) => {
    expect(() => parseConfig(text)).toThrow(message);
  });

  /** The sample spec rearranged: one types file for every version, the JSON Schema in its own folder. */
  function rearranged(): string {
    const root = writeTree({
      'spec-check.config.json': JSON.stringify({
        layout: { schema: 'src/widgets.types.ts', schemaJson: 'json/{version}/schema.json', docs: 'prose/{version}' },
      }),
    });
    const draft = path.join(sampleSpec, 'schema/draft');
    fs.mkdirSync(path.join(root, 'src'));
    fs.copyFileSync(path.join(draft, 'schema.ts'), path.join(root, 'src/widgets.types.ts'));
    fs.cpSync(path.join(draft, 'examples'), path.join(root, 'src/examples'), { recursive: true });
    for (const version of ['2025-01-15', 'draft']) {
      fs.mkdirSync(path.join(root, 'json', version), { recursive: true });
      fs.copyFileSync(path.join(draft, 'schema.json'), path.join(root, 'json', version, 'schema.json'));
    }
    fs.cpSync(path.join(sampleSpec, 'docs/specification/draft'), path.join(root, 'prose/draft'), { recursive: true });
    fs.rmSync(path.join(root, 'prose/draft/schema.mdx'));
    fs.cpSync(path.join(sampleSpec, 'docs/specification/2025-01-15'), path.join(root, 'prose/2025-01-15'), {
      recursive: true,
    });
    return root;
  }

  it('reads one types file for every version found in the docs, and the JSON Schema from its own folder', async () => {
    const root = rearranged();
    const spec = await loadSpec(root, {
      layout: { schema: 'src/widgets.types.ts', schemaJson: 'json/{version}/schema.json', docs: 'prose/{version}' },
    });
    expect(spec.versions.map((v) => [v.id, v.schemaTs?.file.path, v.jsonSchema?.file.path, v.docsDir])).toEqual([
      ['2025-01-15', 'src/widgets.types.ts', 'json/2025-01-15/schema.json', 'prose/2025-01-15'],
      ['draft', 'src/widgets.types.ts', 'json/draft/schema.json', 'prose/draft'],
    ]);
    expect(spec.versions[1].examples.map((e) => e.path)).toContain('src/examples/Widget/dial.json');
    expect(spec.inputProblems).toEqual([]);
  });

  it('names the real files in findings', async () => {
    const root = rearranged();
    const page = path.join(root, 'prose/draft/index.mdx');
    fs.appendFileSync(page, '\nSee [the missing part](#no-such-heading).\n');
    const run = await runCli(['check', '--root', root, '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(report.summary.examplesValidated).toBeGreaterThan(0);
    expect(report.findings.map((f: { rule: string; file: string }) => `${f.rule} ${f.file}`)).toContain(
      'xref/link prose/draft/index.mdx',
    );
  });

  it.each([
    [
      'a types file that is not there',
      { layout: { schema: 'src/nothing.ts' } },
      /^spec-check: layout\.schema "src\/nothing\.ts" matches no file in /,
    ],
    [
      'docs that hold no version',
      { layout: { schema: 'src/widgets.types.ts', docs: 'nowhere/{version}' } },
      /^spec-check: layout\.docs "nowhere\/\{version\}" matches no version folder /,
    ],
  ])('a layout that matches nothing is exit 2 with one line: %s', async (_name, config, stderr) => {
    const root = rearranged();
    fs.writeFileSync(path.join(root, 'spec-check.config.json'), JSON.stringify(config));
    const run = await runCli(['check', '--root', root]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(stderr);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('extends', () => {
  it.each([
    ['{ "extends": { "schema": "../base/schema.ts", "imports": ["b"] } }', '"extends.schema" leaves the root (..)'],
    ['{ "extends": { "schema": "/etc/schema.ts", "imports": ["b"] } }', '"extends.schema" is absolute'],
    ['{ "extends": { "schema": "base/schema.ts", "imports": [] } }', '"extends.imports" must be a non-empty array'],
    ['{ "extends": { "schema": "base/schema.ts", "import": ["b"] } }', 'unknown key "extends.import"'],
    [
      '{ "extends": { "schema": "base/schema.yaml", "imports": ["b"] } }',
      '"extends.schema" must name the base protocol\'s types file (a .ts file) or its JSON Schema (a .json file)',
    ],
  ])('rejects the config %s with one line', (text, message) => {
    expect(() => parseConfig(text)).toThrow(message);
  });

  it.each([['base/schema.ts'], ['base/schema.json']])('takes %s as the base protocol', (schema) => {
    expect(parseConfig(JSON.stringify({ extends: { schema, imports: ['b'] } })).extends).toEqual({
      schema,
      imports: ['b'],
    });
  });

  it('reads the base protocol from inside the root; a base that is not there is exit 2', async () => {
    const root = writeTree({
      'schema/draft/schema.ts':
        'import type { Base } from "base-pkg";\n/** A thing. */\nexport interface Thing extends Base { id: string }\n',
      'base/schema.ts': '/** The base. */\nexport interface Base { kind: string }\n',
      'spec-check.config.json': JSON.stringify({
        extends: { schema: 'base/schema.ts', imports: ['base-pkg'] },
        generate: { dialect: '2020-12' },
      }),
    });
    const generated = await runCli(['generate', '--root', root]);
    expect(generated).toMatchObject({ code: 0, stderr: '' });
    const schema = JSON.parse(fs.readFileSync(path.join(root, 'schema/draft/schema.json'), 'utf8'));
    expect(schema.$defs.Thing.required).toEqual(['id', 'kind']);
    fs.rmSync(path.join(root, 'base/schema.ts'));
    const missing = await runCli(['check', '--root', root]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^spec-check: extends\.schema "base\/schema\.ts" is no readable file inside .*\n$/);
  });
});

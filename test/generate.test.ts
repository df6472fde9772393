import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { check } from '../src/check.js';
import { generatedSchemaJson } from '../src/rules/generated-schema-json.js';
import { generatedSchemaReference } from '../src/rules/generated-schema-reference.js';
import { schemaJsonFromText, toDraft2020 } from '../src/generators/schema-json.js';
import { canonicalUnions } from '../src/generators/keys.js';
import { declarationAnchor, memberAnchor } from '../src/model/anchors.js';
import { readMarkdownPage } from '../src/sources/markdown.js';
import { TextFile } from '../src/core/text-file.js';
import { typescript } from '../src/util/typescript.js';

const ts = typescript();
import { toolchainPins } from '../src/generators/pins.js';
import { copyTree, driftedSpec, edit, lineOf, runCli, sampleSpec, writeTree, projectOf } from './helpers.js';

const rules = [generatedSchemaJson, generatedSchemaReference];

// A two-version spec of a small "lamp" protocol, written for these tests.
const schemaTs = `/** A lamp a hub controls. @category Lamps */
export interface Lamp {
  /** Identifier of the lamp. */
  id: string;
  /**
   * Brightness from 0 to 100.
   *
   * @example Half bright
   * {@includeCode ./examples/Lamp/half.json}
   */
  brightness?: number;
}

/** Turns a lamp on or off. @category \`lamps/switch\` */
export interface SwitchLampRequest {
  method: "lamps/switch";
  params: { id: string; on: boolean };
}

/** The lamp after the switch. @category \`lamps/switch\` */
export interface SwitchLampResult {
  lamp: Lamp;
}

/** A colour as a hex string. @category Common Types */
export type Colour = string;
`;

const template = `---
title: Schema Reference
---

## Lamps

{/* @category Lamps */}

## \`lamps/switch\`

{/* @category \`lamps/switch\` */}

## Common Types

{/* @category Common Types */}
`;

function lampSpec(files: Record<string, string> = {}): string {
  return writeTree({
    'schema/draft/schema.ts': schemaTs,
    'schema/draft/schema.mdx': template,
    'schema/draft/examples/Lamp/half.json': '{\n  "id": "desk",\n  "brightness": 50\n}\n',
    'schema/2025-02-01/schema.ts': schemaTs.replaceAll(/ *\* @example[^]*?\.json\}\n/g, ''),
    // No schema.json is committed yet: the dialect to write comes from the config.
    'spec-check.config.json': '{ "generate": { "dialect": "draft-07" } }\n',
    ...files,
  });
}

async function generatedFindings(root: string) {
  const report = await check(root, { rules });
  return report.findings.map((f) => ({
    rule: f.rule,
    file: f.file,
    line: f.line,
    column: f.column,
    message: f.message,
  }));
}

describe('schema.json generator', () => {
  it('writes sorted keys, four-space indentation, integers by default, required members and a blank line at the end', () => {
    const r = schemaJsonFromText(
      'export interface Dial {\n  /** Where it points. */\n  value: number;\n  label?: string;\n}\n',
      'draft-07',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toBe(
      [
        '{',
        '    "$schema": "http://json-schema.org/draft-07/schema#",',
        '    "definitions": {',
        '        "Dial": {',
        '            "properties": {',
        '                "label": {',
        '                    "type": "string"',
        '                },',
        '                "value": {',
        '                    "description": "Where it points.",',
        '                    "type": "integer"',
        '                }',
        '            },',
        '            "required": [',
        '                "value"',
        '            ],',
        '            "type": "object"',
        '        }',
        '    }',
        '}',
        '',
        '',
      ].join('\n'),
    );
  });

  it('rewrites draft-07 output to 2020-12 by text, as the spec repository does', () => {
    const draft07 =
      '{\n    "$schema": "http://json-schema.org/draft-07/schema#",\n    "definitions": {\n        "A": { "$ref": "#/definitions/B" }\n    }\n}\n\n';
    expect(toDraft2020(draft07)).toBe(
      '{\n    "$schema": "https://json-schema.org/draft/2020-12/schema",\n    "$defs": {\n        "A": { "$ref": "#/$defs/B" }\n    }\n}\n\n',
    );
    const r = schemaJsonFromText('export interface A { b: B }\nexport interface B { c: string }\n', '2020-12');
    expect(r.ok && r.text).toContain('"$ref": "#/$defs/B"');
  });

  it('reports type errors with their location instead of generating', () => {
    const r = schemaJsonFromText('export interface A {\n  b: Missing;\n}\n', 'draft-07');
    expect(r).toEqual({
      ok: false,
      dialect: 'draft-07',
      problems: [
        {
          message: "TypeScript error TS2304: Cannot find name 'Missing'.",
          location: { file: 'schema/schema.ts', line: 2, column: 6 },
        },
      ],
    });
  });
});

describe('generator programs', () => {
  it('build without the DOM library, and with it when a schema.ts names a DOM type', () => {
    // Without the DOM, EventInit is an unknown name: the program is built again with the default library.
    const r = schemaJsonFromText('export interface A {\n  init?: EventInit;\n}\n', 'draft-07');
    expect(r.ok).toBe(true);
    expect(r.ok && JSON.parse(r.text).definitions.EventInit.properties).toHaveProperty('bubbles');
    // A name that no library declares is still an error, at its place, as the default library reports it.
    const bad = schemaJsonFromText('export interface A {\n  init?: NoSuchInit;\n}\n', 'draft-07');
    expect(bad.ok ? [] : bad.problems).toEqual([
      {
        message: "TypeScript error TS2552: Cannot find name 'NoSuchInit'. Did you mean 'TouchInit'?",
        location: { file: 'schema/schema.ts', line: 2, column: 10 },
      },
    ]);
  });

  it('render a page again with an edited example as a fresh conversion renders it', async () => {
    const { loadSpec } = await import('../src/sources/load.js');
    const { buildCheckedProgram, referenceCompilerOptions } = await import('../src/generators/program.js');
    const { prepareTypeDoc, renderSchemaReference } = await import('../src/generators/schema-reference.js');
    const { exampleTexts } = await import('../src/generators/keys.js');
    const spec = await loadSpec(lampSpec());
    const draft = spec.versions.find((v) => v.id === 'draft')!;
    await prepareTypeDoc();
    const render = (built: ReturnType<typeof buildCheckedProgram>, includes: Map<string, string>) =>
      renderSchemaReference({
        program: built.program,
        fileName: built.fileNames.get('draft')!,
        template: draft.referenceTemplate!,
        includes,
        schemaPath: draft.schemaTs!.file.path,
      }).text;
    const includes = exampleTexts(spec, draft);
    const edited = new Map([...includes].map(([file, text]) => [file, text.replace('50', '49')]));
    const built = buildCheckedProgram(spec, spec.versions, referenceCompilerOptions);
    const before = render(built, includes);
    // The same program: the conversion is reused, the example text put in at rendering.
    const after = render(built, edited);
    expect(after).not.toBe(before);
    expect(after).toContain('49');
    expect(after).toBe(render(buildCheckedProgram(spec, spec.versions, referenceCompilerOptions), edited));
    expect(render(built, includes)).toBe(before);
  });

  it('renders no block again after an example edit, and the page is what a fresh conversion renders', async () => {
    const { generatorSpec, buildCheckedProgram, referenceCompilerOptions } =
      await import('../src/generators/program.js');
    const { prepareTypeDoc, renderSchemaReference, forgetConversions } =
      await import('../src/generators/schema-reference.js');
    const reference = await import('../src/generators/reference-theme.js');
    const schema = [
      '/** A lamp. @category Lamps\n *\n * @example Half\n * {@includeCode ./examples/Lamp/half.json}\n */',
      'export interface Lamp { id: string }',
      '/** A note that includes a text. {@include ./examples/Note/text.md} @category Lamps */',
      'export interface Note { text: string }',
      '/** A switch. @category Lamps\n *\n * @example On\n * {@includeCode ./examples/Switch/on.json}\n */',
      'export interface Switch { on: boolean }',
      '',
    ].join('\n');
    const versions = [{ id: 'draft', path: 'schema/draft/schema.ts', text: schema }];
    const spec = generatorSpec('/r', versions);
    const built = buildCheckedProgram(spec, spec.versions, referenceCompilerOptions);
    await prepareTypeDoc();
    const examples = (half: string, note: string) =>
      new Map([
        [`${built.fileNames.get('draft')!.replace(/schema\.ts$/, '')}examples/Lamp/half.json`, half],
        [`${built.fileNames.get('draft')!.replace(/schema\.ts$/, '')}examples/Note/text.md`, note],
        [`${built.fileNames.get('draft')!.replace(/schema\.ts$/, '')}examples/Switch/on.json`, '{ "on": true }'],
      ]);
    const render = (program: typeof built, includes: Map<string, string>) =>
      renderSchemaReference({
        program: program.program,
        fileName: program.fileNames.get('draft')!,
        template: new TextFile('schema/draft/schema.mdx', '## Lamps\n\n{/* @category Lamps */}\n'),
        includes,
        schemaPath: 'schema/draft/schema.ts',
      });
    const page = (program: typeof built, includes: Map<string, string>) => render(program, includes).text;
    const rendered = vi.spyOn(reference, 'renderDeclarationHtml');
    const first = page(built, examples('{ "id": "desk" }', 'First note.'));
    expect(rendered).toHaveBeenCalledTimes(3);
    rendered.mockClear();
    // One example edited: no block is rendered again (its code is put in the kept block's slot),
    // and the page is a fresh conversion's.
    const edited = examples('{ "id": "hall" }', 'First note.');
    const again = page(built, edited);
    expect(rendered).not.toHaveBeenCalled();
    expect(again).toContain('hall');
    // The page's inputs are every file its comments name, whether its block was kept or rendered.
    expect(render(built, edited).included.map((f) => f.replace(/.*\/examples\//, ''))).toEqual([
      'Lamp/half.json',
      'Note/text.md',
      'Switch/on.json',
    ]);
    // A text that `{@include}` puts in the comment is read at conversion: its edit is seen too.
    const noted = examples('{ "id": "hall" }', 'Second note.');
    const renoted = page(built, noted);
    expect(renoted).toContain('Second note.');
    expect(rendered).toHaveBeenCalledTimes(3);
    forgetConversions();
    const fresh = () => buildCheckedProgram(spec, spec.versions, referenceCompilerOptions);
    expect(again).toBe(page(fresh(), edited));
    expect(renoted).toBe(page(fresh(), noted));
    expect(first).not.toBe(again);
    rendered.mockRestore();
  });

  it('build the next program with the source files of unchanged texts, and give the types a fresh program gives', async () => {
    const { generatorSpec, buildCheckedProgram, ownSourceFiles, referenceCompilerOptions, schemaCompilerOptions } =
      await import('../src/generators/program.js');
    const versions = [
      {
        id: 'v1',
        path: 'schema/v1/schema.ts',
        text: 'export type Kind = "b" | "a";\nexport interface A { kind: Kind }\n',
      },
      { id: 'v2', path: 'schema/v2/schema.ts', text: 'export interface B { kind: "a" | "c" }\n' },
    ];
    const firstSpec = generatorSpec('/r', versions);
    const first = buildCheckedProgram(firstSpec, firstSpec.versions, referenceCompilerOptions);
    const edited = [versions[0], { ...versions[1], text: 'export interface B { kind: "c" | "a"; n?: number }\n' }];
    const editedSpec = generatorSpec('/r', edited);
    const next = buildCheckedProgram(editedSpec, editedSpec.versions, referenceCompilerOptions, ownSourceFiles(first));
    const file = (built: typeof first, id: string) => built.program.getSourceFile(built.fileNames.get(id)!)!;
    // The unchanged text is the same source file object; the edited one is parsed again.
    expect(file(next, 'v1')).toBe(file(first, 'v1'));
    expect(file(next, 'v2')).not.toBe(file(first, 'v2'));
    expect(file(next, 'v2').text).toContain('n?: number');
    // The types the reused program gives are those of a program built from nothing.
    const fresh = buildCheckedProgram(editedSpec, editedSpec.versions, referenceCompilerOptions);
    const typeText = (built: typeof first, id: string, name: string) => {
      const checker = built.program.getTypeChecker();
      const symbol = checker.getSymbolsInScope(file(built, id), ts.SymbolFlags.Type).find((s) => s.name === name)!;
      return checker.typeToString(checker.getDeclaredTypeOfSymbol(symbol));
    };
    expect(typeText(next, 'v1', 'Kind')).toBe(typeText(fresh, 'v1', 'Kind'));
    // A source file parsed for another target is not taken.
    const other = buildCheckedProgram(editedSpec, editedSpec.versions, schemaCompilerOptions, ownSourceFiles(next));
    expect(file(other, 'v1')).not.toBe(file(next, 'v1'));
  });

  it('give the same files in the worker thread as in this one', async () => {
    // From the sources, the worker is the sources bundled by esbuild (see runner.ts).
    const { loadSpec } = await import('../src/sources/load.js');
    const { generatedFiles } = await import('../src/generators/outputs.js');
    const { Project } = await import('../src/project/project.js');
    const { Runtime } = await import('../src/runtime/runtime.js');
    const { workerFromSource } = await import('../src/runtime/worker/runner.js');
    expect(workerFromSource()).toBe(true);
    const generate = async (worker: boolean) => {
      const spec = await loadSpec(sampleSpec);
      const project = new Project(spec, new Runtime({ worker }));
      const files = [
        ...(await generatedFiles(project, 'schema-json')),
        ...(await generatedFiles(project, 'schema-reference')),
      ];
      return files.map((f) => [f.path, f.text, f.problems]);
    };
    const here = await generate(false);
    // schema.json of both versions, the Schema Reference of the one with a template.
    expect(here.length).toBe(3);
    expect(here.every(([, text]) => typeof text === 'string' && text.length > 100)).toBe(true);
    expect(await generate(true)).toEqual(here);
  });
});

describe('Schema Reference anchors', () => {
  it('slug member names as TypeDoc does, so names with punctuation get the anchors the page has', () => {
    expect(declarationAnchor('CallToolResult')).toBe('calltoolresult');
    expect(memberAnchor('CallToolResult', '_meta')).toBe('calltoolresult-_meta');
    expect(memberAnchor('NotificationMetaObject', 'io.example/subscriptionId')).toBe(
      'notificationmetaobject-ioexamplesubscriptionid',
    );
  });
});

describe('canonicalUnions', () => {
  it('sorts the members of unions in signatures and member titles, and nothing else', () => {
    const t = (s: string) => `<span class="tsd-signature-type">&quot;${s}&quot;</span>`;
    const sep = ' <span class="tsd-signature-symbol">|</span> ';
    const signature = `<span class="tsd-signature-symbol">:</span> ${[t('b'), t('a'), t('c')].join(sep)}<span class="tsd-signature-symbol">;</span>`;
    expect(canonicalUnions(signature)).toBe(
      `<span class="tsd-signature-symbol">:</span> ${[t('a'), t('b'), t('c')].join(sep)}<span class="tsd-signature-symbol">;</span>`,
    );
    expect(
      canonicalUnions(
        'id="a-mode" data-typedoc-h="3"><span>mode?: &quot;none&quot; | &quot;auto&quot; | Lamp&#x5B;]</span>',
      ),
    ).toBe('id="a-mode" data-typedoc-h="3"><span>mode?: &quot;auto&quot; | &quot;none&quot; | Lamp&#x5B;]</span>');
    // Not a union: text with a bar in prose stays.
    expect(canonicalUnions('<p>on | off</p>')).toBe('<p>on | off</p>');
  });
});

describe('generate', () => {
  it('keys each output by its inputs, for a cache', async () => {
    const { loadSpec } = await import('../src/sources/load.js');
    const { generatedFiles } = await import('../src/generators/outputs.js');
    const keys = async (root: string) =>
      Object.fromEntries(
        [
          ...(await generatedFiles(projectOf(await loadSpec(root)), 'schema-json')),
          ...(await generatedFiles(projectOf(await loadSpec(root)), 'schema-reference')),
        ].map((f) => [f.path, f.key]),
      );
    const a = await keys(lampSpec());
    const b = await keys(lampSpec());
    expect(b).toEqual(a);
    const edited = lampSpec();
    edit(edited, 'schema/draft/examples/Lamp/half.json', '50', '49');
    const c = await keys(edited);
    // The example is an input of the page only.
    expect(c['docs/specification/draft/schema.mdx']).not.toBe(a['docs/specification/draft/schema.mdx']);
    expect(c['schema/draft/schema.json']).toBe(a['schema/draft/schema.json']);
  });

  it('writes both files per version, prints what changed, and writes nothing the second time', async () => {
    const root = lampSpec();
    const first = await runCli(['generate', '--root', root]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      [
        'created schema/2025-02-01/schema.json',
        'created schema/draft/schema.json',
        'created docs/specification/draft/schema.mdx',
        '3 of 3 generated files changed.',
        '',
      ].join('\n'),
    );
    const page = path.join(root, 'docs/specification/draft/schema.mdx');
    const before = fs.statSync(page).mtimeMs;
    const second = await runCli(['generate', '--root', root]);
    expect(second.stdout).toBe('All 3 generated files are up to date.\n');
    expect(fs.statSync(page).mtimeMs).toBe(before);
    // No temp files are left beside the written ones.
    expect(fs.readdirSync(path.dirname(page))).toEqual(['schema.mdx']);
    expect(await generatedFindings(root)).toEqual([]);
  });

  it('renders the template: categories in place, method categories request first, anchors from the shared functions, examples included', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    const text = fs.readFileSync(path.join(root, 'docs/specification/draft/schema.mdx'), 'utf8');
    const headings = text.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual([
      '## Lamps',
      '### `Lamp`',
      '## `lamps/switch`',
      '### `SwitchLampRequest`',
      '### `SwitchLampResult`',
      '## Common Types',
      '### `Colour`',
    ]);
    expect(text).toContain('id="lamp-brightness"');
    expect(text).toContain('<summary class="tsd-anchor-link">Example: Half bright<a href="#lamp-example-half-bright"');
    expect(text).toContain('<pre id="lamp-example-half-bright"><code class="json">');
    // The page is MDX the docs site (and spec-check's own parser) can read.
    const parsed = readMarkdownPage(new TextFile('docs/specification/draft/schema.mdx', text), 'mdx');
    expect(parsed.parseError).toBeUndefined();
  });

  it('renders block tags as the spec repository plugin does: anchored, but for @see and @deprecated', async () => {
    const root = lampSpec();
    edit(
      root,
      'schema/draft/schema.ts',
      '  /** Identifier of the lamp. */\n  id: string;',
      [
        '  /**',
        '   * Identifier of the lamp, like ~desk.',
        '   *',
        '   * @maxLength 64',
        '   * @see The hub docs',
        '   * @deprecated Use the serial number.',
        '   */',
        '  id: string;',
      ].join('\n'),
    );
    await runCli(['generate', '--root', root]);
    const text = fs.readFileSync(path.join(root, 'docs/specification/draft/schema.mdx'), 'utf8');
    expect(text).toContain(
      '<div class="tsd-tag-maxLength"> <div class="tsd-anchor-link" id="max-length" data-typedoc-h="4">Max Length<a href="#max-length" aria-label="Permalink" class="tsd-anchor-icon"><svg viewBox="0 0 24 24" aria-hidden="true"><use href="assets/icons.svg#icon-anchor"/></svg></a></div><p>64</p>',
    );
    expect(text).toContain('<div class="tsd-tag-see"> <div class="tsd-anchor-link" data-typedoc-h="4">See</div>');
    expect(text).toContain(
      '<div class="tsd-tag-deprecated"> <div class="tsd-anchor-link" data-typedoc-h="4">Deprecated</div>',
    );
    // `~` is one of the characters the plugin writes as a reference for the docs site's parser.
    expect(text).toContain('like &#x7E;desk.');
  });

  it('does not write a page whose template lacks a category, and exits 1 naming it', async () => {
    const root = lampSpec({ 'schema/draft/schema.mdx': template.replace('{/* @category Lamps */}', '') });
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'schema/draft/schema.mdx:1:1: error: Category "Lamps" (used by Lamp and others in schema.ts) is missing from the template schema/draft/schema.mdx; add a line {/* @category Lamps */}\n',
    );
    expect(fs.existsSync(path.join(root, 'docs/specification/draft/schema.mdx'))).toBe(false);
    expect(run.stdout).toContain('created schema/draft/schema.json\n');
  });

  it('leaves the prose unparsed: a page that does not parse changes nothing', async () => {
    const { loadSpec } = await import('../src/sources/load.js');
    const root = lampSpec({ 'docs/specification/draft/broken.mdx': '# Broken\n\n<Open>\n', 'seps/1-a.md': '# A\n' });
    const all = await loadSpec(root);
    expect(all.versions.find((v) => v.id === 'draft')!.pages[0].parseError).toBeDefined();
    expect(all.seps.length).toBe(1);
    const loaded = await loadSpec(root, { prose: false });
    expect(loaded.versions.every((v) => v.pages.length === 0)).toBe(true);
    expect(loaded.seps).toEqual([]);
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/generated files/);
  });

  it('generates only the versions asked for', async () => {
    const root = lampSpec();
    const run = await runCli(['generate', '--root', root, '--version', '2025-02-01']);
    expect(run.stdout).toBe('created schema/2025-02-01/schema.json\n1 of 1 generated files changed.\n');
    expect(fs.existsSync(path.join(root, 'schema/draft/schema.json'))).toBe(false);
  });
});

describe('generated/schema-json and generated/schema-reference', () => {
  it('report nothing where nothing is committed to compare', async () => {
    // No schema.json, no template: nothing to compare. An empty template has no category line:
    // the categories schema.ts uses are missing from it, which schema/category reports at each
    // @category; the freshness rule does not say it again, nor ask for a page that generate
    // would not write until the template is mended.
    const root = lampSpec({ 'schema/draft/schema.mdx': '' });
    expect(await generatedFindings(root)).toEqual([]);
    const categories = (await check(root)).findings.filter((f) => f.rule === 'schema/category').map((f) => f.message);
    expect(categories).toEqual([
      'Category "Lamps" (used by Lamp) has no {/* @category Lamps */} placeholder in schema/draft/schema.mdx',
      'Category "`lamps/switch`" (used by SwitchLampRequest and 1 more) has no {/* @category `lamps/switch` */} placeholder in schema/draft/schema.mdx',
      'Category "Common Types" (used by Colour) has no {/* @category Common Types */} placeholder in schema/draft/schema.mdx',
    ]);
  });

  it('report a member JSDoc edit in both generated files of that version only, at the declaration, with the block and a diff', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    edit(root, 'schema/draft/schema.ts', 'Brightness from 0 to 100.', 'Brightness in percent.');
    const ts = 'schema/draft/schema.ts';
    const declared = { file: ts, line: lineOf(root, ts, 'export interface Lamp {'), column: 18 };
    const report = await check(root, { rules });
    expect(
      report.findings.map((f) => ({
        rule: f.rule,
        file: f.file,
        line: f.line,
        column: f.column,
        message: f.message,
        related: f.related,
      })),
    ).toEqual([
      {
        rule: 'generated/schema-json',
        ...declared,
        message: expect.stringMatching(
          /^schema\/draft\/schema\.json is stale in definition Lamp: ".*Brightness \[-from 0 to 100-\]\{\+in percent\+\}\..*"\. Run `spec-check generate`\.$/,
        ),
        related: [
          {
            file: 'schema/draft/schema.json',
            line: lineOf(root, 'schema/draft/schema.json', '"Lamp": {'),
            column: 9,
            message: 'Lamp in schema/draft/schema.json',
          },
        ],
      },
      {
        rule: 'generated/schema-reference',
        ...declared,
        message: expect.stringMatching(
          /^docs\/specification\/draft\/schema\.mdx is stale in declaration Lamp: ".*Brightness \[-from 0 to 100-\]\{\+in percent\+\}\..*"\. Run `spec-check generate`\.$/,
        ),
        related: [
          {
            file: 'docs/specification/draft/schema.mdx',
            line: lineOf(root, 'docs/specification/draft/schema.mdx', '### `Lamp`') - 2,
            column: 1,
            message: 'Lamp in the Schema Reference',
          },
        ],
      },
    ]);
    await runCli(['generate', '--root', root]);
    expect(await generatedFindings(root)).toEqual([]);
  });

  it('agree with generate and generate --check on committed files with CRLF line ends', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    const files = ['schema/draft/schema.json', 'docs/specification/draft/schema.mdx'];
    const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
    for (const f of files) edit(root, f, /\n/g, '\r\n');
    const crlf = files.map(read);
    // The same text with CRLF line ends is up to date for all three, and generate leaves it alone.
    expect(await generatedFindings(root)).toEqual([]);
    expect((await runCli(['generate', '--root', root, '--check'])).code).toBe(0);
    expect((await runCli(['generate', '--root', root])).stdout).toMatch(/^All \d+ generated files are up to date\.\n$/);
    expect(files.map(read)).toEqual(crlf);
    // One stale declaration is one finding per file, at the declaration, not every block.
    edit(root, 'schema/draft/schema.ts', 'Brightness from 0 to 100.', 'Brightness in percent.');
    const stale = await generatedFindings(root);
    expect(stale.map((f) => f.message)).toEqual([
      expect.stringMatching(/^schema\/draft\/schema\.json is stale in definition Lamp: /),
      expect.stringMatching(/^docs\/specification\/draft\/schema\.mdx is stale in declaration Lamp: /),
    ]);
    const check = await runCli(['generate', '--root', root, '--check']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('would update schema/draft/schema.json\n');
    expect(check.stdout).toContain('would update docs/specification/draft/schema.mdx\n');
    // generate rewrites them in their own line ends; then all three agree again.
    await runCli(['generate', '--root', root]);
    for (const f of files) {
      expect(read(f)).toContain('Brightness in percent.');
      expect(read(f).replaceAll('\r\n', '')).not.toContain('\n');
    }
    expect(await generatedFindings(root)).toEqual([]);
    expect((await runCli(['generate', '--root', root, '--check'])).code).toBe(0);
  });

  it('report each stale declaration once: three edited declarations are three findings per file', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    const ts = 'schema/draft/schema.ts';
    edit(root, ts, 'Identifier of the lamp.', 'Name of the lamp.');
    edit(root, ts, 'Turns a lamp on or off.', 'Switches a lamp.');
    edit(root, ts, 'A colour as a hex string.', 'A colour, as #rrggbb.');
    // Reported in order of place, then rule.
    const findings = await generatedFindings(root);
    const at = (name: string) =>
      lineOf(root, ts, name === 'Colour' ? 'export type Colour' : `export interface ${name} {`);
    expect(
      findings.map((f) => [f.rule, f.file, f.line, /in (declaration|definition) (\w+)/.exec(f.message)?.[2]]),
    ).toEqual([
      ['generated/schema-json', ts, at('Lamp'), 'Lamp'],
      ['generated/schema-reference', ts, at('Lamp'), 'Lamp'],
      ['generated/schema-json', ts, at('SwitchLampRequest'), 'SwitchLampRequest'],
      ['generated/schema-reference', ts, at('SwitchLampRequest'), 'SwitchLampRequest'],
      ['generated/schema-json', ts, at('Colour'), 'Colour'],
      ['generated/schema-reference', ts, at('Colour'), 'Colour'],
    ]);
  });

  it('report a difference outside the declaration blocks once, where it is in the page', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    const page = 'docs/specification/draft/schema.mdx';
    edit(root, page, '## Common Types', '## Shared Types');
    // A block moved: the page order is the skeleton's, still one finding.
    const findings = await generatedFindings(root);
    expect(findings).toEqual([
      {
        rule: 'generated/schema-reference',
        file: page,
        line: lineOf(root, page, '## Shared Types'),
        column: 4,
        message:
          'docs/specification/draft/schema.mdx is stale outside the declaration blocks, first at line ' +
          `${lineOf(root, page, '## Shared Types')} (committed: "## Shared Types"; generated: "## Common Types"). Run \`spec-check generate\`.`,
      },
    ]);
  });

  it('show a difference of indentation outside the definitions with its whitespace marked', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    const file = 'schema/draft/schema.json';
    edit(root, file, /^ {4}"\$schema"/m, '  "$schema"');
    const [finding] = (await generatedFindings(root)).filter((f) => f.rule === 'generated/schema-json');
    expect(finding.message).toBe(
      `${file} is stale outside the definitions, first at line 2 ` +
        '(committed: "··\\"$schema\\":·\\"http://json-schema.org/draft-07/schema#\\","; ' +
        'generated: "····\\"$schema\\":·\\"http://json-schema.org/draft-07/schema#\\","). Run `spec-check generate`.',
    );
  });

  it('never say all is up to date when a file could not be generated', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    edit(root, 'schema/draft/schema.ts', 'lamp: Lamp;', 'lamp: Lanp;');
    const run = await runCli(['generate', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/All \d+ generated files are up to date/);
    expect(run.stdout.split('\n').at(-2)).toMatch(
      /^\d+ of \d+ generated files changed; \d+ errors? above: not every file could be generated or written\.$/,
    );
    const again = await runCli(['generate', '--root', root]);
    expect(again.stdout).toMatch(
      /^\d+ errors? above: not every file could be generated or written; the \d+ files? generated were unchanged\.\n$/,
    );
  });

  it('report a type error that stops schema.json from being generated, at its place in schema.ts', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    edit(root, 'schema/2025-02-01/schema.ts', 'lamp: Lamp;', 'lamp: Lanp;');
    const line = lineOf(root, 'schema/2025-02-01/schema.ts', 'lamp: Lanp;');
    const findings = (await generatedFindings(root)).filter((f) => f.rule === 'generated/schema-json');
    expect(findings).toEqual([
      {
        rule: 'generated/schema-json',
        file: 'schema/2025-02-01/schema.ts',
        line,
        column: 9,
        message:
          "schema/2025-02-01/schema.json cannot be generated to compare: TypeScript error TS2304: Cannot find name 'Lanp'.",
      },
    ]);
  });

  it('read no file of the spec beside the loaded ones: an import in schema.ts resolves to nothing', async () => {
    // Relative imports of two files make no base protocol (a vendored base is one file): neither is loaded.
    const root = lampSpec({
      'schema/2025-02-01/colour.ts': 'export type Hex = string;\n',
      'schema/2025-02-01/shade.ts': 'export type Shade = string;\n',
    });
    edit(
      root,
      'schema/2025-02-01/schema.ts',
      '/** A colour as a hex string.',
      'import type { Hex } from "./colour";\nimport type { Shade } from "./shade";\n/** A colour as a hex string.',
    );
    const { loadSpec } = await import('../src/sources/load.js');
    const { generatedFiles } = await import('../src/generators/outputs.js');
    const files = await generatedFiles(
      projectOf(await loadSpec(root), { generate: { dialect: 'draft-07' } }),
      'schema-json',
    );
    const problems = files.find((f) => f.version === '2025-02-01')!.problems;
    expect(problems.map((p) => p.message)).toEqual([
      "TypeScript error TS2307: Cannot find module './colour' or its corresponding type declarations.",
      "TypeScript error TS2307: Cannot find module './shade' or its corresponding type declarations.",
    ]);
    expect(problems.slice(0, 1)).toEqual([
      {
        message: "TypeScript error TS2307: Cannot find module './colour' or its corresponding type declarations.",
        location: {
          file: 'schema/2025-02-01/schema.ts',
          line: lineOf(root, 'schema/2025-02-01/schema.ts', 'import type'),
          column: 26,
        },
        // Told by schema/import, once for every version it fails.
        coveredBy: 'schema/import',
      },
    ]);
  });

  it('leave a schema.ts syntax error to input/parse', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    edit(root, 'schema/draft/schema.ts', 'lamp: Lamp;\n}', 'lamp: Lamp;\n');
    expect(await generatedFindings(root)).toEqual([]);
    const all = await check(root);
    expect(all.findings.map((f) => f.rule)).toContain('input/parse');
  });

  it('never write under the root', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    edit(root, 'schema/draft/schema.ts', 'Identifier of the lamp.', 'Id of the lamp.');
    const before = fs.readFileSync(path.join(root, 'schema/draft/schema.json'), 'utf8');
    expect((await generatedFindings(root)).length).toBe(2);
    expect(fs.readFileSync(path.join(root, 'schema/draft/schema.json'), 'utf8')).toBe(before);
  });

  it('find the hand-edited Schema Reference of the drifted spec stale, at the edit', async () => {
    // The drifted spec also breaks generation (an include of a missing file, a category missing
    // from the template); mend those two so that the page can be generated and compared.
    const root = copyTree(driftedSpec);
    edit(
      root,
      'schema/draft/schema.ts',
      '{@includeCode ./examples/Widget/toggle.json}',
      '{@includeCode ./examples/Widget/switch.json}',
    );
    edit(root, 'schema/draft/schema.ts', /@category Common Type$/m, '@category Common Types');
    const page = 'docs/specification/draft/schema.mdx';
    const findings = (await check(root)).findings.filter((f) => f.rule.startsWith('generated/'));
    expect(findings).toContainEqual(
      expect.objectContaining({
        rule: 'generated/schema-reference',
        file: 'schema/draft/schema.ts',
        line: lineOf(root, 'schema/draft/schema.ts', 'export interface Widget {'),
        column: 18,
        message: expect.stringMatching(
          /^docs\/specification\/draft\/schema\.mdx is stale in declaration Widget: ".*Switches use \[-true-\]\{\+0\+\} and \[-false-\]\{\+1\+\}/,
        ),
        related: [
          {
            file: page,
            line: lineOf(root, page, '### `Widget`') - 2,
            column: 1,
            message: 'Widget in the Schema Reference',
          },
        ],
      }),
    );
    expect(findings.filter((f) => f.rule === 'generated/schema-json')).toEqual([]);
  });

  it('find the sample spec fresh', async () => {
    expect(await generatedFindings(sampleSpec)).toEqual([]);
  });
});

describe('the toolchain the checked repository pins', () => {
  const lock = (typedoc: string) =>
    JSON.stringify({
      name: 'lamps',
      lockfileVersion: 3,
      packages: { '': { name: 'lamps' }, 'node_modules/typedoc': { version: typedoc } },
    });

  it('is read from package-lock.json as data (lockfile v3 and v1; one that does not parse pins nothing)', () => {
    expect(
      toolchainPins(
        JSON.stringify({
          packages: {
            'node_modules/typedoc': { version: '0.28.19' },
            'node_modules/typescript-json-schema': { version: '0.65.1' },
            'node_modules/a/node_modules/typescript': { version: '4.0.0' },
          },
        }),
      ),
    ).toEqual({ typedoc: '0.28.19', 'typescript-json-schema': '0.65.1' });
    expect(toolchainPins(JSON.stringify({ dependencies: { typescript: { version: '5.9.3' } } }))).toEqual({
      typescript: '5.9.3',
    });
    expect(toolchainPins('{ "packages": ')).toEqual({});
    expect(toolchainPins(JSON.stringify({ packages: { 'node_modules/typedoc': { version: 'latest' } } }))).toEqual({});
    expect(toolchainPins(undefined)).toEqual({});
  });

  it('renders the Schema Reference as the pinned TypeDoc does: before 0.28.20 without line breaks before blocks', async () => {
    const page = 'docs/specification/draft/schema.mdx';
    const read = (root: string) => fs.readFileSync(path.join(root, page), 'utf8');
    const bundled = lampSpec();
    await runCli(['generate', '--root', bundled]);
    expect(read(bundled)).toContain('</div> <div class="tsd-comment');
    const older = lampSpec({ 'package-lock.json': lock('0.28.19') });
    await runCli(['generate', '--root', older]);
    expect(read(older)).not.toMatch(/<\/div> </);
    expect(read(older)).toContain('</div><div class="tsd-comment');
    expect(await generatedFindings(older)).toEqual([]);
    // The same page is stale for a repository pinning 0.28.20: one finding per declaration.
    fs.writeFileSync(path.join(older, 'package-lock.json'), lock('0.28.20'));
    const findings = (await generatedFindings(older)).map((f) => f.message);
    expect(findings).toHaveLength(4);
    for (const m of findings)
      expect(m).toMatch(/^docs\/specification\/draft\/schema\.mdx is stale in declaration \w+: /);
  });

  it('accepts the permalink an earlier plugin left on an @see heading, and nothing else with it', async () => {
    const withSee = schemaTs.replace(
      '/** Identifier of the lamp. */',
      '/**\n   * Identifier of the lamp.\n   *\n   * @see https://example.com/lamp-ids\n   */',
    );
    const root = lampSpec({ 'schema/draft/schema.ts': withSee });
    await runCli(['generate', '--root', root]);
    const page = 'docs/specification/draft/schema.mdx';
    const heading = 'data-typedoc-h="4">See</div>';
    expect(fs.readFileSync(path.join(root, page), 'utf8')).toContain(heading);
    const permalink =
      'data-typedoc-h="4">See<a href="#see" aria-label="Permalink" class="tsd-anchor-icon"><svg viewBox="0 0 24 24" aria-hidden="true"><use href="assets/icons.svg#icon-anchor"/></svg></a></div>';
    edit(root, page, heading, permalink);
    expect(await generatedFindings(root)).toEqual([]);
    edit(root, page, 'Identifier of the lamp.', 'Identifier of a lamp.');
    expect((await generatedFindings(root)).map((f) => f.message)).toEqual([
      expect.stringMatching(/is stale in declaration Lamp: .*Identifier of \[-a-\]\{\+the\+\} lamp/),
    ]);
  });

  it('leaves alone a page made without any template, in a repository that has none', async () => {
    const root = lampSpec();
    await runCli(['generate', '--root', root]);
    fs.rmSync(path.join(root, 'schema/draft/schema.mdx'));
    const page = 'docs/specification/draft/schema.mdx';
    // As the plugin wrote pages before templates: no `<div class="type">` blocks.
    edit(root, page, /<div class="type">\n\n/g, '');
    expect(await generatedFindings(root)).toEqual([]);
    fs.writeFileSync(path.join(root, 'schema/2025-02-01/schema.mdx'), template);
    expect((await generatedFindings(root)).map((f) => f.message)).toContainEqual(
      expect.stringMatching(/^docs\/specification\/draft\/schema\.mdx has no template schema\/draft\/schema\.mdx/),
    );
  });
});

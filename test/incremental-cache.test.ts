import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookUpReport } from '../src/report-cache.js';
import { resolveRunConfig, ruleOptionsOf } from '../src/cli/run-config.js';
import { loadSpec } from '../src/sources/load.js';
import { Project } from '../src/project/project.js';
import { Runtime, workerThreadsStarted } from '../src/runtime/runtime.js';
import { endWorkers } from '../src/runtime/worker/runner.js';
import { check } from '../src/check.js';
import { formatJson } from '../src/reporters/json.js';
import { generatedFiles } from '../src/generators/outputs.js';
import { TextFile } from '../src/core/text-file.js';
import { PageProducts, treeForKeptProduct } from '../src/sources/page-products.js';
import { InlineTypeStore } from '../src/sources/inline-types.js';
import { revivedDeclarations, storedDeclarations } from '../src/generators/stored-declarations.js';
import { readSketches } from '../src/prose/ts-sketch.js';
import { interfacesOf, sketchValues } from '../src/prose/ts-block-values.js';
import type { SchemaSource } from '../src/model/spec.js';
import { copyTree, edit, sampleSpec, tempDir } from './helpers.js';
import { blocksPage, callJson, gadgetsFiles, toolJson, toolsListJson } from './embedded-schema-fixture.js';
import { cachedCheck, coldCheck, specCopy, testCache } from './cached-checks.js';

/** The page-products entries (one per shard of the pages). */
const pageProductsEntries = (cacheDir: string) =>
  fs
    .readdirSync(cacheDir)
    .filter((n) => n.startsWith('page-products-'))
    .map((n) => path.join(cacheDir, n));

/** The page-products entry holding `text`. */
const pageProductsEntryWith = (cacheDir: string, text: string) => {
  const entry = pageProductsEntries(cacheDir).find((p) => fs.readFileSync(p, 'utf8').includes(text));
  if (!entry) throw new Error(`no page-products entry holds ${text}`);
  return entry;
};

const sizeOf = (files: string[]) => files.reduce((n, f) => n + fs.statSync(f).size, 0);

/** The tree's Schema Reference pages, generated in this thread with the cache folder `dir` (none without), and the runtime's counts. */
async function referencePages(root: string, dir?: string) {
  const runtime = new Runtime({ worker: false, ...(dir ? { cacheDir: dir } : {}) });
  const project = new Project(await loadSpec(root, { runtime }), runtime, {});
  return { files: await generatedFiles(project, 'schema-reference'), counts: { ...runtime.counts } };
}

describe('a check after one edit, with the cache of the tree before it', () => {
  it('parses only the edited page, and reports what a cold check of the edited tree reports', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    expect(first.timings.pagesFromCache).toBe(0);
    const pages = first.timings.pagesParsed;
    expect(pages).toBeGreaterThan(3);

    // A new JSON block with a member the schema does not have: the report changes.
    edit(
      root,
      'docs/specification/draft/server/widgets.mdx',
      '## Change notifications',
      'A widget shown again:\n\n```json\n{ "jsonrpc": "2.0", "id": 9, "method": "widgets/list", "params": { "pageSize": 3 } }\n```\n\n## Change notifications',
    );
    const after = await cachedCheck(root, cacheDir);
    expect(after.timings.reportCached).toBeUndefined();
    expect(after.timings.pagesParsed).toBe(1);
    expect(after.timings.pagesFromCache).toBe(pages - 1);
    expect(after.report).not.toBe(first.report);
    expect(after.report).toBe(await coldCheck(root));
  });

  it('after an example edit, parses no page, and reports what a cold check reports', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    edit(root, 'schema/draft/examples/Widget/dial.json', '"min": 5', '"min": 5,\n  "step": "one"');
    const after = await cachedCheck(root, cacheDir);
    expect(after.timings.pagesParsed).toBe(0);
    expect(after.timings.pagesFromCache).toBe(first.timings.pagesParsed);
    // The edited example is judged again; every other value's verdict is read back.
    expect(after.timings.verdictsJudged).toBeGreaterThan(0);
    expect(after.timings.verdictsJudged).toBeLessThan(first.timings.verdictsJudged);
    expect(after.timings.verdictsFromCache).toBeGreaterThan(first.timings.verdictsFromCache);
    expect(after.report).not.toBe(first.report);
    expect(after.report).toBe(await coldCheck(root));
  });

  it('after an example edit, makes the Schema Reference from the kept rendering: no conversion, no generation', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    expect(first.timings.referencePagesRendered).toBe(1);
    expect(first.timings.schemaJsonGenerated).toBeGreaterThan(0);
    // Text the page escapes or that TypeDoc's fence rewrites: backquotes, braces, dollars,
    // underscores, brackets, a backslash, no-break spaces, CRLF line ends, trailing blank lines.
    const dial = path.join(root, 'schema/draft/examples/Widget/dial.json');
    const text = fs.readFileSync(dial, 'utf8');
    const note = '``` `a_b` ${c} {d} [e] *f* ~g~ \\\\ \u00a0\u00a0 <h2>h</h2>';
    fs.writeFileSync(
      dial,
      (text.replace('{', `{\n  "note": ${JSON.stringify(note)},`) + '\n\n').replaceAll('\n', '\r\n'),
    );
    const after = await cachedCheck(root, cacheDir);
    expect(after.timings.referencePagesRendered).toBe(0);
    expect(after.timings.referencePagesSpliced).toBe(1);
    expect(after.timings.schemaJsonGenerated).toBe(0);
    expect(after.report).not.toBe(first.report);
    expect(after.report).toBe(await coldCheck(root));

    // An example the page names and the tree lacks, once there, changes the conversion (it was a
    // missing include): the page is rendered again.
    fs.writeFileSync(path.join(root, 'schema/draft/examples/Widget/toggle.json'), '{ "id": "hall-light" }\n');
    const gone = await cachedCheck(root, cacheDir);
    expect(gone.timings.referencePagesRendered).toBe(1);
    expect(gone.timings.referencePagesSpliced).toBe(0);
    expect(gone.report).toBe(await coldCheck(root));
  });

  it("after an example edit, highlights that example's block only, the others taken from the rendering's kept blocks", async () => {
    const { root, cacheDir } = specCopy();
    const entries = (kind: string) => fs.readdirSync(cacheDir).filter((n) => n.startsWith(`${kind}-`));
    const first = await cachedCheck(root, cacheDir);
    expect(first.timings.referencePagesRendered).toBe(1);
    // The rendering keeps the page's blocks; the splice's own entry is not made yet.
    expect(entries('reference-highlights')).toHaveLength(1);
    expect(entries('reference-highlighted')).toHaveLength(0);
    const dial = 'schema/draft/examples/Widget/dial.json';
    edit(root, dial, '"min": 5', '"min": 6');
    const afterRender = await cachedCheck(root, cacheDir);
    expect(afterRender.timings.referencePagesRendered).toBe(0);
    expect(afterRender.timings.referencePagesSpliced).toBe(1);
    expect(afterRender.timings.referenceBlocksHighlighted).toBe(1);
    expect(afterRender.report).toBe(await coldCheck(root));
    expect(entries('reference-highlighted')).toHaveLength(1);
    // The next edit takes the others from the splice's own entry.
    edit(root, dial, '"min": 6', '"min": 7');
    const next = await cachedCheck(root, cacheDir);
    expect(next.timings.referenceBlocksHighlighted).toBe(1);
    expect(next.report).toBe(await coldCheck(root));
    // With no kept blocks, every block of the page (11) is highlighted again.
    for (const name of [...entries('reference-highlights'), ...entries('reference-highlighted')])
      fs.rmSync(path.join(cacheDir, name));
    edit(root, dial, '"min": 7', '"min": 8');
    const none = await cachedCheck(root, cacheDir);
    expect(none.timings.referencePagesSpliced).toBe(1);
    expect(none.timings.referenceBlocksHighlighted).toBe(11);
    expect(none.report).toBe(await coldCheck(root));
  });

  it("after an example edit, with a worker, highlights that example's block there and reports what a cold check reports", async () => {
    const { root, cacheDir } = specCopy();
    await endWorkers();
    await cachedCheck(root, cacheDir);
    edit(root, 'schema/draft/examples/Widget/dial.json', '"min": 5', '"min": 6');
    const before = workerThreadsStarted();
    const timings: Record<string, number> = {};
    try {
      const report = formatJson(await check(root, { cacheDir, timings, worker: true }));
      expect(timings.referencePagesSpliced).toBe(1);
      expect(timings.referenceBlocksHighlighted).toBe(1);
      expect(workerThreadsStarted() - before).toBe(1);
      expect(report).toBe(await coldCheck(root));
    } finally {
      await endWorkers();
    }
  });

  it('takes a Schema Reference page an earlier check found up to date as committed, while its inputs and the page are unchanged', async () => {
    const root = copyTree(sampleSpec);
    fs.mkdirSync(path.join(root, 'node_modules'));
    const cacheDir = path.join(root, 'node_modules/.cache/spec-check');
    // The command line's runtime serves one analysis: it keeps no rendered declarations to hand out.
    const asCommandLine = { singleAnalysis: true };
    const verdicts = () => fs.readdirSync(cacheDir).filter((n) => n.startsWith('schema-reference-committed-'));
    const first = await cachedCheck(root, cacheDir, asCommandLine);
    expect(first.report).not.toContain('generated/schema-reference');
    expect(first.timings.referencePagesAsCommitted).toBe(0);
    expect(verdicts()).toHaveLength(1);
    // A page edit: another tree, whose Schema Reference has the same inputs.
    edit(root, 'docs/specification/draft/index.mdx', /$/, '\nOne more line.\n');
    const second = await cachedCheck(root, cacheDir, asCommandLine);
    expect(second.timings.referencePagesAsCommitted).toBe(1);
    expect(second.timings.referencePagesRendered).toBe(0);
    expect(second.report).toBe(await coldCheck(root));
    // A verdict edited to other valid JSON is not served: the page is compared again.
    const [verdict] = verdicts();
    const entry = path.join(cacheDir, verdict);
    const [header] = fs.readFileSync(entry, 'utf8').split('\n');
    fs.writeFileSync(entry, `${header}\n{"equal":true,"again":1}`);
    edit(root, 'docs/specification/draft/index.mdx', 'One more line.', 'One more line, edited.');
    const tampered = await cachedCheck(root, cacheDir, asCommandLine);
    expect(tampered.timings.referencePagesAsCommitted).toBe(0);
    expect(tampered.report).toBe(await coldCheck(root));
    // The committed page edited: its verdict is not for this text, and the page is reported stale.
    const committed = fs.readFileSync(path.join(root, 'docs/specification/draft/schema.mdx'), 'utf8');
    const stale = committed.replace(/(<div class="type">[^]*?\n)(\S)/, '$1Stale words. $2');
    expect(stale).not.toBe(committed);
    fs.writeFileSync(path.join(root, 'docs/specification/draft/schema.mdx'), stale);
    const third = await cachedCheck(root, cacheDir, asCommandLine);
    expect(third.timings.referencePagesAsCommitted).toBe(0);
    expect(third.report).toContain('generated/schema-reference');
    expect(third.report).toBe(await coldCheck(root));
  });

  it('after a schema.ts edit, parses no page, and reports what a cold check reports', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    const schemaTs = path.join(root, 'schema/draft/schema.ts');
    fs.appendFileSync(
      schemaTs,
      '\n/**\n * A widget that nothing sends.\n */\nexport interface UnsentWidget {\n  /** Its id. */\n  id: string;\n}\n',
    );
    const after = await cachedCheck(root, cacheDir);
    expect(after.timings.pagesParsed).toBe(0);
    expect(after.timings.pagesFromCache).toBe(first.timings.pagesParsed);
    // That version's schema.json is generated again, no other's; its page is rendered again.
    expect(after.timings.schemaJsonGenerated).toBe(1);
    expect(after.timings.referencePagesRendered).toBe(1);
    expect(after.report).not.toBe(first.report);
    expect(after.report).toBe(await coldCheck(root));
  });

  it("after one version's schema.ts edit, renders that version's page and no earlier version's", async () => {
    const { root, cacheDir } = specCopy();
    // Both versions with a template: two pages, the draft's from the program of both schema.ts.
    fs.copyFileSync(path.join(root, 'schema/draft/schema.mdx'), path.join(root, 'schema/2025-01-15/schema.mdx'));
    const first = await cachedCheck(root, cacheDir);
    expect(first.timings.referencePagesRendered).toBe(2);
    const declaration = (name: string) =>
      `\n/** A widget that nothing sends. */\nexport interface ${name} {\n  id: string;\n}\n`;

    fs.appendFileSync(path.join(root, 'schema/draft/schema.ts'), declaration('UnsentWidget'));
    const draftEdit = await cachedCheck(root, cacheDir);
    expect(draftEdit.timings.schemaJsonGenerated).toBe(1);
    expect(draftEdit.timings.referencePagesRendered).toBe(1);
    expect(draftEdit.report).not.toBe(first.report);
    expect(draftEdit.report).toBe(await coldCheck(root));

    // The earlier version's schema.ts is in the draft page's program too: both pages are rendered.
    fs.appendFileSync(path.join(root, 'schema/2025-01-15/schema.ts'), declaration('UnsentDial'));
    const earlierEdit = await cachedCheck(root, cacheDir);
    expect(earlierEdit.timings.schemaJsonGenerated).toBe(1);
    expect(earlierEdit.timings.referencePagesRendered).toBe(2);
    expect(earlierEdit.report).not.toBe(draftEdit.report);
    expect(earlierEdit.report).toBe(await coldCheck(root));
  });

  it('after a page edit, reads back what embedded schemas compiled to, and reports what a cold check reports', async () => {
    const root = tempDir('embedded-');
    const page = 'docs/specification/draft/server/gadgets.mdx';
    const tools = [
      toolJson('get_weather', { city: { type: 'string' } }),
      toolJson('find_host', { host: { type: 'string', pattern: '^[a-z]+$' } }),
      JSON.stringify({ name: 'bad_tool', inputSchema: { type: 'object', properties: { n: { type: 'integr' } } } }),
    ];
    const files = {
      ...gadgetsFiles,
      [page]: blocksPage(
        ['The tools:', toolsListJson(1, ...tools)],
        ['A call:', callJson(2, 'get_weather', { city: 7 })],
        ['Another:', callJson(3, 'find_host', { host: 'A1' })],
      ),
    };
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    fs.mkdirSync(path.join(root, 'node_modules'));
    const cacheDir = path.join(root, 'node_modules/.cache/spec-check');
    const first = await cachedCheck(root, cacheDir);
    // The fixture shows a value its schema rejects, a pattern it fails, and a schema that is none.
    expect(first.report).toMatch(/example\/embedded-schema[\s\S]*integr/);
    expect(first.report.match(/"rule": "example\/embedded-schema"/g)?.length).toBeGreaterThanOrEqual(3);
    edit(root, page, /$/, '\nOne more line.\n');
    const after = await cachedCheck(root, cacheDir);
    expect(after.timings.pagesParsed).toBe(1);
    // The values its schemas govern were judged before, against the same schema texts: none again.
    expect(after.timings.verdictsJudged).toBe(0);
    expect(after.report).toBe(await coldCheck(root));
    // A governed value changed: it is judged again (with the block that shows it), the report a cold check's.
    edit(root, page, '"city": 7', '"city": 8');
    const changed = await cachedCheck(root, cacheDir);
    expect(changed.timings.verdictsJudged).toBeGreaterThan(0);
    expect(changed.report).toBe(await coldCheck(root));
  });

  it('does not serve a tampered page-products entry: its pages are parsed again and the entry made again', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    const entry = pageProductsEntryWith(cacheDir, 'Listing widgets');
    // A heading's text changed inside the stored products, the header left as it was.
    const text = fs.readFileSync(entry, 'utf8');
    const tampered = text.replace('Listing widgets', 'Listing gadgets');
    expect(tampered).not.toBe(text);
    fs.writeFileSync(entry, tampered);
    // An edit elsewhere, so that the whole report is not served from the cache.
    edit(root, 'schema/draft/examples/Widget/dial.json', '"min": 5', '"min": 6');
    const after = await cachedCheck(root, cacheDir);
    // The pages of that entry are parsed again, the others read back.
    expect(after.timings.pagesParsed).toBeGreaterThan(0);
    expect(after.timings.pagesFromCache + after.timings.pagesParsed).toBe(first.timings.pagesParsed);
    expect(after.report).toBe(await coldCheck(root));
    expect(after.report).not.toContain('gadgets');
    // Made again: the next check after another edit reads every page back.
    expect(fs.readFileSync(entry, 'utf8')).not.toContain('Listing gadgets');
    expect(fs.readFileSync(entry, 'utf8')).toContain('Listing widgets');
    edit(root, 'schema/draft/examples/Widget/dial.json', '"min": 6', '"min": 7');
    const again = await cachedCheck(root, cacheDir);
    expect(again.timings.pagesParsed).toBe(0);
    expect(again.timings.pagesFromCache).toBe(first.timings.pagesParsed);
  });

  it('does not serve a truncated page-products entry: its pages are parsed again', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    const entry = pageProductsEntryWith(cacheDir, 'Listing widgets');
    const text = fs.readFileSync(entry, 'utf8');
    fs.writeFileSync(entry, text.slice(0, Math.floor(text.length / 2)));
    edit(root, 'schema/draft/examples/Widget/dial.json', '"min": 5', '"min": 6');
    const after = await cachedCheck(root, cacheDir);
    expect(after.timings.pagesParsed).toBeGreaterThan(0);
    expect(after.timings.pagesFromCache + after.timings.pagesParsed).toBe(first.timings.pagesParsed);
    expect(after.report).toBe(await coldCheck(root));
  });

  it("keeps a page's message sketches and TypeScript declarations with its products, read back as they were read", () => {
    const { cache } = testCache('spec-check-page-products-');
    const sketch = [
      '// A request, then its answer.',
      '{',
      '  jsonrpc: "2.0";',
      '  id: string | number;',
      '  method: "widgets/list";',
      '  params?: { cursor?: string; [key: string]: unknown };',
      '}',
      '{ jsonrpc: "2.0"; id: 1; result: { widgets: { name: string }[] } }',
    ].join('\n');
    const text = [
      '# Widgets',
      '',
      '```ts',
      sketch,
      '```',
      '',
      '```typescript',
      'interface Widget {',
      '  name: string;',
      '  size?: number;',
      '}',
      '```',
      '',
      '```ts',
      '{ draw(): void }',
      '```',
      '',
      '```json',
      '{ "name": "dial", "size": 2 }',
      '```',
    ].join('\n');
    const file = new TextFile('docs/specification/draft/widgets.mdx', text);
    const writer = new PageProducts(cache);
    const made = writer.page(file, 'mdx').page;
    writer.save();
    const reader = new PageProducts(cache);
    const read = reader.page(file, 'mdx').page;
    expect(reader.counts.pagesFromCache).toBe(1);
    const [sketchBlock, declaring, method] = read.codeBlocks;
    // Read when the page was parsed: a sketch, a block that may be one and is not, a declaration.
    expect(sketchBlock.sketches).toHaveLength(2);
    expect(method.sketches).toBe(false);
    expect(declaring.interfaces).toEqual([{ name: 'Widget', members: ['name', 'size'] }]);
    expect(read.codeBlocks.map((b) => [b.sketches, b.interfaces])).toEqual(
      made.codeBlocks.map((b) => [b.sketches, b.interfaces]),
    );
    // What the rules read of the kept sketch is what reading the block gives: values, what stands
    // for what, and the position of every value and key.
    const project = new Project(
      { root: '/', versions: [], seps: [], inputProblems: [], filesRead: 0 },
      new Runtime({ worker: false }),
    );
    const kept = sketchValues(project, sketchBlock)!;
    const fresh = readSketches(sketch)!;
    expect(kept.map((k) => [k.value, k.placeholders, [...k.typed!], [...k.open]])).toEqual(
      fresh.map((k) => [k.value, k.placeholders, [...k.typed!], [...k.open]]),
    );
    const pointers = ['', '/jsonrpc', '/id', '/params', '/params/cursor', '/result/widgets/0/name', '/nowhere/at/all'];
    for (const [i, k] of kept.entries())
      for (const pointer of pointers) {
        expect(k.positionOf(pointer)).toEqual(fresh[i].positionOf(pointer));
        expect(k.positionOf(pointer, 'method')).toEqual(fresh[i].positionOf(pointer, 'method'));
      }
    expect(kept[1].document.text).toBe(fresh[1].document.text);
    expect(interfacesOf(project, declaring)).toEqual([{ name: 'Widget', members: new Set(['name', 'size']) }]);
  });

  it('keeps the models of inline object types, read back as parsed; a tampered entry is parsed again', () => {
    const { dir, cache } = testCache('spec-check-inline-types-');
    const typeText =
      '{\n  /** The name. */\n  name: string;\n  /** @deprecated */\n  size?: number;\n  nested: { a: 1 };\n}';
    const writer = new InlineTypeStore(cache);
    const made = writer.source(typeText);
    expect(writer.source(typeText)).toBe(made);
    expect(writer.counts).toEqual({ inlineTypesFromCache: 0, inlineTypesParsed: 1 });
    writer.save();
    const reader = new InlineTypeStore(cache);
    const read = reader.source(typeText);
    expect(reader.counts).toEqual({ inlineTypesFromCache: 1, inlineTypesParsed: 0 });
    const plain = (source: SchemaSource) =>
      JSON.parse(JSON.stringify({ ...source, file: undefined, byName: [...source.byName.keys()] })) as unknown;
    expect(plain(read)).toEqual(plain(made));
    expect(read.file.text).toBe(made.file.text);
    expect(read.declarations[0].members.map((m) => m.name)).toEqual(['name', 'size', 'nested']);
    // Nothing parsed or left unused: nothing written.
    const [entry] = fs.readdirSync(dir).filter((n) => n.startsWith('inline-types-'));
    const written = fs.statSync(path.join(dir, entry)).mtimeMs;
    reader.save();
    expect(fs.statSync(path.join(dir, entry)).mtimeMs).toBe(written);
    // A tampered entry is not served: the type is parsed again.
    const stored = fs.readFileSync(path.join(dir, entry), 'utf8');
    fs.writeFileSync(path.join(dir, entry), stored.replace('The name.', 'The game.'));
    const third = new InlineTypeStore(cache);
    expect(plain(third.source(typeText))).toEqual(plain(made));
    expect(third.counts).toEqual({ inlineTypesFromCache: 0, inlineTypesParsed: 1 });
  });

  it('reads back a page as it was parsed: its tree with every position, its outline and suppressions', () => {
    const { dir, cache } = testCache('spec-check-page-products-');
    const text = [
      "import { Widget } from '/snippets/widget.mdx';",
      '',
      'export const size = 3n; // a bigint and a comment',
      '',
      '# Widgets',
      '',
      '<Note kind="tip" open>',
      '  A *note* with `code` and a [link](#listing).',
      '</Note>',
      '',
      '| a | b |',
      '| - | - |',
      '| `x` | **y** |',
      '',
      '- one',
      '  - two',
      '',
      '{/* spec-check-disable-next-line xref/link */}',
      '```json',
      '{ "a": 1 }',
      '```',
      '',
      '## Listing {#listing}',
      '',
    ].join('\n');
    const file = new TextFile('docs/specification/draft/widgets.mdx', text);
    const writer = new PageProducts(cache);
    const made = writer.page(file, 'mdx');
    expect(writer.counts.pagesParsed).toBe(1);
    // Walked, so that its tree is kept too.
    expect(made.page.tree).toBeDefined();
    writer.save();
    const reader = new PageProducts(cache);
    const read = reader.page(file, 'mdx');
    expect(reader.counts.pagesFromCache).toBe(1);
    const plain = (value: unknown) =>
      JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))) as unknown;
    expect(read.page.tree).toBeDefined();
    expect(plain(read.page.tree)).toEqual(plain(made.page.tree));
    expect(plain(read.page.headings)).toEqual(plain(made.page.headings));
    expect(read.suppressions).toEqual(made.suppressions);
    // Asked for again (the other tree of `check --base`), the page gets a tree of its own.
    const again = reader.page(file, 'mdx');
    expect(again.page.tree).not.toBe(read.page.tree);
    expect(plain(again.page.tree)).toEqual(plain(made.page.tree));
    // The process that parsed it, asked for it again after writing it, reads its tree from what it wrote.
    const fromWriter = writer.page(file, 'mdx');
    expect(writer.counts.pagesFromCache).toBe(1);
    expect(fromWriter.page.tree).not.toBe(made.page.tree);
    expect(plain(fromWriter.page.tree)).toEqual(plain(made.page.tree));
    // What was written is what `JSON.stringify` writes of the products, and, in an entry of its own,
    // of the tree as text, positions packed.
    const body = (prefix: string) => {
      const [entry] = fs.readdirSync(dir).filter((n) => n.startsWith(prefix));
      const text = fs.readFileSync(path.join(dir, entry), 'utf8');
      return text.slice(text.indexOf('\n') + 1);
    };
    const products = JSON.parse(body('page-products-')) as { pages: Record<string, { tree?: unknown }> };
    expect(JSON.stringify(products)).toBe(body('page-products-'));
    expect(Object.values(products.pages)[0].tree).toBe(true);
    const trees = JSON.parse(body('page-trees-')) as { trees: Record<string, string> };
    expect(JSON.stringify(trees)).toBe(body('page-trees-'));
    expect(Object.keys(trees.trees)).toEqual(Object.keys(products.pages));
    const storedTree = JSON.parse(Object.values(trees.trees)[0]) as { position: unknown };
    expect(storedTree.position).toEqual([1, 1, 0, 24, 1, text.length]);
  });

  it('parses a tree read back only when it is walked, once per page', () => {
    const { cache } = testCache('spec-check-page-products-');
    const file = new TextFile('docs/specification/draft/widgets.mdx', '# Widgets\n\n- `id`: the widget\n');
    const writer = new PageProducts(cache);
    const made = writer.page(file, 'mdx');
    expect(made.page.tree).toBeDefined();
    writer.save();
    const reader = new PageProducts(cache);
    const read = reader.page(file, 'mdx').page;
    // What rules read of a page but its tree comes from its data.
    expect(read.memberDefinitions).toEqual(made.page.memberDefinitions);
    expect(read.memberDefinitions.map((d) => d.name)).toEqual(['id']);
    expect(reader.counts.pageTreesRead).toBe(0);
    const tree = read.tree;
    expect(tree?.children[0].type).toBe('heading');
    expect(read.tree).toBe(tree);
    expect(reader.counts.pageTreesRead).toBe(1);
  });

  it('keeps the trees a check walked, not those read only for a product kept by the page (its claims)', () => {
    const { cache, dir } = testCache('spec-check-page-trees-');
    const walked = new TextFile('docs/specification/draft/changelog.mdx', '# Changelog\n\n- A change.\n');
    const claimed = new TextFile('docs/specification/draft/widgets.mdx', '# Widgets\n\nSome *text*.\n');
    const writer = new PageProducts(cache);
    const changelog = writer.page(walked, 'mdx').page;
    const widgets = writer.page(claimed, 'mdx').page;
    expect(treeForKeptProduct(widgets)?.children[0].type).toBe('heading');
    expect(treeForKeptProduct(changelog)).toBe(changelog.tree);
    writer.save();
    const stored = () =>
      fs
        .readdirSync(dir)
        .filter((n) => n.startsWith('page-trees-'))
        .flatMap((n) => {
          const text = fs.readFileSync(path.join(dir, n), 'utf8');
          return Object.values(
            (JSON.parse(text.slice(text.indexOf('\n') + 1)) as { trees: Record<string, string> }).trees,
          );
        })
        .map(
          (tree) =>
            (JSON.parse(tree) as { children: { children: { value: string }[] }[] }).children[0].children[0].value,
        );
    expect(stored()).toEqual(['Changelog']);
    // Walked by the next check, the page whose tree was not kept is parsed again, and its tree then kept.
    const reader = new PageProducts(cache);
    const again = reader.page(claimed, 'mdx').page;
    expect(reader.counts.pageTreesRead).toBe(0);
    expect(JSON.stringify(again.tree)).toBe(JSON.stringify(widgets.tree));
    expect(reader.page(walked, 'mdx').page.tree?.children.length).toBe(changelog.tree?.children.length);
    expect(reader.counts.pageTreesRead).toBe(1);
    reader.save();
    expect(stored().sort()).toEqual(['Changelog', 'Widgets']);
  });

  it('reads the trees entry only when a tree is walked, and parses a page again whose tree it does not hold', () => {
    const { cache, dir } = testCache('spec-check-page-trees-');
    const file = new TextFile('docs/specification/draft/widgets.mdx', '# Widgets\n\nSome *text*.\n');
    const writer = new PageProducts(cache);
    const made = writer.page(file, 'mdx');
    expect(made.page.tree).toBeDefined();
    writer.save();
    const kinds: string[] = [];
    const get = cache.get.bind(cache);
    cache.get = <T>(kind: string, key: string) => (kinds.push(kind), get<T>(kind, key));
    const reader = new PageProducts(cache);
    const read = reader.page(file, 'mdx').page;
    expect(read.headings.map((h) => h.text)).toEqual(['Widgets']);
    expect(kinds).toEqual(['page-products']);
    expect(read.tree?.children.length).toBe(made.page.tree?.children.length);
    expect(kinds).toEqual(['page-products', 'page-trees']);
    // A trees entry that is not served (tampered with): the tree is the page's parse all the same.
    const [entry] = fs.readdirSync(dir).filter((n) => n.startsWith('page-trees-'));
    fs.appendFileSync(path.join(dir, entry), ' ');
    const afterTamper = new PageProducts(cache).page(file, 'mdx').page;
    expect(JSON.stringify(afterTamper.tree)).toBe(JSON.stringify(made.page.tree));
  });

  it('does not serve a tampered verdicts entry: the values are judged again', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    const name = fs.readdirSync(cacheDir).find((n) => n.startsWith('validation-verdicts-'));
    expect(name).toBeDefined();
    const entry = path.join(cacheDir, name!);
    // Every stored violation emptied: each value would pass, the header left as it was.
    const [header, body] = fs.readFileSync(entry, 'utf8').split('\n');
    const emptied = body!.replace(/"results":\{[^}]*\}/g, '"results":{}');
    expect(emptied).not.toBe(body);
    fs.writeFileSync(entry, `${header}\n${emptied}`);
    edit(root, 'docs/specification/draft/index.mdx', /$/, '\nOne more line.\n');
    const after = await cachedCheck(root, cacheDir);
    // As many judged as when the cache was empty (a value met twice in a run is judged once).
    expect(after.timings.verdictsJudged).toBe(first.timings.verdictsJudged);
    expect(after.timings.verdictsFromCache).toBe(first.timings.verdictsFromCache);
    expect(after.report).toBe(await coldCheck(root));
  });

  it('keeps the page products in a few entries, holding the pages of the trees this process loaded only', async () => {
    const { root, cacheDir } = specCopy();
    await cachedCheck(root, cacheDir);
    const entries = pageProductsEntries(cacheDir);
    const before = sizeOf(entries);
    const edited = path.join(root, 'docs/specification/draft/index.mdx');
    const stamps = () => entries.map((e) => fs.statSync(e).mtimeMs);
    for (let i = 0; i < 3; i++) {
      const was = stamps();
      fs.appendFileSync(edited, `\nOne more line (${i}).\n`);
      await cachedCheck(root, cacheDir);
      // Only the entry of the edited page is written again.
      expect(stamps().filter((t, j) => t !== was[j]).length).toBeLessThanOrEqual(1);
    }
    expect(pageProductsEntries(cacheDir)).toEqual(entries);
    expect(entries.length).toBeLessThanOrEqual(16);
    // Each edit replaces the page's products: the entries do not grow by a page per edit.
    expect(sizeOf(entries)).toBeLessThan(before * 1.2);
  });

  it("leaves the worker dormant after a page or example edit: the jobs' inputs are as a finished check left them", async () => {
    const { root, cacheDir } = specCopy();
    const jobsCached = async () => {
      // With the options a check of the root resolves (as `check` gives them to its lookup).
      const run = resolveRunConfig({ root });
      const options = { ...ruleOptionsOf(run), layout: run.layout };
      const { lookup } = await lookUpReport(root, options, new Runtime({ worker: false, cacheDir }));
      return lookup?.jobsCached === true;
    };
    await cachedCheck(root, cacheDir);
    edit(root, 'docs/specification/draft/index.mdx', /$/, '\nOne more line.\n');
    expect(await jobsCached()).toBe(true);
    const afterPage = await cachedCheck(root, cacheDir);
    expect(afterPage.report).toBe(await coldCheck(root));
    // An example's edit is spliced into the Schema Reference in this thread: no worker either.
    edit(root, 'schema/draft/examples/Widget/dial.json', '"min": 5', '"min": 6');
    expect(await jobsCached()).toBe(true);
    expect((await cachedCheck(root, cacheDir)).report).toBe(await coldCheck(root));
    // A new example may be a page's: the worker is woken ahead of its job.
    fs.writeFileSync(path.join(root, 'schema/draft/examples/Widget/extra.json'), '{}\n');
    expect(await jobsCached()).toBe(false);
    await cachedCheck(root, cacheDir);
    // That check finished: the next one with the same job inputs needs no worker.
    edit(root, 'docs/specification/draft/index.mdx', /$/, '\nAnd one more.\n');
    expect(await jobsCached()).toBe(true);
  });

  it('makes the same Schema Reference text from the kept rendering as a fresh conversion does', async () => {
    const { root, cacheDir } = specCopy();
    const pages = (dir?: string) => referencePages(root, dir);
    await pages(cacheDir);
    for (const [file, text] of [
      ['Widget/dial.json', '{\r\n  "label": "`x` ``` {y} $z _w_"\r\n}\r\n\r\n'],
      ['Widget/switch.json', ''],
      ['SetWidgetResult/applied.json', '{ "a": "\u00a0\u00a0<b>\\\\</b>" }'],
    ])
      fs.writeFileSync(path.join(root, 'schema/draft/examples', file), text);
    const spliced = await pages(cacheDir);
    expect(spliced.counts.referencePagesSpliced).toBe(1);
    expect(spliced.counts.referencePagesRendered).toBe(0);
    const fresh = await pages();
    expect(fresh.counts.referencePagesRendered).toBe(1);
    expect(spliced.files[0].text).toContain('&#x60;x&#x60;');
    expect(spliced.files.map((f) => [f.text, f.declarations, f.problems])).toEqual(
      fresh.files.map((f) => [f.text, f.declarations, f.problems]),
    );
    // Another edit, in a runtime that highlighted nothing yet: the other blocks' highlighting is
    // read back from the disk cache (numbered by colour again), and the page is the same still.
    fs.writeFileSync(
      path.join(root, 'schema/draft/examples/Widget/dial.json'),
      '{ "label": "two", "n": [1, true, null] }',
    );
    const again = await pages(cacheDir);
    expect(again.counts.referencePagesSpliced).toBe(1);
    expect(again.files.map((f) => [f.text, f.declarations])).toEqual(
      (await pages()).files.map((f) => [f.text, f.declarations]),
    );
  });

  it('keeps a Schema Reference page with its declarations as places in its text, read back as rendered', async () => {
    const { root, cacheDir } = specCopy();
    const pages = (dir?: string) => referencePages(root, dir);
    const rendered = await pages(cacheDir);
    expect(rendered.counts.referencePagesRendered).toBe(1);
    const declarations = rendered.files[0].declarations!;
    expect(declarations.length).toBeGreaterThan(1);
    // The entry holds each declaration by where its text stands in the page, not the text again.
    const entry = fs.readdirSync(cacheDir).find((n) => n.startsWith('schema-reference-'))!;
    const body = fs.readFileSync(path.join(cacheDir, entry), 'utf8');
    const stored = (JSON.parse(body.slice(body.indexOf('\n') + 1)) as { declarations: unknown[] }[])[0].declarations;
    expect(stored).toHaveLength(declarations.length);
    expect(stored.every((d) => Array.isArray((d as { at?: unknown }).at) && !('text' in (d as object)))).toBe(true);
    const read = await pages(cacheDir);
    expect(read.counts).toMatchObject({ referencePagesRendered: 0, referencePagesSpliced: 0 });
    expect(read.files.map((f) => [f.text, f.declarations])).toEqual(
      rendered.files.map((f) => [f.text, f.declarations]),
    );
    // A page spliced after an example edit is not written: the rendering stays, and serves the next check.
    fs.writeFileSync(path.join(root, 'schema/draft/examples/Widget/dial.json'), '{ "label": "spliced" }\n');
    const spliced = await pages(cacheDir);
    expect(spliced.counts).toMatchObject({ referencePagesRendered: 0, referencePagesSpliced: 1 });
    expect(fs.readFileSync(path.join(cacheDir, entry), 'utf8')).toBe(body);
    const again = await pages(cacheDir);
    expect(again.counts).toMatchObject({ referencePagesRendered: 0, referencePagesSpliced: 1 });
    expect(again.files.map((f) => f.text)).toEqual(spliced.files.map((f) => f.text));
    expect(spliced.files[0].text).toContain('spliced');
  });

  it('keeps whether a site page is beyond the parser limits with its outline: said again when read back', async () => {
    const { root, cacheDir } = specCopy();
    fs.writeFileSync(
      path.join(root, 'docs/docs.json'),
      JSON.stringify({ navigation: { pages: ['docs/deep', 'docs/plain'] } }, null, 2),
    );
    fs.mkdirSync(path.join(root, 'docs/docs'));
    fs.writeFileSync(path.join(root, 'docs/docs/deep.mdx'), `# Deep\n\n${'> '.repeat(30)}deep\n`);
    fs.writeFileSync(path.join(root, 'docs/docs/plain.mdx'), '# Plain\n\nA [link](/docs/deep).\n');
    const first = await cachedCheck(root, cacheDir);
    expect(first.report).toContain('docs/docs/deep.mdx');
    edit(root, 'docs/specification/draft/index.mdx', /$/, '\nOne more line.\n');
    const second = await cachedCheck(root, cacheDir);
    expect(second.timings.pagesFromCache).toBeGreaterThanOrEqual(2);
    expect(second.report).toBe(await coldCheck(root));
    expect(second.report).toContain('docs/docs/deep.mdx');
  });

  it('reads stored declarations back only when each lies inside its page', () => {
    const text = 'head\n<div>A</div>\n\n<div>B</div>\n\n<div>A</div>\n\ntail';
    const declarations = [
      { name: 'A', category: 'one', text: '<div>A</div>\n\n' },
      { name: 'B', category: 'one', text: '<div>B</div>\n\n' },
      { name: 'A2', category: 'two', text: '<div>A</div>\n\n' },
      { name: 'Lost', category: 'two', text: 'not in the page' },
    ];
    const stored = storedDeclarations(text, declarations);
    // In order: the second "A" is found after "B", not at the first one's place.
    expect(stored.slice(0, 3).map((d) => ('at' in d ? d.at : undefined))).toEqual([
      [5, 19],
      [19, 33],
      [33, 47],
    ]);
    expect(stored[3]).toEqual(declarations[3]);
    expect(revivedDeclarations(text, JSON.parse(JSON.stringify(stored)))).toEqual(declarations);
    expect(revivedDeclarations(text, [{ name: 'A', category: 'one', at: [40, 99] }])).toBeUndefined();
    expect(revivedDeclarations(text, [{ name: 'A', category: 'one', at: [9, 5] }])).toBeUndefined();
    expect(revivedDeclarations(text, [{ name: 'A', at: [0, 1] }])).toBeUndefined();
    expect(revivedDeclarations(text, 'no')).toBeUndefined();
  });
});

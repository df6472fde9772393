import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import { loadSpec } from '../../src/sources/load.js';
import { generatedFiles, type GeneratedFile } from '../../src/generators/outputs.js';
import { generatedSchemaJson } from '../../src/rules/generated-schema-json.js';
import { generatedSchemaReference } from '../../src/rules/generated-schema-reference.js';
import { readMarkdownPage } from '../../src/sources/markdown.js';
import { TextFile } from '../../src/core/text-file.js';
import { corpusRoot, copyTree, edit, runCli, projectOf } from '../helpers.js';

const rules = [generatedSchemaJson, generatedSchemaReference];
const referenceVersions = ['2025-06-18', '2025-11-25', '2026-07-28', 'draft'];

/** Declaration blocks of a Schema Reference page: name, category and text, in page order. */
function blocks(text: string): { name: string; category: string; text: string }[] {
  const out: { name: string; category: string; text: string }[] = [];
  let category = '';
  for (const m of text.matchAll(/^## (.+)$|<div class="type">\n\n### `([^`]+)`\n\n[^]*?\n<\/div>\n\n/gm)) {
    if (m[1]) category = m[1];
    else out.push({ name: m[2], category, text: m[0] });
  }
  return out;
}

/** Every `id="..."` of a page (declaration, member and example anchors). */
function anchors(text: string): string[] {
  return [...text.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]).sort();
}

describe('generators on the MCP spec snapshot', () => {
  let files: GeneratedFile[];
  beforeAll(async () => {
    const spec = await loadSpec(corpusRoot);
    const project = projectOf(spec);
    files = [...(await generatedFiles(project, 'schema-json')), ...(await generatedFiles(project, 'schema-reference'))];
  });

  it('reproduces all six schema.json files byte for byte', () => {
    const json = files.filter((f) => f.kind === 'schema-json');
    expect(json.map((f) => f.version)).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
      '2026-07-28',
      'draft',
    ]);
    for (const f of json)
      expect({ version: f.version, same: f.text === f.committed!.text }).toEqual({ version: f.version, same: true });
  });

  it('reproduces the four Schema Reference pages: same declarations, categories, order and anchors, every block byte-identical', () => {
    const pages = files.filter((f) => f.kind === 'schema-reference');
    expect(pages.map((f) => f.version)).toEqual(referenceVersions);
    const share: Record<string, string> = {};
    for (const page of pages) {
      const generated = blocks(page.text!);
      const committed = blocks(page.committed!.text);
      expect(generated.map((b) => `${b.category} / ${b.name}`)).toEqual(
        committed.map((b) => `${b.category} / ${b.name}`),
      );
      expect(anchors(page.text!)).toEqual(anchors(page.committed!.text));
      const identical = generated.filter((b, i) => b.text === committed[i].text).length;
      share[page.version] = `${identical}/${committed.length}`;
      expect(readMarkdownPage(new TextFile(page.path, page.text!), 'mdx').parseError).toBeUndefined();
      expect(page.problems).toEqual([]);
    }
    expect(share).toEqual({
      '2025-06-18': '79/79',
      '2025-11-25': '126/126',
      '2026-07-28': '142/142',
      draft: '142/142',
    });
    for (const page of pages) expect(page.text === page.committed!.text).toBe(true);
  });

  it('reports no generated/* finding on the unmodified snapshot', async () => {
    const report = await check(corpusRoot, { rules });
    expect(report.findings).toEqual([]);
  });

  it('reports no generated/* finding when checking one version alone', async () => {
    // The Schema Reference program then holds only that version, and TypeScript orders some
    // union members differently; the rule does not take that for staleness.
    const report = await check(corpusRoot, { rules, versions: ['draft'] });
    expect(report.findings).toEqual([]);
  });

  it('reports a member JSDoc edit for that version only, and generate clears it', async () => {
    const root = copyTree(corpusRoot);
    edit(root, 'schema/2025-11-25/schema.ts', 'The URI of this resource.', 'The URI that identifies this resource.');
    const findings = (await check(root, { rules })).findings;
    // One finding per declaration whose block (or definition) shows the member, at the declaration.
    expect(new Set(findings.map((f) => f.file))).toEqual(new Set(['schema/2025-11-25/schema.ts']));
    for (const f of findings) {
      const [, name] = /is stale in (?:declaration|definition) (\w+):/.exec(f.message) ?? [];
      expect(f.message).toContain('identifies');
      expect(f.message).toMatch(
        f.rule === 'generated/schema-json'
          ? /^schema\/2025-11-25\/schema\.json is stale in definition \w+: .*Run `spec-check generate`\.$/
          : /^docs\/specification\/2025-11-25\/schema\.mdx is stale in declaration \w+: .*Run `spec-check generate`\.$/,
      );
      const committed =
        f.rule === 'generated/schema-json'
          ? 'schema/2025-11-25/schema.json'
          : 'docs/specification/2025-11-25/schema.mdx';
      expect(f.related).toEqual([expect.objectContaining({ file: committed, message: expect.stringContaining(name) })]);
    }
    expect(findings.filter((f) => f.rule === 'generated/schema-json').length).toBeGreaterThan(0);
    expect(findings.filter((f) => f.rule === 'generated/schema-reference').length).toBeGreaterThan(0);

    const run = await runCli(['generate', '--root', root]);
    expect(run.stdout).toBe(
      'updated schema/2025-11-25/schema.json\nupdated docs/specification/2025-11-25/schema.mdx\n2 of 53 generated files changed.\n',
    );
    expect((await check(root, { rules })).findings).toEqual([]);
    // Only the edited version's files changed.
    for (const v of ['2025-06-18', 'draft']) {
      expect(fs.readFileSync(path.join(root, `schema/${v}/schema.json`), 'utf8')).toBe(
        fs.readFileSync(path.join(corpusRoot, `schema/${v}/schema.json`), 'utf8'),
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/config.js';
import { isUnversioned, layoutFolders, layoutPattern, defaultLayout, versionNameTest } from '../src/sources/layout.js';
import { loadSpec } from '../src/sources/load.js';
import { compareVersions, UNVERSIONED } from '../src/model/versions.js';
import { runCli, writeTree } from './helpers.js';

const lanternTypes = `/** The version this spec describes. */
export const LATEST_PROTOCOL_VERSION = "2026-03-01";

/** Asks a lantern to light. */
export interface LightRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: "lantern/light";
  params: { lanternId: string; brightness?: number };
}
`;

/** A spec with one types file and one prose folder: no version anywhere. */
function unversionedTree(extraPage = ''): string {
  return writeTree({
    'spec-check.config.json': JSON.stringify({
      layout: { schema: 'types/lantern.ts', schemaJson: 'json/lantern.json', docs: 'pages' },
      generate: { dialect: '2020-12' },
    }),
    'types/lantern.ts': lanternTypes,
    'pages/index.mdx': `# Lanterns\n\nA client lights a lantern.\n\n\`\`\`json\n{ "jsonrpc": "2.0", "id": 1, "method": "lantern/light", "params": { "lanternId": "hall", "protocolVersion": "2026-03-01" } }\n\`\`\`\n${extraPage}`,
    'pages/guide/setup.mdx': '# Setup\n\n## Wiring\n\nConnect it.\n',
  });
}

describe('versions by config', () => {
  it('reads a layout without {version} as one unversioned spec', async () => {
    const layout = { ...defaultLayout, schema: 'types/lantern.ts', schemaJson: 'json/lantern.json', docs: 'pages' };
    expect(isUnversioned(layout)).toBe(true);
    expect(layoutPattern(layout, 'docs')).toBe('pages');
    expect(layoutFolders(layout)).toMatchObject({ schema: ['types', 'json'], docs: 'pages' });
    // The older folder form still means a folder of versions where another path has them.
    expect(isUnversioned({ ...defaultLayout, docs: 'site/spec' })).toBe(false);
    expect(layoutPattern({ ...defaultLayout, docs: 'site/spec' }, 'docs')).toBe('site/spec/{version}');
    const root = unversionedTree();
    const spec = await loadSpec(root, { layout });
    expect(spec.versions.map((v) => [v.id, v.docsDir, v.schemaTs?.file.path, v.pages.length])).toEqual([
      [UNVERSIONED, 'pages', 'types/lantern.ts', 2],
    ]);
    expect(spec.inputProblems).toEqual([]);
  });

  it('checks an unversioned spec; its messages name no version', async () => {
    const root = unversionedTree(
      '\nA wrong one:\n\n```json\n{ "jsonrpc": "2.0", "id": 2, "method": "lantern/light", "params": { "lantern": "hall" } }\n```\n\n```json\n{ "protocolVersion": "2025-01-01" }\n```\n',
    );
    const run = await runCli(['check', '--root', root, '--format', 'json', '--no-cache']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    const messages = report.findings.map((f: { rule: string; file: string; message: string }) => `${f.rule} ${f.file}`);
    expect(messages).toContain('prose/json-valid pages/index.mdx');
    for (const f of report.findings) expect(f.message).not.toContain(UNVERSIONED);
    const version = report.findings.find((f: { rule: string }) => f.rule === 'consistency/protocol-version');
    expect(version?.message).toBe(`Protocol version "2025-01-01", where the spec's protocol version is "2026-03-01"`);
  });

  it('reports no orphan example where the spec shows examples nowhere (no @example, no Schema Reference)', async () => {
    const example = '{ "jsonrpc": "2.0", "id": 3, "method": "lantern/light", "params": { "lanternId": "porch" } }';
    const quiet = unversionedTree();
    writeTree({ 'types/examples/LightRequest/porch.json': example }, quiet);
    const run = await runCli(['check', '--root', quiet, '--format', 'json', '--no-cache']);
    const report = JSON.parse(run.stdout);
    expect(report.summary.examplesValidated).toBe(1);
    expect(report.findings.filter((f: { rule: string }) => f.rule === 'example/orphan')).toEqual([]);
    // Once the types file shows one example, an example it does not show is an orphan.
    const showing = unversionedTree();
    const types = lanternTypes.replace(
      '/** Asks a lantern to light. */',
      '/**\n * Asks a lantern to light.\n *\n * @example Porch\n * {@includeCode ./examples/LightRequest/porch.json}\n */',
    );
    writeTree(
      {
        'types/lantern.ts': types,
        'types/examples/LightRequest/porch.json': example,
        'types/examples/LightRequest/hall.json': example,
      },
      showing,
    );
    const shown = JSON.parse((await runCli(['check', '--root', showing, '--format', 'json', '--no-cache'])).stdout);
    expect(
      shown.findings.filter((f: { rule: string }) => f.rule === 'example/orphan').map((f: { file: string }) => f.file),
    ).toEqual(['types/examples/LightRequest/hall.json']);
  });

  it('claims says "the spec", not a version, of an unversioned spec', async () => {
    const run = await runCli(['claims', '--root', unversionedTree()]);
    expect(run.stdout).toContain('no statement in the pages, JSDoc or examples of the spec names one');
    expect(run.stdout).not.toContain(UNVERSIONED);
  });

  it('says --version does not apply to an unversioned spec, in one line', async () => {
    const run = await runCli(['check', '--root', unversionedTree(), '--version', 'draft']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^spec-check: --version draft: the spec has no versions .*\n$/);
  });

  it('a missing prose folder of an unversioned spec is exit 2 with one line', async () => {
    const root = unversionedTree();
    const run = await runCli(['check', '--root', root, '--config', `${root}/spec-check.config.json`]);
    expect(run.code).toBe(1);
    const gone = writeTree({
      'spec-check.config.json': JSON.stringify({ layout: { schema: 'types/lantern.ts', docs: 'nowhere' } }),
      'types/lantern.ts': lanternTypes,
    });
    const missing = await runCli(['check', '--root', gone]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^spec-check: layout\.docs "nowhere" matches no folder in .*\n$/);
  });

  it('orders dates, then version numbers, then other names; draft last', () => {
    const names = ['draft', '3.17', 'v2', '0.10.0', '2025-06-18', '0.3.0', '2024-11-05', '1.0.0', '1.0.0-rc.1', 'next'];
    expect([...names].sort(compareVersions)).toEqual([
      '2024-11-05',
      '2025-06-18',
      '0.3.0',
      '0.10.0',
      '1.0.0-rc.1',
      '1.0.0',
      'v2',
      '3.17',
      'next',
      'draft',
    ]);
  });

  it('names version folders as layout.versions says', () => {
    const dates = versionNameTest({})!;
    const semver = versionNameTest({ versions: 'semver' })!;
    const custom = versionNameTest({ versions: 'lsp-\\d+' })!;
    expect(['2025-06-18', 'draft', '0.3.0'].map(dates)).toEqual([true, true, false]);
    expect(['0.3.0', 'v2', '3.17', '1.0.0-rc.1', 'draft', '2025-06-18', 'latest'].map(semver)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(['lsp-3', 'draft', 'xlsp-3', 'lsp-3x'].map(custom)).toEqual([true, true, false, false]);
    expect(parseConfig('{ "layout": { "versions": "semver" } }').layout?.versions).toBe('semver');
    expect(() => parseConfig('{ "layout": { "versions": "v(" } }')).toThrow(
      /"layout.versions" must be "dates", "semver" or a regular expression .*"v\(" is not a valid one/,
    );
    expect(() => parseConfig('{ "layout": { "versions": 3 } }')).toThrow('"layout.versions" must be');
  });

  it('finds semver-named version folders in their order, and leaves other folders out', async () => {
    const types = (v: string) =>
      `/** The version. */\nexport const LATEST_PROTOCOL_VERSION = "${v}";\n/** A thing. */\nexport interface Thing { name: string }\n`;
    const root = writeTree({
      'spec-check.config.json': JSON.stringify({
        layout: { schema: 'spec/{version}/types.ts', docs: 'site/{version}', versions: 'semver' },
        generate: { dialect: '2020-12' },
      }),
      'spec/0.10.0/types.ts': types('0.10.0'),
      'spec/0.3.0/types.ts': types('0.3.0'),
      'spec/draft/types.ts': types('0.11.0'),
      'spec/shared/types.ts': types('none'),
      'site/0.10.0/index.mdx': '# Things\n\nSee [the older spec](/site/0.3.0/index).\n',
      'site/0.3.0/index.mdx': '# Things\n',
      'site/draft/index.mdx': '# Things\n',
    });
    const spec = await loadSpec(root, {
      layout: { schema: 'spec/{version}/types.ts', docs: 'site/{version}', versions: 'semver' },
    });
    expect(spec.versions.map((v) => v.id)).toEqual(['0.3.0', '0.10.0', 'draft']);
    const run = await runCli(['check', '--root', root, '--format', 'json', '--no-cache', '--version', '0.10.0']);
    expect(JSON.parse(run.stdout).findings.filter((f: { rule: string }) => f.rule.startsWith('input/'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { projectRoot, runCli, writeTree } from './helpers.js';

const schema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/changes.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

/** Two versions: the second adds a member and a request, removes one, changes three things and renames nothing. */
const tree = {
  'schema/2025-01-01/schema.ts': `export interface Widget {
  id: string;
  size?: number;
  /** Kept. */
  shape: "round" | "square";
  params: { cursor?: string; limit: number };
}
export interface PingRequest {
  method: "ping";
}
export type Colour = string;
`,
  'schema/2025-06-01/schema.ts': `export interface Widget {
  id: string;
  size: number;
  /** @deprecated Use outline. */
  shape:
    | "square"
    | "round";
  params: { cursor?: string; limit: number; filter?: string };
  label?: string;
}
export interface DiscoverRequest {
  method: "server/discover";
}
export type Colour = string | number;
`,
  'docs/specification/2025-01-01/index.mdx': '---\ntitle: Overview\n---\n\nFirst.\n',
  'docs/specification/2025-06-01/changelog.mdx':
    '---\ntitle: Key Changes\n---\n\n- Add `label` to `Widget`.\n- Add `server/discover`.\n- Remove `ping`.\n',
};

describe('spec-check changes', () => {
  it('lists what changed, by path, with where the changelog mentions it', async () => {
    const root = writeTree(tree);
    const run = await runCli(['changes', '2025-01-01', '2025-06-01', '--root', root]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'schema/2025-01-01/schema.ts → schema/2025-06-01/schema.ts',
        '  changed  type       Colour                type `string` → `string | number`  schema/2025-06-01/schema.ts:14:13  not in changelog',
        '  added    interface  DiscoverRequest       schema/2025-06-01/schema.ts:11:18  changelog 6:8',
        '  removed  interface  PingRequest           schema/2025-01-01/schema.ts:8:18  changelog 7:11',
        '  added    member     Widget.label          schema/2025-06-01/schema.ts:9:3  changelog 5:8',
        '  added    member     Widget.params.filter  schema/2025-06-01/schema.ts:8:3  not in changelog',
        '  changed  member     Widget.shape          now @deprecated  schema/2025-06-01/schema.ts:5:3  not in changelog',
        '  changed  member     Widget.size           now required  schema/2025-06-01/schema.ts:3:3  not in changelog',
        '',
        '3 added, 1 removed, 3 changed; 3 mentioned in docs/specification/2025-06-01/changelog.mdx',
        '',
      ].join('\n'),
    );
  });

  it('prints one JSON document that conforms to schema/changes.schema.json, the same for the same input', async () => {
    const root = writeTree(tree);
    const args = ['changes', '2025-01-01', '2025-06-01', '--root', root, '--format', 'json'];
    const run = await runCli(args);
    const report = JSON.parse(run.stdout);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.summary).toEqual({ added: 3, removed: 1, changed: 3, mentioned: 3 });
    expect(report.changes.find((c: { path: string }) => c.path === 'Widget.size')).toEqual({
      change: 'changed',
      subject: 'member',
      path: 'Widget.size',
      aspects: ['optionality'],
      from: {
        location: { file: 'schema/2025-01-01/schema.ts', line: 3, column: 3 },
        optional: true,
        type: 'number',
        deprecated: false,
      },
      to: {
        location: { file: 'schema/2025-06-01/schema.ts', line: 3, column: 3 },
        optional: false,
        type: 'number',
        deprecated: false,
      },
      mentioned: null,
    });
    expect((await runCli(args)).stdout).toBe(run.stdout);
  });

  it('says when the later version has no changelog', async () => {
    const root = writeTree({ ...tree, 'docs/specification/2025-06-01/changelog.mdx': '' });
    fs.rmSync(path.join(root, 'docs/specification/2025-06-01/changelog.mdx'));
    const run = await runCli(['changes', '2025-01-01', '2025-06-01', '--root', root]);
    expect(run.stdout).not.toContain('in changelog');
    expect(run.stdout).toMatch(/; no changelog for 2025-06-01\n$/);
    const json = JSON.parse(
      (await runCli(['changes', '2025-01-01', '2025-06-01', '--root', root, '--format', 'json'])).stdout,
    );
    expect(json.changelog).toBeNull();
    expect(json.summary.mentioned).toBe(0);
  });

  it('stops with one line and exit 2 on an unknown version or a schema.ts that does not parse', async () => {
    const root = writeTree(tree);
    const unknown = await runCli(['changes', '2025-01-01', '2024-01-01', '--root', root]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^spec-check: unknown version.*2024-01-01.*\n$/);
    const broken = writeTree({ ...tree, 'schema/2025-06-01/schema.ts': 'export interface Widget {\n  id: string;\n' });
    const run = await runCli(['changes', '2025-01-01', '2025-06-01', '--root', broken]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^spec-check: schema\/2025-06-01\/schema\.ts:3:1: .+\n$/);
  });
});

import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { driftedSpec, sampleSpec, runCli, copyTree, writeTree } from './helpers.js';
import fs from 'node:fs';
import path from 'node:path';

describe('spec-check claims', () => {
  it('prints the claims of the sample spec grouped by version and condition, read with its own WXP vocabulary', async () => {
    const run = await runCli(['claims', '--root', sampleSpec]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      [
        '  value out of range [value-out-of-range]: 4 claims',
        '    rejection (widgets/set result with isRejected: true)',
        '      docs/specification/draft/server/widgets.mdx:98:3  prose: list item under "Rejections"',
        '      "Value out of range"',
      ].join('\n'),
    );
    expect(run.stdout).toContain(
      [
        '    protocol error (JSON-RPC error response)',
        '      schema/draft/schema.ts:291:6  jsdoc-member: SetWidgetResult.isRejected JSDoc',
        '      "An unknown widget id is a protocol error, not a rejection."',
      ].join('\n'),
    );
    expect(run.stdout).toMatch(
      /\n21 claims, 0 skipped statements\n {2}2025-01-15: jsdoc-error 2, jsdoc-member 2, example 1, prose 2, prose-json 0\n {2}draft: jsdoc-error 2, jsdoc-member 2, example 4, prose 4, prose-json 2\n$/,
    );
  });

  it('filters by version and condition, and marks a condition whose sources disagree', async () => {
    const run = await runCli([
      'claims',
      '--root',
      driftedSpec,
      '--version',
      'draft',
      '--condition',
      'widget locked by another client',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  widget locked by another client [widget-locked]: 2 claims  <- CODES DISAGREE\n');
    expect(run.stdout).not.toContain('[unknown-widget]');
    expect(run.stdout).not.toContain('2025-01-15');
  });

  it('prints JSON with claims, skipped statements and retired codes', async () => {
    const run = await runCli(['claims', '--root', sampleSpec, '--format', 'json', '--condition', 'widget-locked']);
    const out = JSON.parse(run.stdout);
    expect(out.claims).toEqual([
      expect.objectContaining({
        version: 'draft',
        condition: 'widget-locked',
        channel: 'protocol-error',
        code: -32030,
        source: 'prose',
        file: 'docs/specification/draft/server/widgets.mdx',
        line: 83,
        column: 3,
      }),
      expect.objectContaining({
        condition: 'widget-locked',
        code: -32030,
        errorType: 'WidgetLockedError',
        source: 'example',
        file: 'schema/draft/examples/WidgetLockedError/locked.json',
      }),
    ]);
    expect(out.retiredCodes).toEqual([
      { version: 'draft', code: -32010, file: 'schema/draft/schema.ts', line: 99, column: 26 },
    ]);
  });

  it('says what it skipped and why', async () => {
    const root = copyTree(sampleSpec);
    const page = path.join(root, 'docs/specification/draft/server/widgets.mdx');
    fs.appendFileSync(page, '\nIn earlier versions an unknown widget was reported as a rejection.\n');
    const run = await runCli(['claims', '--root', root, '--condition', 'unknown-widget']);
    expect(run.stdout).toMatch(
      / {2}skipped \(1\):\n {4}docs\/specification\/draft\/server\/widgets\.mdx:\d+:1 {2}prose \[unknown-widget\]: speaks of other versions or compatibility \("earlier versions"\)\n/,
    );
  });

  it('exits 2 with one line for an unknown condition or a broken vocabulary', async () => {
    const unknown = await runCli(['claims', '--root', sampleSpec, '--condition', 'unknown-tool']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'spec-check: unknown condition: unknown-tool (known: unknown-widget, invalid-cursor, widget-locked, value-out-of-range)\n',
    );

    const root = writeTree({
      'schema/draft/schema.ts': '',
      'spec-check.config.json': '{"vocabulary": {"conditions": {"x": {"label": "x", "phrases": ["(("]}}}}',
    });
    for (const command of ['claims', 'check']) {
      const run = await runCli([command, '--root', root]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^spec-check: vocabulary condition "x": invalid phrase "\(\(": .*\n$/);
    }
  });
});

describe('consistency rules on the sample specs', () => {
  it('checks the sample spec clean with its own vocabulary and with the built-in MCP one', async () => {
    expect((await check(sampleSpec)).findings).toEqual([]);
    expect((await check(sampleSpec, { vocabulary: {} })).findings).toEqual([]);
  });

  it('reports the drift planted in the drifted spec', async () => {
    const findings = (await check(driftedSpec)).findings.filter((f) => f.rule.startsWith('consistency/'));
    const where = findings.map((f) => `${f.rule} ${f.file}:${f.line}:${f.column}`);
    const page = 'docs/specification/draft/server/widgets.mdx';
    // The prose made "value out of range" a protocol error (as does the InvalidParamsError JSDoc);
    // the isRejected JSDoc, the example and the JSON block still say rejection.
    for (const place of [
      `${page}:83:3`,
      `${page}:106:5`,
      'schema/draft/examples/SetWidgetResult/value-out-of-range.json:2:3',
      'schema/draft/schema.ts:140:4',
      'schema/draft/schema.ts:288:6',
    ]) {
      expect(where).toContainEqual(`consistency/error-reporting ${place}`);
    }
    // The prose gives the widget lock the retired code -32010; the example uses -32030.
    expect(where).toContainEqual(`consistency/error-code ${page}:84:3`);
    expect(where).toContainEqual('consistency/error-code schema/draft/examples/WidgetLockedError/locked.json:2:3');
    expect(findings).toContainEqual(
      expect.objectContaining({
        rule: 'consistency/error-code',
        line: 84,
        message:
          'Code -32010 is used here (list item under "Protocol Errors"), but schema/draft/schema.ts declares it retired or reserved in draft: Retired error codes: `-32010` (widget busy, 2025-01-15 only) is never reused.',
      }),
    );
  });
});

describe('a vocabulary drawn from the spec', () => {
  it("reads a result's failure flag that the vocabulary lacks as a channel of its own (found in the schema)", async () => {
    const root = copyTree(sampleSpec);
    const configPath = path.join(root, 'spec-check.config.json');
    const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
    delete config.vocabulary.channels.rejection;
    fs.writeFileSync(configPath, JSON.stringify(config));
    const run = await runCli(['claims', '--root', root, '--format', 'json']);
    const out = JSON.parse(run.stdout);
    // The same claims as with the channel configured, from `isRejected: true` in the prose and JSDoc.
    expect(out.claims).toHaveLength(21);
    expect(out.claims.filter((c: { channel: string }) => c.channel === 'result-flag-isRejected')).toHaveLength(6);
    expect(out.discovered.resultFlags).toEqual([
      { version: '2025-01-15', declaration: 'SetWidgetResult', flag: 'isRejected' },
      { version: 'draft', declaration: 'SetWidgetResult', flag: 'isRejected' },
    ]);
    expect(out.noClaims).toBeUndefined();
  });

  it('says why it found no claim, and what the schema offers instead', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': [
        'export interface JSONRPCErrorResponse { jsonrpc: "2.0"; id: string; error: { code: number; message: string } }',
        'export interface GadgetNotFoundError extends JSONRPCErrorResponse { error: { code: -32010; message: string } }',
        'export interface RunGadgetResult { isFailed?: boolean; output: string }',
      ].join('\n'),
      'docs/specification/draft/index.mdx':
        '# Gadgets\n\nA gadget that cannot be found is reported as a JSON-RPC error.\n',
    });
    const run = await runCli(['claims', '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(-6)).toEqual([
      expect.stringMatching(
        /^No claims: no statement in the pages, JSDoc or examples of 1 version names one of the \d+ failure conditions of the built-in MCP vocabulary \(unknown tool, /,
      ),
      'Channels read: protocol error (JSON-RPC error response); tool execution error (result with isError: true); result with isFailed: true.',
      'Found in the schema: error envelope JSONRPCErrorResponse; result failure flags RunGadgetResult.isFailed.',
      'Error types with a fixed code, whose names suggest conditions: "gadget not found" (GadgetNotFoundError, -32010).',
      'Conditions are the spec\'s own: name them, with the phrases its prose uses, under "vocabulary.conditions" in spec-check.config.json (docs/adoption.md, section 2).',
      '',
    ]);
    const json = JSON.parse((await runCli(['claims', '--root', root, '--format', 'json'])).stdout);
    expect(json.noClaims[0]).toMatch(/^No claims: /);
    expect(json.discovered.errorTypes).toEqual([
      { version: 'draft', declaration: 'GadgetNotFoundError', code: -32010, condition: 'gadget not found' },
    ]);
  });

  it('finds the error envelope in the base protocol of an extension (config extends)', async () => {
    const root = writeTree({
      'src/gadgets.types.ts': 'export interface RunGadgetResult { output: string }\n',
      'base/schema.ts':
        'export interface JSONRPCErrorResponse { jsonrpc: "2.0"; id: string; error: { code: number; message: string } }\n',
      'docs/draft/index.mdx': '# Gadgets\n\nA gadget runs.\n',
      'spec-check.config.json': JSON.stringify({
        layout: { schema: 'src/gadgets.types.ts', docs: 'docs/{version}' },
        extends: { schema: 'base/schema.ts', imports: ['@gadgets/base'] },
      }),
    });
    const json = JSON.parse((await runCli(['claims', '--root', root, '--format', 'json'])).stdout);
    expect(json.discovered.errorEnvelopes).toEqual([{ version: 'base protocol', declaration: 'JSONRPCErrorResponse' }]);
  });
});

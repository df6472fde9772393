import { describe, expect, it } from 'vitest';
import { edit, lineOf, runCli, writeTree } from './helpers.js';

const PAGE = 'docs/specification/draft/server/lamps.mdx';
const SEP = 'seps/4321-lamp-faults.md';

/** The Faults section the SEP proposes, as the page carries it when the two agree. */
const SECTION = [
  '## Faults',
  '',
  'Lamps report faults in two ways:',
  '',
  '- Bulb failures (the filament broke or the bulb is missing)',
  '- Power failures (the mains dropped or the fuse blew)',
  '- Overheating (the housing passed its rated temperature)',
  '',
  'Clients **SHOULD** show a fault to the user before they retry the request.',
  'Servers clear a fault once the lamp reports that it is on again.',
  'Faults are reported as of this specification version.',
].join('\n');

function tree(page = SECTION): Record<string, string> {
  return {
    'schema/draft/schema.ts': 'export interface Lamp {\n  id: string;\n}\n',
    [PAGE]: `---\ntitle: Lamps\n---\n\n## Switching\n\nA lamp is switched with one request.\n\n${page}\n`,
    [SEP]: [
      '# SEP-4321: Lamp faults',
      '',
      '- **Status**: Draft',
      '- **Type**: Standards Track',
      '- **Created**: 2026-02-01',
      '- **Author(s)**: The lamp maintainers',
      '- **Sponsor**: The lamp maintainers',
      '',
      '## Specification',
      '',
      `Proposed wording for \`${PAGE}\`:`,
      '',
      '```md',
      SECTION,
      '```',
      '',
    ].join('\n'),
  };
}

interface Found {
  rule: string;
  severity: string;
  message: string;
  file: string;
  line: number;
}

async function diff(root: string, sep = SEP): Promise<{ code: number; findings: Found[]; stdout: string }> {
  const run = await runCli(['sep-diff', sep, '--root', root, '--format', 'json']);
  expect(run.stderr).toBe('');
  return { code: run.code, findings: JSON.parse(run.stdout).findings, stdout: run.stdout };
}

describe('wording a SEP proposes for a named page, by default', () => {
  it('reports nothing when the page carries the block, rewrapped, with other markup and quotes', async () => {
    const root = writeTree(tree());
    // Line wrapping, emphasis, code spans, a link, curly quotes: the same words.
    edit(
      root,
      PAGE,
      'Clients **SHOULD** show a fault to the user before they retry the request.',
      'Clients **SHOULD** show a *fault* to the\n[user](/users) before they retry the `request`.',
    );
    edit(root, PAGE, 'Lamps report faults in two ways:', 'Lamps report faults in two ways :');
    edit(root, PAGE, 'that it is on again.', 'that it’s on again.');
    edit(root, SEP, 'that it is on again.', "that it's on again.");
    edit(root, PAGE, '- Bulb failures', '* Bulb   failures');
    // What the SEP's words about itself refer to, written out.
    edit(root, PAGE, 'as of this specification version.', 'as of protocol version 2026-05-01 (SEP-4321).');
    const { code, findings } = await diff(root);
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  });

  it('reports a dropped clause, a moved bullet and a reworded sentence, each once, at warning', async () => {
    const root = writeTree(tree());
    // A clause dropped.
    edit(root, PAGE, '- Bulb failures (the filament broke or the bulb is missing)', '- Bulb failures');
    // A bullet moved: one finding, not a missing item and an extra one.
    edit(
      root,
      PAGE,
      '- Power failures (the mains dropped or the fuse blew)\n- Overheating (the housing passed its rated temperature)',
      '- Overheating (the housing passed its rated temperature)\n- Power failures (the mains dropped or the fuse blew)',
    );
    // Not only the version written out: a condition added.
    edit(root, PAGE, 'as of this specification version.', 'as of version 2026-05-01 and later.');
    // A sentence reworded.
    edit(
      root,
      PAGE,
      'Servers clear a fault once the lamp reports that it is on again.',
      'Servers keep a fault until an operator acknowledges it.',
    );
    const { code, findings } = await diff(root);
    expect(code).toBe(0);
    expect(findings.map((f) => [f.rule, f.severity, f.line])).toEqual([
      ['sep-diff/proposed-wording', 'warning', lineOf(root, PAGE, '- Bulb failures')],
      ['sep-diff/order', 'warning', lineOf(root, PAGE, '- Power failures')],
      ['sep-diff/proposed-wording', 'warning', lineOf(root, PAGE, 'Servers keep a fault')],
      ['sep-diff/proposed-wording', 'warning', lineOf(root, PAGE, 'and later')],
    ]);
    expect(findings[0].message).toBe(
      'The page words this item differently from the SEP: “Bulb failures” where the SEP has “Bulb failures (the filament broke or the bulb is missing)”',
    );
    expect(findings[1].message).toBe(
      'The item “Power failures (the mains dropped or the fuse ble…” is out of the SEP’s order: 2nd in the SEP, 3rd in the page',
    );
    expect(findings[2].message).toContain('Servers keep a fault until an operator acknowledges it.');
    // The kinds are rules: the config turns one off, and the report says what it left out.
    const off = await runCli([
      'sep-diff',
      SEP,
      '--root',
      root,
      '--rule',
      'sep-diff/proposed-wording=off',
      '--format',
      'json',
    ]);
    const report = JSON.parse(off.stdout);
    expect(report.findings.map((f: Found) => f.rule)).toEqual(['sep-diff/order']);
    expect(report.summary.differencesNotReported).toBe(3);
  });

  it('leaves wording found by searching the pages for the Specification section to sep-diff/reworded, off', async () => {
    // The same section, but written in the SEP as prose, naming no page: searched, not proposed.
    const files = tree();
    files[SEP] = files[SEP].replace(`Proposed wording for \`${PAGE}\`:\n\n\`\`\`md\n## Faults\n`, '').replace(
      /```\n$/,
      '',
    );
    const root = writeTree(files);
    edit(
      root,
      PAGE,
      'Clients **SHOULD** show a fault to the user before they retry the request.',
      'Clients **SHOULD** show a fault to the operator before they retry the request.',
    );
    const run = await runCli(['sep-diff', SEP, '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Not reported, their rules being off: 1 sep-diff/reworded');
    expect(run.stdout).not.toContain('proposed-wording');
  });
});

describe('sep-diff <number>', () => {
  it('finds the SEP of that number in the SEP folder; a path still works; an unknown number is a usage error', async () => {
    const root = writeTree(tree());
    edit(root, PAGE, '- Bulb failures (the filament broke or the bulb is missing)', '- Bulb failures');
    const byNumber = await diff(root, '4321');
    const byPath = await diff(root, SEP);
    expect(byNumber.stdout).toBe(byPath.stdout);
    expect(byNumber.findings.map((f) => f.rule)).toEqual(['sep-diff/proposed-wording']);
    // Leading zeros in the file name, or in the argument, name the same number.
    writeTree({ 'seps/0077-dimmers.md': '# SEP-77: Dimmers\n' }, root);
    expect((await runCli(['sep-diff', '77', '--root', root])).code).toBe(0);
    expect((await diff(root, '004321')).stdout).toBe((await diff(root, SEP)).stdout);
    const unknown = await runCli(['sep-diff', '999', '--root', root]);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe('spec-check: no SEP 999: seps/ has no 999-*.md\n');
    // The configured SEP folder is the one searched.
    writeTree(
      {
        'spec-check.config.json': JSON.stringify({ layout: { seps: 'proposals' } }),
        'proposals/4321-lamp-faults.md': tree()[SEP],
      },
      root,
    );
    const moved = await runCli(['sep-diff', '4321', '--root', root, '--format', 'json']);
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout).findings.map((f: Found) => f.rule)).toEqual(['sep-diff/proposed-wording']);
  });
});

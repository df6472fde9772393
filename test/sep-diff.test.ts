import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  copyTree,
  driftedSpec,
  edit,
  lineOf,
  projectRoot,
  runCli,
  sampleSpec,
  writeTree,
  projectOf,
  wordByWord,
} from './helpers.js';
import { loadSpec } from '../src/sources/load.js';
import { sepDiff } from '../src/sep-diff/index.js';
import type { Rule } from '../src/core/rule.js';

const reportSchema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/report.schema.json'), 'utf8'));
const validateReport = new Ajv2020({ strict: true, allErrors: true }).compile(reportSchema);

const SEP = 'seps/12-widget-locking.md';
const PAGE = 'docs/specification/draft/server/widgets.mdx';
const SCHEMA = 'schema/draft/schema.ts';

interface Found {
  rule: string;
  severity: string;
  message: string;
  file: string;
  line: number;
  column: number;
  related: { file: string; line: number; column: number; message: string }[];
}

async function diff(root: string, sep = SEP): Promise<{ code: number; findings: Found[]; stdout: string }> {
  const run = await runCli(['sep-diff', sep, '--root', root, '--format', 'json']);
  expect(run.stderr).toBe('');
  const report = JSON.parse(run.stdout);
  expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
  return { code: run.code, findings: report.findings, stdout: run.stdout };
}

/** 1-based column of `needle` in the first line holding `lineNeedle` (default: the needle itself). */
function columnOf(root: string, rel: string, needle: string, lineNeedle = needle): number {
  const line = fs.readFileSync(path.join(root, rel), 'utf8').split('\n')[lineOf(root, rel, lineNeedle) - 1];
  const i = line.indexOf(needle);
  if (i < 0) throw new Error(`${needle} not on the line of ${lineNeedle}`);
  return i + 1;
}

/** `export interface NAME` with one member, whose doc comment is `lines`. */
function commented(name: string, lines: string[], member = 'label?: string;'): string {
  return [
    `export interface ${name} {`,
    '  /**',
    ...lines.map((l) => `   * ${l}`),
    '   */',
    `  ${member}`,
    '}',
    '',
  ].join('\n');
}

/** A SEP whose one proposal is a TypeScript block. */
function sepProposing(title: string, typescript: string): string {
  return [`# ${title}`, '', '```ts', typescript.trimEnd(), '```', ''].join('\n');
}

const at = (root: string, rel: string, needle: string, lineNeedle = needle) => ({
  file: rel,
  line: lineOf(root, rel, lineNeedle),
  column: columnOf(root, rel, needle, lineNeedle),
});

describe('sep-diff on the sample spec', () => {
  it('reports nothing when the docs, schema.ts and examples follow the SEP (exit 0)', async () => {
    const run = await runCli(['sep-diff', SEP, '--root', sampleSpec]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${PAGE} (Error Handling): 8 of 8 proposed items and sentences found`);
    expect(run.stdout).toContain(`${SCHEMA} WidgetLockedError: 1 of 1`);
    expect(run.stdout).toContain('Message templates: 2; example messages checked: 2');
    expect(run.stdout).toContain('No differences in what was compared.');
    expect(run.stdout).not.toContain('the spec follows the SEP');
    expect((await diff(sampleSpec)).findings).toEqual([]);
  });

  it('reports each kind of drift once, in the spec with the SEP wording as related location', async () => {
    const root = wordByWord(copyTree(sampleSpec));
    // A clause dropped inside a list item.
    edit(root, PAGE, '- Widget locked by another client (`-32030`)', '- Widget locked by another client');
    // Two items of a numbered list swapped (both sides numbered first).
    for (const file of [SEP, PAGE])
      edit(
        root,
        file,
        '- Unknown widget id\n- Invalid or expired cursor\n- Widget locked by another client',
        '1. Unknown widget id\n2. Invalid or expired cursor\n3. Widget locked by another client',
      );
    edit(
      root,
      PAGE,
      '1. Unknown widget id\n2. Invalid or expired cursor\n',
      '1. Invalid or expired cursor\n2. Unknown widget id\n',
    );
    // A sentence rewritten.
    edit(root, PAGE, 'WXP reports failures through two channels.', 'WXP has two ways to report a failure.');
    // An RFC 2119 keyword changed.
    edit(root, PAGE, 'Servers **SHOULD** include', 'Servers **MUST** include');
    // An item the SEP proposes, dropped.
    edit(root, PAGE, '- Value out of range\n', '');
    // A sentence the SEP does not propose, added.
    edit(root, PAGE, '**Rejections**:', 'Clients show the message to the user.\n\n**Rejections**:');
    // An example message that does not follow the template.
    edit(root, PAGE, '"message": "Unknown widget: kitchen-dimmer"', '"message": "Unknown widget kitchen-dimmer"');
    // JSDoc that differs from the proposed JSDoc.
    edit(root, SCHEMA, 'the sender may retry after', 'the sender must retry after');

    const { code, findings } = await diff(root);
    expect(code).toBe(1);
    const sepAt = (needle: string, lineNeedle = needle) => expect.objectContaining(at(root, SEP, needle, lineNeedle));
    const expected = [
      {
        rule: 'sep-diff/proposed-wording',
        ...at(root, PAGE, 'WXP has two ways'),
        message: expect.stringContaining(
          'The page words this sentence differently from the SEP: “WXP has two ways to report a failure.”',
        ),
        related: [sepAt('WXP reports failures')],
      },
      {
        rule: 'sep-diff/order',
        ...at(root, PAGE, 'Unknown widget id'),
        message: 'The item “Unknown widget id” is out of the SEP’s order: 1st in the SEP, 2nd in the page',
        related: [sepAt('Unknown widget id')],
      },
      {
        rule: 'sep-diff/proposed-wording',
        file: PAGE,
        line: lineOf(root, PAGE, '3. Widget locked by another client'),
        column: '3. Widget locked by another client'.length + 1,
        message: 'This item differs from the SEP’s wording in the page: “Widget locked by another client [-(-32030)-]”',
        related: [sepAt('(`-32030`)', '3. Widget locked by another client')],
      },
      {
        rule: 'sep-diff/template',
        ...at(root, PAGE, 'Unknown widget kitchen-dimmer'),
        message:
          'The example message “Unknown widget kitchen-dimmer” does not follow the SEP’s template “Unknown widget: <id>”',
        related: [sepAt('Unknown widget: <id>')],
      },
      {
        rule: 'sep-diff/extra',
        ...at(root, PAGE, 'Clients show the message'),
        message:
          'The page has the sentence “Clients show the message to the user.”, which the SEP’s proposed wording lacks',
        related: [expect.objectContaining({ file: SEP })],
      },
      {
        rule: 'sep-diff/missing',
        ...at(root, PAGE, 'Rejections', '**Rejections**'),
        message: expect.stringMatching(
          /^The page lacks the item “Value out of range” that the SEP proposes after “Rejections: reported in a widgets\/set/,
        ),
        related: [sepAt('Value out of range', '- Value out of range')],
      },
      {
        rule: 'sep-diff/keyword',
        ...at(root, PAGE, 'MUST', 'Servers **MUST**'),
        message: expect.stringContaining('The page says MUST where the SEP says SHOULD'),
        related: [sepAt('SHOULD', 'Servers **SHOULD**')],
      },
      {
        rule: 'sep-diff/changed',
        ...at(root, SCHEMA, 'must retry'),
        message:
          'This sentence differs from the SEP’s wording in the JSDoc in schema.ts: “Another client holds the lock on the widget; the sender [-may-] {+must+} retry after retryAfterMs.”',
        related: [sepAt('may retry')],
      },
    ];
    expect(findings).toEqual(expected.map((e) => expect.objectContaining(e)));
    // Without the config that turns them on, the word-level kinds of JSDoc are not reported; the
    // others are, the wording proposed for the page included.
    const configFile = path.join(root, 'spec-check.config.json');
    const { rules: _on, ...config } = JSON.parse(fs.readFileSync(configFile, 'utf8'));
    fs.writeFileSync(configFile, JSON.stringify(config));
    const byDefault = await diff(root);
    expect(byDefault.findings).toEqual(
      expected.filter((e) => e.rule !== 'sep-diff/changed').map((e) => expect.objectContaining(e)),
    );
  });

  it('reports a bulleted item moved in wording proposed for the page once, as out of order', async () => {
    const root = copyTree(sampleSpec);
    edit(
      root,
      PAGE,
      '- Unknown widget id\n- Invalid or expired cursor\n',
      '- Invalid or expired cursor\n- Unknown widget id\n',
    );
    const { code, findings } = await diff(root);
    expect(code).toBe(0);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/order',
        severity: 'warning',
        ...at(root, PAGE, 'Unknown widget id'),
        message: 'The item “Unknown widget id” is out of the SEP’s order: 1st in the SEP, 2nd in the page',
        related: [expect.objectContaining(at(root, SEP, 'Unknown widget id'))],
      }),
    ]);
  });

  it('says how many differences it found of the kinds that are off, and --rule turns one on', async () => {
    const root = copyTree(sampleSpec);
    // A word of the JSDoc the SEP proposes changed in schema.ts (sep-diff/changed ships off).
    edit(root, SCHEMA, 'the sender may retry after', 'the sender must retry after');
    const run = await runCli(['sep-diff', SEP, '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Not reported, their rules being off: 1 sep-diff/changed (these kinds ship off: wording differences are mostly editorial; --rule sep-diff/changed=warning or the config's rules show them).",
    );
    const on = await runCli([
      'sep-diff',
      SEP,
      '--root',
      root,
      '--rule',
      'sep-diff/changed=warning',
      '--format',
      'json',
    ]);
    expect(on.code).toBe(0);
    const report = JSON.parse(on.stdout);
    expect(report.findings.map((f: Found) => [f.rule, f.severity])).toEqual([['sep-diff/changed', 'warning']]);
    expect(report.summary.differencesNotReported).toBe(0);
    const bad = await runCli(['sep-diff', SEP, '--root', root, '--rule', 'sep-diff/chnged=warning']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('spec-check: --rule: unknown rule "sep-diff/chnged" (did you mean "sep-diff/changed"?)\n');
  });

  it('reports the SEP’s own example message when it does not follow its template', async () => {
    const root = copyTree(sampleSpec);
    edit(root, SEP, '"message": "Widget locked by another client"', '"message": "Widget locked by client-7"');
    const { code, findings } = await diff(root);
    expect(code).toBe(1);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/template',
        ...at(root, SEP, 'Widget locked by client-7'),
        message:
          'The SEP’s own example message “Widget locked by client-7” does not follow the SEP’s template “Widget locked by another client”',
        related: [expect.objectContaining(at(root, SEP, 'Widget locked by another client`'))],
      }),
    ]);
  });

  it('locates a proposal without a heading by the section named beside the target, and by best alignment', async () => {
    const root = wordByWord(copyTree(sampleSpec));
    const fragment = (intro: string) =>
      `# SEP-20: Paging\n\n${intro}\n\n\`\`\`\nTo list widgets, the client sends a \`widgets/list\` request. Results are paged; pass the\n\`nextCursor\` of one page as the \`cursor\` of the next request.\n\`\`\`\n`;
    fs.writeFileSync(path.join(root, 'seps/20-a.md'), fragment(`Proposed wording for \`${PAGE}\` (Listing widgets):`));
    fs.writeFileSync(path.join(root, 'seps/21-b.md'), fragment(`Proposed wording for \`${PAGE}\`:`));
    for (const sep of ['seps/20-a.md', 'seps/21-b.md']) {
      const run = await runCli(['sep-diff', sep, '--root', root]);
      expect(run.stdout).toContain(`${PAGE} (Listing widgets): 2 of 2 proposed items and sentences found`);
      expect(run.code).toBe(0);
    }
    edit(root, PAGE, 'Results are paged; pass', 'Results are paged; always pass');
    const { findings } = await diff(root, 'seps/21-b.md');
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/proposed-wording',
        ...at(root, PAGE, 'always'),
        message:
          'This sentence differs from the SEP’s wording in the page: “Results are paged; {+always+} pass the nextCursor of one page as the cursor of the next request.”',
      }),
    ]);
    // Wording proposed for a named page is compared by default: the same finding, a warning (exit 0).
    fs.rmSync(path.join(root, 'spec-check.config.json'));
    const byDefault = await runCli(['sep-diff', 'seps/21-b.md', '--root', root]);
    expect(byDefault.code).toBe(0);
    expect(byDefault.stdout).toContain('warning  This sentence differs from the SEP’s wording in the page');
    expect(byDefault.stdout).not.toContain('Not reported');
  });

  it('reports a target page the spec does not have, at the place the SEP names it', async () => {
    const root = copyTree(sampleSpec);
    edit(
      root,
      SEP,
      'Proposed draft wording for `docs/specification/draft/server/widgets.mdx`',
      'Proposed draft wording for `docs/specification/draft/server/gadgets.mdx`',
    );
    const { findings } = await diff(root);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/target',
        ...at(root, SEP, 'docs/specification/draft/server/gadgets.mdx'),
        message:
          'The SEP proposes wording for docs/specification/draft/server/gadgets.mdx, but the spec has no such page',
      }),
    ]);
  });

  it('holds the target page’s messages to the SEP’s example messages when the SEP states no template', async () => {
    const root = copyTree(sampleSpec);
    fs.writeFileSync(
      path.join(root, 'seps/31-retry-hints.md'),
      [
        '# SEP-31: Retry hints',
        '',
        `This SEP changes \`${PAGE}\` so that errors say how to recover:`,
        '',
        '```json',
        '{ "jsonrpc": "2.0", "id": 3, "error": { "code": -32602, "message": "Unknown widget: porch-light. List widgets again and retry." } }',
        '```',
        '',
        'A message that names no value gives no template:',
        '',
        '```json',
        '{ "jsonrpc": "2.0", "id": 4, "error": { "code": -32602, "message": "Value out of range: too high" } }',
        '```',
        '',
      ].join('\n'),
    );
    const { findings } = await diff(root, 'seps/31-retry-hints.md');
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/template',
        ...at(root, PAGE, 'Unknown widget: kitchen-dimmer'),
        message:
          'The example message “Unknown widget: kitchen-dimmer” does not follow the SEP’s example message “Unknown widget: porch-light. List widgets again and retry.”',
        related: [
          expect.objectContaining({
            ...at(root, 'seps/31-retry-hints.md', 'Unknown widget: porch-light'),
            message: 'the SEP’s example message',
          }),
        ],
      }),
    ]);
    edit(
      root,
      PAGE,
      '"Unknown widget: kitchen-dimmer"',
      '"Unknown widget: kitchen-dimmer. List widgets again and retry."',
    );
    expect((await diff(root, 'seps/31-retry-hints.md')).findings).toEqual([]);
  });

  it('reads templates from a list a paragraph introduces, matches messages by the item’s label, and reads the texts of error results', async () => {
    const root = copyTree(sampleSpec);
    const SEP33 = 'seps/33-failure-texts.md';
    fs.writeFileSync(
      path.join(root, SEP33),
      [
        '# SEP-33: Failure texts',
        '',
        `This SEP changes \`${PAGE}\`.`,
        '',
        'Servers **SHOULD** put a short text in a failed result. Recommended patterns:',
        '',
        '- Dimmer stuck: `Dimmer stuck at <level>. Try again later.`',
        '- Bulb missing: `No bulb in <socket>.`',
        '- A request line is no message: `GET /widgets/{id}/state`',
        '- `Servers MUST answer <id>` quotes a requirement',
        '',
        '```json',
        '{ "jsonrpc": "2.0", "id": 8, "result": { "content": [{ "type": "text", "text": "No bulb in hall-lamp." }], "isError": true } }',
        '```',
        '',
      ].join('\n'),
    );
    const block = (id: number, text: string, isError = true) =>
      `\n\`\`\`json\n{ "jsonrpc": "2.0", "id": ${id}, "result": { "content": [{ "type": "text", "text": "${text}" }]${isError ? ', "isError": true' : ''} } }\n\`\`\`\n`;
    fs.appendFileSync(
      path.join(root, PAGE),
      [
        block(20, 'Dimmer stuck at 40%. Try again later.'),
        // By the label: "Bulb missing" is the item's condition, and the text is not the item's template.
        block(21, 'Bulb missing from hall-lamp'),
        // Not an error result: its text is content, not a message.
        block(22, 'Dimmer stuck: the user asked to know', false),
        block(23, 'Dimmer stuck, no level given'),
      ].join(''),
    );
    const run = await runCli(['sep-diff', SEP33, '--root', root]);
    expect(run.stdout).toContain('Message templates: 2; example messages checked:');
    const { findings } = await diff(root, SEP33);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/template',
        ...at(root, PAGE, 'Bulb missing from hall-lamp'),
        message:
          'The example message “Bulb missing from hall-lamp” does not follow the SEP’s template “No bulb in <socket>.”',
        related: [
          expect.objectContaining({ ...at(root, SEP33, 'No bulb in <socket>.'), message: 'the SEP’s template' }),
        ],
      }),
      expect.objectContaining({
        rule: 'sep-diff/template',
        ...at(root, PAGE, 'Dimmer stuck, no level given'),
        message:
          'The example message “Dimmer stuck, no level given” does not follow the SEP’s template “Dimmer stuck at <level>. Try again later.”',
      }),
    ]);
  });

  it('compares proposed JSDoc by summary and @deprecated tag, and a proposal block found by its heading', async () => {
    const schema = [
      'export interface Gadget {',
      '  /**',
      "   * The gadget's label.",
      '   *',
      '   * @deprecated Use `title` instead; servers MAY still send it.',
      '   */',
      '  label?: string;',
      '  /**',
      "   * The gadget's title.",
      '   */',
      '  title: string;',
      '}',
      '',
    ].join('\n');
    const sep = [
      '# SEP-32: Titles',
      '',
      '### Changes to `docs/specification/draft/p.mdx`',
      '',
      'Add a warning:',
      '',
      '```mdx',
      '<Warning>',
      '**Deprecated** since <YYYY-MM-DD>: clients read `title`.',
      '</Warning>',
      '```',
      '',
      '```ts',
      'export interface Gadget {',
      '  /**',
      "   * The gadget's label.",
      '   *',
      '   * @deprecated Use `title` instead; servers SHOULD still send it.',
      '   */',
      '  label?: string;',
      '  /**',
      "   * The gadget's title.",
      '   *',
      '   * @deprecated Never.',
      '   */',
      '  title: string;',
      '}',
      '```',
      '',
    ].join('\n');
    const page =
      '---\ntitle: P\n---\n\n<Warning>\n**Deprecated** since <YYYY-MM-DD>: clients read `title`.\n</Warning>\n';
    const root = wordByWord(
      writeTree({
        'schema/draft/schema.ts': schema,
        'docs/specification/draft/p.mdx': page.replace('<YYYY-MM-DD>', '2026-01-01'),
        'seps/32-titles.md': sep,
      }),
    );
    const run = await runCli(['sep-diff', 'seps/32-titles.md', '--root', root]);
    // The MDX block parses with its placeholder kept as text.
    expect(run.stdout).toContain('docs/specification/draft/p.mdx: 1 of 1 proposed items and sentences found');
    expect(run.stdout).toContain('schema/draft/schema.ts Gadget.label: 2 of 2');
    const { findings } = await diff(root, 'seps/32-titles.md');
    const S = 'schema/draft/schema.ts';
    // The page fills in the SEP's placeholder with a date: not a change of wording.
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/keyword',
        ...at(root, S, 'MAY'),
        message:
          'The @deprecated tag in schema.ts says MAY where the SEP says SHOULD: “Use title instead; servers [-SHOULD-] {+MAY+} still send it.”',
        related: [expect.objectContaining(at(root, 'seps/32-titles.md', 'SHOULD'))],
      }),
      expect.objectContaining({
        rule: 'sep-diff/missing',
        file: S,
        line: lineOf(root, S, "   * The gadget's title.") - 1,
        column: 3,
        message: 'The JSDoc in schema.ts has no @deprecated tag; the SEP proposes one: “Never.”',
      }),
    ]);
  });

  it('reports a keyword changed with its verb’s agreement once, as a keyword change', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': commented('Gadget', ['Consumers SHOULD take care when showing the label to users.']),
      'seps/33-labels.md': sepProposing(
        'SEP-33: Labels',
        commented('Gadget', ['Consumers MUST takes care when showing the label to users.']),
      ),
    });
    const { findings } = await diff(root, 'seps/33-labels.md');
    expect(findings.map((f) => [f.rule, f.message])).toEqual([
      [
        'sep-diff/keyword',
        'The JSDoc in schema.ts says SHOULD where the SEP says MUST: “Consumers [-MUST takes-] {+SHOULD take+} care when showing the label to users.”',
      ],
    ]);
  });

  it('takes a TypeScript block’s shortened comments as a restatement: only a requirement schema.ts lacks is reported', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': commented('Gadget', [
        'The label of the gadget.',
        'It is shown in lists of gadgets.',
        'Default: the gadget’s name.',
      ]),
      'seps/34-labels.md': sepProposing(
        'SEP-34: Labels',
        commented('Gadget', [
          'The label of the gadget.',
          'Present only when the gadget has a name.',
          'Clients MUST NOT show an empty label.',
        ]),
      ),
    });
    const { findings } = await diff(root, 'seps/34-labels.md');
    // Neither the two sentences only schema.ts has, nor the plain one only the SEP has: the requirement is.
    expect(findings.map((f) => [f.rule, f.message])).toEqual([
      [
        'sep-diff/missing',
        'The JSDoc in schema.ts lacks the sentence “Clients MUST NOT show an empty label.” that the SEP proposes after “The label of the gadget.”',
      ],
    ]);
  });

  it('does not take a proposed sentence schema.ts has in another declaration’s comment for a missing one', async () => {
    const sepText = sepProposing(
      'SEP-35: Labels',
      commented('Gadget', ['The label of the gadget.', 'Clients MUST NOT show an empty label.']),
    );
    const moved = writeTree({
      'schema/draft/schema.ts':
        commented('Gadget', ['The label of the gadget.']) +
        commented('Labelled', ['Labels of things.', 'Clients MUST NOT show an empty label.'], 'labels?: string[];'),
      'seps/35-labels.md': sepText,
    });
    expect((await diff(moved, 'seps/35-labels.md')).findings).toEqual([]);
    // Said nowhere in schema.ts, it is missing.
    const lost = writeTree({
      'schema/draft/schema.ts': commented('Gadget', ['The label of the gadget.']),
      'seps/35-labels.md': sepText,
    });
    expect((await diff(lost, 'seps/35-labels.md')).findings.map((f) => f.rule)).toEqual(['sep-diff/missing']);
  });

  it('reads {@link} as the name it shows, and reports a keyword change once, without its other words again', async () => {
    const kinds = (lines: string[]) => commented('Gadget', lines, 'kinds?: string[];');
    const root = writeTree({
      'schema/draft/schema.ts': kinds([
        'The kinds of {@link Gadget} a picker offers, and {@link Gadget.kinds | the kinds} it keeps.',
        'If omitted, every kind is offered.',
      ]),
      'seps/36-kinds.md': sepProposing(
        'SEP-36: Kinds',
        kinds([
          'The kinds of Gadget a picker offers, and the kinds it keeps.',
          'If omitted, the picker SHOULD offer every kind.',
        ]),
      ),
    });
    const { findings } = await diff(root, 'seps/36-kinds.md');
    expect(findings.map((f) => [f.rule, f.message])).toEqual([
      [
        'sep-diff/keyword',
        'The JSDoc in schema.ts drops the SEP’s SHOULD: “If omitted, [-the picker SHOULD offer-] every kind {+is offered.+}”',
      ],
    ]);
  });

  it('reads a diff block as the wording it proposes: added and context lines', async () => {
    const root = copyTree(sampleSpec);
    fs.writeFileSync(
      path.join(root, 'seps/33-range.md'),
      [
        '# SEP-33: Ranges',
        '',
        `Change in \`${PAGE}\`:`,
        '',
        '```diff',
        "-Servers **MAY** include the widget's range in the `reason`, so the user can pick a value",
        "+Servers **SHOULD** include the widget's range in the `reason`, so the user can pick a value",
        ' that the widget accepts.',
        '```',
        '',
      ].join('\n'),
    );
    expect((await diff(root, 'seps/33-range.md')).findings).toEqual([]);
    edit(root, PAGE, 'Servers **SHOULD** include', 'Servers **MAY** include');
    expect((await diff(root, 'seps/33-range.md')).findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/keyword',
        ...at(root, PAGE, 'MAY', 'Servers **MAY**'),
        related: [expect.objectContaining(at(root, 'seps/33-range.md', 'SHOULD', '+Servers'))],
      }),
    ]);
  });

  it('picks, among sections with the same heading, the one whose wording aligns best', async () => {
    const page =
      '---\ntitle: P\n---\n\n## Dials\n\n### Example\n\nA dial turns between its minimum and maximum.\n\n## Switches\n\n### Example\n\nA switch is either on or off, and clients flip it with one request.\n';
    const sep =
      '# SEP-30: Switches\n\nProposed wording for `docs/specification/draft/p.mdx`:\n\n```md\n### Example\n\nA switch is either on or off, and clients toggle it with one request.\n```\n';
    const root = wordByWord(
      writeTree({
        'schema/draft/schema.ts': 'export interface A {}\n',
        'docs/specification/draft/p.mdx': page,
        'seps/30-switches.md': sep,
      }),
    );
    const { findings } = await diff(root, 'seps/30-switches.md');
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/proposed-wording',
        ...at(root, 'docs/specification/draft/p.mdx', 'flip'),
        message:
          'This sentence differs from the SEP’s wording in the page: “A switch is either on or off, and clients [-toggle-] {+flip+} it with one request.”',
      }),
    ]);
  });

  it('says that a target page which does not parse was not compared, at the parse error', async () => {
    const root = copyTree(sampleSpec);
    edit(root, PAGE, '## Error Handling\n', '## Error Handling\n\n<Note>\n');
    const { findings } = await diff(root);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/target',
        file: PAGE,
        message: expect.stringMatching(
          /^The page the SEP proposes wording for does not parse, so it was not compared: /,
        ),
        related: [expect.objectContaining({ file: SEP, line: lineOf(root, SEP, '```md') })],
      }),
    ]);
  });

  it('includes prose/ findings in the SEP, and nothing else of the tree (consistency findings are check’s)', async () => {
    const spec = await loadSpec(sampleSpec);
    const report = (id: string, file: string, related: string[] = [], code = -32030): Rule => ({
      meta: { id, description: 'test rule', rationale: 'test', defaultSeverity: 'error' },
      check: (_project, ctx) =>
        ctx.report({
          message: `${id} on ${file}, code ${code}`,
          location: { file, line: 3, column: 1 },
          related: related.map((r) => ({ file: r, line: 1, column: 1, message: 'see' })),
        }),
    });
    const rules = [
      report('prose/json-fake', SEP),
      report('prose/json-elsewhere', PAGE),
      report('consistency/on-page', PAGE),
      report('consistency/related-to-schema', 'docs/specification/draft/basic/messages.mdx', [SCHEMA]),
      report('consistency/unrelated', 'docs/specification/draft/basic/messages.mdx'),
      report('consistency/code-the-sep-never-uses', PAGE, [], -32099),
      report('example/other-area', PAGE),
    ];
    const result = sepDiff(
      projectOf(spec),
      spec.seps.find((s) => s.path === SEP)!,
      { rules },
    );
    expect(result.changedFiles).toEqual([PAGE, SCHEMA]);
    expect(result.findings.map((f) => f.rule).sort()).toEqual(['prose/json-fake']);
  });
});

describe('sep-diff command', () => {
  it('says in one line that a SEP proposes no wording (exit 0)', async () => {
    const root = writeTree({
      'schema/draft/schema.ts': 'export interface A {}\n',
      'seps/1-idea.md': '# SEP-1: Idea\n\nWe should think about widgets.\n',
    });
    const run = await runCli(['sep-diff', 'seps/1-idea.md', '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      'seps/1-idea.md proposes no wording (no Specification section, no fenced Markdown block names a target page, no JSDoc names a declaration of the spec, no message template).',
    ]);
  });

  it('exits 2 with a one-line reason when the SEP file is missing', async () => {
    const run = await runCli(['sep-diff', 'seps/99-nothing.md', '--root', sampleSpec]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('spec-check: SEP file not found: seps/99-nothing.md\n');
    const noRoot = await runCli(['sep-diff', SEP, '--root', path.join(sampleSpec, 'no-such-folder')]);
    expect(noRoot.code).toBe(2);
    expect(noRoot.stderr).toMatch(/^spec-check: root folder not found: .*no-such-folder\n$/);
  });

  it('accepts a SEP path relative to the working folder, and one outside the SEP folder', async () => {
    const run = await runCli(['sep-diff', path.join(sampleSpec, SEP), '--root', sampleSpec]);
    expect(run.code).toBe(0);
    const root = copyTree(sampleSpec);
    fs.copyFileSync(path.join(root, SEP), path.join(root, 'draft-sep.md'));
    edit(root, PAGE, 'Servers **SHOULD** include', 'Servers **MAY** include');
    const { findings } = await diff(root, path.join(root, 'draft-sep.md'));
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/keyword',
        related: [expect.objectContaining({ file: 'draft-sep.md' })],
      }),
    ]);
  });

  it('reports a keyword lowered to a plain word once, as a keyword change', async () => {
    const root = copyTree(sampleSpec);
    edit(root, PAGE, 'Servers **SHOULD** include', 'Servers should include');
    const { findings } = await diff(root);
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'sep-diff/keyword',
        ...at(root, PAGE, 'Servers should'),
        message: expect.stringMatching(/^The page drops the SEP’s SHOULD: /),
      }),
    ]);
  });

  it('writes a Markdown table ready for a pull-request review comment', async () => {
    const root = copyTree(sampleSpec);
    edit(root, PAGE, 'Servers **SHOULD** include', 'Servers **MAY** include');
    const run = await runCli(['sep-diff', SEP, '--root', root, '--format', 'markdown']);
    expect(run.code).toBe(1);
    const line = lineOf(root, PAGE, 'Servers **MAY**');
    const sepLine = lineOf(root, SEP, 'Servers **SHOULD**');
    expect(run.stdout).toContain(`#### spec-check sep-diff: \`${SEP}\``);
    expect(run.stdout).toContain('| | Spec | SEP | Difference | Rule |\n|---|---|---|---|---|\n');
    expect(run.stdout).toContain(
      `| error | \`${PAGE}:${line}:11\` | \`${SEP}:${sepLine}:11\` | The page says MAY where the SEP says SHOULD`,
    );
    expect(run.stdout).toContain('**1 difference (1 error, 0 warnings).**');
  });

  it('finds the drifted sample spec’s second SEP out of step with its docs', async () => {
    const { code, findings } = await diff(driftedSpec, 'seps/13-widget-groups.md');
    expect(code).toBe(1);
    expect(findings.map((f) => f.rule)).toEqual(expect.arrayContaining(['sep-diff/keyword', 'sep-diff/missing']));
  });
});

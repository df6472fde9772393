import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import fs from 'node:fs';
import path from 'node:path';
import { check } from '../src/check.js';
import { loadSpec } from '../src/sources/load.js';
import { consistencyErrorReporting } from '../src/rules/consistency-error-reporting.js';
import { consistencyErrorCode } from '../src/rules/consistency-error-code.js';
import { extractClaims } from '../src/consistency/engine.js';
import { mcpVocabulary, resolveVocabulary, VocabularyError, type Vocabulary } from '../src/consistency/vocabulary.js';
import { normalise, codesIn, sentences, channelsIn } from '../src/consistency/text.js';
import { projectRoot, sampleSpec, writeTree, projectOf } from './helpers.js';

// A made-up "Gadget" protocol with its own vocabulary: nothing here is MCP's.
const gadgetVocabulary: Vocabulary = {
  extends: 'none',
  channels: {
    protocol: { label: 'protocol error', kind: 'error-response', phrases: ['protocol errors?', 'json rpc errors?'] },
    failed: {
      label: 'failed result',
      kind: 'result-flag',
      flag: 'isFailed',
      phrases: ['failed results?', 'isfailed(?::| set to)? true'],
    },
  },
  conditions: {
    'unknown-gadget': { label: 'unknown gadget', phrases: ['unknown gadgets?'] },
    'bad-page-token': { label: 'bad page token', phrases: ['bad page tokens?'] },
    jammed: { label: 'jammed gadget', phrases: ['jammed gadgets?'] },
    busy: { label: 'busy gadget', phrases: ['busy gadgets?', 'gadget busy'] },
  },
  historicalPhrases: ['earlier versions?'],
  retiredCodePhrases: ['never (?:be )?reused'],
  negationPhrases: ['not', 'rather than'],
};

const SCHEMA = `/* Retired codes: \`-32050\` (gadget melted; replaced by \`-32051\`) is never reused. */
export const INVALID_PARAMS = -32602;
export const GADGET_BUSY = -32051;

/**
 * The parameters are invalid.
 *
 * - **Gadgets**: Unknown gadget
 * - **Paging**: Bad page token
 *
 * @example Unknown gadget
 * {@includeCode ./examples/InvalidParamsError/unknown-gadget.json}
 */
export interface InvalidParamsError {
  code: typeof INVALID_PARAMS;
  message: string;
}

/** The gadget is busy. */
export interface GadgetBusyError {
  code: typeof GADGET_BUSY;
  message: string;
}

export interface PokeResult {
  /**
   * Whether the poke failed.
   *
   * A jammed gadget is reported with \`isFailed\` set to true, not as a protocol error.
   */
  isFailed?: boolean;
}
`;

const PAGE = `---
title: Gadgets
---

## Errors

**Protocol Errors**: JSON-RPC errors for requests that cannot be served:

- Unknown gadget
- Bad page token: \`-32602\`

**Failed results**: results with \`isFailed: true\`:

- Jammed gadget

A busy gadget is reported as a JSON-RPC error with code \`-32051\`.

Example:

\`\`\`json
{
  "jsonrpc": "2.0",
  "id": 1,
  "error": { "code": -32602, "message": "Unknown gadget: g-9" }
}
\`\`\`
`;

const EXAMPLE = '{\n  "code": -32602,\n  "message": "Unknown gadget: g-9"\n}\n';
const PAGE_PATH = 'docs/specification/draft/gadgets.mdx';

function gadgetSpec(
  edits: { schema?: [string, string][]; page?: [string, string][]; files?: Record<string, string> } = {},
): string {
  const apply = (text: string, pairs: [string, string][] = []) =>
    pairs.reduce((t, [from, to]) => {
      if (!t.includes(from)) throw new Error(`fixture edit: ${from} not found`);
      return t.replace(from, to);
    }, text);
  return writeTree({
    'schema/draft/schema.ts': apply(SCHEMA, edits.schema),
    'schema/draft/examples/InvalidParamsError/unknown-gadget.json': EXAMPLE,
    [PAGE_PATH]: apply(PAGE, edits.page),
    ...edits.files,
  });
}

const rules = [consistencyErrorReporting, consistencyErrorCode];

async function findings(root: string, vocabulary: Vocabulary = gadgetVocabulary) {
  const report = await check(root, { rules, vocabulary });
  return report.findings.map((f) => ({
    rule: f.rule,
    file: f.file,
    line: f.line,
    column: f.column,
    message: f.message,
    related: f.related.map((r) => `${r.file}:${r.line}:${r.column}`),
  }));
}

describe('consistency claims', () => {
  it('reads one claim per source kind from a spec whose sources agree, and reports nothing', async () => {
    const root = gadgetSpec();
    expect(await findings(root)).toEqual([]);
    const set = extractClaims(projectOf(await loadSpec(root), { vocabulary: gadgetVocabulary }));
    const rows = set.claims.map((c) => [
      c.condition.id,
      c.channel.id,
      c.code ?? null,
      c.source,
      `${c.location.file}:${c.location.line}:${c.location.column}`,
    ]);
    expect(rows).toEqual([
      ['unknown-gadget', 'protocol', null, 'prose', `${PAGE_PATH}:9:3`],
      ['bad-page-token', 'protocol', -32602, 'prose', `${PAGE_PATH}:10:3`],
      ['jammed', 'failed', null, 'prose', `${PAGE_PATH}:14:3`],
      ['busy', 'protocol', -32051, 'prose', `${PAGE_PATH}:16:1`],
      ['unknown-gadget', 'protocol', -32602, 'prose-json', `${PAGE_PATH}:24:14`],
      [
        'unknown-gadget',
        'protocol',
        -32602,
        'example',
        'schema/draft/examples/InvalidParamsError/unknown-gadget.json:2:3',
      ],
      ['unknown-gadget', 'protocol', -32602, 'jsdoc-error', 'schema/draft/schema.ts:8:4'],
      ['bad-page-token', 'protocol', -32602, 'jsdoc-error', 'schema/draft/schema.ts:9:4'],
      ['jammed', 'failed', null, 'jsdoc-member', 'schema/draft/schema.ts:29:6'],
    ]);
    expect(set.retired.map((r) => [r.code, `${r.location.file}:${r.location.line}:${r.location.column}`])).toEqual([
      [-32050, 'schema/draft/schema.ts:1:20'],
    ]);
  });

  it('reports every claim on each side when prose moves a condition to another channel', async () => {
    // The page moves "unknown gadget" to the failed-result list; JSDoc, example and JSON block still say protocol error.
    const root = gadgetSpec({
      page: [
        ['- Unknown gadget\n', ''],
        ['- Jammed gadget\n', '- Jammed gadget\n- Unknown gadget\n'],
      ],
    });
    const found = await findings(root);
    expect(found.every((f) => f.rule === 'consistency/error-reporting')).toBe(true);
    expect(found.map((f) => `${f.file}:${f.line}:${f.column}`)).toEqual([
      `${PAGE_PATH}:14:3`,
      `${PAGE_PATH}:24:14`,
      'schema/draft/examples/InvalidParamsError/unknown-gadget.json:2:3',
      'schema/draft/schema.ts:8:4',
    ]);
    const jsdoc = found.find((f) => f.file === 'schema/draft/schema.ts')!;
    expect(jsdoc.message).toContain(
      'In draft, "unknown gadget" is reported as a protocol error here (InvalidParamsError JSDoc), but as a failed result elsewhere.',
    );
    expect(jsdoc.message).toContain(`failed result: ${PAGE_PATH} (list item under "Failed results")`);
    expect(jsdoc.related).toEqual([`${PAGE_PATH}:14:3`]);
    // The prose item is tied to every claim on the other side, the @example included with the example.
    expect(found[0].related).toEqual([
      `${PAGE_PATH}:24:14`,
      'schema/draft/examples/InvalidParamsError/unknown-gadget.json:2:3',
      'schema/draft/schema.ts:8:4',
    ]);
    expect(found[2].related).toContain('schema/draft/schema.ts:11:4');
  });

  it('reads a negated channel as pointing to the other one, and a statement naming two channels as ambiguous', async () => {
    // The page now says a jammed gadget is a protocol error; the isFailed JSDoc says the opposite, with its protocol error negated.
    const negated = gadgetSpec({
      page: [
        ['- Jammed gadget\n', ''],
        [
          'A busy gadget is reported as',
          'A jammed gadget is reported as a JSON-RPC error, not in a failed result. A busy gadget is reported as',
        ],
      ],
    });
    const found = await findings(negated);
    expect(found.map((f) => [f.rule, f.file, f.line, f.column])).toEqual([
      ['consistency/error-reporting', PAGE_PATH, 15, 1],
      ['consistency/error-reporting', 'schema/draft/schema.ts', 29, 6],
    ]);

    const ambiguous = gadgetSpec({
      page: [
        [
          'A busy gadget is reported as a JSON-RPC error with code `-32051`.',
          'A busy gadget is reported as a JSON-RPC error or in a failed result.',
        ],
      ],
    });
    expect(await findings(ambiguous)).toEqual([]);
    const set = extractClaims(projectOf(await loadSpec(ambiguous), { vocabulary: gadgetVocabulary }));
    expect(set.skipped).toContainEqual(
      expect.objectContaining({
        conditions: ['busy'],
        reason: 'names more than one channel (protocol error, failed result)',
      }),
    );
  });

  it('skips statements about earlier versions and lists led in by them', async () => {
    const root = gadgetSpec({
      page: [['A busy gadget is reported as', 'In earlier versions a busy gadget was reported as']],
    });
    expect(await findings(root)).toEqual([]);
    const set = extractClaims(projectOf(await loadSpec(root), { vocabulary: gadgetVocabulary }));
    expect(set.skipped).toContainEqual(
      expect.objectContaining({
        reason: 'speaks of other versions or compatibility ("earlier versions")',
        conditions: ['busy'],
      }),
    );
  });

  it('gives a list the channel of a lead-in only when it ends with a colon, or of a bold label or heading', async () => {
    const claimsOf = async (page: string) => {
      const root = writeTree({ 'schema/draft/schema.ts': '', [PAGE_PATH]: page });
      return extractClaims(projectOf(await loadSpec(root), { vocabulary: gadgetVocabulary })).claims.map(
        (c) => `${c.condition.id} ${c.channel.id} ${c.location.line}`,
      );
    };
    expect(await claimsOf('Clients may show protocol errors to users.\n\n- Unknown gadget\n')).toEqual([]);
    expect(await claimsOf('Servers return JSON-RPC errors for:\n\n- Unknown gadget\n')).toEqual([
      'unknown-gadget protocol 3',
    ]);
    expect(await claimsOf('**Failed results** carry the details:\n\n- Jammed gadget\n')).toEqual(['jammed failed 3']);
    expect(await claimsOf('## Failed results\n\nSome cases:\n\n- Jammed gadget\n')).toEqual(['jammed failed 5']);
    expect(await claimsOf('Protocol errors or failed results, for:\n\n- Jammed gadget\n')).toEqual([]);
  });

  it('skips an example whose file name and message name different conditions, and survives broken inputs', async () => {
    const root = gadgetSpec({
      files: {
        'schema/draft/examples/InvalidParamsError/bad-page-token.json':
          '{\n  "code": -32602,\n  "message": "Unknown gadget: g-1"\n}\n',
        'schema/draft/examples/InvalidParamsError/broken.json': '{ "code": -32602, ',
        'docs/specification/draft/broken.mdx': '<Note>\nUnclosed\n',
        'docs/specification/draft/blocks.mdx':
          'Example:\n\n```json\n{ "error": { "code": -32602, "message": "Unknown gadget" \n```\n',
      },
    });
    expect(await findings(root)).toEqual([]);
    const set = extractClaims(projectOf(await loadSpec(root), { vocabulary: gadgetVocabulary }));
    expect(set.skipped).toContainEqual(
      expect.objectContaining({
        source: 'example',
        location: { file: 'schema/draft/examples/InvalidParamsError/bad-page-token.json', line: 2, column: 3 },
        reason: 'the file name names bad page token but the message names unknown gadget',
      }),
    );
    expect(
      set.claims.filter((c) => c.location.file.endsWith('blocks.mdx') || c.location.file.endsWith('broken.json')),
    ).toEqual([]);
  });

  it('never compares claims of different versions', async () => {
    const root = gadgetSpec({
      files: {
        'docs/specification/2024-01-01/gadgets.mdx':
          '**Failed results**: results with `isFailed: true`:\n\n- Unknown gadget\n',
      },
    });
    expect(await findings(root)).toEqual([]);
  });

  it('reports two codes for one condition, at each coded claim', async () => {
    const root = gadgetSpec({ page: [['- Bad page token: `-32602`', '- Bad page token: `-32099`']] });
    const found = await findings(root);
    expect(found.map((f) => [f.rule, f.file, f.line, f.column])).toEqual([
      ['consistency/error-code', PAGE_PATH, 10, 3],
      ['consistency/error-code', 'schema/draft/schema.ts', 9, 4],
    ]);
    expect(found[0].message).toBe(
      `In draft, "bad page token" gets code -32099 here (list item under "Protocol Errors"), but -32602 elsewhere. Sources say — -32099: ${PAGE_PATH} (list item under "Protocol Errors"); -32602: InvalidParamsError JSDoc`,
    );
  });

  it('reports a retired code used in a JSON block, not the code named as its replacement nor a historical mention', async () => {
    const root = gadgetSpec({
      page: [
        [
          'A busy gadget is reported as a JSON-RPC error with code `-32051`.',
          'A busy gadget is reported as a JSON-RPC error with code `-32051`. Earlier versions used `-32050`.',
        ],
        ['"code": -32602, "message": "Unknown gadget: g-9"', '"code": -32050, "message": "Gadget melted"'],
      ],
    });
    const found = await findings(root);
    expect(found).toEqual([
      {
        rule: 'consistency/error-code',
        file: PAGE_PATH,
        line: 24,
        column: 14,
        message:
          'Code -32050 is used here (JSON example), but schema/draft/schema.ts declares it retired or reserved in draft: Retired codes: `-32050` (gadget melted; replaced by `-32051`) is never reused.',
        related: ['schema/draft/schema.ts:1:20'],
      },
    ]);
  });

  it('takes the condition of a JSON block from its caption when the message names none', async () => {
    const root = gadgetSpec({
      page: [
        ['Example:', 'Example of a jammed gadget:'],
        ['"message": "Unknown gadget: g-9"', '"message": "Stuck"'],
      ],
    });
    const found = await findings(root);
    const atBlock = found.filter((f) => f.line === 24);
    expect(atBlock).toHaveLength(1);
    expect(atBlock[0].message).toMatch(
      /^In draft, "jammed gadget" is reported as a protocol error here \(JSON example\), but as a failed result elsewhere/,
    );
  });

  it('uses the built-in MCP vocabulary when none is given', async () => {
    const root = writeTree({
      'schema/draft/schema.ts':
        'export const INVALID_PARAMS = -32602;\n/**\n * Invalid params.\n *\n * - **Tools**: Unknown tool name\n */\nexport interface InvalidParamsError {\n  code: typeof INVALID_PARAMS;\n}\n',
      'docs/specification/draft/tools.mdx':
        '2. **Tool Execution Errors**: reported in tool results with `isError: true`:\n   - Unknown tool\n',
    });
    const report = await check(root, { rules });
    expect(report.findings.map((f) => [f.rule, f.file, f.line, f.column])).toEqual([
      ['consistency/error-reporting', 'docs/specification/draft/tools.mdx', 2, 6],
      ['consistency/error-reporting', 'schema/draft/schema.ts', 5, 4],
    ]);
  });
});

describe('consistency vocabulary', () => {
  it('rejects a vocabulary of the wrong shape or with a broken phrase, naming the key', () => {
    expect(() => resolveVocabulary({ channels: { x: { label: 'x', kind: 'result-flag', phrases: [] } } })).toThrow(
      new VocabularyError(
        'vocabulary.channels.x.flag: a result-flag channel needs the name of its flag member (see schema/vocabulary.schema.json)',
      ),
    );
    expect(() => resolveVocabulary({ conditions: { y: { label: 'y', phrases: ['(unclosed'] } } })).toThrow(
      /vocabulary condition "y": invalid phrase "\(unclosed"/,
    );
    expect(() => resolveVocabulary({ colours: {} } as unknown as Vocabulary)).toThrow(
      /vocabulary\.colours: unknown key/,
    );
  });

  it('extends the MCP vocabulary by default, and replaces it with extends: none', () => {
    const extended = resolveVocabulary({
      conditions: { 'unknown-gadget': { label: 'unknown gadget', phrases: ['unknown gadgets?'] } },
      remove: ['unknown-prompt'],
    });
    const ids = extended.conditions.map((c) => c.id);
    expect(ids).toContain('unknown-tool');
    expect(ids).toContain('unknown-gadget');
    expect(ids).not.toContain('unknown-prompt');
    expect(resolveVocabulary(gadgetVocabulary).conditions.map((c) => c.id)).toEqual([
      'unknown-gadget',
      'bad-page-token',
      'jammed',
      'busy',
    ]);
  });

  it('holds the JSON block phrases and placeholder methods: built in for MCP, added to when extended, dropped when replaced', () => {
    const mcp = resolveVocabulary(mcpVocabulary);
    expect(mcp.jsonBlockPhrases.find((p) => p.phrase === 'tool result')).toMatchObject({ result: 'tools/call' });
    expect(mcp.placeholderMethods.some((p) => p.test('some_method'))).toBe(true);
    const extended = resolveVocabulary({
      jsonBlockPhrases: [{ phrase: 'gadget report', declaration: 'GadgetReport' }],
      placeholderMethods: ['gadget_.+'],
    });
    expect(extended.jsonBlockPhrases.map((p) => p.phrase)).toEqual([
      ...mcp.jsonBlockPhrases.map((p) => p.phrase),
      'gadget report',
    ]);
    expect(
      ['some_method', 'gadget_x', 'gadget'].map((m) => extended.placeholderMethods.some((p) => p.test(m))),
    ).toEqual([true, true, false]);
    const replaced = resolveVocabulary(gadgetVocabulary);
    expect([replaced.jsonBlockPhrases, replaced.placeholderMethods]).toEqual([[], []]);
    // Phrases match whole words, in any case.
    const [phrase] = resolveVocabulary({
      extends: 'none',
      jsonBlockPhrases: [{ phrase: 'gadget reports?', result: 'gadgets/report' }],
    }).jsonBlockPhrases;
    expect(
      ['A Gadget Report:', 'the gadget reports', 'a gadget reporter', 'megadget report'].map((t) =>
        phrase.pattern.test(t),
      ),
    ).toEqual([true, true, false, false]);
  });

  it.each([
    [{ jsonBlockPhrases: {} }, 'vocabulary.jsonBlockPhrases: must be an array of entries'],
    [
      { jsonBlockPhrases: [{ phrase: 'a' }] },
      'vocabulary.jsonBlockPhrases[0]: needs either a result (a method) or a declaration (a type name)',
    ],
    [
      { jsonBlockPhrases: [{ phrase: 'a', result: 'x/y', declaration: 'X' }] },
      'vocabulary.jsonBlockPhrases[0]: needs either a result (a method) or a declaration (a type name)',
    ],
    [
      { jsonBlockPhrases: [{ phrase: '', result: 'x/y' }] },
      'vocabulary.jsonBlockPhrases[0].phrase: must be a non-empty string',
    ],
    [
      { jsonBlockPhrases: [{ phrase: 'a', result: 'x/y', kind: 'z' }] },
      'vocabulary.jsonBlockPhrases[0].kind: unknown key',
    ],
    [{ placeholderMethods: [1] }, 'vocabulary.placeholderMethods: must be an array of strings'],
  ])('rejects the JSON block entries %j', (vocabulary, message) => {
    expect(() => resolveVocabulary(vocabulary as unknown as Vocabulary)).toThrow(
      new VocabularyError(`${message} (see schema/vocabulary.schema.json)`),
    );
  });

  it('rejects a broken JSON block phrase or placeholder method, naming it', () => {
    expect(() => resolveVocabulary({ jsonBlockPhrases: [{ phrase: '(a', result: 'x/y' }] })).toThrow(
      /vocabulary jsonBlockPhrases: invalid phrase "\(a"/,
    );
    expect(() => resolveVocabulary({ placeholderMethods: ['[a'] })).toThrow(
      /vocabulary placeholderMethods: invalid phrase "\[a"/,
    );
  });

  it('has a JSON Schema that the built-in vocabulary and the sample spec config satisfy', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'schema/vocabulary.schema.json'), 'utf8'));
    const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(schema);
    const sample = JSON.parse(fs.readFileSync(path.join(sampleSpec, 'spec-check.config.json'), 'utf8')).vocabulary;
    for (const v of [mcpVocabulary, sample, gadgetVocabulary])
      expect(validate(v), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ channels: { x: { label: 'x', kind: 'result-flag', phrases: [] } } })).toBe(false);
    expect(validate({ jsonBlockPhrases: [{ phrase: 'a', result: 'x/y', declaration: 'X' }] })).toBe(false);
    expect(validate({ jsonBlockPhrases: [{ phrase: 'a' }] })).toBe(false);
    expect(validate({ jsonBlockPhrases: [{ phrase: 'a', declaration: 'X' }], placeholderMethods: ['x_.+'] })).toBe(
      true,
    );
  });
});

describe('statement reading helpers', () => {
  it.each([
    ['_not_ as an MCP `protocol-level` error', 'not as an mcp protocol level error'],
    ['[CallToolRequest schema](/specification/draft/schema#calltoolrequest)', 'calltoolrequest schema'],
    ['{@link CallToolResult | tool results}', 'tool results'],
    ['unknown-tool', 'unknown tool'],
  ])('normalises %j', (input, output) => expect(normalise(input)).toBe(output));

  it.each([
    ['code `-32602` (Invalid params)', [-32602]],
    ['`-32000` to `-32099`', []],
    ['User rejected: -1', [-1]],
    ['dates 2025-06-18', []],
  ])('finds codes in %j', (input, codes) => expect(codesIn(input)).toEqual(codes));

  it.each([
    [
      'Errors are reported inside the result object, not as an MCP protocol-level error response.',
      ['tool-execution-error +', 'protocol-error -'],
    ],
    ['An unknown tool MUST NOT be reported via the tool execution error channel.', ['tool-execution-error -']],
    ['A tool that is not found returns a protocol error.', ['protocol-error +']],
    ['Use a JSON-RPC error rather than `isError: true`.', ['protocol-error +', 'tool-execution-error -']],
  ])('reads the channels of %j', (text, expected) => {
    const mentions = channelsIn(normalise(text), resolveVocabulary(mcpVocabulary));
    expect(mentions.map((m) => `${m.channel.id} ${m.negated ? '-' : '+'}`).sort()).toEqual([...expected].sort());
  });

  it('splits sentences but not at "e.g."', () => {
    expect(sentences('Errors (e.g., Bad input) fail. Then **Servers** retry.').map((s) => s.text)).toEqual([
      'Errors (e.g., Bad input) fail.',
      'Then **Servers** retry.',
    ]);
  });
});

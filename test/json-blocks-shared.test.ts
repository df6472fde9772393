/**
 * prose/json-valid and the consistency claims read a page's JSON blocks with one reader: a block
 * either rule reads is read the same way by the other (languages, comments, placeholders,
 * fragments, sequences of values).
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { extractClaims } from '../src/consistency/engine.js';
import { loadSpec } from '../src/sources/load.js';
import type { Vocabulary } from '../src/consistency/vocabulary.js';
import { page, partsSpec } from './prose-fixture.js';
import { projectOf } from './helpers.js';
import { keptJsonValues } from '../src/prose/json-blocks.js';
import { jsonBlockValues } from '../src/prose/json-block-values.js';

const PAGE = 'docs/specification/draft/server/parts.mdx';

const partsVocabulary: Vocabulary = {
  extends: 'none',
  channels: { protocol: { label: 'protocol error', kind: 'error-response', phrases: ['protocol errors?'] } },
  conditions: { 'unknown-part': { label: 'unknown part', phrases: ['unknown parts?'] } },
};

/** What each rule makes of a page with one block: json-valid's findings and figures, and the claims read from it. */
async function readBoth(block: string, lang: string) {
  const root = partsSpec({ [PAGE]: page('When the part does not exist:', block, lang) });
  const report = await check(root, { rules: [proseJsonValid] });
  const project = projectOf(await loadSpec(root), { vocabulary: partsVocabulary });
  return {
    findings: report.findings.map((f) => `${f.line}:${f.column} ${f.message}`),
    validated: report.summary.codeBlocksValidated ?? 0,
    unclassified: report.summary.codeBlocksUnclassified ?? 0,
    claims: extractClaims(project).claims.map(
      (c) => `${c.condition.id} ${c.channel.id} ${c.code} ${c.location.line}:${c.location.column}`,
    ),
  };
}

// Block line k is page line 8 + k.
const ERROR_RESPONSE =
  '// the answer\n{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "error": { "code": -32602, "message": "Unknown part: b9", "data": ... },\n}';

describe('one reader of JSON blocks for prose/json-valid and the consistency claims', () => {
  it.each(['json5', 'jsonc', 'JSON5'])(
    'reads a %s block with a comment, a placeholder and a trailing comma in both',
    async (lang) => {
      expect(await readBoth(ERROR_RESPONSE, lang)).toEqual({
        findings: [],
        validated: 1,
        unclassified: 0,
        claims: ['unknown-part protocol -32602 12:14'],
      });
    },
  );

  it('validates what a json5 block shows and reads its claim at the same place', async () => {
    const got = await readBoth(
      ERROR_RESPONSE.replace('-32602', '"E1"').replace('Unknown part: b9', 'Unknown part'),
      'json5',
    );
    expect(got.findings).toEqual([
      '12:22 Error response does not match JSONRPCErrorResponse at /error/code: expected an integer, got the string "E1"',
    ]);
    expect(got.claims).toEqual([]);
    const fine = await readBoth(ERROR_RESPONSE, 'json5');
    expect(fine.claims[0].endsWith('12:14')).toBe(true);
  });

  it('passes over a json5 block that uses syntax beyond JSONC (unquoted keys): nothing reported, nothing read', async () => {
    const block = '{ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Unknown part" } }';
    expect(await readBoth(block, 'json5')).toEqual({ findings: [], validated: 0, unclassified: 0, claims: [] });
    // The same text in a json block is invalid JSON, and still gives no claim.
    const asJson = await readBoth(block, 'json');
    expect(asJson.findings).toEqual(['8:3 Invalid JSON: Unexpected character']);
    expect(asJson.claims).toEqual([]);
  });

  it('reads a trailing comma as an error in a json block, in both', async () => {
    const got = await readBoth(ERROR_RESPONSE, 'json');
    expect(got.findings).toEqual(['12:74 Invalid JSON: Trailing comma']);
    expect(got.claims).toEqual([]);
  });

  it('reads a fragment and each value of a sequence in both', async () => {
    const fragment = '"error": {\n  "code": -32602,\n  "message": "Unknown part"\n}';
    expect((await readBoth(fragment, 'json')).claims).toEqual(['unknown-part protocol -32602 9:3']);
    const sequence =
      '{ "jsonrpc": "2.0", "id": 1, "method": "parts/get", "params": { "id": "b9" } }\n\n{ "jsonrpc": "2.0", "id": 1, "error": { "code": -32602, "message": "Unknown part" } }';
    expect(await readBoth(sequence, 'json')).toEqual({
      findings: [],
      validated: 1,
      unclassified: 0,
      claims: ['unknown-part protocol -32602 10:41'],
    });
  });

  it('reads no message from a placeholder: the condition comes from the caption', async () => {
    const block = '{ "jsonrpc": "2.0", "id": 1, "error": { "code": -32602, "message": ... } }';
    const root = partsSpec({ [PAGE]: page('For an unknown part:', block) });
    const claims = extractClaims(projectOf(await loadSpec(root), { vocabulary: partsVocabulary })).claims;
    expect(claims.map((c) => [c.condition.id, c.text])).toEqual([['unknown-part', '(after: For an unknown part:)']]);
  });
});

describe('JSON block values kept with a page', () => {
  const spec = loadSpec(partsSpec());
  const read = async (text: string, lang = 'json') => {
    const loaded = await spec;
    const project = () => Promise.resolve(projectOf(loaded));
    const kept = keptJsonValues(lang, text);
    const block = { lang, value: text, location: { file: 'p.md', line: 1, column: 1 }, headingPath: [] };
    return {
      kept,
      fresh: jsonBlockValues(await project(), { ...block, locate: () => block.location }),
      fromKept: jsonBlockValues(await project(), {
        ...block,
        locate: () => block.location,
        ...(kept ? { jsonValues: kept } : {}),
      }),
    };
  };

  it('reads back what a fresh read gives: values, elisions, errors, and positions read again when asked', async () => {
    const text = '// a request\n{ "id": 1, "params": { "a": [1, "..."], ... }, "b": "x" }\n{ "broken": }';
    const { kept, fresh, fromKept } = await read(text, 'jsonc');
    expect(kept).toHaveLength(2);
    expect(JSON.parse(JSON.stringify(kept))).toEqual(kept);
    expect(fromKept.map((v) => [v.value, v.fragment, v.placeholders, [...v.open], v.errors])).toEqual(
      fresh.map((v) => [v.value, v.fragment, v.placeholders, [...v.open], v.errors]),
    );
    expect(fromKept[0].positionOf('/params', 'a')).toEqual(fresh[0].positionOf('/params', 'a'));
    expect(fromKept[0].positionOf('/b')).toEqual(fresh[0].positionOf('/b'));
    expect(fromKept[0].positionOf('/b')).not.toEqual(fromKept[0].positionOf('/id'));
  });

  it('keeps nothing of a block whose values would not come back the same from JSON, nor of a block that is not JSON', async () => {
    expect((await read('{ "n": -0 }')).kept).toBeUndefined();
    expect((await read('{ "__proto__": { "x": 1 } }')).kept).toBeUndefined();
    expect((await read('{ "n": 1 }', 'ts')).kept).toBeUndefined();
    expect((await read('{ "n": 1 }')).kept).toEqual([
      { value: { n: 1 }, fragment: false, placeholders: [], open: [], errors: [] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/config.js';
import { runCli, writeTree } from './helpers.js';

/**
 * A kettle protocol whose JSON Schema is its only source, made the way a Rust schema generator
 * makes one: each method's params and result are definitions that name the method by `x-method`,
 * and a tagged enum is a union whose branches take a definition in and add its tag.
 */
const kettleSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    BoilKettleRequest: {
      type: 'object',
      properties: {
        _meta: { type: ['object', 'null'] },
        kettleId: { type: 'string' },
        targetCelsius: { type: 'integer', maximum: 100 },
      },
      required: ['kettleId', 'targetCelsius'],
      'x-method': 'kettle/boil',
      'x-side': 'appliance',
    },
    BoilKettleResponse: {
      type: 'object',
      properties: { _meta: { type: ['object', 'null'] }, reachedCelsius: { type: 'integer' } },
      required: ['reachedCelsius'],
      'x-method': 'kettle/boil',
      'x-side': 'appliance',
    },
    PourKettleRequest: {
      type: 'object',
      properties: {
        _meta: { type: ['object', 'null'] },
        kettleId: { type: 'string' },
        millilitres: { type: 'integer' },
      },
      required: ['kettleId', 'millilitres'],
      'x-method': 'kettle/pour',
    },
    PourKettleResponse: {
      type: 'object',
      properties: { _meta: { type: ['object', 'null'] }, pouredMillilitres: { type: 'integer' } },
      required: ['pouredMillilitres'],
      'x-method': 'kettle/pour',
    },
    KettleNotification: {
      type: 'object',
      properties: { kettleId: { type: 'string' }, event: { $ref: '#/$defs/KettleEvent' } },
      required: ['kettleId', 'event'],
      'x-method': 'kettle/event',
    },
    KettleEvent: {
      discriminator: { propertyName: 'kind' },
      oneOf: [
        {
          allOf: [{ $ref: '#/$defs/Whistle' }],
          properties: { kind: { const: 'whistle', type: 'string' } },
          required: ['kind'],
          type: 'object',
        },
        {
          allOf: [{ $ref: '#/$defs/Empty' }],
          properties: { kind: { const: 'empty', type: 'string' } },
          required: ['kind'],
          type: 'object',
        },
      ],
    },
    Whistle: {
      type: 'object',
      properties: { pitchHertz: { type: 'integer' } },
      required: ['pitchHertz'],
    },
    Empty: { type: 'object', properties: { since: { type: 'string' } }, required: ['since'] },
  },
};

const fence = (value: string) => '```json\n' + value + '\n```\n';

const kettlePage = [
  '# Kettles',
  '',
  '## Boiling',
  '',
  'A client boils water:',
  '',
  fence('{ "jsonrpc": "2.0", "id": 1, "method": "kettle/boil", "params": { "kettleId": "k1", "targetCelsius": 120 } }'),
  'The appliance answers:',
  '',
  fence('{ "jsonrpc": "2.0", "id": 1, "result": { "reachedCelsius": "hot" } }'),
  '## Events',
  '',
  fence(
    '{ "jsonrpc": "2.0", "method": "kettle/event", "params": { "kettleId": "k1", "event": { "kind": "whistle", "pitchHertz": 880 } } }',
  ),
  '### Whistle',
  '',
  fence('{ "kind": "whistle", "pitchHertz": 880 }'),
  '## Vendor methods',
  '',
  'Methods whose name starts with an underscore are the vendor\u2019s own:',
  '',
  fence('{ "jsonrpc": "2.0", "id": 7, "method": "_acme/descale", "params": {} }'),
  'A misspelt one:',
  '',
  fence('{ "jsonrpc": "2.0", "id": 8, "method": "kettle/pur", "params": { "kettleId": "k1", "millilitres": 200 } }'),
].join('\n');

function kettleTree(config: object = { layout: { schemaJson: 'schema/kettle.json', docs: 'docs' } }): string {
  return writeTree({
    'spec-check.config.json': JSON.stringify(config),
    'schema/kettle.json': JSON.stringify(kettleSchema, null, 2),
    'docs/kettles.mdx': kettlePage,
  });
}

interface Finding {
  rule: string;
  file: string;
  line: number;
  message: string;
}

async function check(root: string): Promise<{ code: number; findings: Finding[]; summary: Record<string, number> }> {
  const run = await runCli(['check', '--root', root, '--format', 'json', '--no-cache']);
  const report = JSON.parse(run.stdout);
  return { code: run.code, findings: report.findings, summary: report.summary };
}

/** The kettle schema as an older generator made it: no `x-method`; the methods listed beside it. */
function unnamedKettleTree(
  page: string,
  clientMethods: Record<string, string> = { kettle_event: 'kettle/event' },
): string {
  const defs = Object.fromEntries(
    Object.entries(kettleSchema.$defs).map(([name, def]) => {
      const { ['x-method']: _method, ['x-side']: _side, ...rest } = def as Record<string, unknown>;
      return [name, rest];
    }),
  );
  return writeTree({
    'spec-check.config.json': JSON.stringify({ layout: { schemaJson: 'schema/kettle.json', docs: 'docs' } }),
    'schema/kettle.json': JSON.stringify({ ...kettleSchema, $defs: defs }),
    'schema/meta.json': JSON.stringify({
      applianceMethods: { kettle_boil: 'kettle/boil', kettle_pour: 'kettle/pour' },
      clientMethods,
      version: 1,
    }),
    'docs/kettles.mdx': page,
  });
}

describe('a spec whose JSON Schema is the source', () => {
  it('is described by naming the JSON Schema and no types file, or by "schema": false', () => {
    expect(parseConfig('{ "layout": { "schemaJson": "schema/kettle.json", "docs": "docs" } }').layout?.schema).toBe(
      false,
    );
    expect(parseConfig('{ "layout": { "schema": false, "schemaJson": "s.json" } }').layout?.schema).toBe(false);
    expect(parseConfig('{ "layout": { "schema": "types.ts", "schemaJson": "s.json" } }').layout?.schema).toBe(
      'types.ts',
    );
    expect(() => parseConfig('{ "layout": { "schema": true } }')).toThrow(
      'spec-check.config.json:1:25: "layout.schema" must be the path of the types file, or false when the JSON Schema is the source',
    );
  });

  it('classifies messages by x-method and validates params and results against their definitions', async () => {
    const { code, findings, summary } = await check(kettleTree());
    expect(code).toBe(1);
    const shown = findings.map((f) => `${f.rule} ${f.file}:${f.line} ${f.message}`);
    expect(shown).toEqual([
      'prose/json-valid docs/kettles.mdx:8 Request "kettle/boil" does not match BoilKettleRequest at /params/targetCelsius: must be <= 100',
      'prose/json-valid docs/kettles.mdx:14 Response to "kettle/boil" (matched by id 1) does not match BoilKettleResponse at /result/reachedCelsius: expected an integer, got the string "hot"',
      'prose/json-valid docs/kettles.mdx:40 Unknown method "kettle/pur": no request or notification in schema/kettle.json has this method; did you mean "kettle/pour"?',
    ]);
    // The tagged member beside Whistle's own is its union's, not an excess member; the vendor's method is no finding.
    expect(summary.codeBlocksValidated).toBe(4);
    expect(summary.codeBlocksUnclassified).toBe(2);
  });

  it('applies no rule that needs a types file, and says so when the JSON Schema is missing', async () => {
    const root = writeTree({
      'spec-check.config.json': JSON.stringify({ layout: { schema: false, docs: 'docs/{version}' } }),
      'schema/draft/other.json': '{}',
      'docs/draft/kettles.mdx': '# Kettles\n',
    });
    const { findings } = await check(root);
    expect(findings.map((f) => `${f.rule} ${f.file} ${f.message}`)).toEqual([
      "input/unreadable schema/draft No schema.json in schema/draft: the version's messages cannot be checked",
    ]);
    const clean = await check(
      writeTree({
        'spec-check.config.json': JSON.stringify({ layout: { schemaJson: 'schema/kettle.json', docs: 'docs' } }),
        'schema/kettle.json': JSON.stringify(kettleSchema),
        'docs/kettles.mdx': '# Kettles\n\nNothing shown.\n',
      }),
    );
    expect(clean.findings).toEqual([]);
    expect(clean.code).toBe(0);
  });

  it("takes the methods a list beside a schema that names none gives, by the words of the definitions' names", async () => {
    const page = [
      '# Kettles',
      '',
      fence(
        '{ "jsonrpc": "2.0", "id": 1, "method": "kettle/boil", "params": { "kettleId": "k1", "targetCelsius": 120 } }',
      ),
      fence('{ "jsonrpc": "2.0", "id": 1, "result": { "reachedCelsius": 98 } }'),
      // KettleNotification's name has none of the words of kettle/event's last segment, but it is the
      // one definition left whose words are in the one method left.
      fence('{ "jsonrpc": "2.0", "method": "kettle/event", "params": { "kettleId": "k1" } }'),
      'Only what the page is about is shown:',
      '',
      fence(
        '{\n  "jsonrpc": "2.0",\n  "id": 2,\n  "method": "kettle/pour",\n  "params": {\n    "kettleId": "k1"\n    // …\n  }\n}',
      ),
    ].join('\n');
    const { findings, summary } = await check(unnamedKettleTree(page));
    expect(findings.map((f) => `${f.line} ${f.message}`)).toEqual([
      '4 Request "kettle/boil" does not match BoilKettleRequest at /params/targetCelsius: must be <= 100',
      '12 Notification "kettle/event" does not match KettleNotification at /params: missing required property "event"',
    ]);
    expect(summary.codeBlocksValidated).toBe(4);
    expect(summary.codeBlocksUnclassified ?? 0).toBe(0);
    // With two methods left that its words are in, KettleNotification is neither's.
    const twoLeft = await check(
      unnamedKettleTree(page, { kettle_event: 'kettle/event', kettle_status: 'kettle/status' }),
    );
    expect(twoLeft.findings.map((f) => f.line)).toEqual([4]);
    expect(twoLeft.summary.codeBlocksUnclassified).toBe(1);
  });

  it('reports a response shown as its envelope alone, with neither result nor error', async () => {
    const request = fence(
      '{ "jsonrpc": "2.0", "id": 1, "method": "kettle/boil", "params": { "kettleId": "k1", "targetCelsius": 90 } }',
    );
    const root = writeTree({
      'spec-check.config.json': JSON.stringify({ layout: { schemaJson: 'schema/kettle.json', docs: 'docs' } }),
      'schema/kettle.json': JSON.stringify(kettleSchema, null, 2),
      'docs/kettles.mdx': [
        '# Kettles',
        '',
        request,
        'Once it boils, the appliance answers:',
        '',
        fence('{\n  "jsonrpc": "2.0",\n  "id": 1\n}'),
        'An answer whose members are left out:',
        '',
        fence('{\n  "jsonrpc": "2.0",\n  "id": 1\n  // ...\n}'),
      ].join('\n'),
    });
    const { findings } = await check(root);
    expect(findings.map((f) => `${f.rule} ${f.line} ${f.message}`)).toEqual([
      'prose/json-valid 12 Response to id 1 has neither "result" nor "error": a JSON-RPC 2.0 response carries one of them',
    ]);
  });

  it('reads a definition whose `method` is a constant as the whole message', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: {
        FillRequest: {
          type: 'object',
          properties: {
            jsonrpc: { const: '2.0' },
            id: { type: ['string', 'integer'] },
            method: { const: 'kettle/fill' },
            params: {
              type: 'object',
              properties: { litres: { type: 'number' } },
              required: ['litres'],
            },
          },
          required: ['jsonrpc', 'id', 'method', 'params'],
        },
        FillResult: { type: 'object', properties: { litres: { type: 'number' } }, required: ['litres'] },
      },
    };
    const root = writeTree({
      'spec-check.config.json': JSON.stringify({ layout: { schemaJson: 'schema.json', docs: 'docs' } }),
      'schema.json': JSON.stringify(schema),
      'docs/fill.mdx': [
        '# Filling',
        '',
        fence('{ "jsonrpc": "2.0", "id": 3, "method": "kettle/fill", "params": { "litres": "two" } }'),
        fence('{ "jsonrpc": "2.0", "id": 3, "result": { "litres": 1.5 } }'),
      ].join('\n'),
    });
    const { findings, summary } = await check(root);
    expect(findings.map((f) => `${f.line} ${f.message}`)).toEqual([
      '4 Request "kettle/fill" does not match FillRequest at /params/litres: expected a number, got the string "two"',
    ]);
    expect(summary.codeBlocksValidated).toBe(2);
  });
});

/** A types file whose results are told apart by a discriminator, and prose that names them in its own way. */
const teapotTypes = `export interface JSONRPCRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: { [key: string]: unknown };
}
export interface Result {
  _meta?: { [key: string]: unknown };
  resultType?: string;
  [key: string]: unknown;
}
export interface JSONRPCResultResponse {
  jsonrpc: "2.0";
  id: string | number;
  result: Result;
}
export interface Brew {
  brewId: string;
  strength: number;
}
export type StartBrewRequest = JSONRPCRequest & { method: "brew/start"; params: { leaves: string } };
export type StartBrewResult = Result & Brew & { resultType: "started" };
export type CheckBrewRequest = JSONRPCRequest & { method: "brew/check"; params: { brewId: string } };
export type CheckBrewResult = Result & Brew & { resultType: "checked" };
export interface GreenLeaf {
  kind: "leaf";
  origin: string;
}
export interface BlackLeaf {
  kind: "leaf";
  oxidised: boolean;
}
export interface Spoon {
  kind: "spoon";
  material: string;
}
`;

describe('fewer unclassified blocks', () => {
  const page = [
    '# Brewing',
    '',
    '## Checking a brew',
    '',
    'The `brew/check` response carries the brew as it is now.',
    '',
    fence('{ "jsonrpc": "2.0", "id": 2, "method": "brew/check", "params": { "brewId": "b1" } }'),
    'Some time later, for another brew:',
    '',
    fence('{ "jsonrpc": "2.0", "id": 9, "result": { "resultType": "started", "brewId": "b2", "strength": 3 } }'),
    '## Things on the counter',
    '',
    fence('{ "kind": "spoon", "material": 4 }'),
    fence('{ "kind": "leaf", "origin": "Uji" }'),
  ].join('\n');

  it('matches a response by the method its section names, and an object by a discriminator only one declaration has', async () => {
    const root = writeTree({
      'spec-check.config.json': JSON.stringify({
        layout: { schema: 'types/teapot.ts', docs: 'docs' },
        generate: { dialect: '2020-12' },
      }),
      'types/teapot.ts': teapotTypes,
      'docs/brewing.mdx': page,
    });
    const { findings, summary } = await check(root);
    expect(findings.map((f) => `${f.line} ${f.message}`)).toEqual([
      // The section said which answer this is: it shows the discriminator of another result.
      '14 Response to "brew/check" (matched by the section naming the brew/check response) does not match CheckBrewResult at /result/resultType: expected "checked", got "started"',
      '20 Object (shown as Spoon, by its "kind" value "spoon") does not match Spoon at /material: expected a string, got the number 4',
    ]);
    // "leaf" is the kind of two declarations: that block is left unclassified.
    expect(summary.codeBlocksValidated).toBe(3);
    expect(summary.codeBlocksUnclassified).toBe(1);
  });
});

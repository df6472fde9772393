import { describe, expect, it } from 'vitest';
import { exampleEmbeddedSchema } from '../src/rules/example-embedded-schema.js';
import { memoryFileSystem } from '../src/runtime/files.js';
import { loadSpec } from '../src/sources/load.js';
import { Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';
import { runRules } from '../src/engine/run.js';
import { RuleTester } from './rule-tester.js';
import {
  answerJson,
  blocksPage,
  callJson,
  elicitJson,
  gadgetsFiles,
  gadgetsSchemaJson,
  resultJson,
  toolJson,
  toolsListJson,
} from './embedded-schema-fixture.js';

const PAGE = 'docs/specification/draft/server/gadgets.mdx';
const EX = 'schema/draft/examples';

/** 1-based line and column of the `nth` occurrence of `token` in `text` (after `after`, when given). */
function at(text: string, token: string, after = ''): { line: number; column: number } {
  const offset = text.indexOf(token, after ? text.indexOf(after) : 0);
  if (offset < 0) throw new Error(`no ${token} in the text`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const weather = toolJson('get_weather', { city: { type: 'string' } });
const weatherList = toolsListJson(1, weather);
const listed = (...blocks: [string, string][]) => blocksPage(['The tools:', weatherList], ...blocks);

const typoPage = listed(['A call:', callJson(2, 'get_weather', { city: 7 })]);
const missingPage = listed(['A call:', callJson(2, 'get_weather', {})]);
const closedTool = JSON.stringify({
  name: 'ping_host',
  inputSchema: { type: 'object', properties: { host: { type: 'string' } }, additionalProperties: false },
});
const extraPage = blocksPage(
  ['The tools:', toolsListJson(1, closedTool)],
  ['A call:', callJson(2, 'ping_host', { host: 'a', port: 80 })],
);
const reading = toolJson(
  'read_gauge',
  { gauge: { type: 'string' } },
  {
    type: 'object',
    properties: { level: { type: 'number' } },
    required: ['level'],
  },
);
const resultByIdPage = blocksPage(
  ['The tools:', toolsListJson(1, reading)],
  ['A call:', callJson(3, 'read_gauge', { gauge: 'g1' })],
  ['Its result:', resultJson(3, { level: 'high' })],
);
const listing = toolJson('list_gauges', {}, { type: 'array', items: { type: 'string' } });
const arrayItemPage = blocksPage(['A tool with output:', listing], ['A valid response:', resultJson(9, ['g1', 2])]);
const resultAfterToolPage = blocksPage(['A tool with output:', reading], ['A valid response:', resultJson(9, {})]);
const contact = { name: { type: 'string' }, age: { type: 'integer', minimum: 18 } };
const answerByIdPage = blocksPage(
  ['A request:', elicitJson(4, contact)],
  ['The answer:', answerJson(4, { name: 'Ada', age: 12 })],
);
const inputRequestsPage = blocksPage(
  ['A call:', callJson(5, 'get_weather', { city: 'Oslo' })],
  [
    'A result that asks for input:',
    JSON.stringify(
      {
        jsonrpc: '2.0',
        id: 5,
        result: {
          content: [],
          inputRequests: {
            login: {
              method: 'elicitation/create',
              params: {
                message: 'Who?',
                requestedSchema: { type: 'object', properties: { user: { type: 'string' } }, required: ['user'] },
              },
            },
          },
        },
      },
      null,
      2,
    ),
  ],
  [
    'The retried call:',
    JSON.stringify(
      {
        jsonrpc: '2.0',
        id: 6,
        method: 'tools/call',
        params: {
          name: 'get_weather',
          arguments: { city: 'Oslo' },
          inputResponses: { login: { action: 'accept', content: { user: 42 } } },
        },
      },
      null,
      2,
    ),
  ],
);
// Multi round-trip requests: a tool result asks for input (inputRequests), the retried call
// answers it (inputResponses), each by a key of its own.
const inputResponsesSchema = structuredClone(gadgetsSchemaJson);
const defs = inputResponsesSchema.$defs as Record<string, { properties: Record<string, unknown> }>;
defs.CallToolRequestParams.properties.inputResponses = {
  type: 'object',
  additionalProperties: { $ref: '#/$defs/ElicitResult' },
};
defs.CallToolResult.properties.inputRequests = {
  type: 'object',
  additionalProperties: { $ref: '#/$defs/ElicitRequest' },
};

const badTypePage = blocksPage(['A tool:', toolJson('get_weather', { city: { type: 'strng' } })]);
const badPatternPage = blocksPage(['A tool:', toolJson('get_weather', { city: { type: 'string', pattern: '[A-Z' } })]);
const badRefPage = blocksPage(['A tool:', toolJson('get_weather', { city: { $ref: '#/$defs/City' } })]);
const tupleTool = (schemaUri?: string) =>
  JSON.stringify(
    {
      name: 'pair',
      inputSchema: {
        ...(schemaUri ? { $schema: schemaUri } : {}),
        type: 'object',
        properties: { xy: { type: 'array', items: [{ type: 'number' }, { type: 'number' }] } },
      },
    },
    null,
    2,
  );
const draft07Json = JSON.stringify(
  { ...gadgetsSchemaJson, $schema: 'http://json-schema.org/draft-07/schema#' },
  null,
  2,
);
const deepSchema = (levels: number) => {
  let schema: object = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
};
const deepPage = blocksPage(['A tool:', JSON.stringify({ name: 'deep', inputSchema: deepSchema(40) })]);
const exampleTool =
  '{\n  "name": "get_time",\n  "inputSchema": {\n    "type": "object",\n    "required": "zone"\n  }\n}\n';

new RuleTester({ files: gadgetsFiles }).run(exampleEmbeddedSchema, {
  valid: [
    {
      name: 'arguments that fit the listed tool',
      files: { [PAGE]: listed(['A call:', callJson(2, 'get_weather', { city: 'Oslo' })]) },
    },
    {
      name: 'a call of a tool the page does not list',
      files: { [PAGE]: listed(['A call:', callJson(2, 'get_wind', { city: 7 })]) },
    },
    {
      name: 'a call of a name two different tools have',
      files: {
        [PAGE]: blocksPage(
          ['The tools:', toolsListJson(1, weather)],
          ['Other tools:', toolsListJson(2, toolJson('get_weather', { town: { type: 'string' } }))],
          ['A call:', callJson(3, 'get_weather', { town: 'Oslo' })],
        ),
      },
    },
    {
      name: 'two copies of one tool are one tool',
      files: {
        [PAGE]: blocksPage(
          ['The tools:', toolsListJson(1, weather)],
          ['Again:', toolsListJson(2, weather)],
          ['A call:', callJson(3, 'get_weather', { city: 'Oslo' })],
        ),
      },
    },
    {
      name: 'a response with the id of a request in another section',
      files: {
        [PAGE]: `${blocksPage(['A request:', elicitJson(1, contact)])}\n## Actions\n\nAny answer:\n\n\`\`\`json\n${answerJson(1, { anything: true })}\n\`\`\`\n`,
      },
    },
    {
      name: 'a result whose id answers no call, after a call of another id',
      files: {
        [PAGE]: blocksPage(
          ['The tools:', toolsListJson(1, reading)],
          ['A call:', callJson(3, 'read_gauge', { gauge: 'g1' })],
          ['Some result:', resultJson(8, { level: 'high' })],
        ),
      },
    },
    {
      name: 'a schema with a part left out governs nothing',
      files: {
        [PAGE]: blocksPage(
          [
            'The tool:',
            '{\n  "name": "get_weather",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "city": { "type": "string" }, ... },\n    "additionalProperties": false\n  }\n}',
          ],
          ['A call:', callJson(2, 'get_weather', { city: 'Oslo', units: 'metric' })],
        ),
      },
    },
    {
      name: 'arguments with members left out lack nothing',
      files: {
        [PAGE]: listed([
          'A call:',
          '{ "jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": { "name": "get_weather", "arguments": { ... } } }',
        ]),
      },
    },
    {
      name: 'a declined elicitation has no content to check',
      files: {
        [PAGE]: blocksPage(
          ['A request:', elicitJson(4, contact)],
          ['The answer:', '{ "jsonrpc": "2.0", "id": 4, "result": { "action": "decline" } }'],
        ),
      },
    },
    {
      name: 'items as a list in a draft-07 schema, by its $schema',
      files: { [PAGE]: blocksPage(['A tool:', tupleTool('http://json-schema.org/draft-07/schema#')]) },
    },
    {
      name: 'items as a list in a version whose schema.json is draft-07',
      files: { [PAGE]: blocksPage(['A tool:', tupleTool()]), 'schema/draft/schema.json': draft07Json },
    },
    {
      name: 'a pattern that could backtrack for minutes is never run',
      files: {
        [PAGE]: blocksPage(
          ['The tool:', toolJson('match', { word: { type: 'string', pattern: '^(a+)+$' } })],
          ['A call:', callJson(2, 'match', { word: `${'a'.repeat(24)}!` })],
        ),
      },
    },
    {
      name: 'a schema of another dialect than ajv has is not judged',
      files: { [PAGE]: blocksPage(['A tool:', tupleTool('http://json-schema.org/draft-04/schema#')]) },
    },
  ],
  invalid: [
    {
      name: 'an argument of the wrong type, at its key, with the schema keyword',
      files: { [PAGE]: typoPage },
      errors: [
        {
          message:
            'Member "city" of `arguments` must be string (inputSchema of tool "get_weather": "type" at /properties/city/type; paired by tool name)',
          ...at(typoPage, '"city": 7'),
        },
      ],
    },
    {
      name: 'a required argument missing, at the arguments',
      files: { [PAGE]: missingPage },
      errors: [
        {
          message:
            '`arguments` lacks required member "city" (inputSchema of tool "get_weather": "required" at /required; paired by tool name)',
          ...at(missingPage, '"arguments"'),
        },
      ],
    },
    {
      name: 'an argument the schema does not allow, at its key',
      files: { [PAGE]: extraPage },
      errors: [
        {
          messageIncludes: '`arguments` has member "port", which the schema does not allow',
          ...at(extraPage, '"port"'),
        },
      ],
    },
    {
      name: 'structuredContent of the result of a call, by id',
      files: { [PAGE]: resultByIdPage },
      errors: [
        {
          message:
            'Member "level" of `structuredContent` must be number (outputSchema of tool "read_gauge": "type" at /properties/level/type; paired by id 3)',
          ...at(resultByIdPage, '"level": "high"'),
        },
      ],
    },
    {
      name: 'structuredContent of the response shown right after the tool',
      files: { [PAGE]: resultAfterToolPage },
      errors: [
        {
          messageIncludes: '`structuredContent` lacks required member "level" (outputSchema of tool "read_gauge"',
          ...at(resultAfterToolPage, '"structuredContent"'),
        },
      ],
    },
    {
      name: 'an item of an array of structuredContent, at the item',
      files: { [PAGE]: arrayItemPage },
      errors: [
        { messageIncludes: 'Member "1" of `structuredContent` must be string', ...at(arrayItemPage, '2', '"g1"') },
      ],
    },
    {
      name: 'elicitation content against the requested schema, by id',
      files: { [PAGE]: answerByIdPage },
      errors: [
        {
          message:
            'Member "age" of `content` must be >= 18 (requestedSchema of the elicitation/create request: "minimum" at /properties/age/minimum; paired by id 4)',
          ...at(answerByIdPage, '"age": 12'),
        },
      ],
    },
    {
      name: 'elicitation content in inputResponses, by input-request key',
      files: { [PAGE]: inputRequestsPage, 'schema/draft/schema.json': JSON.stringify(inputResponsesSchema, null, 2) },
      errors: [
        { messageIncludes: 'Member "user" of `content` must be string', ...at(inputRequestsPage, '"user": 42') },
      ],
    },
    {
      name: 'an inputSchema that is not valid JSON Schema, at the member',
      files: { [PAGE]: badTypePage },
      errors: [
        {
          message:
            'The inputSchema of tool "get_weather" is not valid JSON Schema 2020-12: "type" at /properties/city/type is "strng", not one of the allowed values ("array", "boolean", "integer", "null", "number", "object", "string") (meta-schema "enum")',
          ...at(badTypePage, '"type": "strng"'),
        },
      ],
    },
    {
      name: 'a pattern that is not a regular expression',
      files: { [PAGE]: badPatternPage },
      errors: [
        {
          message:
            'The inputSchema of tool "get_weather" is not valid JSON Schema 2020-12: "pattern" at /properties/city/pattern is not a regular expression',
          ...at(badPatternPage, '"pattern"'),
        },
      ],
    },
    {
      name: 'a $ref to nothing in the schema',
      files: { [PAGE]: badRefPage },
      errors: [
        {
          message:
            'The inputSchema of tool "get_weather" is not valid JSON Schema 2020-12: "$ref" at /properties/city/$ref resolves to nothing in the schema',
          ...at(badRefPage, '"$ref"'),
        },
      ],
    },
    {
      name: 'items as a list, in a 2020-12 version, with no $schema',
      files: { [PAGE]: blocksPage(['A tool:', tupleTool()]) },
      errors: [
        {
          messageIncludes:
            '"items" at /properties/xy/items is an array, not an object or a boolean (meta-schema "type")',
          ...at(blocksPage(['A tool:', tupleTool()]), '"items"'),
        },
      ],
    },
    {
      name: 'a schema in an example file',
      files: { [`${EX}/Tool/get-time.json`]: exampleTool },
      errors: [
        {
          messageIncludes: '"required" at /required is the string "zone", not an array (meta-schema "type")',
          file: `${EX}/Tool/get-time.json`,
          line: 5,
          column: 5,
        },
      ],
    },
    {
      name: 'a schema nested too deep to compile safely is reported, not compiled',
      files: { [PAGE]: deepPage },
      errors: [
        {
          message: 'The inputSchema of tool "deep" is not checked: it nests deeper than 64 levels',
          ...at(deepPage, '"inputSchema"'),
        },
      ],
    },
  ],
});

/** The findings and the figures of the rule on a tree. */
async function run(files: Record<string, string>) {
  const root = '/embedded-schema-test/spec';
  const spec = await loadSpec(root, { fileSystem: memoryFileSystem(root, { ...gadgetsFiles, ...files }) });
  const project = new Project(spec, new Runtime({ worker: false }), {});
  return runRules(project, [exampleEmbeddedSchema], { knownRules: [exampleEmbeddedSchema.meta.id] });
}

describe('example/embedded-schema figures and bounds', () => {
  it('counts what it checked and what it could not pair', async () => {
    const page = blocksPage(
      ['The tools:', weatherList],
      ['Other tools:', toolsListJson(2, toolJson('get_weather', { town: { type: 'string' } }))],
      ['A call:', callJson(3, 'get_weather', {})],
      ['Another:', callJson(4, 'get_wind', {})],
      ['A tool:', reading],
      ['Its result:', resultJson(9, { level: 1 })],
    );
    const { findings, figures } = await run({ [PAGE]: page });
    expect(findings).toEqual([]);
    expect(figures).toMatchObject({
      embeddedSchemasCompiled: 4,
      embeddedSchemaValuesChecked: 1,
      embeddedSchemaValuesAmbiguous: 1,
      embeddedSchemaValuesUnmatched: 1,
    });
  });

  it('reports a schema nested deeper than the stack allows, and one too large, in well under a second each', async () => {
    const huge = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const page = blocksPage(
      ['A deep tool:', JSON.stringify({ name: 'deep', inputSchema: deepSchema(480) })],
      ['A wide tool:', JSON.stringify({ name: 'wide', inputSchema: { type: 'object', properties: huge } })],
    );
    const started = performance.now();
    const { findings } = await run({ [PAGE]: page });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(findings.map((f) => f.message)).toEqual([
      'The inputSchema of tool "deep" is not checked: it nests deeper than 64 levels',
      'The inputSchema of tool "wide" is not checked: it has more than 3000 values',
    ]);
  });

  it('gives the schema keyword it checked against as related location', async () => {
    const { findings } = await run({ [PAGE]: typoPage });
    expect(findings).toHaveLength(1);
    expect(findings[0].related).toEqual([
      { file: PAGE, ...at(typoPage, '"type": "string"'), message: 'The inputSchema of tool "get_weather": "type"' },
    ]);
  });
});

/**
 * Mutants: single edits of a page the rule passes, each a defect the rule exists for. Every one
 * must be reported at the edited line.
 */
describe('example/embedded-schema catches every mutant of a passing page', () => {
  const base = blocksPage(
    [
      'The tools:',
      toolsListJson(1, toolJson('get_weather', { city: { type: 'string' }, days: { type: 'integer', maximum: 7 } })),
    ],
    ['A call:', callJson(2, 'get_weather', { city: 'Oslo', days: 3 })],
    ['A tool with output:', reading],
    ['A valid response:', resultJson(9, { level: 0.5 })],
    ['A request:', elicitJson(4, { name: { type: 'string' }, colour: { type: 'string', enum: ['red', 'blue'] } })],
    ['The answer:', answerJson(4, { name: 'Ada', colour: 'red' })],
  );
  // Name, text replaced, its replacement, and the text on the line the finding must be at (the replacement's when absent).
  const mutants: [string, string, string, string?][] = [
    ['argument type', '"city": "Oslo"', '"city": 1'],
    ['argument bound', '"days": 3', '"days": 30'],
    ['required argument dropped', '"city": "Oslo",\n', '', '"arguments"'],
    ['structuredContent type', '"level": 0.5', '"level": "half"'],
    ['content outside the enum', '"colour": "red"\n', '"colour": "green"\n'],
    ['schema type misspelt', '"type": "integer"', '"type": "int"'],
    ['schema bound not a number', '"maximum": 7', '"maximum": "7"'],
    ['required not a list', '"required": [\n      "level"\n    ]', '"required": "level"'],
    ['enum not a list', '"enum": [', '"enum": "red", "x": ['],
  ];
  it('passes the page unedited', async () => {
    expect((await run({ [PAGE]: base })).findings).toEqual([]);
  });
  for (const [name, from, to, reportedAt] of mutants)
    it(`catches: ${name}`, async () => {
      expect(base).toContain(from);
      const mutated = base.replace(from, to);
      const line = at(mutated, reportedAt ?? to, reportedAt ? 'A call:' : '').line;
      const { findings } = await run({ [PAGE]: mutated });
      expect(findings.map((f) => f.line)).toContain(line);
    });
});

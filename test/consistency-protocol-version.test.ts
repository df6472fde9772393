import { consistencyProtocolVersion } from '../src/rules/consistency-protocol-version.js';
import { RuleTester } from './rule-tester.js';
import { page, partsFiles, partsSchemaTs } from './prose-fixture.js';

const PAGE = 'docs/specification/draft/basic/lifecycle.mdx';
const EXAMPLE = 'schema/draft/examples/Part/versioned.json';
const withLatest = `export const LATEST_PROTOCOL_VERSION = "2025-01-15";\n${partsSchemaTs}`;
const init = (version: string) =>
  `{ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "protocolVersion": "${version}" } }`;

new RuleTester({ files: { ...partsFiles, 'schema/draft/schema.ts': withLatest } }).run(consistencyProtocolVersion, {
  valid: [
    { name: "the version's own value", files: { [PAGE]: page('The client starts with:', init('2025-01-15')) } },
    {
      name: 'a block that the paragraph before it puts in a negotiation',
      files: { [PAGE]: page('When the client asks for an older version, the server negotiates:', init('2024-06-01')) },
    },
    {
      name: 'a header in a paragraph about peers of earlier versions',
      files: {
        [PAGE]:
          '---\ntitle: L\n---\n\nA server talking to an earlier client sees `MCP-Protocol-Version: 2024-06-01`.\n',
      },
    },
    {
      name: 'a version with no LATEST_PROTOCOL_VERSION and no date is not checked',
      files: { 'schema/draft/schema.ts': partsSchemaTs, [PAGE]: page('The client starts with:', init('2024-06-01')) },
    },
    {
      name: "the base protocol's initialize (config extends), and its answer, carry the base's version",
      files: {
        'base/schema.ts':
          'export interface InitializeRequest { jsonrpc: "2.0"; id: string | number; method: "initialize"; params: { protocolVersion: string } }\n',
        [PAGE]:
          page('The client starts with:', init('2024-06-01')) +
          '\nThe server answers:\n\n```json\n{ "jsonrpc": "2.0", "id": 1, "result": { "protocolVersion": "2024-06-01" } }\n```\n',
      },
      options: { extends: { schema: 'base/schema.ts', imports: ['@parts/base'] } },
    },
    {
      name: 'dates in members of other names',
      files: { [EXAMPLE]: '{ "id": "a", "size": 1, "since": "2024-06-01" }' },
    },
  ],
  invalid: [
    {
      name: "a prose message naming another version, at the value, against the draft's LATEST_PROTOCOL_VERSION",
      files: { [PAGE]: page('The client starts with:', init('2024-06-01')) },
      errors: [
        {
          message: 'Protocol version "2024-06-01" in draft, whose protocol version is "2025-01-15"',
          line: 8,
          column: 85,
        },
      ],
    },
    {
      name: 'an example file',
      files: { [EXAMPLE]: '{\n  "id": "a",\n  "size": 1,\n  "protocolVersion": "2024-06-01"\n}' },
      errors: [{ messageIncludes: 'Protocol version "2024-06-01" in draft', file: EXAMPLE, line: 4, column: 22 }],
    },
    {
      name: 'an HTTP header in the text, and one in a code block of another language',
      files: {
        [PAGE]:
          '---\ntitle: L\n---\n\nFor example: `MCP-Protocol-Version: 2024-06-01`\n\n```http\nGET /mcp HTTP/1.1\nMCP-Protocol-Version: 2024-06-01\n```\n',
      },
      errors: [
        { messageIncludes: 'Protocol version "2024-06-01"', line: 5, column: 37 },
        { messageIncludes: 'Protocol version "2024-06-01"', line: 9, column: 23 },
      ],
    },
  ],
});

// A released version, in a folder named by its date, whose schema.ts was copied from the draft.
const released = (latest: string) => ({
  'schema/2025-01-15/schema.ts': `export const LATEST_PROTOCOL_VERSION = "${latest}";\n${partsSchemaTs}`,
});

new RuleTester({ files: partsFiles }).run(consistencyProtocolVersion, {
  valid: [
    { name: 'a dated folder whose LATEST_PROTOCOL_VERSION is its date', files: released('2025-01-15') },
    {
      name: 'a draft folder may announce any label',
      files: { 'schema/draft/schema.ts': `export const LATEST_PROTOCOL_VERSION = "DRAFT-7";\n${partsSchemaTs}` },
    },
  ],
  invalid: [
    {
      name: "a dated folder that kept the draft's label, at the constant",
      files: released('DRAFT-2025-v2'),
      errors: [
        {
          message:
            'LATEST_PROTOCOL_VERSION is "DRAFT-2025-v2" in 2025-01-15, whose folder names the version it is ("2025-01-15")',
          file: 'schema/2025-01-15/schema.ts',
          line: 1,
          column: 14,
        },
      ],
    },
    {
      name: 'a dated folder announcing another date',
      files: released('2024-06-01'),
      errors: [{ messageIncludes: 'LATEST_PROTOCOL_VERSION is "2024-06-01" in 2025-01-15', line: 1, column: 14 }],
    },
  ],
});

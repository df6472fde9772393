/**
 * A small one-version spec ("gadgets") with tools and elicitation for example/embedded-schema:
 * a schema.ts, the schema.json that matches it (members described as JSON Schemas, as the
 * generator copies their JSDoc), and pages given by each test.
 */
import { partsSchemaJson, partsSchemaTs } from './prose-fixture.js';

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const envelope = { jsonrpc: { const: '2.0', type: 'string' }, id: { type: ['string', 'integer'] } };

export const gadgetsSchemaTs = `${partsSchemaTs}
/**
 * @category \`tools/list\`
 */
export interface Tool {
  name: string;
  /** A JSON Schema object defining the arguments the tool takes. */
  inputSchema: { $schema?: string; type: "object"; [key: string]: unknown };
  /** An optional JSON Schema object defining the tool's structured output. */
  outputSchema?: { $schema?: string; [key: string]: unknown };
}

/**
 * @category \`tools/list\`
 */
export interface ListToolsRequest extends JSONRPCRequest {
  method: "tools/list";
}

/**
 * @category \`tools/list\`
 */
export interface ListToolsResult extends Result {
  tools: Tool[];
}

/**
 * @category \`tools/call\`
 */
export interface CallToolRequestParams {
  name: string;
  arguments?: { [key: string]: unknown };
}

/**
 * @category \`tools/call\`
 */
export interface CallToolRequest extends JSONRPCRequest {
  method: "tools/call";
  params: CallToolRequestParams;
}

/**
 * @category \`tools/call\`
 */
export interface CallToolResult extends Result {
  content: unknown[];
  structuredContent?: { [key: string]: unknown };
}

/**
 * @category \`elicitation/create\`
 */
export interface ElicitRequest extends JSONRPCRequest {
  method: "elicitation/create";
  params: {
    message: string;
    /** A restricted subset of JSON Schema. */
    requestedSchema: { type: "object"; properties: { [key: string]: object }; required?: string[] };
  };
}

/**
 * @category \`elicitation/create\`
 */
export interface ElicitResult extends Result {
  action: "accept" | "decline" | "cancel";
  content?: { [key: string]: unknown };
}
`;

const open = { type: 'object', additionalProperties: {} };

export const gadgetsSchemaJson = structuredClone(partsSchemaJson) as {
  $schema: string;
  $defs: Record<string, unknown>;
};
Object.assign(gadgetsSchemaJson.$defs, {
  Tool: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      inputSchema: {
        description: 'A JSON Schema object defining the arguments the tool takes.',
        type: 'object',
        properties: { $schema: { type: 'string' }, type: { const: 'object', type: 'string' } },
        required: ['type'],
        additionalProperties: {},
      },
      outputSchema: {
        description: "An optional JSON Schema object defining the tool's structured output.",
        type: 'object',
        additionalProperties: {},
      },
    },
    required: ['name', 'inputSchema'],
  },
  ListToolsRequest: {
    type: 'object',
    properties: { ...envelope, method: { const: 'tools/list', type: 'string' } },
    required: ['jsonrpc', 'id', 'method'],
  },
  ListToolsResult: {
    type: 'object',
    properties: { tools: { type: 'array', items: ref('Tool') } },
    required: ['tools'],
  },
  CallToolRequestParams: {
    type: 'object',
    properties: { name: { type: 'string' }, arguments: open },
    required: ['name'],
  },
  CallToolRequest: {
    type: 'object',
    properties: { ...envelope, method: { const: 'tools/call', type: 'string' }, params: ref('CallToolRequestParams') },
    required: ['jsonrpc', 'id', 'method', 'params'],
  },
  CallToolResult: {
    type: 'object',
    properties: { content: { type: 'array', items: {} }, structuredContent: open },
    required: ['content'],
  },
  ElicitRequest: {
    type: 'object',
    properties: {
      ...envelope,
      method: { const: 'elicitation/create', type: 'string' },
      params: {
        type: 'object',
        properties: {
          message: { type: 'string' },
          requestedSchema: {
            description: 'A restricted subset of JSON Schema.',
            type: 'object',
            properties: {
              type: { const: 'object', type: 'string' },
              properties: { type: 'object', additionalProperties: { type: 'object' } },
              required: { type: 'array', items: { type: 'string' } },
            },
            required: ['type', 'properties'],
          },
        },
        required: ['message', 'requestedSchema'],
      },
    },
    required: ['jsonrpc', 'id', 'method', 'params'],
  },
  ElicitResult: {
    type: 'object',
    properties: { action: { enum: ['accept', 'decline', 'cancel'], type: 'string' }, content: open },
    required: ['action'],
  },
});

export const gadgetsFiles: Record<string, string> = {
  'schema/draft/schema.ts': gadgetsSchemaTs,
  'schema/draft/schema.json': JSON.stringify(gadgetsSchemaJson, null, 2),
};

/** A page of JSON blocks, each after its sentence: `[sentence, json]` pairs. */
export function blocksPage(...blocks: [string, string][]): string {
  return `---\ntitle: Gadgets\n---\n\n${blocks.map(([before, json]) => `${before}\n\n\`\`\`json\n${json}\n\`\`\`\n`).join('\n')}`;
}

/** A tool as a JSON block: its name and its input schema's properties (and output schema, if given). */
export function toolJson(name: string, inputProperties: object, outputSchema?: object): string {
  const tool: Record<string, unknown> = {
    name,
    inputSchema: { type: 'object', properties: inputProperties, required: Object.keys(inputProperties) },
  };
  if (outputSchema) tool.outputSchema = outputSchema;
  return JSON.stringify(tool, null, 2);
}

/** A tools/list response listing the tools given as JSON texts. */
export function toolsListJson(id: number, ...tools: string[]): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { tools: tools.map((t) => JSON.parse(t)) } }, null, 2);
}

/** A tools/call request. */
export function callJson(id: number, name: string, args: object): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, null, 2);
}

/** A tools/call response with structured content. */
export function resultJson(id: number, structuredContent: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { content: [], structuredContent } }, null, 2);
}

/** An elicitation/create request. */
export function elicitJson(id: number, properties: object, required: string[] = Object.keys(properties)): string {
  const params = { message: 'Tell me', requestedSchema: { type: 'object', properties, required } };
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'elicitation/create', params }, null, 2);
}

/** An accepted elicitation's response. */
export function answerJson(id: number, content: object): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { action: 'accept', content } }, null, 2);
}

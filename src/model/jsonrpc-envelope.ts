/**
 * The JSON-RPC 2.0 envelope, for a spec that declares none of its own and has no base protocol
 * that does: a message shown as it goes on the wire carries `jsonrpc`, `id`, `result` or `error`
 * around its type, and those are checked against JSON-RPC 2.0 itself. Only the envelope's members
 * are constrained; `method`, `params` and the result are the spec's types'.
 */
import { TextFile } from '../core/text-file.js';
import { JsonDocument } from '../core/json-document.js';
import { jsonSchemaSource } from '../sources/load.js';
import { derivation, type Project } from '../project/project.js';
import { SchemaValidator, validatorOfSource } from './schema-validator.js';
import type { Spec } from './spec.js';

/** The envelope definitions, by the kind of message they carry (names as MCP's schema has them). */
export const JSON_RPC_ENVELOPES = {
  request: 'JSONRPCRequest',
  notification: 'JSONRPCNotification',
  result: 'JSONRPCResultResponse',
  error: 'JSONRPCErrorResponse',
} as const;

/** Where findings name it. */
export const JSON_RPC_NAME = 'JSON-RPC 2.0';

const version = { const: '2.0' };
// JSON-RPC 2.0: "An identifier ... MUST contain a String, Number, or NULL value"; null is for an
// error response to a request whose id could not be read.
const id = { type: ['string', 'number'] };
const params = { type: ['object', 'array'] };

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  definitions: {
    [JSON_RPC_ENVELOPES.request]: {
      type: 'object',
      required: ['jsonrpc', 'id', 'method'],
      properties: { jsonrpc: version, id, method: { type: 'string' }, params },
    },
    [JSON_RPC_ENVELOPES.notification]: {
      type: 'object',
      required: ['jsonrpc', 'method'],
      properties: { jsonrpc: version, method: { type: 'string' }, params },
    },
    // A response has `result` or `error`, never both.
    [JSON_RPC_ENVELOPES.result]: {
      type: 'object',
      required: ['jsonrpc', 'id', 'result'],
      properties: { jsonrpc: version, id, result: {}, error: false },
    },
    [JSON_RPC_ENVELOPES.error]: {
      type: 'object',
      required: ['jsonrpc', 'id', 'error'],
      properties: {
        jsonrpc: version,
        id: { type: ['string', 'number', 'null'] },
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
        },
        result: false,
      },
    },
  },
};

const TEXT = JSON.stringify(schema, null, 2);

/** The source of the envelope's schema, once per spec (validators are kept by its text). */
const envelopeSource = derivation('JSON-RPC 2.0 envelope', (_spec: Spec) =>
  jsonSchemaSource(new TextFile(`(${JSON_RPC_NAME})`, TEXT), new JsonDocument(TEXT)),
);

/** The validator of JSON-RPC 2.0's envelope. */
export function jsonRpcValidator(project: Project): SchemaValidator {
  const got = validatorOfSource(project, project.derive(envelopeSource, project.spec));
  if (!(got instanceof SchemaValidator)) throw new Error('the JSON-RPC 2.0 envelope schema does not compile');
  return got;
}

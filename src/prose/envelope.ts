/**
 * The JSON-RPC envelope around a message shown as it goes on the wire (`jsonrpc`, `id`,
 * `result`, `error`). A spec may declare its messages' types without the envelope (a request
 * type of `method` and `params` only, as an extension whose envelope is the base protocol's
 * does): the envelope's members the type does not declare are then not the type's to judge
 * (never "unexpected"), and are checked against the envelope instead: the version's own, else
 * the base protocol's, else JSON-RPC 2.0's (model/jsonrpc-envelope.ts).
 */
import type { SpecVersion } from '../model/spec.js';
import type { Project } from '../project/project.js';
import type { Classification, DefinitionCheck } from './classify.js';
import { messageIndex } from './schema-index.js';
import { baseEnvelopes } from './base-messages.js';
import { baseValidatorFor } from '../model/base-validator.js';
import { validatorFor, type SchemaValidator } from '../model/schema-validator.js';
import { JSON_RPC_ENVELOPES, JSON_RPC_NAME, jsonRpcValidator } from '../model/jsonrpc-envelope.js';
import { isObject } from '../util/is-object.js';

export type EnvelopeKind = keyof typeof JSON_RPC_ENVELOPES;

/** The members of a message's envelope, by its kind (a response's `result` or `error` is checked at /result by its type). */
const ENVELOPE_MEMBERS: Record<EnvelopeKind, string[]> = {
  request: ['jsonrpc', 'id'],
  notification: ['jsonrpc'],
  result: ['jsonrpc', 'id'],
  error: ['jsonrpc', 'id'],
};

/** The validator a check names. */
export function checkValidator(
  project: Project,
  version: SpecVersion,
  check: DefinitionCheck,
): SchemaValidator | undefined {
  if (check.schema === 'jsonrpc') return jsonRpcValidator(project);
  return check.schema === 'base' ? baseValidatorFor(project) : validatorFor(project, version);
}

/** How a finding names a check's definition: with the schema it is of, when that is not the version's. */
export function checkDefinitionName(project: Project, check: DefinitionCheck): string {
  if (check.schema === 'jsonrpc') return `${check.definition} of ${JSON_RPC_NAME}`;
  return check.schema === 'base' ? `${check.definition} of ${project.spec.base!.file.path}` : check.definition;
}

/** The value a check validates: the one at its pointer, without the envelope's members it leaves to the envelope. */
export function checkTarget(check: DefinitionCheck, value: unknown): unknown {
  if (!check.envelopeMembers?.length || !isObject(value)) return value;
  const out = { ...value };
  for (const name of check.envelopeMembers) delete out[name];
  return out;
}

/** The kind of JSON-RPC message a value shown on the wire is, by its members. */
function wireKind(value: Record<string, unknown>): EnvelopeKind | undefined {
  if (typeof value.method === 'string') return 'id' in value ? 'request' : 'notification';
  if ('error' in value) return 'error';
  if ('result' in value) return 'result';
  return undefined;
}

/**
 * The envelope check of a kind of message: the version's own envelope when it declares one
 * (undefined: it is checked as it always was), else the base protocol's, else JSON-RPC 2.0's.
 */
function envelopeChecks(project: Project, version: SpecVersion, kind: EnvelopeKind): DefinitionCheck[] {
  if (messageIndex(project, version)?.envelopes[kind]) return [];
  const jsonRpc = jsonRpcCheck(kind);
  const base = baseEnvelopes(project)[kind];
  // The base's envelope is a JSON-RPC one: what it leaves open (a `result` beside an `error`),
  // JSON-RPC 2.0 still rules out (told only where the base's said nothing at that place).
  if (base && baseValidatorFor(project)?.has(base)) return [{ definition: base, pointer: '', schema: 'base' }, jsonRpc];
  return [jsonRpc];
}

/**
 * A classification with the envelope of a message shown on the wire: the type's check leaves out
 * the envelope's members its type does not declare, and, where the version declares no envelope
 * of that kind, the envelope is checked against the base's or JSON-RPC 2.0's. Unchanged for a
 * version that declares its envelopes and types that declare their envelope's members.
 */
export function withEnvelope(
  project: Project,
  version: SpecVersion,
  value: unknown,
  c: Classification,
): Classification {
  if (!isObject(value) || c.notEnveloped) return c;
  const kind = wireKind(value);
  if (!kind) return c;
  // A request or notification is on the wire when it says so (one carried inside a result has no
  // envelope); a response when it shows any envelope member (`{ "result": … }` alone sketches the answer).
  const onWire = 'jsonrpc' in value || ((kind === 'result' || kind === 'error') && 'id' in value);
  const checks = c.checks.map((check) => {
    if (check.pointer !== '' || check.schema === 'jsonrpc' || check.definition !== c.declaration) return check;
    const validator = checkValidator(project, version, check);
    if (!validator?.has(check.definition)) return check;
    const declared = mentionedNames(validator, check.definition);
    const left = ENVELOPE_MEMBERS[kind].filter((name) => name in value && !declared.has(name));
    return left.length ? { ...check, envelopeMembers: left } : check;
  });
  const stripped = checks.some((check) => check.envelopeMembers);
  // An error response's declaration is its envelope; any other message's is its type.
  const envelopes = c.checks.filter(
    (check) => check.pointer === '' && (c.kind === 'error' || check.definition !== c.declaration),
  );
  let before: DefinitionCheck[] = [];
  let after: DefinitionCheck[] = [];
  if (onWire && !messageIndex(project, version)?.envelopes[kind]) {
    if (!envelopes.length) before = envelopeChecks(project, version, kind);
    // A base message (or error) classified with the base's envelope: JSON-RPC 2.0's rules after it.
    else if (envelopes.every((check) => check.schema === 'base')) after = [jsonRpcCheck(kind)];
  }
  if (!stripped && !before.length && !after.length) return c;
  return { ...c, checks: [...before, ...checks, ...after] };
}

function jsonRpcCheck(kind: EnvelopeKind): DefinitionCheck {
  return { definition: JSON_RPC_ENVELOPES[kind], pointer: '', schema: 'jsonrpc' };
}

/**
 * The member names a definition mentions at its top level: its own, its `allOf` parts', and
 * any branch's of a union (a member some branch declares is the type's to judge).
 */
function mentionedNames(validator: SchemaValidator, definition: string): Set<string> {
  const source = validator.source;
  const root = source.document.value;
  const defs = isObject(root) ? root[source.definitionsKey] : undefined;
  const names = new Set<string>();
  const prefix = `#/${source.definitionsKey}/`;
  const todo: [unknown, number][] = [[isObject(defs) ? defs[definition] : undefined, 0]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [schema, depth] = next;
    if (!isObject(schema) || depth > 32 || !isObject(defs)) continue;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith(prefix))
      todo.push([defs[decodeURIComponent(schema.$ref.slice(prefix.length))], depth + 1]);
    if (isObject(schema.properties)) for (const key of Object.keys(schema.properties)) names.add(key);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(schema[key])) for (const part of schema[key]) todo.push([part, depth + 1]);
  }
  return names;
}

/**
 * The envelope of an example file of a request or notification type (`examples/<Type>/*.json`)
 * that shows it on the wire: the envelope's members the type does not declare, and the check of
 * the envelope (the version's own, the base's or JSON-RPC 2.0's). Undefined otherwise.
 */
export function exampleEnvelope(
  project: Project,
  version: SpecVersion,
  typeName: string,
  value: unknown,
): { envelopeMembers: string[]; check: DefinitionCheck } | undefined {
  const index = messageIndex(project, version);
  const validator = validatorFor(project, version);
  if (!index || !validator || !isObject(value) || !('jsonrpc' in value)) return undefined;
  const isRequest = [...index.requests.values()].some((d) => d.name === typeName);
  const isNotification = !isRequest && [...index.notifications.values()].some((d) => d.name === typeName);
  if (!isRequest && !isNotification) return undefined;
  const kind: EnvelopeKind = isRequest ? 'request' : 'notification';
  const declared = mentionedNames(validator, typeName);
  const envelopeMembers = ENVELOPE_MEMBERS[kind].filter((name) => name in value && !declared.has(name));
  if (!envelopeMembers.length) return undefined;
  const own = index.envelopes[kind];
  const check =
    own && validator.has(own.name) ? { definition: own.name, pointer: '' } : envelopeChecks(project, version, kind)[0];
  return check && { envelopeMembers, check };
}

/** Only the envelope of a response, `{ "jsonrpc": "2.0", "id": 1 }`: neither `result` nor `error`, which JSON-RPC 2.0 requires one of. */
export function isUnanswered(v: Record<string, unknown>): boolean {
  const keys = Object.keys(v);
  return keys.length === 2 && 'jsonrpc' in v && 'id' in v;
}

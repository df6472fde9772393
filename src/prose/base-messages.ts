/**
 * The messages of the base protocol an extension builds on (config `extends`): the extension's
 * prose shows them too (`initialize`), and they are the base's to declare. Read from the base's
 * types file (its message index), or from its JSON Schema (a definition whose `method` is a
 * constant), once per project.
 */
import type { JsonSchemaSource, SpecVersion } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import { isObject } from '../util/is-object.js';
import { messageIndex, messageIndexOfSource } from './schema-index.js';

export interface BaseMessage {
  kind: 'request' | 'notification';
  /** The declaration (a definition of the base's JSON Schema) that carries the method. */
  name: string;
  /** The base's JSON-RPC envelope of that kind, when it has one. */
  envelope?: string;
}

interface BaseMessages {
  requests: Map<string, string>;
  notifications: Map<string, string>;
  envelopes: BaseEnvelopes;
}

/** The base protocol's JSON-RPC envelopes, by the kind of message each carries. */
export interface BaseEnvelopes {
  request?: string;
  notification?: string;
  result?: string;
  error?: string;
}

const baseMessagesOf = derivation('base protocol messages', (_spec: object, project: Project): BaseMessages => {
  const base = project.spec.base!;
  if (base.schema) {
    const index = messageIndexOfSource(project, base.schema);
    const names = (m: Map<string, { name: string }>) => new Map([...m].map(([method, d]) => [method, d.name]));
    return {
      requests: names(index.requests),
      notifications: names(index.notifications),
      envelopes: {
        request: index.envelopes.request?.name,
        notification: index.envelopes.notification?.name,
        result: index.envelopes.result?.name,
        error: index.envelopes.error?.name,
      },
    };
  }
  return base.jsonSchema
    ? messagesOfJsonSchema(base.jsonSchema)
    : { requests: new Map(), notifications: new Map(), envelopes: {} };
});

/**
 * Messages of a JSON Schema: definitions whose `method` property is a constant, a notification
 * when its name says so or it has no `id`. The envelopes are the JSON-RPC ones by their usual names.
 */
function messagesOfJsonSchema(source: JsonSchemaSource): BaseMessages {
  const defs = (source.document.value as Record<string, unknown> | undefined)?.[source.definitionsKey];
  const out: BaseMessages = { requests: new Map(), notifications: new Map(), envelopes: {} };
  if (!isObject(defs)) return out;
  for (const [name, def] of Object.entries(defs)) {
    const properties = isObject(def) && isObject(def.properties) ? def.properties : undefined;
    const method = properties && isObject(properties.method) ? constantOf(properties.method) : undefined;
    if (typeof method !== 'string') continue;
    const isNotification = /Notification$/.test(name) || (!/Request$/.test(name) && !('id' in properties!));
    const into = isNotification ? out.notifications : out.requests;
    if (!into.has(method)) into.set(method, name);
  }
  if ('JSONRPCRequest' in defs) out.envelopes.request = 'JSONRPCRequest';
  if ('JSONRPCNotification' in defs) out.envelopes.notification = 'JSONRPCNotification';
  const result = ['JSONRPCResultResponse', 'JSONRPCResponse'].find((name) => name in defs);
  if (result) out.envelopes.result = result;
  const error = ['JSONRPCErrorResponse', 'JSONRPCError'].find((name) => name in defs);
  if (error) out.envelopes.error = error;
  return out;
}

function constantOf(schema: Record<string, unknown>): unknown {
  if ('const' in schema) return schema.const;
  return Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : undefined;
}

/** The base protocol's message of a method (a request when the value has an `id`, if the base has both). */
export function baseMessage(project: Project, method: string, hasId: boolean): BaseMessage | undefined {
  if (!project.spec.base) return undefined;
  const { requests, notifications, envelopes } = project.derive(baseMessagesOf, project.spec);
  const request = requests.get(method);
  const notification = notifications.get(method);
  if (request && (hasId || !notification)) return { kind: 'request', name: request, envelope: envelopes.request };
  if (notification) return { kind: 'notification', name: notification, envelope: envelopes.notification };
  return undefined;
}

/** A method the base protocol has and the version's own schema does not: its messages are the base's. */
export function isBaseOnlyMethod(project: Project, version: SpecVersion, method: string): boolean {
  const own = messageIndex(project, version);
  if (own?.requests.has(method) || own?.notifications.has(method)) return false;
  return baseMessage(project, method, true) !== undefined;
}

/** The base protocol's JSON-RPC error envelope (config `extends`), when it has one. */
export function baseErrorEnvelope(project: Project): string | undefined {
  if (!project.spec.base) return undefined;
  return project.derive(baseMessagesOf, project.spec).envelopes.error;
}

/** The base protocol's JSON-RPC envelopes (config `extends`, or a vendored base); empty without a base. */
export function baseEnvelopes(project: Project): BaseEnvelopes {
  if (!project.spec.base) return {};
  return project.derive(baseMessagesOf, project.spec).envelopes;
}

/**
 * Whether a method the version's types file does not declare may be one of a module it imports
 * whose declarations are not read as a types file (a package other than the base protocol's,
 * installed or not; a relative import that is not the base): the file imports such a module, and
 * the method is not in a namespace of the file's own methods (`ui/...` is the extension's, a
 * misspelt one of them is reported; `tools/call` or `initialize` may be the imported protocol's).
 */
export function mayBeImportedMethod(project: Project, version: SpecVersion, method: string): boolean {
  const base = project.spec.base;
  const ofBase = new Set(base?.schema ? base.imports : []);
  if (!(version.schemaTs?.imports ?? []).some(({ specifier }) => !ofBase.has(specifier))) return false;
  const own = messageIndex(project, version);
  const namespaces = new Set([...(own?.requests.keys() ?? []), ...(own?.notifications.keys() ?? [])].map(namespaceOf));
  return !namespaces.has(namespaceOf(method));
}

/** A method's namespace: what comes before its first `/` (`ui` of `ui/notifications/x`); none for `initialize`. */
function namespaceOf(method: string): string {
  const slash = method.indexOf('/');
  return slash < 0 ? '' : method.slice(0, slash);
}

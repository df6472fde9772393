/**
 * Walks a JSON value along a definition of schema.json to find what the embedded-schema index
 * needs: the objects matched to named definitions (`Tool`, `CallToolRequest`, `ElicitResult`) and
 * the members whose schema says they hold a JSON Schema.
 */
import type { JsonSchemaSource } from './spec.js';
import { escapePointer, valueAtPointer } from '../core/json-document.js';
import { isObject } from '../util/is-object.js';

/** What a walk of one value along its schema found. */
export interface Found {
  /** Objects matched to a named definition, by pointer. */
  visits: { pointer: string; definition: string }[];
  /** Members whose schema is described as a JSON Schema object. */
  slots: { pointer: string; member: string; owner: string }[];
}

/**
 * The definition an unclassified prose value is by its shape alone, when only one could be: a
 * tool (`name` and `inputSchema`), an elicitation's result (`action` and at most `content`).
 */
export function shapeOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.name === 'string' && isObject(value.inputSchema)) return 'Tool';
  const actions = ['accept', 'decline', 'cancel'];
  if (
    typeof value.action === 'string' &&
    actions.includes(value.action) &&
    Object.keys(value).every((k) => k === 'action' || k === 'content' || k === '_meta')
  )
    return 'ElicitResult';
  return undefined;
}

type Schema = Record<string, unknown>;

/** Nesting of schemas followed at most, as `excessMembers` does. */
const MAX_DEPTH = 64;

/** A description saying the member is a JSON Schema (`A JSON Schema object defining...`). */
const JSON_SCHEMA_DESCRIPTION = /\bJSON Schema\b/i;

/**
 * Walks a value along a definition of schema.json: the objects matched to named definitions, and
 * the members whose schema says they are JSON Schemas. A union is followed into every branch its
 * discriminators leave possible.
 */
export function walkValue(
  source: JsonSchemaSource,
  definition: string,
  root: unknown,
  start: string,
  found: Found,
): void {
  const doc = source.document.value;
  const defs = isObject(doc) ? doc[source.definitionsKey] : undefined;
  if (!isObject(defs)) return;
  const prefix = `#/${source.definitionsKey}/`;
  const resolve = (schema: unknown, hops = 0): { schema: Schema; name?: string } | undefined => {
    if (!isObject(schema)) return undefined;
    const ref = schema.$ref;
    if (typeof ref !== 'string' || hops > 8) return { schema };
    if (!ref.startsWith(prefix)) return undefined;
    const name = ref.slice(prefix.length).replaceAll('~1', '/').replaceAll('~0', '~');
    const target = resolve(defs[name], hops + 1);
    return target && { schema: target.schema, name: target.name ?? name };
  };
  const walk = (schemaIn: unknown, owner: string, value: unknown, pointer: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const resolved = resolve(schemaIn);
    if (!resolved) return;
    const { schema } = resolved;
    const name = resolved.name ?? owner;
    if (resolved.name && isObject(value)) found.visits.push({ pointer, definition: resolved.name });
    const union = (schema.anyOf ?? schema.oneOf) as unknown;
    if (Array.isArray(union)) {
      for (const branch of union)
        if (fitsDiscriminators(resolve(branch)?.schema, value)) walk(branch, name, value, pointer, depth + 1);
      return;
    }
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) walk(part, name, value, pointer, depth + 1);
    if (Array.isArray(value)) {
      const items = schema.items;
      if (isObject(items)) value.forEach((item, i) => walk(items, name, item, `${pointer}/${i}`, depth + 1));
      return;
    }
    if (!isObject(value)) return;
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [key, member] of Object.entries(value)) {
      const sub = key in properties ? properties[key] : schema.additionalProperties;
      const at = `${pointer}/${escapePointer(key)}`;
      const subSchema = resolve(sub)?.schema;
      if (key in properties && subSchema && isSchemaSlot(subSchema)) {
        found.slots.push({ pointer: at, member: key, owner: name });
        continue;
      }
      if (isObject(sub)) walk(sub, name, member, at, depth + 1);
    }
  };
  walk({ $ref: `${prefix}${escapePointer(definition)}` }, definition, valueAtPointer(root, start), start, 0);
}

/** A member schema that says it holds a JSON Schema object. */
function isSchemaSlot(schema: Schema): boolean {
  if (typeof schema.description !== 'string' || !JSON_SCHEMA_DESCRIPTION.test(schema.description)) return false;
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** Whether a value may be of a union branch: no member of it has a value other than the branch's `const`. */
function fitsDiscriminators(branch: Schema | undefined, value: unknown): boolean {
  if (!branch) return false;
  if (!isObject(value) || !isObject(branch.properties)) return true;
  for (const [key, sub] of Object.entries(branch.properties)) {
    if (!(key in value) || !isObject(sub)) continue;
    const fixed =
      'const' in sub ? [sub.const] : Array.isArray(sub.enum) && sub.enum.length === 1 ? sub.enum : undefined;
    if (fixed && !fixed.some((f) => f === value[key])) return false;
  }
  return true;
}

/**
 * The members a JSON value holds, each with the definitions it may be a member of, as the
 * version's schema.json (generated from schema.ts) resolves them: `$ref`s by definition name,
 * unions by the branches their discriminators leave (as excess-members.ts judges them),
 * intersections by every part. A member of an inline object (not a named definition) has no
 * owner: nothing in schema.ts names it.
 */
import type { JsonSchemaSource } from './spec.js';
import { isObject } from '../util/is-object.js';
import { fitsDiscriminators } from './excess-members.js';

export interface MemberValue {
  /** JSON pointer of the member's value. */
  pointer: string;
  member: string;
  value: unknown;
  /** The definitions the holding object may be, by name (one per union branch the value may be). */
  owners: string[];
}

type Schema = Record<string, unknown>;

const MAX_DEPTH = 64;

/** Every member of `value`, at any depth, that belongs to a named definition of schema.json. */
export function memberValues(source: JsonSchemaSource, definition: string, value: unknown): MemberValue[] {
  const root = source.document.value;
  const defs = isObject(root) ? root[source.definitionsKey] : undefined;
  if (!isObject(defs) || !isObject(defs[definition])) return [];
  const prefix = `#/${source.definitionsKey}/`;
  const byPointer = new Map<string, MemberValue>();

  const resolve = (schema: unknown, depth: number): { schema: Schema; name?: string } | undefined => {
    if (!isObject(schema)) return undefined;
    const ref = schema.$ref;
    if (typeof ref !== 'string') return { schema };
    if (!ref.startsWith(prefix) || depth > MAX_DEPTH) return undefined;
    const name = decodeURIComponent(ref.slice(prefix.length)).replaceAll('~1', '/').replaceAll('~0', '~');
    const target = resolve(defs[name], depth + 1);
    return target && { schema: target.schema, name: target.name ?? name };
  };

  const walk = (schemaIn: unknown, owner: string | undefined, v: unknown, pointer: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const resolved = resolve(schemaIn, depth);
    if (!resolved) return;
    const { schema } = resolved;
    const name = resolved.name ?? owner;
    const union = (schema.anyOf ?? schema.oneOf) as unknown;
    if (Array.isArray(union)) {
      for (const branch of union)
        if (fitsDiscriminators(resolve(branch, depth)?.schema, v)) walk(branch, name, v, pointer, depth + 1);
      return;
    }
    if (Array.isArray(v)) {
      const items = schema.items;
      if (isObject(items)) v.forEach((item, i) => walk(items, undefined, item, `${pointer}/${i}`, depth + 1));
      return;
    }
    if (!isObject(v)) return;
    const parts = Array.isArray(schema.allOf) ? schema.allOf : [schema];
    for (const partIn of parts) {
      const part = partIn === schema ? resolved : resolve(partIn, depth);
      if (!part || !isObject(part.schema.properties)) continue;
      // An intersection's part named by `$ref` owns its members; an inline part, the intersection.
      const partOwner = part.name ?? name;
      for (const [key, sub] of Object.entries(part.schema.properties)) {
        if (!(key in v)) continue;
        const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        // Only a property of the resolved schema itself has an owner that schema.ts declares.
        if (partOwner !== undefined && (part.name !== undefined || resolved.name !== undefined)) {
          const entry = byPointer.get(at) ?? { pointer: at, member: key, value: v[key], owners: [] };
          if (!entry.owners.includes(partOwner)) entry.owners.push(partOwner);
          byPointer.set(at, entry);
        }
        walk(sub, undefined, v[key], at, depth + 1);
      }
    }
  };
  const escaped = encodeURIComponent(definition.replaceAll('~', '~0').replaceAll('/', '~1'));
  walk({ $ref: `${prefix}${escaped}` }, undefined, value, '', 0);
  return [...byPointer.values()];
}

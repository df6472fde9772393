/**
 * Members of a JSON value that its type does not declare, as TypeScript's excess-property check
 * finds them in an object literal. The JSON Schema accepts them (an interface becomes an object
 * schema without `additionalProperties`, which allows any extra member), so validation alone
 * never reports a misspelt or renamed field.
 *
 * Read from the version's schema.json, which is generated from schema.ts: an object schema with
 * `properties` and no `additionalProperties` / `patternProperties` is an interface without an
 * index signature (closed); one with them (`Result`) is open, and so is every `_meta` member,
 * the protocol's extension point, whatever its type lists. A union is judged
 * by the branches its discriminators (members with a `const` value) leave; a member is excess
 * only when every such branch lacks it. An intersection (`allOf`) declares what any part does and
 * is open when any part is.
 */
import type { JsonSchemaSource } from './spec.js';
import { isObject } from '../util/is-object.js';
import { editDistance } from '../util/edit-distance.js';

export interface ExcessMember {
  /** JSON pointer of the object holding the member. */
  pointer: string;
  member: string;
  /** The definition (or the schema path) that declares the object's members. */
  declaredBy: string;
  /** The declared member whose name is nearest, when one is near. */
  nearest?: string;
}

type Schema = Record<string, unknown>;

/**
 * An excess member as the walk finds it, with the members declared beside it: the nearest of
 * them is looked for once the member is known to be reported (the walk tries every union branch
 * a value may be of and keeps one branch's findings).
 */
type FoundMember = Omit<ExcessMember, 'nearest'> & { declared: ReadonlyMap<string, unknown> };

/** Nesting of schemas followed at most (values are bounded by the JSON reader; schemas by their refs). */
const MAX_DEPTH = 64;

/**
 * The members of `value` that the definition does not declare, at any depth. `alsoDeclared`:
 * names the value's own object may hold besides (the JSON-RPC envelope's, for a message checked
 * against its envelope and its request type apart).
 */
export function excessMembers(
  source: JsonSchemaSource,
  definition: string,
  value: unknown,
  alsoDeclared: ReadonlySet<string> = new Set(),
): ExcessMember[] {
  const root = source.document.value;
  if (!isObject(root)) return [];
  const defs = root[source.definitionsKey];
  if (!isObject(defs) || !isObject(defs[definition])) return [];
  const resolve = (schema: unknown, depth = 0): { schema: Schema; name?: string } | undefined => {
    if (!isObject(schema)) return undefined;
    const ref = schema.$ref;
    if (typeof ref !== 'string' || depth > MAX_DEPTH) return { schema };
    const prefix = `#/${source.definitionsKey}/`;
    if (!ref.startsWith(prefix)) return undefined;
    const name = decodeURIComponent(ref.slice(prefix.length)).replaceAll('~1', '/').replaceAll('~0', '~');
    const target = resolve(defs[name], depth + 1);
    return target && { schema: target.schema, name: target.name ?? name };
  };

  const walk = (schemaIn: unknown, name: string, v: unknown, pointer: string, depth: number): FoundMember[] => {
    if (depth > MAX_DEPTH) return [];
    const resolved = resolve(schemaIn);
    if (!resolved) return [];
    const schema = resolved.schema;
    const declaredBy = resolved.name ?? name;
    const union = (schema.anyOf ?? schema.oneOf) as unknown;
    if (Array.isArray(union)) {
      const candidates = union.filter((branch) => fitsDiscriminators(resolve(branch)?.schema, v));
      if (!candidates.length) return [];
      // Members declared beside the union (a JSON Schema's `properties` next to its `oneOf`) belong to every branch.
      const beside = isObject(schema.properties) ? { ...schema, anyOf: undefined, oneOf: undefined } : undefined;
      const each = candidates.map((branch) =>
        walk(beside ? { allOf: [beside, branch] } : branch, declaredBy, v, pointer, depth + 1),
      );
      // Excess only where every branch the value may be says so; the closest branch speaks.
      if (each.some((found) => !found.length)) return [];
      return each.reduce((best, found) => (found.length < best.length ? found : best));
    }
    if (Array.isArray(v)) {
      const items = schema.items;
      const prefixItems = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(items) ? items : [];
      return v.flatMap((item, i) => {
        const itemSchema = i < prefixItems.length ? prefixItems[i] : Array.isArray(items) ? undefined : items;
        return itemSchema === undefined ? [] : walk(itemSchema, declaredBy, item, `${pointer}/${i}`, depth + 1);
      });
    }
    if (!isObject(v)) return [];
    const parts = objectParts(schema, resolve, depth);
    const declared = new Map<string, unknown>();
    let open = false;
    let additional: unknown;
    for (const part of parts) {
      if (isObject(part.properties))
        for (const [key, sub] of Object.entries(part.properties)) if (!declared.has(key)) declared.set(key, sub);
      if ('additionalProperties' in part || 'patternProperties' in part || !isObject(part.properties)) open = true;
      if (isObject(part.additionalProperties)) additional ??= part.additionalProperties;
    }
    // An object schema that declares nothing (`{}`, `object`) says nothing of its members.
    if (!declared.size) open = true;
    const out: FoundMember[] = [];
    for (const [key, member] of Object.entries(v)) {
      const escaped = key.replaceAll('~', '~0').replaceAll('/', '~1');
      const sub = declared.get(key) ?? (open ? additional : undefined);
      // `_meta` is the protocol's extension point: any member is welcome there, whatever its type lists.
      if (key === '_meta' && declared.has(key)) continue;
      if (sub !== undefined) out.push(...walk(sub, declaredBy, member, `${pointer}/${escaped}`, depth + 1));
      else if (!open && !(depth === 0 && alsoDeclared.has(key)))
        out.push({ pointer, member: key, declaredBy, declared });
    }
    return out;
  };
  return walk(defs[definition], definition, value, '', 0).map(({ declared, ...found }) => ({
    ...found,
    nearest: nearestName(found.member, [...declared.keys()]),
  }));
}

/**
 * The object schemas an intersection is made of: the schema's own members (when it declares any,
 * or is no intersection) and those of each `allOf` part, through nested intersections.
 */
function objectParts(
  schema: Schema,
  resolve: (schema: unknown) => { schema: Schema } | undefined,
  depth: number,
): Schema[] {
  if (!Array.isArray(schema.allOf) || depth > MAX_DEPTH) return [schema];
  const own =
    isObject(schema.properties) || 'additionalProperties' in schema || 'patternProperties' in schema ? [schema] : [];
  const parts = schema.allOf.map((p) => resolve(p)?.schema).filter((p): p is Schema => !!p);
  return [...own, ...parts.flatMap((p) => objectParts(p, resolve, depth + 1))];
}

/** The member names a definition declares at its top level (its own and its `allOf` parts'). */
export function declaredNames(source: JsonSchemaSource, definition: string): Set<string> {
  const root = source.document.value;
  const defs = isObject(root) ? root[source.definitionsKey] : undefined;
  const names = new Set<string>();
  const prefix = `#/${source.definitionsKey}/`;
  const add = (schema: unknown, depth: number): void => {
    if (!isObject(schema) || depth > MAX_DEPTH || !isObject(defs)) return;
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith(prefix))
      add(defs[schema.$ref.slice(prefix.length)], depth + 1);
    if (isObject(schema.properties)) for (const key of Object.keys(schema.properties)) names.add(key);
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) add(part, depth + 1);
  };
  if (isObject(defs)) add(defs[definition], 0);
  return names;
}

/** Whether a value may be of a union branch: it has no member whose value differs from a `const` of the branch. */
export function fitsDiscriminators(branch: Schema | undefined, value: unknown): boolean {
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

/** The declared name nearest to `name`, when it is near enough to be what was meant. */
export function nearestName(name: string, declared: string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of declared) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(Math.min(name.length, best.name.length) / 3))
    ? best.name
    : undefined;
}

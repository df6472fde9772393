/**
 * A union's discriminator in a JSON Schema: the member whose constant tells its branches apart
 * (`type`, `method`, `mode`), which the schema validator uses to explain a failing union.
 */

/**
 * A member whose value tells a union's branches apart: each branch allows a few constants for
 * it, no two branches the same. `optionalIn` is the one branch, if any, where it may be absent.
 */
export interface Discriminator {
  property: string;
  /** Per branch, the constants it allows. */
  perBranch: unknown[][];
  /** Every allowed constant, in branch order. */
  values: unknown[];
  /** The only branch in which the member is optional, if exactly one is. */
  optionalIn?: number;
}

interface BranchValues {
  values: unknown[];
  required: boolean;
}

/** The constants a branch allows for a member, through nested unions; undefined when it allows any value. */
function branchValues(
  branch: Record<string, unknown> | undefined,
  property: string,
  resolve: (s: unknown) => Record<string, unknown> | undefined,
  depthLeft = 3,
): BranchValues | undefined {
  if (!branch) return undefined;
  const nested = (branch.anyOf ?? branch.oneOf) as unknown;
  if (Array.isArray(nested) && depthLeft > 0) {
    const parts = nested.map((b) => branchValues(resolve(b), property, resolve, depthLeft - 1));
    if (parts.some((p) => !p)) return undefined;
    return { values: parts.flatMap((p) => p!.values), required: parts.every((p) => p!.required) };
  }
  const properties = branch.properties as Record<string, unknown> | undefined;
  const member = resolve(properties?.[property]);
  if (!member) return undefined;
  const values = 'const' in member ? [member.const] : Array.isArray(member.enum) ? member.enum : undefined;
  if (!values?.length) return undefined;
  const required = Array.isArray(branch.required) && branch.required.includes(property);
  return { values, required };
}

/** The first member (in the first branch's order) that tells the branches apart, if any does. */
export function findDiscriminator(
  branches: unknown[],
  resolve: (s: unknown) => Record<string, unknown> | undefined,
): Discriminator | undefined {
  const resolved = branches.map(resolve);
  if (resolved.length < 2 || resolved.some((b) => !b)) return undefined;
  for (const property of memberNames(resolved[0], resolve)) {
    const per = resolved.map((b) => branchValues(b, property, resolve));
    if (per.some((p) => !p)) continue;
    const all = per.flatMap((p) => p!.values.map((v) => JSON.stringify(v)));
    if (new Set(all).size !== all.length) continue;
    const optional = per.flatMap((p, i) => (p!.required ? [] : [i]));
    return {
      property,
      perBranch: per.map((p) => p!.values),
      values: per.flatMap((p) => p!.values),
      optionalIn: optional.length === 1 ? optional[0] : undefined,
    };
  }
  return undefined;
}

/** The members a schema declares; for a union, its first branch's. */
function memberNames(
  schema: Record<string, unknown> | undefined,
  resolve: (s: unknown) => Record<string, unknown> | undefined,
  depthLeft = 3,
): string[] {
  if (!schema) return [];
  const nested = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(nested) && depthLeft > 0) return memberNames(resolve(nested[0]), resolve, depthLeft - 1);
  const properties = schema.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** The branch the value's discriminator names, or the value that names none. */
export function choose(d: Discriminator, target: unknown): { branch: number } | { wrong: unknown } | undefined {
  if (!target || typeof target !== 'object' || Array.isArray(target)) return undefined;
  if (!(d.property in target)) return d.optionalIn !== undefined ? { branch: d.optionalIn } : undefined;
  const value = (target as Record<string, unknown>)[d.property];
  const branch = d.perBranch.findIndex((values) => values.some((v) => sameJson(v, value)));
  return branch >= 0 ? { branch } : { wrong: value };
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * Validates JSON values against one definition of a version's schema.json with ajv, in the
 * dialect the file declares, and turns ajv's errors into a few clear ones: the most specific
 * failure, with the schema's expectation in words.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchemaSource, SpecVersion } from './types.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface SchemaViolation {
  /** JSON pointer of the failing value. */
  pointer: string;
  /** When the failure is about one property (missing, unexpected), its name. */
  property?: string;
  /** Whether `property` is missing (point at the object) or present but unexpected (point at it). */
  propertyPresent?: boolean;
  message: string;
  keyword: string;
}

export class SchemaValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction | undefined>();
  private readonly schemaId = 'spec-check:schema.json';

  constructor(readonly source: JsonSchemaSource) {
    const options = { strict: false, allErrors: true, validateFormats: true, logger: false as const };
    const AjvClass = source.dialect === '2020-12' ? Ajv2020 : source.dialect === '2019-09' ? Ajv2019 : Ajv;
    this.ajv = new AjvClass(options);
    addFormats(this.ajv);
    const schema = { ...(source.document.value as object) } as Record<string, unknown>;
    delete schema.$id;
    this.ajv.addSchema(schema, this.schemaId);
  }

  has(definition: string): boolean {
    return this.source.definitionNames.has(definition);
  }

  private compile(definition: string): ValidateFunction | undefined {
    if (!this.compiled.has(definition)) {
      const ref = `${this.schemaId}#/${this.source.definitionsKey}/${escapePointer(definition)}`;
      this.compiled.set(definition, this.has(definition) ? this.ajv.getSchema(ref) : undefined);
    }
    return this.compiled.get(definition);
  }

  /** Violations of `value` against `definition`; empty when it validates. */
  validate(definition: string, value: unknown): SchemaViolation[] {
    const validate = this.compile(definition);
    if (!validate) throw new Error(`no definition ${definition}`);
    if (validate(value)) return [];
    return explain(validate.errors ?? [], value);
  }
}

const validators = new WeakMap<SpecVersion, SchemaValidator | null>();

/** The validator of a version, built once; undefined when its schema.json is missing or broken. */
export function validatorFor(version: SpecVersion): SchemaValidator | undefined {
  if (!validators.has(version)) {
    const src = version.jsonSchema;
    validators.set(version, src && src.document.ok ? new SchemaValidator(src) : null);
  }
  return validators.get(version) ?? undefined;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * ajv with allErrors reports every failing branch of every `anyOf`. Keep what a person needs:
 * for each union, the branch that got furthest (deepest failing path, fewest errors, not one
 * that failed on its discriminating `const`), then the most specific errors.
 */
function explain(errors: ErrorObject[], value: unknown): SchemaViolation[] {
  const kept = pruneUnions(errors);
  const deepest = Math.max(...kept.map((e) => depth(e.instancePath)));
  const chosen = kept.filter((e) => depth(e.instancePath) === deepest || e.keyword === 'required' || e.keyword === 'additionalProperties');
  const seen = new Set<string>();
  const out: SchemaViolation[] = [];
  for (const e of chosen) {
    const v = describe(e, value);
    const key = `${v.pointer}\0${v.property ?? ''}\0${v.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return out.length ? out : [{ pointer: '', message: 'does not match the schema', keyword: 'unknown' }];
}

function pruneUnions(errors: ErrorObject[]): ErrorObject[] {
  // Union errors, outermost first, so that an inner union is pruned within the branch kept.
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  let current = errors;
  for (const union of unions) {
    if (!current.includes(union)) continue;
    const prefix = union.schemaPath + '/';
    const branches = new Map<string, ErrorObject[]>();
    for (const e of current) {
      if (!e.schemaPath.startsWith(prefix)) continue;
      const branch = e.schemaPath.slice(prefix.length).split('/')[0];
      if (!branches.has(branch)) branches.set(branch, []);
      branches.get(branch)!.push(e);
    }
    if (branches.size === 0) continue;
    const best = [...branches.values()].sort((a, b) => score(b, union) - score(a, union))[0];
    const drop = new Set([...branches.values()].filter((b) => b !== best).flat());
    drop.add(union);
    current = current.filter((e) => !drop.has(e));
  }
  return current;
}

function score(branch: ErrorObject[], union: ErrorObject): number {
  const base = depth(union.instancePath);
  // A branch that failed on a discriminator (`type: const "text"`) is the wrong branch.
  const discriminatorMiss = branch.some((e) => e.keyword === 'const' && depth(e.instancePath) === base + 1);
  const typeMiss = branch.some((e) => e.keyword === 'type' && e.instancePath === union.instancePath);
  const reach = Math.max(...branch.map((e) => depth(e.instancePath))) - base;
  return (discriminatorMiss ? -1000 : 0) + (typeMiss ? -500 : 0) + reach * 10 - branch.length;
}

function depth(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

function describe(e: ErrorObject, root: unknown): SchemaViolation {
  const at = e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { pointer: at, property: String(p.missingProperty), propertyPresent: false, keyword: e.keyword, message: `missing required property "${p.missingProperty}"` };
    case 'additionalProperties':
      return { pointer: at, property: String(p.additionalProperty), propertyPresent: true, keyword: e.keyword, message: `unexpected property "${p.additionalProperty}"` };
    case 'unevaluatedProperties':
      return { pointer: at, property: String(p.unevaluatedProperty), propertyPresent: true, keyword: e.keyword, message: `unexpected property "${p.unevaluatedProperty}"` };
    case 'type':
      return { pointer: at, keyword: e.keyword, message: `expected ${article(String(p.type))}, got ${typeName(valueAt(root, at))}` };
    case 'const':
      return { pointer: at, keyword: e.keyword, message: `expected ${JSON.stringify(p.allowedValue)}, got ${short(valueAt(root, at))}` };
    case 'enum':
      return { pointer: at, keyword: e.keyword, message: `expected one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${short(valueAt(root, at))}` };
    case 'format':
      return { pointer: at, keyword: e.keyword, message: `expected a string in format "${p.format}", got ${short(valueAt(root, at))}` };
    default:
      return { pointer: at, keyword: e.keyword, message: e.message ?? `fails "${e.keyword}"` };
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const seg of pointer.split('/').slice(1)) {
    const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number') return Number.isInteger(v) ? `the number ${v}` : `the number ${v}`;
  if (typeof v === 'string') return `the string ${short(v)}`;
  return article(typeof v);
}

function article(type: string): string {
  return type
    .split(',')
    .map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
    .join(' or ');
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}

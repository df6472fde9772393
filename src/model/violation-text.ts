/**
 * A violation ajv reports, in words: the schema's expectation and what the value has instead
 * (`expected an integer, got the string "8"`). Shared by the validator of any JSON Schema.
 */
import type { ErrorObject } from 'ajv';
import { splitPointer, valueAtPointer } from '../core/json-document.js';

/** A value's failure against a schema, in words, at the pointer of the failing value. */
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

export function describe(e: ErrorObject, root: unknown): SchemaViolation {
  const at = e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return {
        pointer: at,
        property: String(p.missingProperty),
        propertyPresent: false,
        keyword: e.keyword,
        message: `missing required property "${p.missingProperty}"`,
      };
    case 'additionalProperties':
      return unexpected(at, String(p.additionalProperty), e.keyword);
    case 'unevaluatedProperties':
      return unexpected(at, String(p.unevaluatedProperty), e.keyword);
    case 'false schema': {
      // A member whose schema is `false` (a JSON-RPC response's `error` beside its `result`) may not be there at all.
      const slash = at.lastIndexOf('/');
      const parent = valueAtPointer(root, at.slice(0, Math.max(0, slash)));
      if (slash < 0 || !parent || typeof parent !== 'object' || Array.isArray(parent)) break;
      return unexpected(at.slice(0, slash), splitPointer(at.slice(slash)).at(-1)!, e.keyword);
    }
    case 'type':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `expected ${article(String(p.type))}, got ${typeName(valueAtPointer(root, at))}`,
      };
    case 'const':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `expected ${JSON.stringify(p.allowedValue)}, got ${short(valueAtPointer(root, at))}`,
      };
    case 'enum':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `expected one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${short(valueAtPointer(root, at))}`,
      };
    case 'format':
      return {
        pointer: at,
        keyword: e.keyword,
        message: `expected a string in format "${p.format}", got ${short(valueAtPointer(root, at))}`,
      };
  }
  return { pointer: at, keyword: e.keyword, message: e.message ?? `fails "${e.keyword}"` };
}

/**
 * What a value is and what the schema wanted instead, for a value named by where it is
 * (`"type" at /properties/a/type is "numbr", not one of the allowed values (...)`); undefined
 * for a keyword whose failure is not about the value alone.
 */
export function misfit(e: ErrorObject, value: unknown): string | undefined {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'enum':
      return `is ${short(value)}, not one of the allowed values (${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`;
    case 'const':
      return `is ${short(value)}, not ${JSON.stringify(p.allowedValue)}`;
    case 'type':
      return `is ${typeName(value)}, not ${article(String(p.type))}`;
  }
  return undefined;
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

export function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}

/** A member the schema does not allow at `pointer`. */
function unexpected(pointer: string, property: string, keyword: string): SchemaViolation {
  return { pointer, property, propertyPresent: true, keyword, message: `unexpected property "${property}"` };
}

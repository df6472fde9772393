/**
 * Compiles the JSON Schemas shown inside examples with ajv, in the dialect each names (`$schema`)
 * or else its version's (schema.json's `$schema`), and validates the values they govern. The
 * work is bounded: a schema too deep or too large for ajv to compile safely is reported as not
 * checked, and a pattern that could backtrack for minutes is never run.
 */
import { Ajv, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { SchemaDialect, Spec } from './spec.js';
import { dialectOf } from '../sources/load.js';
import { escapePointer, valueAtPointer } from '../core/json-document.js';
import { isObject } from '../util/is-object.js';
import { derivation, type Project } from '../project/project.js';
import type { Runtime } from '../runtime/runtime.js';
import type { MemoryCache } from '../runtime/cache.js';
import { hashParts } from '../runtime/cache.js';
import {
  keptOrJudged,
  verdictKey,
  verdictStoreOf,
  type ValidatorVerdicts,
  type VerdictStore,
} from './validation-verdicts.js';
import {
  MAX_EMBEDDED_SCHEMA_DEPTH,
  MAX_EMBEDDED_SCHEMA_VALUES,
  MAX_EMBEDDED_SCHEMA_VALUES_TOTAL,
} from '../core/limits.js';
import type { EmbeddedSchema } from './embedded-schemas.js';
import { misfit } from './violation-text.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** What compiling an embedded schema gave. */
export type CompiledSchema =
  /**
   * Valid; `validator` compiles it on first use (undefined if that fails); `judge` gives a value's
   * violations, from the kept verdicts when an earlier check judged the same value against the
   * same text (no compiling), else by `validator` (undefined when it fails).
   */
  | {
      kind: 'compiled';
      dialect: SchemaDialect;
      validator: () => ValidateFunction | undefined;
      judge: (value: unknown) => ValueViolation[] | undefined;
      unsafePattern?: string;
    }
  /** Not a JSON Schema of its dialect: the first reason, at a pointer into the schema. */
  | {
      kind: 'invalid';
      dialect: SchemaDialect;
      pointer: string;
      /** The meta-schema's keyword that failed; absent when the schema met it but does not compile. */
      metaKeyword?: string;
      message: string;
    }
  /** Not checked: a reason that is a finding (too deep, too large). */
  | { kind: 'too-big'; message: string }
  /** Not checked, and nothing is wrong with it that spec-check could tell (a remote `$ref`, a dialect ajv lacks). */
  | { kind: 'not-judged'; reason: string };

/** One violation of a governed value against its schema. */
export interface ValueViolation {
  /** Pointer into the value. */
  pointer: string;
  /** The member the violation is about when it is missing or not allowed. */
  member?: string;
  /** The member is missing (`required`), not present. */
  missing?: boolean;
  keyword: string;
  /** Pointer into the schema of the keyword that failed. */
  schemaPointer: string;
  message: string;
}

export const DIALECT_NAMES: Record<SchemaDialect, string> = {
  'draft-07': 'JSON Schema draft-07',
  '2019-09': 'JSON Schema 2019-09',
  '2020-12': 'JSON Schema 2020-12',
};

/**
 * What one check compiles embedded schemas with. The ajv instances and what each schema text
 * compiled to live in the runtime's memories, so that a watch session's re-check compiles only
 * what changed; the budget of values compiled is the check's.
 */
class EmbeddedSchemaCompiler {
  valuesCompiled = 0;
  readonly byText: MemoryCache<CompiledSchema>;
  private readonly instances: MemoryCache<Ajv>;
  /** The check's verdict store, when it keeps verdicts on disk: what each schema text compiled to, by dialect. */
  private readonly store: VerdictStore | undefined;

  constructor(runtime: Runtime) {
    this.byText = runtime.memory<CompiledSchema>('embedded schemas compiled', 2000);
    this.instances = runtime.memory<Ajv>('embedded schema ajv', 3);
    this.store = verdictStoreOf(runtime);
  }

  /** The kept outcomes of compiling embedded schemas of a dialect (undefined when no verdicts are kept). */
  kept(dialect: SchemaDialect): { verdicts: ValidatorVerdicts; store: VerdictStore } | undefined {
    return this.store && { verdicts: this.store.forSchema('embedded schemas', dialect), store: this.store };
  }

  ajv(dialect: SchemaDialect): Ajv {
    let ajv = this.instances.get(dialect);
    if (!ajv) {
      // A schema is checked against its meta-schema before it is compiled (`compileOnce`), or was
      // by an earlier check: compiling it does not check it again, so that a check whose verdicts
      // are all kept never compiles the meta-schema (a fifth of a second).
      const options = {
        strict: false,
        allErrors: true,
        validateFormats: true,
        validateSchema: false,
        logger: false as const,
      };
      ajv =
        dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv(options);
      addFormats(ajv);
      this.instances.set(dialect, ajv);
    }
    return ajv;
  }
}

const compilerOf = derivation(
  'embedded schema compiler',
  (_spec: Spec, project: Project) => new EmbeddedSchemaCompiler(project.runtime),
);

const compiledOf = derivation('embedded schema compiled', (schema: EmbeddedSchema, project: Project): CompiledSchema =>
  compile(
    project.derive(compilerOf, project.spec),
    valueAtPointer(schema.shown.value, schema.pointer),
    schema.versionDialect,
  ),
);

/** An embedded schema, compiled once per check. */
export function compiledSchema(project: Project, schema: EmbeddedSchema): CompiledSchema {
  return project.derive(compiledOf, schema);
}

function compile(
  compiler: EmbeddedSchemaCompiler,
  schema: unknown,
  fallback: SchemaDialect = 'draft-07',
): CompiledSchema {
  const size = measure(schema);
  if (size.depth > MAX_EMBEDDED_SCHEMA_DEPTH)
    return { kind: 'too-big', message: `nests deeper than ${MAX_EMBEDDED_SCHEMA_DEPTH} levels` };
  if (size.values > MAX_EMBEDDED_SCHEMA_VALUES)
    return { kind: 'too-big', message: `has more than ${MAX_EMBEDDED_SCHEMA_VALUES} values` };
  if (compiler.valuesCompiled + size.values > MAX_EMBEDDED_SCHEMA_VALUES_TOTAL)
    return {
      kind: 'too-big',
      message: `is past the ${MAX_EMBEDDED_SCHEMA_VALUES_TOTAL} values all embedded schemas may have`,
    };
  if (!isObject(schema)) return { kind: 'not-judged', reason: 'not an object' };
  const named = schema.$schema;
  const dialect = named === undefined ? fallback : dialectOf(named);
  if (!dialect) return { kind: 'not-judged', reason: `dialect ${JSON.stringify(named)}` };
  // Versions show the same examples (a draft and the release it became): each text compiles once.
  const key = `${dialect}\0${JSON.stringify(schema)}`;
  let compiled = compiler.byText.get(key);
  if (!compiled) {
    compiler.valuesCompiled += size.values;
    compiled = compileKept(compiler, schema, dialect, key);
    compiler.byText.set(key, compiled);
  }
  return compiled;
}

/** What an earlier check found a schema text compiles to, as kept: `CompiledSchema` without its validator. */
type KeptOutcome = Exclude<CompiledSchema, { kind: 'compiled' }> | { kind: 'compiled'; dialect: SchemaDialect };

/**
 * `compileOnce`, or what an earlier check found it to give for the same text and dialect (kept
 * with the validation verdicts): a valid schema's validator is then compiled when first used.
 */
function compileKept(
  compiler: EmbeddedSchemaCompiler,
  schema: Record<string, unknown>,
  dialect: SchemaDialect,
  key: string,
): CompiledSchema {
  const kept = compiler.kept(dialect);
  const keptKey = hashParts([key]);
  const known = kept && Object.hasOwn(kept.verdicts.compiles, keptKey) ? kept.verdicts.compiles[keptKey] : undefined;
  if (kept && typeof known === 'string') {
    const outcome = JSON.parse(known) as KeptOutcome;
    if (outcome.kind !== 'compiled') return outcome;
    let validate: ValidateFunction | undefined;
    const validator = () => {
      if (!validate) {
        const got = compileNow(compiler.ajv(dialect), schema);
        if ('problem' in got) return undefined;
        validate = got.validate;
      }
      return validate;
    };
    return {
      kind: 'compiled',
      dialect,
      validator,
      judge: keptJudge(kept, keptKey, validator),
      unsafePattern: unsafePattern(schema),
    };
  }
  const compiled = compileOnce(compiler.ajv(dialect), schema, dialect);
  if (kept) {
    const outcome: KeptOutcome = compiled.kind === 'compiled' ? { kind: 'compiled', dialect } : compiled;
    kept.verdicts.compiles[keptKey] = JSON.stringify(outcome);
    kept.store.judged(false);
    if (compiled.kind === 'compiled') compiled.judge = keptJudge(kept, keptKey, compiled.validator);
  }
  return compiled;
}

/**
 * A schema's `judge` that keeps each value's violations with the verdicts (by the schema text's
 * key and the value's JSON text): a check after a page edit then compiles none of the embedded
 * schemas whose values it judged before. A value that is not plain JSON is judged every time.
 */
function keptJudge(
  kept: { verdicts: ValidatorVerdicts; store: VerdictStore },
  schemaKey: string,
  validator: () => ValidateFunction | undefined,
): (value: unknown) => ValueViolation[] | undefined {
  return (value) =>
    keptOrJudged(kept, verdictKey(schemaKey, value), () => {
      const validate = validator();
      return validate && violations(validate, value);
    });
}

function compileOnce(ajv: Ajv, schema: Record<string, unknown>, dialect: SchemaDialect): CompiledSchema {
  if (!ajv.validateSchema(schema)) {
    const error = mostSpecific(ajv.errors ?? []);
    return {
      kind: 'invalid',
      dialect,
      pointer: error?.instancePath ?? '',
      metaKeyword: error?.keyword ?? 'unknown',
      message: error
        ? (misfit(error, valueAtPointer(schema, error.instancePath)) ?? readable(error))
        : 'is not a JSON Schema',
    };
  }
  // Compiling is most of the cost, and once the meta-schema is met only a reference or a regular
  // expression can fail: a schema with neither is compiled when a value is checked against it.
  const text = JSON.stringify(schema);
  const mayFail =
    /"(?:\$ref|\$id|\$anchor|\$dynamicRef|\$dynamicAnchor|\$recursiveRef|pattern|patternProperties)"/.test(text);
  const compiled = mayFail ? compileNow(ajv, schema) : undefined;
  if (compiled && 'problem' in compiled) {
    const { problem } = compiled;
    if (problem.remote) return { kind: 'not-judged', reason: `remote reference ${problem.remote}` };
    return { kind: 'invalid', dialect, pointer: problem.pointer, message: problem.message };
  }
  let validate = compiled?.validate;
  const validator = () => {
    if (!validate) {
      const got = compileNow(ajv, schema);
      if ('problem' in got) return undefined;
      validate = got.validate;
    }
    return validate;
  };
  const judge = (value: unknown) => {
    const got = validator();
    return got && violations(got, value);
  };
  return { kind: 'compiled', dialect, validator, judge, unsafePattern: unsafePattern(schema) };
}

type CompileProblem = { remote?: string; pointer: string; message: string };

function compileNow(
  ajv: Ajv,
  schema: Record<string, unknown>,
): { validate: ValidateFunction } | { problem: CompileProblem } {
  try {
    return { validate: ajv.compile(schema) };
  } catch (error) {
    const missing = (error as { missingRef?: string }).missingRef;
    if (typeof missing === 'string') {
      if (!/^#|^$/.test(missing)) return { problem: { remote: missing, pointer: '', message: '' } };
      const pointer = findRef(schema, missing);
      return { problem: { pointer, message: 'resolves to nothing in the schema' } };
    }
    const bad = badPattern(schema);
    if (bad) return { problem: bad };
    return { problem: { pointer: '', message: (error as Error).message } };
  } finally {
    // A schema's `$id` stays registered otherwise, and the next with the same `$id` would not compile.
    ajv.removeSchema(schema as AnySchemaObject);
  }
}

/** Violations of a value against a schema's validator, the failing branches of a union left to the union. */
export function violations(validate: ValidateFunction, value: unknown): ValueViolation[] {
  if (validate(value)) return [];
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'if');
  const unions = errors.filter((e) => ['anyOf', 'oneOf', 'not'].includes(e.keyword)).map((e) => e.schemaPath);
  const kept = errors.filter((e) => !unions.some((u) => e.schemaPath.startsWith(u + '/')));
  const seen = new Set<string>();
  const out: ValueViolation[] = [];
  for (const e of kept) {
    const v = describe(e);
    const key = `${v.pointer}\0${v.member ?? ''}\0${v.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

function describe(e: ErrorObject): ValueViolation {
  const params = e.params as Record<string, unknown>;
  const schemaPointer = decodeSchemaPath(e.schemaPath);
  if (e.keyword === 'required')
    return {
      pointer: e.instancePath,
      member: String(params.missingProperty),
      missing: true,
      keyword: e.keyword,
      schemaPointer,
      message: `lacks required member "${params.missingProperty}"`,
    };
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
    const member = String(params.additionalProperty ?? params.unevaluatedProperty);
    return {
      pointer: `${e.instancePath}/${escapePointer(member)}`,
      member,
      keyword: e.keyword,
      schemaPointer,
      message: `has member "${member}", which the schema does not allow`,
    };
  }
  return { pointer: e.instancePath, keyword: e.keyword, schemaPointer, message: readable(e) };
}

/** ajv's message, with a list of types in words (`must be object or boolean`). */
function readable(e: ErrorObject): string {
  return (e.message ?? `fails "${e.keyword}"`).replace(
    /must be ([a-z]+(?:,[a-z]+)+)$/,
    (_, types: string) => `must be ${types.split(',').join(' or ')}`,
  );
}

/** ajv's schema path (`#/properties/a%20b/type`) as a JSON pointer. */
function decodeSchemaPath(schemaPath: string): string {
  const path = schemaPath.replace(/^#/, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Of a meta-schema's errors, the deepest, a concrete one before a union's summary. */
function mostSpecific(errors: ErrorObject[]): ErrorObject | undefined {
  const depth = (e: ErrorObject) => (e.instancePath ? e.instancePath.split('/').length : 0);
  const rank = (e: ErrorObject) => depth(e) * 2 + (['anyOf', 'oneOf', 'if'].includes(e.keyword) ? 0 : 1);
  return errors.reduce<ErrorObject | undefined>((best, e) => (!best || rank(e) > rank(best) ? e : best), undefined);
}

/** The depth and the number of values of a JSON value, by a list (never deeper than the stack allows). */
function measure(value: unknown): { depth: number; values: number } {
  let depth = 0;
  let values = 0;
  const todo: [unknown, number][] = [[value, 1]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [node, level] = next;
    values++;
    if (level > depth) depth = level;
    if (values > MAX_EMBEDDED_SCHEMA_VALUES_TOTAL) break;
    if (node && typeof node === 'object') for (const child of Object.values(node)) todo.push([child, level + 1]);
  }
  return { depth, values };
}

/** The first `pattern` (or `patternProperties` key) that is not a regular expression, as ajv reads them (Unicode mode). */
function badPattern(schema: unknown): CompileProblem | undefined {
  const isRegExp = (source: string) => {
    try {
      new RegExp(source, 'u');
      return true;
    } catch {
      return false;
    }
  };
  const todo: [unknown, string][] = [[schema, '']];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [node, at] = next;
    if (!node || typeof node !== 'object') continue;
    if (isObject(node)) {
      if (typeof node.pattern === 'string' && !isRegExp(node.pattern))
        return { pointer: `${at}/pattern`, message: 'is not a regular expression' };
      if (isObject(node.patternProperties))
        for (const key of Object.keys(node.patternProperties))
          if (!isRegExp(key))
            return {
              pointer: `${at}/patternProperties/${escapePointer(key)}`,
              message: 'is not a regular expression',
            };
    }
    for (const [k, v] of Object.entries(node).reverse()) todo.push([v, `${at}/${escapePointer(k)}`]);
  }
  return undefined;
}

/** The pointer of the first `$ref` with this value. */
function findRef(schema: unknown, ref: string): string {
  const todo: [unknown, string][] = [[schema, '']];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [node, at] = next;
    if (!node || typeof node !== 'object') continue;
    if (isObject(node) && typeof node.$ref === 'string' && (node.$ref === ref || node.$ref.endsWith(ref)))
      return `${at}/$ref`;
    for (const [k, v] of Object.entries(node).reverse()) todo.push([v, `${at}/${escapePointer(k)}`]);
  }
  return '';
}

/**
 * A `pattern` (or `patternProperties` key) that a backtracking engine may take exponential time
 * on: a repeated group that holds a repetition or an alternation (`(a+)+`, `(a|ab)*`). Values
 * are not checked against a schema that has one.
 */
function unsafePattern(schema: unknown): string | undefined {
  const todo: unknown[] = [schema];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    if (!node || typeof node !== 'object') continue;
    if (isObject(node)) {
      if (typeof node.pattern === 'string' && repeatsRepetition(node.pattern)) return node.pattern;
      if (isObject(node.patternProperties))
        for (const key of Object.keys(node.patternProperties)) if (repeatsRepetition(key)) return key;
    }
    todo.push(...Object.values(node));
  }
  return undefined;
}

function repeatsRepetition(pattern: string): boolean {
  const groups: { inner: boolean }[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '(') groups.push({ inner: false });
    else if (c === ')') {
      const group = groups.pop();
      const next = pattern[i + 1];
      const repeated = next === '*' || next === '+' || next === '{';
      if (group?.inner && repeated) return true;
      // What a group holds, its enclosing group holds too.
      if (group && (group.inner || repeated) && groups.length) groups[groups.length - 1].inner = true;
    } else if ((c === '*' || c === '+' || c === '{' || c === '|') && groups.length)
      groups[groups.length - 1].inner = true;
  }
  return false;
}

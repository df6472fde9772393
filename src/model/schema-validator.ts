/**
 * Validates JSON values against one definition of a version's schema.json with ajv, in the
 * dialect the file declares, and turns ajv's errors into a few clear ones: the most specific
 * failure, with the schema's expectation in words.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { escapePointer, valueAtPointer } from '../core/json-document.js';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchemaSource, SpecVersion } from './spec.js';
import { derivation, type Project } from '../project/project.js';
import type { TextFile } from '../core/text-file.js';
import { generatedJsonSchemaOf } from '../generators/outputs.js';
import { generatedSchemaSource } from './generated-source.js';
import { describe, short, type SchemaViolation } from './violation-text.js';
import { choose, findDiscriminator, type Discriminator } from './union-discriminator.js';
import {
  keptOrJudged,
  verdictKey,
  verdictStoreOf,
  type ValidatorVerdicts,
  type VerdictStore,
} from './validation-verdicts.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Marks a union the value satisfies once the other parts of its intersection are taken into
 * account: not a violation, but what keeps an otherwise empty explanation from being called
 * "does not match the schema". Dropped before violations leave the validator.
 */
const INTERSECTED = 'spec-check:intersected';

export class SchemaValidator {
  #ajv?: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly schemaId = 'spec-check:schema.json';

  /** Definitions that exist but do not compile (a `$ref` to nothing, ...), with ajv's reason. */
  private readonly broken = new Map<string, string>();

  /** JSON pointers of schema.json's objects, by identity (ajv keeps the objects it is given); built on first use. */
  private pointers?: Map<object, string>;

  /** Each union's discriminator (null: it has none), by the union's pointer. */
  private readonly discriminators = new Map<string, Discriminator | null>();

  /**
   * Throws `InvalidSchemaError` when schema.json is not a JSON Schema of its dialect.
   * `kept`: verdicts an earlier check made with this schema (see validation-verdicts.ts); ajv is
   * then made only when a value or a definition they do not hold is asked about.
   * `metaSchemaAjvs`: where the instances that check a schema against its dialect's meta-schema
   * are kept, so that the versions' schema.json files share one (see `MetaSchemaAjvs`).
   */
  constructor(
    readonly source: JsonSchemaSource,
    private readonly kept?: { verdicts: ValidatorVerdicts; store: VerdictStore },
    private readonly metaSchemaAjvs?: MetaSchemaAjvs,
  ) {
    const known = kept?.verdicts.schema;
    if (known && known !== 'valid') throw new InvalidSchemaError(known.message, known.pointer);
    if (!known) this.makeAjv(true);
  }

  private get ajv(): Ajv {
    return this.#ajv ?? this.makeAjv(false);
  }

  private makeAjv(validateSchema: boolean): Ajv {
    // Compiling is most of validation's cost (each value is validated once or twice): ajv's
    // optimisation passes over the generated code, and inlining small definitions into each one
    // that refers to them, made compiling every definition of the MCP corpus 45% slower
    // (0.67 s against 0.37 s) for no gain on a few hundred values.
    const options = {
      strict: false,
      allErrors: true,
      validateFormats: true,
      logger: false as const,
      inlineRefs: false,
      // Errors carry the schema object they come from: a union inside a referenced definition
      // reports a schema path relative to that definition, which alone cannot locate it.
      verbose: true,
      code: { optimize: false },
    };
    const source = this.source;
    const AjvClass = source.dialect === '2020-12' ? Ajv2020 : source.dialect === '2019-09' ? Ajv2019 : Ajv;
    const newAjv = () => addFormats(new AjvClass(options));
    const ajv = newAjv();
    const schema = { ...(source.document.value as object) } as Record<string, unknown>;
    delete schema.$id;
    // The same check in an instance of the same options: only the meta-schema's compiled form is shared.
    const dialect = source.dialect ?? '';
    let checker = ajv;
    if (validateSchema && this.metaSchemaAjvs) {
      checker = this.metaSchemaAjvs.get(dialect) ?? newAjv();
      this.metaSchemaAjvs.set(dialect, checker);
    }
    if (validateSchema && !checker.validateSchema(schema)) {
      const first = checker.errors?.[0];
      const error = new InvalidSchemaError(first?.message ?? 'not a JSON Schema', first?.instancePath ?? '');
      this.remember((v) => (v.schema = { message: error.message, pointer: error.pointer }));
      throw error;
    }
    this.remember((v) => (v.schema = 'valid'));
    ajv.addSchema(schema, this.schemaId, undefined, false);
    return (this.#ajv = ajv);
  }

  /** Records a fact in the kept verdicts, to be written back after the check. */
  private remember(record: (verdicts: ValidatorVerdicts) => void): void {
    if (!this.kept) return;
    record(this.kept.verdicts);
    this.kept.store.judged(false);
  }

  /** Whether `definition` exists and compiles (see `brokenReason` for one that does not). */
  has(definition: string): boolean {
    if (!this.source.definitionNames.has(definition)) return false;
    if (this.broken.has(definition)) return false;
    const known =
      this.kept && Object.hasOwn(this.kept.verdicts.compiles, definition)
        ? this.kept.verdicts.compiles[definition]
        : undefined;
    if (known === null) return true;
    if (typeof known === 'string') {
      this.broken.set(definition, known);
      return false;
    }
    try {
      this.compile(this.definitionPointer(definition));
      this.remember((v) => (v.compiles[definition] = null));
      return true;
    } catch (error) {
      this.broken.set(definition, (error as Error).message);
      this.remember((v) => (v.compiles[definition] = (error as Error).message));
      return false;
    }
  }

  /** Why a definition of schema.json does not compile; undefined when it does (or was not tried). */
  brokenReason(definition: string): string | undefined {
    this.has(definition);
    return this.broken.get(definition);
  }

  /** JSON pointer of a definition in schema.json. */
  definitionPointer(definition: string): string {
    return `/${this.source.definitionsKey}/${escapePointer(definition)}`;
  }

  /** The compiled validator of a pointer into schema.json (`/$defs/Name`, or deeper). */
  private compile(pointer: string): ValidateFunction {
    let fn = this.compiled.get(pointer);
    if (!fn) {
      const key = `${this.schemaId}#${pointer}`;
      // A definition another one refers to was compiled with it, kept among the file's references
      // and not where `getSchema` looks: asked for itself later, ajv would compile it again.
      const asReference = this.ajv.schemas[this.schemaId]?.refs[key];
      fn =
        typeof asReference === 'object' && typeof asReference.validate === 'function'
          ? (asReference.validate as ValidateFunction)
          : this.ajv.getSchema(key);
      if (!fn) throw new Error(`no schema at ${pointer}`);
      this.compiled.set(pointer, fn);
    }
    return fn;
  }

  /** Violations of `value` against `definition`; empty when it validates. */
  validate(definition: string, value: unknown): SchemaViolation[] {
    if (!this.has(definition)) throw new Error(`no definition ${definition}`);
    if (!this.kept) return this.judge(definition, value);
    return keptOrJudged(this.kept, verdictKey(definition, value), () => this.judge(definition, value))!;
  }

  private judge(definition: string, value: unknown): SchemaViolation[] {
    const compiled = this.compile(this.definitionPointer(definition));
    if (compiled(value)) return [];
    return dedupe(this.explain(this.definitionPointer(definition), value)).filter((v) => v.keyword !== INTERSECTED);
  }

  /**
   * ajv with allErrors reports every failing branch of every union. Keep what a person needs:
   * for each union, the branch its discriminator names (a member that is a constant in every
   * branch, with a value of its own in each: `type`, `method`, `mode`), or, when it names none,
   * that the discriminator's value is none of the allowed ones; for a union without one,
   * re-validate each branch alone and keep the one that got furthest (not one that failed on a
   * constant, then the deepest failure, then the fewest).
   */
  private explain(pointer: string, value: unknown): SchemaViolation[] {
    const validate = this.compile(pointer);
    if (validate(value)) return [];
    const errors = [...(validate.errors ?? [])];
    const defsPrefix = `#/${this.source.definitionsKey}/`;
    // Errors inside a referenced definition carry absolute paths; the others are relative to `pointer`.
    const absolute = (schemaPath: string) =>
      schemaPath.startsWith(defsPrefix) ? schemaPath.slice(1) : pointer + schemaPath.slice(1);
    const unions = errors
      .filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
      .sort((a, b) => depth(a.instancePath) - depth(b.instancePath));
    const handled: string[] = [];
    const out: SchemaViolation[] = [];
    const under = (path: string, base: string) => path === base || path.startsWith(base + '/');
    for (const union of unions) {
      if (handled.some((h) => under(union.instancePath, h))) continue;
      const parent = this.pointerOf(union.parentSchema);
      const unionPointer = parent !== undefined ? `${parent}/${union.keyword}` : absolute(union.schemaPath);
      const branches = valueAtPointer(this.source.document.value, unionPointer);
      if (!Array.isArray(branches)) continue;
      const target = valueAtPointer(value, union.instancePath);
      // A union that is one part of an intersection (`(A | B) & (C | D)`, its branches closed
      // objects): a member another part declares is the intersection's, not unexpected here.
      const siblings = this.allOfSiblingMembers(unionPointer);
      const explainBranch = (i: number) =>
        this.explain(`${unionPointer}/${i}`, target)
          .filter(
            (v) =>
              v.keyword !== INTERSECTED &&
              !(siblings?.has(v.property ?? '') && v.keyword === 'additionalProperties' && v.pointer === ''),
          )
          .map((v) => ({ ...v, pointer: union.instancePath + v.pointer }));
      handled.push(union.instancePath);
      const discriminator = this.discriminatorOf(unionPointer, branches);
      const chosen = discriminator && choose(discriminator, target);
      if (discriminator && chosen && 'wrong' in chosen) {
        out.push({
          pointer: `${union.instancePath}/${escapePointer(discriminator.property)}`,
          keyword: 'enum',
          message: `expected one of ${discriminator.values.map((v) => JSON.stringify(v)).join(', ')}, got ${short(chosen.wrong)}`,
        });
        continue;
      }
      if (chosen && 'branch' in chosen) {
        const found = explainBranch(chosen.branch);
        // Empty only for a oneOf the value matches more than once: told below.
        if (found.length) {
          out.push(...found);
          continue;
        }
      }
      const results = branches.map((_, i) => explainBranch(i));
      const failing = results.filter((r) => r.length > 0);
      // A branch that fails only on the other parts' members: the value is of the intersection.
      if (siblings && union.keyword === 'anyOf' && failing.length < results.length) {
        out.push({ pointer: union.instancePath, keyword: INTERSECTED, message: 'of the intersection' });
        continue;
      }
      if (failing.length < results.length) {
        // oneOf that matched more than one branch.
        out.push({
          pointer: union.instancePath,
          keyword: union.keyword,
          message: 'matches more than one of the allowed shapes',
        });
        continue;
      }
      out.push(...failing.sort((a, b) => score(b, union.instancePath) - score(a, union.instancePath))[0]);
    }
    for (const e of errors) {
      if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
      if (handled.some((h) => under(e.instancePath, h))) continue;
      out.push(describe(e, value));
    }
    return out;
  }

  /**
   * For a union that is a part of an `allOf` (`…/allOf/0/anyOf`), the members the other parts
   * declare (through their unions, intersections and local `$ref`s); undefined for any other union.
   */
  private allOfSiblingMembers(unionPointer: string): Set<string> | undefined {
    const at = /^(.*)\/allOf\/(\d+)\/(?:anyOf|oneOf)$/.exec(unionPointer);
    if (!at) return undefined;
    const parts = valueAtPointer(this.source.document.value, `${at[1]}/allOf`);
    if (!Array.isArray(parts)) return undefined;
    const members = new Set<string>();
    const todo: [unknown, number][] = parts.filter((_, i) => i !== Number(at[2])).map((p) => [p, 0]);
    for (let next = todo.pop(); next; next = todo.pop()) {
      const [part, depth] = next;
      const node = this.resolve(part);
      if (!node || depth > 8) continue;
      const properties = node.properties;
      if (properties && typeof properties === 'object') for (const name of Object.keys(properties)) members.add(name);
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) todo.push([branch, depth + 1]);
    }
    return members;
  }

  /** The pointer of an object of schema.json (the root is a copy: it never holds a union ajv reports by its parent). */
  private pointerOf(schema: unknown): string | undefined {
    if (!schema || typeof schema !== 'object') return undefined;
    if (!this.pointers) {
      // By a list, not recursion: a schema.json nested deeper than the stack is still read.
      const pointers = new Map<object, string>();
      const todo: [unknown, string][] = [[this.source.document.value, '']];
      for (let next = todo.pop(); next; next = todo.pop()) {
        const [node, at] = next;
        if (!node || typeof node !== 'object' || pointers.has(node)) continue;
        pointers.set(node, at);
        for (const [k, v] of Object.entries(node)) todo.push([v, `${at}/${escapePointer(k)}`]);
      }
      this.pointers = pointers;
    }
    return this.pointers.get(schema);
  }

  /** A union's discriminator, worked out from its branches once. */
  private discriminatorOf(unionPointer: string, branches: unknown[]): Discriminator | undefined {
    let got = this.discriminators.get(unionPointer);
    if (got === undefined) {
      got = findDiscriminator(branches, (b) => this.resolve(b)) ?? null;
      this.discriminators.set(unionPointer, got);
    }
    return got ?? undefined;
  }

  /** A schema with its local `$ref`s followed (a few hops; a cycle or a remote reference ends it). */
  private resolve(schema: unknown): Record<string, unknown> | undefined {
    let node = schema;
    for (let hops = 0; hops < 8; hops++) {
      if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref !== 'string') return node as Record<string, unknown>;
      if (!ref.startsWith('#')) return undefined;
      node = valueAtPointer(this.source.document.value, safeDecode(ref.slice(1)));
    }
    return undefined;
  }
}

function safeDecode(pointer: string): string {
  try {
    return decodeURIComponent(pointer);
  } catch {
    return pointer;
  }
}

/** schema.json is valid JSON but not a JSON Schema of its dialect: ajv's first reason, and where. */
export class InvalidSchemaError extends Error {
  constructor(
    message: string,
    /** JSON pointer into schema.json. */
    readonly pointer: string,
  ) {
    super(message);
  }
}

/**
 * The ajv instances, by dialect, that check a schema.json against its dialect's meta-schema before
 * its validator is made. Checking compiles the meta-schema into the instance that checks, about
 * as costly as checking itself: shared, it is compiled once for every version's schema.json (and
 * for a watch session's), not once per file.
 */
export interface MetaSchemaAjvs {
  get(dialect: string): Ajv | undefined;
  set(dialect: string, ajv: Ajv): void;
}

/** What a schema.json gives: its validator, or why it is not a JSON Schema; null when it is missing or broken JSON. */
export type ValidatorOrError = SchemaValidator | InvalidSchemaError | null;

/** A version's validator (or why it has none), once per project. */
const validatorOf = derivation('schema validator', (version: SpecVersion, project: Project): ValidatorOrError =>
  validatorOfSource(project, version.jsonSchema ?? generatedSource(project, version)),
);

/**
 * A version with a types file and no committed JSON Schema is validated against the one
 * `generate` would write, generated in memory before the rules run (see `prepareRules`).
 */
function generatedSource(project: Project, version: SpecVersion): JsonSchemaSource | undefined {
  const text = version.schemaTs && generatedJsonSchemaOf(project, version.id);
  return text === undefined
    ? undefined
    : generatedSchemaSource(project, version.schemaTs!.file, version.schemaJsonPath, text);
}

/** The validator of a JSON Schema (or why it has none), kept by its text for the runtime's life. */
export function validatorOfSource(project: Project, src: JsonSchemaSource | undefined): ValidatorOrError {
  if (!src || !src.document.ok) return null;
  // By schema.json text, for the life of the runtime: a re-check in watch mode reuses the
  // compiled definitions of an unchanged schema.json (compiling is most of validation's cost),
  // and versions whose schema.json is the same (a draft and the release it became) share one.
  // Nothing in a validator depends on the file's path. A few versions' worth are kept: one
  // spec's, and the one before an edit.
  // A watch session asks once per schema.json text (file object the loader keeps), not per check.
  const byDialect = project.derive(validatorsOfFile, src.file);
  let got = byDialect.get(src.dialect ?? '');
  if (!got) {
    const validators = project.runtime.memory<SchemaValidator | InvalidSchemaError>('schema validators', 16);
    const key = `${src.dialect}\0${src.file.text}`;
    got =
      validators.get(key) ??
      newValidator(src, verdictStoreOf(project.runtime), project.runtime.memory<Ajv>('schema meta-schema ajv', 3));
    validators.set(key, got);
    byDialect.set(src.dialect ?? '', got);
  }
  return got;
}

/** The validators made from one schema.json file object, by dialect. */
const validatorsOfFile = derivation(
  'schema validators of a file',
  (_file: TextFile) => new Map<string, SchemaValidator | InvalidSchemaError>(),
  { carriesOver: true },
);

function newValidator(
  src: JsonSchemaSource,
  store: VerdictStore | undefined,
  metaSchemaAjvs: MetaSchemaAjvs,
): SchemaValidator | InvalidSchemaError {
  try {
    const kept = store && { verdicts: store.forSchema(src.dialect ?? '', src.file.text), store };
    return new SchemaValidator(src, kept, metaSchemaAjvs);
  } catch (error) {
    if (error instanceof InvalidSchemaError) return error;
    throw error;
  }
}

/** Why a version's schema.json, valid JSON, is not a JSON Schema; undefined when it is one. */
export function invalidSchema(project: Project, version: SpecVersion): InvalidSchemaError | undefined {
  const got = project.derive(validatorOf, version);
  return got instanceof InvalidSchemaError ? got : undefined;
}

/** The validator of a version, built once; undefined when its schema.json is missing, broken or not a JSON Schema. */
export function validatorFor(project: Project, version: SpecVersion): SchemaValidator | undefined {
  const got = project.derive(validatorOf, version);
  return got instanceof SchemaValidator ? got : undefined;
}

function dedupe(violations: SchemaViolation[]): SchemaViolation[] {
  const seen = new Set<string>();
  // `expected -32602` says all that `expected an integer` says at the same place.
  const specific = new Set(
    violations.filter((v) => v.keyword === 'const' || v.keyword === 'enum').map((v) => v.pointer),
  );
  const out = violations.filter((v) => {
    if (v.keyword === 'type' && specific.has(v.pointer)) return false;
    const key = `${v.pointer}\0${v.property ?? ''}\0${v.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return out.length ? out : [{ pointer: '', message: 'does not match the schema', keyword: 'unknown' }];
}

function score(branch: SchemaViolation[], base: string): number {
  const d = depth(base);
  // A branch that failed on a discriminator (`type: const "text"`) is the wrong branch.
  const discriminatorMiss = branch.some((v) => v.keyword === 'const' && depth(v.pointer) === d + 1);
  const typeMiss = branch.some((v) => v.keyword === 'type' && v.pointer === base);
  const reach = Math.max(...branch.map((v) => depth(v.pointer))) - d;
  return (discriminatorMiss ? -1000 : 0) + (typeMiss ? -500 : 0) + reach * 10 - branch.length;
}

function depth(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

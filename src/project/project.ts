/**
 * One analysed tree: its model and every index derived from it, each computed on first use and
 * kept for the life of the project, as a TypeScript `Program` keeps its checker. A new tree (the
 * next check in watch mode, the base of a pull request) is a new project; nothing derived from one
 * tree can leak into another. What outlives a project (the worker thread, the disk cache,
 * validators compiled from an unchanged schema.json) belongs to its `Runtime`.
 */
import type { GenerateOptions } from '../generators/options.js';
import type { Spec } from '../model/spec.js';
import type { Runtime } from '../runtime/runtime.js';
import type { Vocabulary } from '../consistency/vocabulary-format.js';
import type { SpellingOptions } from '../prose/spelling-options.js';

/**
 * A kind of derived data: how to compute it for one subject (the spec, a version, a page, an
 * index). Declared once at module level as a key; the values live in each project.
 */
export interface Derivation<Subject extends object, Value> {
  readonly name: string;
  compute(subject: Subject, project: Project): Value;
  /**
   * The value is a function of the subject object alone (or checks its other inputs itself), so
   * the next project of a watch session may reuse it for a subject the loader kept unchanged.
   */
  readonly carriesOver?: boolean;
}

export function derivation<Subject extends object, Value>(
  name: string,
  compute: (subject: Subject, project: Project) => Value,
  options: { carriesOver?: boolean } = {},
): Derivation<Subject, Value> {
  return { name, compute, carriesOver: options.carriesOver };
}

export interface ProjectOptions {
  /** The consistency vocabulary (config `vocabulary`); the built-in MCP one when absent. */
  vocabulary?: Vocabulary;
  /** Keep what rendering the Schema Reference again needs (watch mode); let it go otherwise. */
  keepGeneratorState?: boolean;
  /** The config's `generate` options (the dialect of a version with no committed schema.json). */
  generate?: GenerateOptions;
  /** The config's `spelling` options: words the spec uses that the dictionaries lack. */
  spelling?: SpellingOptions;
}

export class Project {
  readonly #derived = new Map<Derivation<object, unknown>, WeakMap<object, { value: unknown }>>();

  /**
   * `previous`: the project this one replaces (the last check of a watch session). Only the
   * derivations that carry over are shared with it, by subject object; it is not kept.
   */
  constructor(
    readonly spec: Spec,
    readonly runtime: Runtime,
    readonly options: ProjectOptions = {},
    previous?: Project,
  ) {
    if (previous) for (const [d, values] of previous.#derived) if (d.carriesOver) this.#derived.set(d, values);
  }

  /** The value of `derivation` for `subject`, computed once per project (a thrown error is not kept). */
  derive<Subject extends object, Value>(derivation: Derivation<Subject, Value>, subject: Subject): Value {
    const key = derivation as unknown as Derivation<object, unknown>;
    let values = this.#derived.get(key);
    if (!values) this.#derived.set(key, (values = new WeakMap()));
    const kept = values.get(subject);
    if (kept) return kept.value as Value;
    const value = derivation.compute(subject, this);
    values.set(subject, { value });
    return value;
  }
}

/** What a kept derivation holds for one subject: its last value and the inputs it was made from. */
export interface KeptBox<Value> {
  kept?: { inputs: readonly unknown[]; value: Value };
}

/**
 * A value of one subject that depends on other objects too (a page and the schema it is checked
 * against). It carries over to the next project of a watch session, and `keptValue` reuses it
 * while those other inputs are the same objects, as the loader keeps them for unchanged files.
 */
export function keptDerivation<Subject extends object, Value>(name: string): Derivation<Subject, KeptBox<Value>> {
  return derivation(name, (): KeptBox<Value> => ({}), { carriesOver: true });
}

/** The kept value of `subject` when it was made from these `inputs` (compared by identity), else a new one. */
export function keptValue<Subject extends object, Value>(
  project: Project,
  kept: Derivation<Subject, KeptBox<Value>>,
  subject: Subject,
  inputs: readonly unknown[],
  compute: () => Value,
): Value {
  const box = project.derive(kept, subject);
  const last = box.kept;
  if (last && last.inputs.length === inputs.length && last.inputs.every((x, i) => x === inputs[i])) return last.value;
  const value = compute();
  box.kept = { inputs, value };
  return value;
}

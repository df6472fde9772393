/**
 * Tells what a JSON value shown in prose is: a request or notification (by its `method`), a
 * response (by the result type the sentence right before it names, else by the `id` of a
 * request shown before it in the same section, else by what the text before it names, else by
 * a result field only one result type declares), or another object that the text before it
 * names. What cannot be told is unclassified, never guessed: a response to a method, or of a
 * result type, that the version does not declare is not matched to another.
 */
import type { CodeBlock, Declaration } from '../model/spec.js';
import { messageIndex, messageIndexOfSource, stringLiteral, type MessageIndex } from './schema-index.js';
import type { Project } from '../project/project.js';
import { projectVocabulary, type ResolvedVocabulary } from '../consistency/vocabulary.js';
import type { SpecVersion } from '../model/spec.js';
import { isObject } from '../util/is-object.js';
import { editDistance } from '../util/edit-distance.js';
import { baseErrorEnvelope, baseMessage } from './base-messages.js';
import { baseValidatorFor } from '../model/base-validator.js';
import { byDiscriminator } from './discriminators.js';
import { unionTaking, unknownToSchema } from './schema-source.js';
import { namesIn, phrasesIn, type BlockContext } from './block-context.js';

export { blockContext, type BlockContext } from './block-context.js';

export type BlockKind = 'request' | 'notification' | 'result' | 'error' | 'object';

/**
 * A check to run: the value at `pointer` against the schema.json definition `definition`, of the
 * version's schema, or with `schema: 'base'` of the base protocol's (config `extends`).
 */
export interface DefinitionCheck {
  definition: string;
  pointer: string;
  /** `base`: of the base protocol's schema; `jsonrpc`: of JSON-RPC 2.0's envelope (prose/envelope.ts). */
  schema?: 'base' | 'jsonrpc';
  /** Members of the value that are its JSON-RPC envelope's, not the definition's: left out when it is validated. */
  envelopeMembers?: string[];
}

export interface Classification {
  kind: BlockKind | 'unclassified';
  /** The declaration the value was matched to (for results: the result type). */
  declaration?: string;
  /** How it was matched, in words, for messages: `by method`, `by id 3`, `by context`, `by shape`. */
  how?: string;
  /** For requests, notifications and results: the method. */
  method?: string;
  /** What to validate; the envelope checks even when the specific type is unknown. */
  checks: DefinitionCheck[];
  /** A `method` that no declaration carries. */
  unknownMethod?: string;
  /**
   * A response shown in the JSON-RPC envelope whose result type is no result of this version's
   * envelope (an interface extending nothing while the envelope's results extend a base): its
   * answer travels some other way, so the envelope is the defect, not what the envelope requires.
   */
  notEnveloped?: { result: string; base: string };
}

/** What the text of a section has shown so far: request ids and their methods, and the block before. */
export class SectionState {
  private key = '';
  private ids = new Map<string, string>();
  private previousRequest: string | undefined;

  enter(block: CodeBlock): void {
    const key = block.headingPath.join('\u0000');
    if (key !== this.key) {
      this.key = key;
      this.ids.clear();
      this.previousRequest = undefined;
    }
  }

  /** Records what a block showed: the request it is, when it shows exactly one. */
  shown(classifications: Classification[]): void {
    const [only, ...rest] = classifications;
    this.previousRequest = !rest.length && only?.kind === 'request' ? only.method : undefined;
  }

  /** The method of the request the block before showed, in this section. */
  requestBefore(): string | undefined {
    return this.previousRequest;
  }

  remember(id: unknown, method: string): void {
    if (typeof id === 'string' || typeof id === 'number') this.ids.set(JSON.stringify(id), method);
  }

  methodOf(id: unknown): string | undefined {
    return typeof id === 'string' || typeof id === 'number' ? this.ids.get(JSON.stringify(id)) : undefined;
  }
}

/** Classifies one JSON value shown in a block. */
export function classifyValue(
  project: Project,
  version: SpecVersion,
  value: unknown,
  context: BlockContext,
  section: SectionState,
): Classification {
  const index = messageIndex(project, version);
  if (!index || !isObject(value)) return { kind: 'unclassified', checks: [] };
  // The phrases and placeholder names are the project's vocabulary: a spec that replaces it replaces them.
  const vocabulary = projectVocabulary(project);
  const env = index.envelopes;
  const envelope = (d?: Declaration): DefinitionCheck[] => (d ? [{ definition: d.name, pointer: '' }] : []);

  if (isMessage(value)) {
    if (typeof value.method === 'string') {
      const method = value.method;
      const hasId = 'id' in value;
      const decl =
        hasId || !index.notifications.has(method)
          ? (index.requests.get(method) ?? index.notifications.get(method))
          : index.notifications.get(method);
      if (hasId) section.remember(value.id, method);
      const kind: BlockKind = decl
        ? index.notifications.get(method) === decl
          ? 'notification'
          : 'request'
        : hasId
          ? 'request'
          : 'notification';
      // The envelope is checked when the block shows one: requests carried inside a result have none.
      const base = 'jsonrpc' in value ? envelope(kind === 'notification' ? env.notification : env.request) : [];
      if (!decl) {
        const inBase = baseMessage(project, method, hasId);
        // A message of the base protocol is the base's: validated against the base's schema when there is one.
        if (inBase && baseValidatorFor(project)?.has(inBase.name)) {
          const own = (definition: string): DefinitionCheck => ({ definition, pointer: '', schema: 'base' });
          return {
            kind: inBase.kind,
            declaration: inBase.name,
            method,
            how: 'by method, in the base protocol',
            checks: [...('jsonrpc' in value && inBase.envelope ? [own(inBase.envelope)] : []), own(inBase.name)],
          };
        }
        return {
          kind: 'unclassified',
          method,
          checks: base,
          unknownMethod:
            isPlaceholderName(vocabulary, method) || inBase || !unknownToSchema(index, version, method)
              ? undefined
              : method,
        };
      }
      return {
        kind,
        declaration: decl.name,
        method,
        how: 'by method',
        // A declaration of the params alone (a JSON Schema's `x-method` definition) is checked there.
        checks: [...base, { definition: decl.name, pointer: index.paramsTypes.has(decl) ? '/params' : '' }],
      };
    }
    // A result type of its own that the sentence before names ("Example Response (CreateTaskResult):") comes first.
    const ofBase = namedResult(index, context) ? undefined : baseAnswer(project, index, value, section);
    if (ofBase) return ofBase;
    if ('error' in value)
      return { kind: 'error', declaration: env.error?.name, how: 'as an error response', checks: envelope(env.error) };
    if ('result' in value) return classifyResponse(index, vocabulary, value, context, section);
    return { kind: 'unclassified', checks: [] };
  }

  return classifyObject(project, version, index, vocabulary, value, context, section);
}

/**
 * An object that is no message: by the declaration the text names, else as the answer to the
 * request shown before it, else by a discriminator only one declaration has.
 */
function classifyObject(
  project: Project,
  version: SpecVersion,
  index: MessageIndex,
  vocabulary: ResolvedVocabulary,
  value: Record<string, unknown>,
  context: BlockContext,
  section: SectionState,
): Classification {
  const named = contextDeclaration(index, vocabulary, context, value);
  if (named) {
    const union = unionTaking(project, version, named, value);
    return {
      kind: 'object',
      declaration: union ?? named.name,
      how: union ? `by the text before it naming ${named.name}` : 'by context',
      checks: [{ definition: union ?? named.name, pointer: '' }],
    };
  }
  const answer = answerToRequestBefore(index, value, section);
  if (answer) return answer;
  const told = byDiscriminator(project, version, index, value, (decl, v, also) => fits(index, decl, v, also));
  if (told)
    return {
      kind: 'object',
      declaration: told.declaration,
      how: `by its ${JSON.stringify(told.member)} value ${JSON.stringify(told.value)}`,
      checks: [{ definition: told.declaration, pointer: '' }],
    };
  return { kind: 'unclassified', checks: [] };
}

/**
 * A bare result (`{ "tools": [...] }`, or `{ "result": {...} }`) right after a request, in the
 * same section, answers it when it shows a member of that request's result type (or a near
 * namesake: a misspelt member is reported, not a reason to leave the block unchecked).
 */
function answerToRequestBefore(
  index: MessageIndex,
  value: Record<string, unknown>,
  section: SectionState,
): Classification | undefined {
  const method = section.requestBefore();
  const result = method && index.resultTypeOf(method);
  if (!method || !result) return undefined;
  const keys = Object.keys(value);
  const wrapped = keys.length === 1 && keys[0] === 'result' && isObject(value.result);
  const shown = wrapped ? (value.result as Record<string, unknown>) : value;
  const own = Object.keys(shown).filter((k) => !index.facts.common.has(k));
  if (!own.length || !resultFits(index, result, shown)) return undefined;
  return {
    kind: 'result',
    declaration: result.name,
    method,
    how: 'as the answer to the request before it',
    checks: [{ definition: result.name, pointer: wrapped ? '/result' : '' }],
  };
}

/** A response: by the result type the text names, else by the id of the request it answers, else by text or shape. */
function classifyResponse(
  index: MessageIndex,
  vocabulary: ResolvedVocabulary,
  value: Record<string, unknown>,
  context: BlockContext,
  section: SectionState,
): Classification {
  const base: DefinitionCheck[] = index.envelopes.result
    ? [{ definition: index.envelopes.result.name, pointer: '' }]
    : [];
  const byId = section.methodOf(value.id);
  // The answer to a request this version does not have (a SEP's, an example's) is no other request's,
  // nor held to this version's envelope: that method may not be a JSON-RPC request here at all.
  if (byId !== undefined && !index.requests.has(byId)) return { kind: 'unclassified', method: byId, checks: [] };
  const named = namedResult(index, context);
  if (named === null) return { kind: 'unclassified', method: byId, checks: base };
  const byText = () => {
    const said = contextResult(index, vocabulary, context, value.result);
    return said === null ? undefined : (said ?? shapeResult(index, value.result));
  };
  const matched =
    (named && { ...named, method: byId ?? named.method }) ||
    (byId && resultMatch(index, byId, `by id ${JSON.stringify(value.id)}`)) ||
    byText() ||
    sectionResponse(index, context, value.result);
  if (!matched) return { kind: 'unclassified', method: byId, checks: base };
  const own = { definition: matched.declaration, pointer: '/result' };
  if ('jsonrpc' in value && index.resultBase && isOutsideEnvelope(index, index.declaration(matched.declaration)))
    return {
      kind: 'result',
      ...matched,
      checks: [own],
      notEnveloped: { result: matched.declaration, base: index.resultBase.name },
    };
  return { kind: 'result', ...matched, checks: [...base, own] };
}

/** A result interface that extends nothing, in a schema whose result envelope carries a base every result extends. */
function isOutsideEnvelope(index: MessageIndex, decl: Declaration | undefined): boolean {
  const base = index.resultBase;
  return !!base && !!decl && decl !== base && decl.kind === 'interface' && decl.extends.length === 0;
}

/** A JSON-RPC message: it says so, or has the members only messages have together. */
function isMessage(v: Record<string, unknown>): boolean {
  if ('jsonrpc' in v) return true;
  if (typeof v.method === 'string' && ('id' in v || 'params' in v)) return true;
  return 'id' in v && ('result' in v || 'error' in v);
}

function resultMatch(
  index: MessageIndex,
  method: string,
  how: string,
): { declaration: string; method: string; how: string } | undefined {
  const result = index.resultTypeOf(method);
  return result ? { declaration: result.name, method, how } : undefined;
}

/**
 * The result type the sentence right before the block names ("returns a `CreateTaskResult`:"):
 * it says which answer is shown, which the request's id alone does not (a request may be
 * answered by a task or a request for input). Null when the one type it names is not in this
 * version; undefined when it names none, or several.
 */
function namedResult(
  index: MessageIndex,
  context: BlockContext,
): { declaration: string; method?: string; how: string } | null | undefined {
  const sentence = context.paragraphs[0];
  if (!sentence) return undefined;
  const named = namesIn(sentence).filter((n) => /Result$/.test(n));
  if (named.length !== 1) return undefined;
  const [declaration] = named;
  if (!index.facts.resultNames.has(declaration)) return null;
  return { declaration, method: methodAnsweredBy(index, declaration), how: 'by context' };
}

/**
 * The result named by the nearest text unit that names exactly one the value fits; null when a
 * nearer unit says the block answers a method this version does not have ("the `tasks/get`
 * response"): then no other way of matching is tried.
 */
function contextResult(
  index: MessageIndex,
  vocabulary: ResolvedVocabulary,
  context: BlockContext,
  result: unknown,
): { declaration: string; method?: string; how: string } | null | undefined {
  const { resultNames } = index.facts;
  for (const unit of context.units) {
    const found = new Map<string, string | undefined>(); // result type -> method
    for (const method of methodsIn(index, unit)) {
      const r = index.resultTypeOf(method);
      if (r) found.set(r.name, method);
    }
    for (const name of namesIn(unit)) if (resultNames.has(name) && !found.has(name)) found.set(name, undefined);
    for (const entry of phrasesIn(vocabulary, unit)) {
      const r = entry.result
        ? index.resultTypeOf(entry.result)
        : entry.declaration
          ? index.declaration(entry.declaration)
          : undefined;
      if (r && (entry.result || resultNames.has(r.name)) && !found.has(r.name)) found.set(r.name, entry.result);
    }
    // Words for a result ("tool result") are said in passing too: one the value does not fit is not about it.
    const fitting = [...found].filter(([name]) => resultFits(index, index.declaration(name), result));
    if (fitting.length === 1) {
      const [[declaration, method]] = fitting;
      return { declaration, method: method ?? methodAnsweredBy(index, declaration), how: 'by context' };
    }
    if (fitting.length > 1) return undefined;
    if (!found.size && answersUnknownMethod(index, unit)) return null;
  }
  return undefined;
}

/** A method in backticks, then what says a response answers it: "the `tasks/get` response", "in response to `tasks/get`". */
const METHOD = String.raw`\x60([a-z][\w.-]*(?:/[\w.-]+)+)\x60`;
const ANSWERS_METHOD = [
  new RegExp(`${METHOD}\\s+(?:response|result|reply)\\b`, 'gi'),
  new RegExp(
    `\\b(?:response|result|reply|respond|responds|answer|answers)\\s+to\\s+(?:(?:a|an|the)\\s+)?${METHOD}`,
    'gi',
  ),
];

/**
 * The answer the section's prose names, where nothing nearer says which answer a response is:
 * the section says "the `tasks/get` response" (or "in response to `tasks/get`") of exactly one
 * method, and the result fits that method's result type.
 */
function sectionResponse(
  index: MessageIndex,
  context: BlockContext,
  result: unknown,
): { declaration: string; method: string; how: string } | undefined {
  const methods = new Set(ANSWERS_METHOD.flatMap((p) => [...(context.section ?? '').matchAll(p)].map((m) => m[1])));
  if (methods.size !== 1) return undefined;
  const [method] = methods;
  const declaration = index.resultTypeOf(method);
  if (!declaration || !resultFits(index, declaration, result)) return undefined;
  return { declaration: declaration.name, method, how: `by the section naming the ${method} response` };
}

/** Whether a text says a response answers a method the version does not have. */
function answersUnknownMethod(index: MessageIndex, text: string): boolean {
  return ANSWERS_METHOD.some((p) => [...text.matchAll(p)].some((m) => !index.requests.has(m[1])));
}

/**
 * Whether a result value could be of a type: it shows none but the members every result has,
 * or one of the type's own members (or a near namesake of one: a misspelt member is reported,
 * not taken for another type).
 */
export function resultFits(index: MessageIndex, decl: Declaration | undefined, result: unknown): boolean {
  if (!decl) return false;
  if (!isObject(result)) return true;
  const { common } = index.facts;
  const keys = Object.keys(result).filter((k) => !common.has(k));
  if (!keys.length) return true;
  const members = index.membersOf(decl).map((m) => m.name.toLowerCase());
  return keys.some((k) => {
    const key = k.toLowerCase();
    return members.some((m) => m === key || (Math.abs(m.length - key.length) <= 1 && editDistance(m, key) <= 1));
  });
}

/**
 * Result types that alone declare one of the result's fields, among every result type no other
 * declaration extends. Used when the expected result type does not fit: a request may also be
 * answered by a result of another kind (a task, a request for more input).
 */
export function resultsByShape(index: MessageIndex, result: unknown): string[] {
  if (!isObject(result)) return [];
  const { concrete, common } = index.facts;
  const found = new Set<string>();
  for (const key of Object.keys(result)) {
    if (common.has(key)) continue;
    const declaring = concrete.filter((d) => d.members.some((m) => m.name === key));
    if (declaring.length === 1) found.add(declaring[0].name);
  }
  return [...found];
}

/**
 * An answer in the base protocol's terms (config `extends`): an error response, when the
 * extension declares no error envelope of its own, in the base's; the answer to a request only
 * the base declares, as the base's result. Undefined otherwise.
 */
function baseAnswer(
  project: Project,
  index: MessageIndex,
  value: Record<string, unknown>,
  section: SectionState,
): Classification | undefined {
  if ('error' in value) {
    const envelope = index.envelopes.error ? undefined : baseErrorEnvelope(project);
    if (!envelope || !baseValidatorFor(project)?.has(envelope)) return undefined;
    return {
      kind: 'error',
      declaration: envelope,
      how: 'as an error response, in the base protocol',
      checks: [{ definition: envelope, pointer: '', schema: 'base' }],
    };
  }
  if (!('result' in value)) return undefined;
  const byId = section.methodOf(value.id);
  return byId !== undefined && !index.requests.has(byId) ? baseResultOf(project, byId) : undefined;
}

/** The classification of an answer to a request only the base protocol declares, when the base names its result type. */
function baseResultOf(project: Project, method: string): Classification | undefined {
  const schema = project.spec.base?.schema;
  const validator = baseValidatorFor(project);
  if (!schema || !validator) return undefined;
  const result = messageIndexOfSource(project, schema).resultTypeOf(method);
  if (!result || !validator.has(result.name)) return undefined;
  return {
    kind: 'result',
    declaration: result.name,
    method,
    how: 'by id, in the base protocol',
    checks: [{ definition: result.name, pointer: '/result', schema: 'base' }],
  };
}

/** A method name that stands for any method (`some_method`, `example/method`). */
function isPlaceholderName(vocabulary: ResolvedVocabulary, method: string): boolean {
  return vocabulary.placeholderMethods.some((p) => p.test(method));
}

/** The result type that alone declares one of the result's fields. */
function shapeResult(
  index: MessageIndex,
  result: unknown,
): { declaration: string; method?: string; how: string } | undefined {
  const found = resultsByShape(index, result);
  if (found.length !== 1) return undefined;
  return { declaration: found[0], method: methodAnsweredBy(index, found[0]), how: 'by shape' };
}

/** The method whose result a result type is, when exactly one method has it. */
function methodAnsweredBy(index: MessageIndex, resultType: string): string | undefined {
  const methods = index.facts.answeredBy.get(resultType);
  return methods?.length === 1 ? methods[0] : undefined;
}

/** A declaration the nearest text names, when the value looks like one. */
function contextDeclaration(
  index: MessageIndex,
  vocabulary: ResolvedVocabulary,
  context: BlockContext,
  value: Record<string, unknown>,
): Declaration | undefined {
  // Only the text right before the block and the innermost heading speak for it.
  for (const unit of [context.paragraphs[0] ?? '', context.headings[0] ?? '']) {
    const candidates = new Set<string>();
    for (const name of namesIn(unit)) candidates.add(name);
    // A heading that is a type's name in words: "Text Content" -> TextContent, "Part" -> Part.
    const joined = unit.replace(/[`*_]/g, '').trim();
    if (unit === context.headings[0] && /^[A-Z][A-Za-z0-9]*( [A-Z][A-Za-z0-9]*)*$/.test(joined))
      candidates.add(joined.replace(/ /g, ''));
    for (const entry of phrasesIn(vocabulary, unit)) if (entry.declaration) candidates.add(entry.declaration);
    const fitting = [...candidates]
      .map((n) => index.declaration(n))
      .filter((d): d is Declaration => !!d && fits(index, d, value));
    if (fitting.length === 1) return fitting[0];
    if (fitting.length > 1) return undefined;
  }
  return undefined;
}

/**
 * The value's members are mostly the declaration's (with `also`, a member a union's branch adds to
 * it), and its `type` discriminator agrees.
 */
function fits(index: MessageIndex, decl: Declaration, value: Record<string, unknown>, also?: string): boolean {
  const members = index.membersOf(decl);
  if (!members.length) return false;
  const names = new Set([...members.map((m) => m.name), ...(also ? [also] : [])]);
  const keys = Object.keys(value);
  const known = keys.filter((k) => names.has(k)).length;
  if (known === 0 || known * 2 < keys.length) return false;
  const type = members.find((m) => m.name === 'type');
  const literal = type && stringLiteral(type.typeText);
  return !literal || value.type === undefined || value.type === literal;
}

/** Known methods named in a text (whole, not part of a longer method). */
function methodsIn(index: MessageIndex, text: string): string[] {
  return index.facts.methodPatterns.filter((p) => p.pattern.test(text)).map((p) => p.method);
}

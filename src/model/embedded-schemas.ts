/**
 * JSON Schemas shown inside examples (a tool's `inputSchema` and `outputSchema`, an elicitation's
 * `requestedSchema`, any member schema.json describes as a JSON Schema object), and the values
 * shown with them that they govern: a `tools/call`'s `arguments` (the tool of that name listed in
 * the same scope), a tool result's `structuredContent` (the result of that call, or the response
 * shown right after the tool), an accepted elicitation's `content` (the result of that
 * `elicitation/create`, by JSON-RPC id or by input-request key).
 *
 * A scope is one page (its JSON blocks in order) or one example folder. What cannot be paired
 * for sure (no tool of that name, two different ones, no request beside the result) is counted
 * and left alone, never guessed.
 */
import type { Example, JsonSchemaSource, MarkdownPage, SchemaDialect, SpecVersion } from './spec.js';
import type { Location } from '../core/location.js';
import { escapePointer, splitPointer, valueAtPointer } from '../core/json-document.js';
import { isObject } from '../util/is-object.js';
import { validatorFor, type SchemaValidator } from './schema-validator.js';
import { readJsonBlocks, type ShownBlock } from '../prose/prose-json.js';
import { derivation, keptDerivation, keptValue, type Project } from '../project/project.js';
import { shapeOf, walkValue, type Found } from './embedded-schema-walk.js';

/** One JSON value shown: an example file, or one value of a page's JSON block. */
export interface ShownJson {
  /** The file it is in (an example's path, a page's). */
  path: string;
  /**
   * What JSON-RPC ids and input-request keys are unique in: a page's section (its heading path),
   * an example file. A response is paired only with a request of its section.
   */
  section: string;
  value: unknown;
  /** Where the value at `pointer` is: its member's key when it is a member, else the value. */
  locate(pointer: string): Location;
  /** Whether the value at `pointer`, or something under it, is elided (`...`) in the text. */
  elidedUnder(pointer: string): boolean;
  /** Whether a violation at `pointer` may be about what the text leaves out there. */
  elidedAt(pointer: string, missingMember: boolean): boolean;
}

/** A JSON Schema shown as a member of an example. */
export interface EmbeddedSchema {
  shown: ShownJson;
  pointer: string;
  /** The member holding it (`inputSchema`). */
  member: string;
  /** The definition that declares the member (`Tool`). */
  owner: string;
  /** How messages name it: `inputSchema of tool "get_weather"`. */
  label: string;
  /** The dialect of its version's schema.json: the schema's own unless it names one (`$schema`). */
  versionDialect?: SchemaDialect;
}

export type GovernedKind = 'arguments' | 'structuredContent' | 'content';

/** A value shown with the schema that governs it. */
export interface GovernedValue {
  kind: GovernedKind;
  shown: ShownJson;
  pointer: string;
  schema: EmbeddedSchema;
  /** How the two were paired, in words (`by tool name`, `by id 3`, `by input-request key "login"`). */
  how: string;
}

/** Why a value was not checked against a schema. */
export type SkipReason = 'unmatched' | 'ambiguous';

export interface EmbeddedSchemaIndex {
  schemas: EmbeddedSchema[];
  governed: GovernedValue[];
  /** Values that a schema would govern but that could not be paired for sure, by reason. */
  skipped: Record<SkipReason, number>;
}

/** The embedded schemas of a version and the values they govern, once per project. */
export function embeddedSchemaIndex(project: Project, version: SpecVersion): EmbeddedSchemaIndex {
  return project.derive(embeddedSchemas, version);
}

const embeddedSchemas = derivation(
  'embedded schemas',
  (version: SpecVersion, project: Project): EmbeddedSchemaIndex => {
    const validator = validatorFor(project, version);
    return validator ? indexOf(project, version, validator) : emptyIndex();
  },
);

function indexOf(project: Project, version: SpecVersion, validator: SchemaValidator): EmbeddedSchemaIndex {
  const index: EmbeddedSchemaIndex = { schemas: [], governed: [], skipped: { unmatched: 0, ambiguous: 0 } };
  // Each scope (an example folder, a page) is indexed alone, and kept while its inputs are the
  // same objects: an edit of one page re-indexes that page only.
  const add = (part: EmbeddedSchemaIndex) => {
    index.schemas.push(...part.schemas);
    index.governed.push(...part.governed);
    index.skipped.unmatched += part.skipped.unmatched;
    index.skipped.ambiguous += part.skipped.ambiguous;
  };
  // Example folders: files are not in any order, so nothing is paired by being shown next to another.
  const folders = new Map<string, Example[]>();
  for (const example of version.examples) {
    if (!example.document.ok || !validator.has(example.typeName)) continue;
    folders.set(example.typeName, [...(folders.get(example.typeName) ?? []), example]);
  }
  for (const examples of folders.values())
    add(
      keptValue(project, scopeIndex, examples[0].document, [validator, ...examples.map((e) => e.document)], () =>
        folderIndex(validator.source, examples),
      ),
    );
  for (const page of version.pages) {
    const blocks = readJsonBlocks(project, version, page);
    add(keptValue(project, scopeIndex, page, [validator, blocks], () => pageIndex(validator, page, blocks)));
  }
  return index;
}

/** A scope's index (an example folder, by its first example; a page), kept across a watch session's checks. */
const scopeIndex = keptDerivation<object, EmbeddedSchemaIndex>('embedded schema index of a scope');

function emptyIndex(): EmbeddedSchemaIndex {
  return { schemas: [], governed: [], skipped: { unmatched: 0, ambiguous: 0 } };
}

/** The index of one example folder (examples of one type). */
function folderIndex(src: JsonSchemaSource, examples: Example[]): EmbeddedSchemaIndex {
  const index = emptyIndex();
  const placed: Placed[] = examples.map((example) => {
    const file = example.file;
    const document = example.document;
    const shown: ShownJson = {
      path: example.path,
      section: example.path,
      value: document.value,
      locate: (pointer) =>
        file.location(
          memberOffset(pointer, (p, key) => (key === undefined ? document.offsetOf(p) : document.keyOffset(p, key))),
        ),
      elidedUnder: () => false,
      elidedAt: () => false,
    };
    return { shown, checks: [{ definition: example.typeName, pointer: '' }] };
  });
  pairInScope(src, placed, false, index);
  return index;
}

/** The index of one page's JSON blocks. */
function pageIndex(validator: SchemaValidator, page: MarkdownPage, blocks: ShownBlock[]): EmbeddedSchemaIndex {
  const index = emptyIndex();
  const placed: Placed[] = [];
  for (const block of blocks)
    for (const { json, classification } of block.values) {
      if (json.value === undefined) continue;
      const under = (p: string, base: string) => p === base || p.startsWith(base + '/');
      const shown: ShownJson = {
        path: page.path,
        section: block.block.headingPath.join('\u0000'),
        value: json.value,
        locate: (pointer) => {
          const parent = parentOf(pointer);
          // An array item has no key: its own position.
          const keyed = parent && !Array.isArray(valueAtPointer(json.value, parent.pointer));
          const at = keyed ? json.positionOf(parent.pointer, parent.key) : json.positionOf(pointer);
          return block.block.locate(at.line, at.column);
        },
        elidedUnder: (pointer) =>
          json.placeholders.some((p) => under(p, pointer) || under(pointer, p)) ||
          [...json.open].some((p) => under(p, pointer)),
        elidedAt: (pointer, missingMember) =>
          json.placeholders.some((p) => under(pointer, p)) || (missingMember && json.open.has(pointer)),
      };
      const checks = classification.checks.filter((c) => !c.schema && validator.has(c.definition));
      const byShape = checks.length ? undefined : shapeOf(json.value);
      if (byShape && validator.has(byShape)) checks.push({ definition: byShape, pointer: '' });
      placed.push({ shown, checks });
    }
  pairInScope(validator.source, placed, true, index);
  return index;
}

/** A shown value with the definitions it was matched to. */
interface Placed {
  shown: ShownJson;
  checks: { definition: string; pointer: string }[];
}

interface ToolShown {
  name: string;
  placed: number;
  shown: ShownJson;
  pointer: string;
  inputSchema?: EmbeddedSchema;
  outputSchema?: EmbeddedSchema;
}

interface CallShown {
  name: unknown;
  placed: number;
  shown: ShownJson;
  /** The pointer of `arguments`, when the call shows them. */
  arguments?: string;
  id?: string;
}

interface ElicitationShown {
  placed: number;
  schema: EmbeddedSchema;
  id?: string;
  key?: string;
}

/** What one scope shows: its tools, calls, elicitation requests, tool results and elicitation results. */
interface ScopeItems {
  ordered: boolean;
  tools: ToolShown[];
  calls: CallShown[];
  elicitations: ElicitationShown[];
  results: { placed: number; shown: ShownJson; pointer: string; id?: string }[];
  answers: { placed: number; shown: ShownJson; pointer: string; id?: string; key?: string }[];
}

/** Finds the schemas of one scope and pairs the values they govern within it. */
function pairInScope(source: JsonSchemaSource, placed: Placed[], ordered: boolean, index: EmbeddedSchemaIndex): void {
  const items: ScopeItems = { ordered, tools: [], calls: [], elicitations: [], results: [], answers: [] };
  placed.forEach(({ shown, checks }, at) => {
    const found: Found = { visits: [], slots: [] };
    for (const check of checks) walkValue(source, check.definition, shown.value, check.pointer, found);
    collectSchemas(source, shown, at, found, items, index);
    collectGoverned(shown, at, found, items);
  });
  pairCalls(items, index);
  pairResults(items, index);
  pairAnswers(items, index);
}

/** The embedded schemas a value shows, as tools and elicitation requests where they are theirs. */
function collectSchemas(
  source: JsonSchemaSource,
  shown: ShownJson,
  at: number,
  found: Found,
  { tools, elicitations }: ScopeItems,
  index: EmbeddedSchemaIndex,
): void {
  const seen = new Set<string>();
  for (const slot of found.slots) {
    if (seen.has(slot.pointer) || !isObject(valueAtPointer(shown.value, slot.pointer))) continue;
    seen.add(slot.pointer);
    const holder = parentOf(slot.pointer)!.pointer;
    const holderValue = valueAtPointer(shown.value, holder);
    const name = isObject(holderValue) && typeof holderValue.name === 'string' ? holderValue.name : undefined;
    const isToolSchema = (slot.member === 'inputSchema' || slot.member === 'outputSchema') && name !== undefined;
    const label = isToolSchema
      ? `${slot.member} of tool "${name}"`
      : slot.member === 'requestedSchema'
        ? 'requestedSchema of the elicitation/create request'
        : `${slot.member} of ${slot.owner}`;
    const schema: EmbeddedSchema = {
      shown,
      pointer: slot.pointer,
      member: slot.member,
      owner: slot.owner,
      label,
      versionDialect: source.dialect,
    };
    index.schemas.push(schema);
    if (isToolSchema) {
      let tool = tools.find((t) => t.shown === shown && t.pointer === holder);
      if (!tool) tools.push((tool = { name: name!, placed: at, shown, pointer: holder }));
      tool[slot.member as 'inputSchema' | 'outputSchema'] = schema;
    } else if (slot.member === 'requestedSchema') {
      const request = requestOf(shown.value, holder, 'elicitation/create');
      elicitations.push({ placed: at, schema, id: request.id, key: keyIn(request.pointer, 'inputRequests') });
    }
  }
}

/** The calls, tool results and accepted elicitation results a value shows. */
function collectGoverned(shown: ShownJson, at: number, found: Found, { calls, results, answers }: ScopeItems): void {
  const done = new Set<string>();
  for (const { pointer, definition } of found.visits) {
    if (done.has(`${definition}\0${pointer}`)) continue;
    done.add(`${definition}\0${pointer}`);
    const value = valueAtPointer(shown.value, pointer);
    if (!isObject(value)) continue;
    if (definition === 'CallToolRequest' || definition === 'CallToolRequestParams') {
      const params = definition === 'CallToolRequest' ? `${pointer}/params` : pointer;
      if (calls.some((c) => c.shown === shown && c.arguments === `${params}/arguments`)) continue;
      const p = valueAtPointer(shown.value, params);
      if (!isObject(p) || !isObject(p.arguments)) continue;
      const id = requestOf(shown.value, params, 'tools/call').id;
      calls.push({ name: p.name, placed: at, shown, arguments: `${params}/arguments`, id });
    } else if (definition === 'CallToolResult' && 'structuredContent' in value) {
      const id = responseId(shown.value, pointer);
      results.push({ placed: at, shown, pointer: `${pointer}/structuredContent`, id });
    } else if (definition === 'ElicitResult' && value.action === 'accept' && isObject(value.content)) {
      const id = responseId(shown.value, pointer);
      answers.push({ placed: at, shown, pointer: `${pointer}/content`, id, key: keyIn(pointer, 'inputResponses') });
    }
  }
}

/** The one tool of a name in the scope (copies with the same schema count as one), or why there is none. */
function toolNamed(tools: ToolShown[], name: unknown, member: 'inputSchema' | 'outputSchema'): ToolShown | SkipReason {
  const named = tools.filter((t) => t.name === name && t[member]);
  const distinct = new Set(named.map((t) => JSON.stringify(valueAtPointer(t.shown.value, t[member]!.pointer))));
  return distinct.size === 0 ? 'unmatched' : distinct.size > 1 ? 'ambiguous' : named[0];
}

function govern(
  index: EmbeddedSchemaIndex,
  kind: GovernedKind,
  shown: ShownJson,
  pointer: string,
  schema: EmbeddedSchema | SkipReason,
  how: string,
): void {
  if (typeof schema === 'string') index.skipped[schema]++;
  else index.governed.push({ kind, shown, pointer, schema, how });
}

/** A call's `arguments` with the `inputSchema` of the tool of its name. */
function pairCalls({ tools, calls }: ScopeItems, index: EmbeddedSchemaIndex): void {
  for (const call of calls) {
    const tool = toolNamed(tools, call.name, 'inputSchema');
    govern(
      index,
      'arguments',
      call.shown,
      call.arguments!,
      typeof tool === 'string' ? tool : tool.inputSchema!,
      'by tool name',
    );
  }
}

/**
 * A result's `structuredContent` with the `outputSchema` of the tool of the call it answers: by
 * JSON-RPC id, the nearest before it in its section; else (on a page) the value shown right
 * before it, when that is the call or the tool itself ("a valid response for this tool").
 */
function pairResults({ ordered, tools, calls, results }: ScopeItems, index: EmbeddedSchemaIndex): void {
  for (const result of results) {
    const sameSection = (t: { shown: ShownJson }) => t.shown.section === result.shown.section;
    const byId =
      result.id !== undefined
        ? nearestBefore(calls, result.placed, (c) => c.id === result.id && sameSection(c))
        : undefined;
    const outputSchemaOf = (name: unknown) => {
      const tool = toolNamed(tools, name, 'outputSchema');
      return typeof tool === 'string' ? tool : tool.outputSchema!;
    };
    if (byId) {
      govern(index, 'structuredContent', result.shown, result.pointer, outputSchemaOf(byId.name), `by id ${result.id}`);
      continue;
    }
    const previous = ordered && result.placed > 0 ? result.placed - 1 : -1;
    const beside = (t: { placed: number; shown: ShownJson }) => t.placed === previous && sameSection(t);
    const previousCall = calls.find((c) => beside(c) && (result.id === undefined || c.id === undefined));
    const previousTools = tools.filter(beside);
    if (previousCall && !previousTools.length)
      govern(
        index,
        'structuredContent',
        result.shown,
        result.pointer,
        outputSchemaOf(previousCall.name),
        'as the answer shown after the call',
      );
    else if (previousTools.length === 1 && previousTools[0].pointer === '' && previousTools[0].outputSchema)
      govern(
        index,
        'structuredContent',
        result.shown,
        result.pointer,
        previousTools[0].outputSchema,
        'as the result shown after the tool',
      );
    else index.skipped.unmatched++;
  }
}

/**
 * An accepted elicitation's `content` with the `requestedSchema` of its request: the one of the
 * same JSON-RPC id or input-request key in its section (on a page, the nearest before it), or,
 * for a bare result on a page, the request shown right before it.
 */
function pairAnswers({ ordered, elicitations, answers }: ScopeItems, index: EmbeddedSchemaIndex): void {
  for (const answer of answers) {
    const sameSection = (e: ElicitationShown) => e.schema.shown.section === answer.shown.section;
    const matches = (e: ElicitationShown) =>
      sameSection(e) &&
      ((answer.id !== undefined && e.id === answer.id) || (answer.key !== undefined && e.key === answer.key));
    const how = answer.id !== undefined ? `by id ${answer.id}` : `by input-request key "${answer.key}"`;
    let schema: EmbeddedSchema | SkipReason;
    if (ordered && answer.id === undefined && answer.key === undefined) {
      const before = elicitations.filter((e) => e.placed === answer.placed - 1 && sameSection(e));
      schema = before.length === 1 ? before[0].schema : 'unmatched';
      govern(index, 'content', answer.shown, answer.pointer, schema, 'as the result shown after the request');
      continue;
    }
    if (ordered) schema = nearestBefore(elicitations, answer.placed + 1, matches)?.schema ?? 'unmatched';
    else {
      const candidates = elicitations.filter(matches);
      const distinct = new Set(
        candidates.map((e) => JSON.stringify(valueAtPointer(e.schema.shown.value, e.schema.pointer))),
      );
      schema = distinct.size === 1 ? candidates[0].schema : distinct.size ? 'ambiguous' : 'unmatched';
    }
    govern(index, 'content', answer.shown, answer.pointer, schema, how);
  }
}

/** The last item placed before `placed` that matches. */
function nearestBefore<T extends { placed: number }>(
  items: T[],
  placed: number,
  matches: (t: T) => boolean,
): T | undefined {
  let best: T | undefined;
  for (const item of items)
    if (item.placed < placed && matches(item) && (!best || item.placed >= best.placed)) best = item;
  return best;
}

/** The request holding `params` (its parent, when that names the method), and its JSON-RPC id. */
function requestOf(root: unknown, params: string, method: string): { pointer: string; id?: string } {
  const parent = parentOf(params);
  if (!parent || parent.key !== 'params') return { pointer: params };
  const request = valueAtPointer(root, parent.pointer);
  if (!isObject(request) || request.method !== method) return { pointer: params };
  return { pointer: parent.pointer, id: idOf(request.id) };
}

/** The JSON-RPC id of the response whose `result` is at `pointer`. */
function responseId(root: unknown, pointer: string): string | undefined {
  const parent = parentOf(pointer);
  if (!parent || parent.key !== 'result') return undefined;
  const response = valueAtPointer(root, parent.pointer);
  return isObject(response) ? idOf(response.id) : undefined;
}

function idOf(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
}

/** The key of a member of a `container` map (`inputRequests`), when the pointer is one. */
function keyIn(pointer: string, container: string): string | undefined {
  const parts = splitPointer(pointer);
  return parts.length >= 2 && parts[parts.length - 2] === container ? parts[parts.length - 1] : undefined;
}

/** The object holding the value at a pointer, and the value's key there; undefined at the root. */
export function parentOf(pointer: string): { pointer: string; key: string } | undefined {
  const parts = splitPointer(pointer);
  if (!parts.length) return undefined;
  const key = parts.pop()!;
  return {
    pointer: parts
      .map(escapePointer)
      .join('/')
      .replace(/^(?=.)/, '/'),
    key,
  };
}

/** The offset of a member's key (or of the value, at the root or in an array). */
function memberOffset(pointer: string, offset: (pointer: string, key?: string) => number | undefined): number {
  const parent = parentOf(pointer);
  return (parent && offset(parent.pointer, parent.key)) ?? offset(pointer) ?? 0;
}

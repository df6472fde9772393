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
import type { JsonSchemaSource, SchemaDialect, SpecVersion } from './spec.js';
import type { Location } from '../core/location.js';
import { escapePointer, splitPointer, valueAtPointer } from '../core/json-document.js';
import { isObject } from '../util/is-object.js';
import { validatorFor } from './schema-validator.js';
import { readJsonBlocks } from '../prose/prose-json.js';
import { derivation, type Project } from '../project/project.js';

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
    const index: EmbeddedSchemaIndex = { schemas: [], governed: [], skipped: { unmatched: 0, ambiguous: 0 } };
    const validator = validatorFor(project, version);
    if (!validator) return index;
    const source = validator.source;
    // Example folders: files are not in any order, so nothing is paired by being shown next to another.
    const folders = new Map<string, Placed[]>();
    for (const example of version.examples) {
      if (!example.document.ok || !validator.has(example.typeName)) continue;
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
      const placed = folders.get(example.typeName) ?? [];
      placed.push({ shown, checks: [{ definition: example.typeName, pointer: '' }] });
      folders.set(example.typeName, placed);
    }
    for (const placed of folders.values()) pairInScope(source, placed, false, index);
    for (const page of version.pages) {
      const placed: Placed[] = [];
      for (const block of readJsonBlocks(project, version, page))
        for (const { json, classification } of block.values) {
          if (json.value === undefined) continue;
          const under = (p: string, base: string) => p === base || p.startsWith(base + '/');
          const shown: ShownJson = {
            path: page.path,
            section: block.block.headingPath.join('\u0000'),
            value: json.value,
            locate: (pointer) => {
              const parent = parentOf(pointer);
              const at = parent ? json.positionOf(parent.pointer, parent.key) : json.positionOf(pointer);
              return block.block.locate(at.line, at.column);
            },
            elidedUnder: (pointer) =>
              json.placeholders.some((p) => under(p, pointer) || under(pointer, p)) ||
              [...json.open].some((p) => under(p, pointer)),
            elidedAt: (pointer, missingMember) =>
              json.placeholders.some((p) => under(pointer, p)) || (missingMember && json.open.has(pointer)),
          };
          const checks = classification.checks.filter((c) => validator.has(c.definition));
          const byShape = checks.length ? undefined : shapeOf(json.value);
          if (byShape && validator.has(byShape)) checks.push({ definition: byShape, pointer: '' });
          placed.push({ shown, checks });
        }
      pairInScope(source, placed, true, index);
    }
    return index;
  },
);

/** A shown value with the definitions it was matched to. */
interface Placed {
  shown: ShownJson;
  checks: { definition: string; pointer: string }[];
}

/** What a walk of one value along its schema found. */
interface Found {
  /** Objects matched to a named definition, by pointer. */
  visits: { pointer: string; definition: string }[];
  /** Members whose schema is described as a JSON Schema object. */
  slots: { pointer: string; member: string; owner: string }[];
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

/** Finds the schemas of one scope and pairs the values they govern within it. */
function pairInScope(source: JsonSchemaSource, placed: Placed[], ordered: boolean, index: EmbeddedSchemaIndex): void {
  const tools: ToolShown[] = [];
  const calls: CallShown[] = [];
  const elicitations: ElicitationShown[] = [];
  const results: { placed: number; shown: ShownJson; pointer: string; id?: string }[] = [];
  const answers: { placed: number; shown: ShownJson; pointer: string; id?: string; key?: string }[] = [];
  placed.forEach(({ shown, checks }, at) => {
    const found: Found = { visits: [], slots: [] };
    for (const check of checks) walkValue(source, check.definition, shown.value, check.pointer, found);
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
        calls.push({
          name: p.name,
          placed: at,
          shown,
          arguments: `${params}/arguments`,
          id: requestOf(shown.value, params, 'tools/call').id,
        });
      } else if (definition === 'CallToolResult' && 'structuredContent' in value) {
        results.push({
          placed: at,
          shown,
          pointer: `${pointer}/structuredContent`,
          id: responseId(shown.value, pointer),
        });
      } else if (definition === 'ElicitResult' && value.action === 'accept' && isObject(value.content)) {
        answers.push({
          placed: at,
          shown,
          pointer: `${pointer}/content`,
          id: responseId(shown.value, pointer),
          key: keyIn(pointer, 'inputResponses'),
        });
      }
    }
  });

  const skip = (reason: SkipReason) => index.skipped[reason]++;
  /** The one tool of a name in the scope (copies with the same schemas count as one). */
  const toolNamed = (name: unknown, member: 'inputSchema' | 'outputSchema'): ToolShown | SkipReason => {
    const named = tools.filter((t) => t.name === name && t[member]);
    const distinct = new Set(named.map((t) => JSON.stringify(valueAtPointer(t.shown.value, t[member]!.pointer))));
    return distinct.size === 0 ? 'unmatched' : distinct.size > 1 ? 'ambiguous' : named[0];
  };
  const govern = (kind: GovernedKind, shown: ShownJson, pointer: string, schema: EmbeddedSchema, how: string) =>
    index.governed.push({ kind, shown, pointer, schema, how });

  for (const call of calls) {
    const tool = toolNamed(call.name, 'inputSchema');
    if (typeof tool === 'string') skip(tool);
    else govern('arguments', call.shown, call.arguments!, tool.inputSchema!, 'by tool name');
  }
  for (const result of results) {
    // The call it answers: by JSON-RPC id, the nearest before it; else (on a page) the value
    // shown right before it, when that is the call or the tool itself ("a valid response for this tool").
    const byId =
      result.id !== undefined
        ? nearestBefore(calls, result.placed, (c) => c.id === result.id && c.shown.section === result.shown.section)
        : undefined;
    if (byId) {
      const tool = toolNamed(byId.name, 'outputSchema');
      if (typeof tool === 'string') skip(tool);
      else govern('structuredContent', result.shown, result.pointer, tool.outputSchema!, `by id ${result.id}`);
      continue;
    }
    const previous = ordered && result.placed > 0 ? result.placed - 1 : -1;
    const beside = (t: { placed: number; shown: ShownJson }) =>
      t.placed === previous && t.shown.section === result.shown.section;
    const previousCall = calls.find((c) => beside(c) && (result.id === undefined || c.id === undefined));
    const previousTool = tools.find((t) => beside(t) && t.pointer === '');
    if (previousCall && !tools.some((t) => t.placed === previous)) {
      const tool = toolNamed(previousCall.name, 'outputSchema');
      if (typeof tool === 'string') skip(tool);
      else
        govern(
          'structuredContent',
          result.shown,
          result.pointer,
          tool.outputSchema!,
          'as the answer shown after the call',
        );
    } else if (previousTool?.outputSchema && tools.filter((t) => t.placed === previous).length === 1)
      govern(
        'structuredContent',
        result.shown,
        result.pointer,
        previousTool.outputSchema,
        'as the result shown after the tool',
      );
    else skip('unmatched');
  }
  for (const answer of answers) {
    const matches = (e: ElicitationShown) =>
      e.schema.shown.section === answer.shown.section &&
      ((answer.id !== undefined && e.id === answer.id) || (answer.key !== undefined && e.key === answer.key));
    const how = answer.id !== undefined ? `by id ${answer.id}` : `by input-request key "${answer.key}"`;
    if (ordered && answer.id === undefined && answer.key === undefined) {
      // A bare result: the answer to the request shown right before it.
      const before = elicitations.filter(
        (e) => e.placed === answer.placed - 1 && e.schema.shown.section === answer.shown.section,
      );
      if (before.length === 1)
        govern('content', answer.shown, answer.pointer, before[0].schema, 'as the result shown after the request');
      else skip('unmatched');
      continue;
    }
    if (ordered) {
      const request = nearestBefore(elicitations, answer.placed + 1, matches);
      if (request) govern('content', answer.shown, answer.pointer, request.schema, how);
      else skip('unmatched');
      continue;
    }
    const candidates = elicitations.filter(matches);
    const distinct = new Set(
      candidates.map((e) => JSON.stringify(valueAtPointer(e.schema.shown.value, e.schema.pointer))),
    );
    if (distinct.size === 1) govern('content', answer.shown, answer.pointer, candidates[0].schema, how);
    else skip(distinct.size ? 'ambiguous' : 'unmatched');
  }
}

/**
 * The definition an unclassified prose value is by its shape alone, when only one could be: a
 * tool (`name` and `inputSchema`), an elicitation's result (`action` and at most `content`).
 */
function shapeOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.name === 'string' && isObject(value.inputSchema)) return 'Tool';
  const actions = ['accept', 'decline', 'cancel'];
  if (
    typeof value.action === 'string' &&
    actions.includes(value.action) &&
    Object.keys(value).every((k) => k === 'action' || k === 'content' || k === '_meta')
  )
    return 'ElicitResult';
  return undefined;
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

type Schema = Record<string, unknown>;

/** Nesting of schemas followed at most, as `excessMembers` does. */
const MAX_DEPTH = 64;

/** A description saying the member is a JSON Schema (`A JSON Schema object defining...`). */
const JSON_SCHEMA_DESCRIPTION = /\bJSON Schema\b/i;

/**
 * Walks a value along a definition of schema.json: the objects matched to named definitions, and
 * the members whose schema says they are JSON Schemas. A union is followed into every branch its
 * discriminators leave possible.
 */
function walkValue(source: JsonSchemaSource, definition: string, root: unknown, start: string, found: Found): void {
  const doc = source.document.value;
  const defs = isObject(doc) ? doc[source.definitionsKey] : undefined;
  if (!isObject(defs)) return;
  const prefix = `#/${source.definitionsKey}/`;
  const resolve = (schema: unknown, hops = 0): { schema: Schema; name?: string } | undefined => {
    if (!isObject(schema)) return undefined;
    const ref = schema.$ref;
    if (typeof ref !== 'string' || hops > 8) return { schema };
    if (!ref.startsWith(prefix)) return undefined;
    const name = ref.slice(prefix.length).replaceAll('~1', '/').replaceAll('~0', '~');
    const target = resolve(defs[name], hops + 1);
    return target && { schema: target.schema, name: target.name ?? name };
  };
  const walk = (schemaIn: unknown, owner: string, value: unknown, pointer: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const resolved = resolve(schemaIn);
    if (!resolved) return;
    const { schema } = resolved;
    const name = resolved.name ?? owner;
    if (resolved.name && isObject(value)) found.visits.push({ pointer, definition: resolved.name });
    const union = (schema.anyOf ?? schema.oneOf) as unknown;
    if (Array.isArray(union)) {
      for (const branch of union)
        if (fitsDiscriminators(resolve(branch)?.schema, value)) walk(branch, name, value, pointer, depth + 1);
      return;
    }
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) walk(part, name, value, pointer, depth + 1);
    if (Array.isArray(value)) {
      const items = schema.items;
      if (isObject(items)) value.forEach((item, i) => walk(items, name, item, `${pointer}/${i}`, depth + 1));
      return;
    }
    if (!isObject(value)) return;
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [key, member] of Object.entries(value)) {
      const sub = key in properties ? properties[key] : schema.additionalProperties;
      const at = `${pointer}/${escapePointer(key)}`;
      const subSchema = resolve(sub)?.schema;
      if (key in properties && subSchema && isSchemaSlot(subSchema)) {
        found.slots.push({ pointer: at, member: key, owner: name });
        continue;
      }
      if (isObject(sub)) walk(sub, name, member, at, depth + 1);
    }
  };
  walk({ $ref: `${prefix}${escapePointer(definition)}` }, definition, valueAtPointer(root, start), start, 0);
}

/** A member schema that says it holds a JSON Schema object. */
function isSchemaSlot(schema: Schema): boolean {
  if (typeof schema.description !== 'string' || !JSON_SCHEMA_DESCRIPTION.test(schema.description)) return false;
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** Whether a value may be of a union branch: no member of it has a value other than the branch's `const`. */
function fitsDiscriminators(branch: Schema | undefined, value: unknown): boolean {
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

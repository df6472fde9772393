/**
 * JSON blocks in prose, read the way spec authors write them: `//` and `/* *\/` comments,
 * `...` placeholders for what the example leaves out, and fragments such as
 * `"requestedSchema": { ... }` that are members of an object the page does not show.
 *
 * What is left out is remembered (placeholder values, objects and arrays with elided members),
 * so that validation checks what the block shows and never reports what it deliberately omits.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import { escapePointer, JsonDocument, type JsonSyntaxError } from '../core/json-document.js';
import { TextFile } from '../core/text-file.js';
import type { SchemaViolation } from '../model/schema-validator.js';
import type { CodeBlock } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';

export interface ProseJson {
  /** The text that was parsed: the block with placeholders blanked, wrapped in `{ }` when a fragment. */
  document: JsonDocument;
  /** The value, with elided members removed; undefined when the block has syntax errors. */
  value: unknown;
  /** The block is a member (or members) of an object, read wrapped in `{ }`. */
  fragment: boolean;
  /** Pointers of values that are placeholders (`"key": ...`, `"..."`). */
  placeholders: string[];
  /** Pointers of objects and arrays with elided members (`{ "a": 1, ... }`). */
  open: Set<string>;
  /**
   * Pointers of values that stand for any value of their JSON type (a message sketch's `string`,
   * `T[]`): only that type is checked, nothing within or about them.
   */
  typed?: Set<string>;
  /** Syntax errors, with 0-based line and column in the block's text. */
  errors: { message: string; line: number; column: number }[];
  /** 0-based line and column in the block's text of the value at a pointer (its key when `key`). */
  positionOf(pointer: string, property?: string): { line: number; column: number };
}

const ELLIPSIS = /\.\.\.|…/y;

export interface ProseJsonOptions {
  /** Allow a comma before `}` or `]` (`jsonc` and `json5` blocks). */
  trailingCommas?: boolean;
}

/** How the blocks of a fence language are read. */
export interface JsonBlockLanguage extends ProseJsonOptions {
  /**
   * Whether a block that does not parse is reported. JSON5 also allows unquoted keys, single
   * quotes, hexadecimal numbers...: a `json5` block this reader cannot parse may be valid, so it
   * is passed over, never reported.
   */
  reportSyntaxErrors: boolean;
}

/**
 * The fence languages whose blocks are read as JSON (by lower-case name). A `json5` block is read
 * as a `jsonc` one: the corpus's are JSONC fragments (comments, no other JSON5 syntax).
 */
export const JSON_BLOCK_LANGUAGES: ReadonlyMap<string, JsonBlockLanguage> = new Map([
  ['json', { trailingCommas: false, reportSyntaxErrors: true }],
  ['jsonc', { trailingCommas: true, reportSyntaxErrors: true }],
  ['json5', { trailingCommas: true, reportSyntaxErrors: false }],
]);

/** How a fenced block of this language is read as JSON; undefined when it is not JSON. */
export function jsonBlockLanguage(lang: string | null | undefined): JsonBlockLanguage | undefined {
  return lang ? JSON_BLOCK_LANGUAGES.get(lang.toLowerCase()) : undefined;
}

/**
 * The values of a fenced JSON block, read once per project for every rule that reads the block
 * (prose/json-valid, the consistency claims); a page kept by watch mode keeps its blocks' values.
 */
export function jsonBlockValues(project: Project, block: CodeBlock): ProseJson[] {
  return project.derive(blockValues, block);
}

const blockValues = derivation(
  'JSON block values',
  (block: CodeBlock) => readJsonBlock(block.value, jsonBlockLanguage(block.lang)),
  { carriesOver: true },
);

/**
 * Reads a JSON block: one value, or several values one after another (a block showing a
 * sequence of messages). Positions are in the whole block's text.
 */
export function readJsonBlock(text: string, options: ProseJsonOptions = {}): ProseJson[] {
  const segments = topLevelSegments(text);
  if (segments.length <= 1) return [readProseJson(text, options)];
  return segments.map(([start, end]) => readProseJson(maskOutside(text, start, end), options));
}

/** Reads one JSON value (or fragment) leniently. */
export function readProseJson(text: string, options: ProseJsonOptions = {}): ProseJson {
  const blanked = blankPlaceholders(text);
  const fragment = startsWithMember(blanked.text);
  const shift = fragment ? 1 : 0;
  const parsed = fragment ? `{${blanked.text}\n}` : blanked.text;
  const document = new JsonDocument(parsed, { comments: true, trailingCommas: options.trailingCommas });
  const lines = new TextFile('', text);
  const toBlock = (offset: number) => {
    const p = lines.position(Math.min(Math.max(offset - shift, 0), text.length));
    return { line: p.line - 1, column: p.column - 1 };
  };

  const placeholders: string[] = [];
  const open = new Set<string>();
  const pointerAt = (offset: number) => pointerOfOffset(document, offset + shift);
  for (const offset of blanked.valuePlaceholders) {
    const p = pointerAt(offset);
    if (p !== undefined) placeholders.push(p);
  }
  for (const offset of blanked.openContainers) {
    const p = pointerAt(offset);
    if (p !== undefined) open.add(p);
  }
  const value = document.ok ? stripElisions(document.value, '', placeholders, open) : undefined;

  return {
    document,
    value,
    fragment,
    placeholders,
    open,
    errors: document.errors.map((e: JsonSyntaxError) => ({ message: e.message, ...toBlock(e.offset) })),
    positionOf(pointer, property) {
      let offset = document.offsetOf(pointer);
      if (property !== undefined) offset = document.keyOffset(pointer, property) ?? offset;
      return toBlock(offset);
    },
  };
}

/**
 * Whether a violation is about something the block leaves out: a placeholder value or what
 * is under it, or a required member of an object whose members are elided.
 */
export function isAboutElided(json: ProseJson, v: SchemaViolation): boolean {
  const under = (p: string, base: string) => p === base || p.startsWith(base + '/');
  if (json.placeholders.some((p) => under(v.pointer, p))) return true;
  for (const p of json.typed ?? [])
    if (under(v.pointer, p) && !(v.pointer === p && v.keyword === 'type' && v.property === undefined)) return true;
  if (v.property && v.propertyPresent === false && json.open.has(v.pointer)) return true;
  if (
    (v.keyword === 'minItems' || v.keyword === 'minProperties' || v.keyword === 'required') &&
    json.open.has(v.pointer)
  )
    return true;
  return false;
}

interface Blanked {
  text: string;
  /** Offsets (in the original text) of value placeholders, replaced by a same-length string. */
  valuePlaceholders: number[];
  /** Offsets of the `{` or `[` of containers with elided members. */
  openContainers: number[];
}

/**
 * Replaces `...` placeholders with text of the same length, so offsets do not move: a value
 * placeholder (`"a": ...`) becomes the string `"."`, an elided member becomes blanks (with the
 * comma that separated it).
 */
function blankPlaceholders(text: string): Blanked {
  const chars = text.split('');
  const valuePlaceholders: number[] = [];
  const openContainers: number[] = [];
  const stack: number[] = [];
  let i = 0;
  while (i < text.length) {
    const skipped = skipStringOrComment(text, i);
    if (skipped !== undefined) {
      i = skipped;
      continue;
    }
    const c = text[i];
    if (c === '{' || c === '[') stack.push(i);
    else if (c === '}' || c === ']') stack.pop();
    ELLIPSIS.lastIndex = i;
    const m = ELLIPSIS.exec(text);
    if (!m) {
      i++;
      continue;
    }
    const len = m[0].length;
    const prev = previousSignificant(text, i);
    const next = nextSignificant(text, i + len);
    const prevChar = prev >= 0 ? text[prev] : '';
    const nextChar = next < text.length ? text[next] : '';
    if (prevChar === ':') {
      // `"key": ...`: a value left out.
      valuePlaceholders.push(i);
      if (len === 3) chars.splice(i, 3, '"', '.', '"');
      else chars[i] = '0';
    } else {
      // An elided member or element: blank it, and one comma that separated it.
      for (let k = i; k < i + len; k++) chars[k] = ' ';
      if (nextChar === ',') chars[next] = ' ';
      else if (prevChar === ',') chars[prev] = ' ';
      if (stack.length) openContainers.push(stack.at(-1)!);
    }
    i += len;
  }
  return { text: chars.join(''), valuePlaceholders, openContainers };
}

/** The offset after the string or comment that starts at `i`; undefined when none starts there. */
function skipStringOrComment(text: string, i: number): number | undefined {
  if (text[i] === '"') return skipString(text, i);
  if (text[i] === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) return skipComment(text, i);
  return undefined;
}

function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function skipComment(text: string, start: number): number {
  if (text[start + 1] === '/') {
    const end = text.indexOf('\n', start);
    return end < 0 ? text.length : end;
  }
  const end = text.indexOf('*/', start + 2);
  return end < 0 ? text.length : end + 2;
}

function previousSignificant(text: string, before: number): number {
  let i = before - 1;
  for (;;) {
    while (i >= 0 && /\s/.test(text[i])) i--;
    // Skip a `//` comment that ends this line: look back for `//` on the same line outside strings is
    // costly; comments before a placeholder are rare, so only `*/` is skipped.
    if (i >= 1 && text[i] === '/' && text[i - 1] === '*') {
      const open = text.lastIndexOf('/*', i - 2);
      if (open < 0) return i;
      i = open - 1;
      continue;
    }
    return i;
  }
}

function nextSignificant(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text[i] === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      i = skipComment(text, i);
      continue;
    }
    return i;
  }
}

/**
 * Where top-level values start and end, when a block holds several values each starting on a
 * new line after the previous one closed: `[start, end)` offsets; one segment otherwise.
 */
function topLevelSegments(text: string): [number, number][] {
  const out: [number, number][] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const skipped = skipStringOrComment(text, i);
    if (skipped !== undefined) {
      i = skipped;
      continue;
    }
    const c = text[i];
    if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) {
      const next = nextSignificant(text, i + 1);
      if ((text[next] === '{' || text[next] === '[') && text.slice(i + 1, next).includes('\n')) {
        out.push([start, i + 1]);
        start = i + 1;
      }
    }
    i++;
  }
  out.push([start, text.length]);
  return out;
}

/** The text with everything outside `[start, end)` blanked (line breaks kept), so offsets stay. */
function maskOutside(text: string, start: number, end: number): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  return blank(text.slice(0, start)) + text.slice(start, end) + blank(text.slice(end));
}

/** Whether the text starts with `"name":` (after blanks and comments): a member, not a value. */
function startsWithMember(text: string): boolean {
  const start = nextSignificant(text, 0);
  if (text[start] !== '"') return false;
  const end = skipString(text, start);
  return text[nextSignificant(text, end)] === ':';
}

/** The pointer of the innermost value that starts at an offset of the parsed text. */
function pointerOfOffset(document: JsonDocument, offset: number): string | undefined {
  let node: JsonNode | undefined = document.tree;
  const path: string[] = [];
  while (node) {
    if (node.offset === offset) return toPointer(path);
    const children: JsonNode[] = node.children ?? [];
    const child: JsonNode | undefined = children.find((c) => c.offset <= offset && offset < c.offset + c.length);
    if (!child) return undefined;
    if (node.type === 'object') {
      // The child is a property: descend to its value.
      const value: JsonNode | undefined = child.children?.[1];
      if (!value || offset < value.offset) return undefined;
      path.push(String(child.children?.[0]?.value));
      node = value;
    } else if (node.type === 'array') {
      path.push(String(children.indexOf(child)));
      node = child;
    } else return undefined;
  }
  return undefined;
}

function toPointer(path: string[]): string {
  return path.map((s) => '/' + escapePointer(s)).join('');
}

/**
 * The value with `"...": "..."` members removed (their object is then open) and `"..."`
 * strings recorded as placeholders.
 */
function stripElisions(value: unknown, pointer: string, placeholders: string[], open: Set<string>): unknown {
  if (typeof value === 'string') {
    if (isEllipsis(value)) placeholders.push(pointer);
    return value;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    value.forEach((item, i) => {
      if (typeof item === 'string' && isEllipsis(item) && value.length > 1) open.add(pointer);
      out.push(stripElisions(item, `${pointer}/${i}`, placeholders, open));
    });
    return out;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (isEllipsis(k)) {
        open.add(pointer);
        continue;
      }
      out[k] = stripElisions(v, `${pointer}/${escapePointer(k)}`, placeholders, open);
    }
    return out;
  }
  return value;
}

function isEllipsis(s: string): boolean {
  return /^\s*(\.\.\.|…)\s*$/.test(s);
}

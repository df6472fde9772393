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
import type { SchemaViolation } from '../model/violation-text.js';
import type { KeptJsonValue } from '../model/spec.js';
import { isPlainJson } from '../util/plain-json.js';

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
  /**
   * Names written where a value belongs (`[ KeyValueInput ]`), read as placeholders: a sketch of a
   * value of that declared type. Whether the name is declared is the reader's caller's to judge
   * (a bare `Error` or `Infinity` is a syntax error where nothing declares it).
   */
  names?: { name: string; line: number; column: number }[];
  /** Syntax errors, with 0-based line and column in the block's text. */
  errors: { message: string; line: number; column: number }[];
  /** 0-based line and column in the block's text of the value at a pointer (its key when `key`). */
  positionOf(pointer: string, property?: string): { line: number; column: number };
}

const ELLIPSIS = /\.\.\.|…/y;
/** A `//` or `/* *\/` comment whose text ends in an ellipsis. */
const ELIDING_COMMENT = /^\/[/*][\s\S]*?(?:\.\.\.|…)\s*(?:\*\/)?\s*$/;

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
 * A JSON block's values as plain data, read when its page is parsed and kept with the page's
 * products, so that a check reading the page back does not parse its blocks again; undefined
 * when the block is not JSON, or a value would not come back the same from JSON (`-0`, a number
 * beyond a double, `__proto__`).
 */
export function keptJsonValues(lang: string | null | undefined, text: string): KeptJsonValue[] | undefined {
  const language = jsonBlockLanguage(lang);
  if (!language) return undefined;
  const values = readJsonBlock(text, language);
  if (!values.every((v) => v.value === undefined || isPlainJson(v.value))) return undefined;
  return values.map((v) => ({
    ...(v.value !== undefined ? { value: v.value } : {}),
    fragment: v.fragment,
    placeholders: v.placeholders,
    open: [...v.open],
    ...(v.typed ? { typed: [...v.typed] } : {}),
    ...(v.names ? { names: v.names } : {}),
    errors: v.errors,
  }));
}

/**
 * Reads a JSON block: one value, or several values one after another (a block showing a
 * sequence of messages). Positions are in the whole block's text.
 */
export function readJsonBlock(written: string, options: ProseJsonOptions = {}): ProseJson[] {
  const text = withoutEventStreamFields(written);
  const segments = topLevelSegments(text);
  if (segments.length <= 1) return [readProseJson(text, options)];
  return segments.map(([start, end]) => readProseJson(maskOutside(text, start, end), options));
}

/** Reads one JSON value (or fragment) leniently. */
export function readProseJson(text: string, options: ProseJsonOptions = {}): ProseJson {
  const blanked = blankPlaceholders(text);
  const fragment = startsWithMember(blanked.text);
  const shift = fragment ? 1 : 0;
  // A fragment is cut from an object whose next member the block does not show: a comma may end it.
  const last = fragment ? previousSignificant(blanked.text, blanked.text.length) : -1;
  const body =
    last >= 0 && blanked.text[last] === ','
      ? `${blanked.text.slice(0, last)} ${blanked.text.slice(last + 1)}`
      : blanked.text;
  const parsed = fragment ? `{${body}\n}` : body;
  const document = new JsonDocument(parsed, { comments: true, trailingCommas: options.trailingCommas });
  const lines = new TextFile('', text);
  const toBlock = (offset: number) => {
    const p = lines.position(Math.min(Math.max(offset - shift, 0), text.length));
    return { line: p.line - 1, column: p.column - 1 };
  };

  // The pointers of the values at the blanked offsets (those the parse placed in the document).
  const pointersAt = (offsets: number[]) =>
    offsets.flatMap((offset) => pointerOfOffset(document, offset + shift) ?? []);
  const placeholders = pointersAt(blanked.valuePlaceholders);
  const open = new Set(pointersAt(blanked.openContainers));
  const typed = new Set(pointersAt(blanked.typedValues));
  const value = document.ok ? stripElisions(document.value, '', placeholders, open) : undefined;

  return {
    document,
    value,
    fragment,
    placeholders,
    open,
    ...(typed.size ? { typed } : {}),
    ...(blanked.names.length ? { names: blanked.names.map((n) => ({ name: n.name, ...toBlock(n.offset) })) } : {}),
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
  /** Offsets of values that stand for any value of their JSON type (`string`, `"a" | "b"`). */
  typedValues: number[];
  /** Names written where a value belongs, at their offsets. */
  names: { name: string; offset: number }[];
}

/** A JSON type written where a value belongs (`string`, `number[]`): a value of that type stands there. */
const JSON_TYPE = /^(string|number|integer|boolean|object)((?:\[\])*)$/;
/** A type that says nothing of the value (`unknown`, `any`). */
const ANY_TYPE = /^(?:unknown|any)(?:\[\])*$/;
/** A declared name written where a value belongs (`KeyValueInput`, `HeaderPair[]`). */
const DECLARED_NAME = /^([A-Z][A-Za-z0-9_]*)(?:\[\])*$/;
/** Words of other languages that are never type names: a syntax error where JSON has a value. */
const NOT_A_NAME = /^(?:Infinity|NaN|True|False|None|Null|Undefined|TRUE|FALSE|NONE|NULL|NIL|Nil)$/;
/** A name or a number at `i`, as far as it goes (`KeyValueInput`, `string[]`, `-1.5`). */
const WORD = /[A-Za-z_$][\w$]*(?:\[\])*|-?\d[\d.eE+-]*/y;
/** A `<placeholder>` on one line: `<tool_name>`, `<the server's full key ...>`. */
const ANGLE_PLACEHOLDER = /<[^\s<>{}[\]"][^<>{}[\]"\n]*>/y;

/**
 * Replaces the notations that stand for a value with text of the same length, so offsets do not
 * move, and remembers where they were:
 * - `...` placeholders: a value placeholder (`"a": ...`) becomes the string `"."`, an elided
 *   member becomes blanks (with the comma that separated it);
 * - a `<placeholder>` in place of a value is a value placeholder; in place of a member or an
 *   element (`{ <the key ...> }`), an elided one;
 * - a type written as a value: a JSON type (`"size": number`) becomes a value of that type whose
 *   type alone is checked, a capitalised name (`[ KeyValueInput ]`) a value placeholder whose
 *   name is kept for the caller to judge;
 * - a union (`"active" | "revoked"`) keeps its first value, the others blanked: checked for its
 *   type when every value is of that type, else a value placeholder.
 */
function blankPlaceholders(text: string): Blanked {
  const b = new Blanking(text);
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') b.lastValue = i;
    const skipped = skipStringOrComment(text, i);
    if (skipped !== undefined) {
      // A comment that ends in an ellipsis (`// …`, `// Other fields...`) says members are left out.
      if (c === '/' && b.stack.length && ELIDING_COMMENT.test(text.slice(i, skipped)))
        b.openContainers.push(b.stack.at(-1)!);
      i = skipped;
      continue;
    }
    if (c === '{' || c === '[') b.stack.push(i);
    else if (c === '}' || c === ']') b.lastValue = b.stack.pop();
    const next = (c === '|' ? b.union(i) : undefined) ?? b.notation(i);
    i = next ?? i + 1;
  }
  return {
    text: b.chars.join(''),
    valuePlaceholders: [...b.valuePlaceholders],
    openContainers: b.openContainers,
    typedValues: [...b.typedValues].filter((offset) => !b.valuePlaceholders.has(offset)),
    names: b.names,
  };
}

/** The JSON type of a value as written (`"a"`, `1`, `true`); undefined for anything else. */
function writtenType(text: string, at: number): 'string' | 'number' | 'boolean' | undefined {
  if (text[at] === '"') return 'string';
  if (/[-\d]/.test(text[at] ?? '')) return 'number';
  if (/^(?:true|false)\b/.test(text.slice(at, at + 6))) return 'boolean';
  return undefined;
}

/** The state of one `blankPlaceholders` pass: the text being blanked and what was found. */
class Blanking {
  readonly chars: string[];
  readonly valuePlaceholders = new Set<number>();
  readonly typedValues = new Set<number>();
  readonly names: { name: string; offset: number }[] = [];
  readonly openContainers: number[] = [];
  /** Offsets of the `{` and `[` of the containers the scan is in. */
  readonly stack: number[] = [];
  /** Where the value that ended last started: the first value of a union that follows it. */
  lastValue: number | undefined;

  constructor(readonly text: string) {
    this.chars = text.split('');
  }

  /**
   * A union's bar at `i`: it and the next value blanked; the offset after them. A union of values
   * of one JSON type (`"active" | "revoked"`, `true | false`) keeps its first value, and only that
   * type is checked; any other union is a placeholder.
   */
  union(i: number): number | undefined {
    const next = nextSignificant(this.text, i + 1);
    const end = valueEnd(this.text, next);
    if (end === undefined || this.lastValue === undefined) return undefined;
    this.blank(i, end);
    const first = writtenType(this.text, this.lastValue);
    if (first && first === writtenType(this.text, next)) this.typedValues.add(this.lastValue);
    else this.valuePlaceholders.add(this.lastValue);
    return end;
  }

  /** A placeholder, a name or a number, or `...` at `i`: read, and the offset after it; undefined when none. */
  notation(i: number): number | undefined {
    const { text } = this;
    const angle = text[i] === '<' ? matchAt(ANGLE_PLACEHOLDER, text, i) : undefined;
    const word = angle || /[\w$-]/.test(text[i - 1] ?? '') ? undefined : matchAt(WORD, text, i);
    const ellipsis = angle || word ? undefined : matchAt(ELLIPSIS, text, i);
    const found = angle ?? word ?? ellipsis;
    if (!found) return undefined;
    const end = i + found.length;
    const prev = previousSignificant(text, i);
    const prevChar = prev >= 0 ? text[prev] : '';
    if (word) {
      this.lastValue = i;
      // A type where a value belongs (not a key written without quotes, which a colon follows).
      const valueAt = prevChar === ':' || prevChar === '[' || prevChar === ',';
      if (valueAt && text[nextSignificant(text, end)] !== ':') this.typeAsValue(i, end, word);
    } else if (prevChar === ':') {
      // `"key": ...` or `"key": <what>`: a value left out.
      if (angle) this.lastValue = i;
      this.asValue(i, end);
    } else {
      // An elided member or element: blank it, and one comma that separated it.
      this.blank(i, end);
      const next = nextSignificant(text, end);
      if (text[next] === ',') this.chars[next] = ' ';
      else if (prevChar === ',') this.chars[prev] = ' ';
      if (this.stack.length) this.openContainers.push(this.stack.at(-1)!);
    }
    return end;
  }

  /**
   * A type written as a value: a JSON type becomes a value of that type (only the type is then
   * checked), `unknown` or `any` a placeholder, a declared name a placeholder whose name is kept
   * for the caller to judge. Other words are left to the parser (`true`, a misspelt `ture`).
   */
  private typeAsValue(from: number, to: number, word: string): void {
    const json = JSON_TYPE.exec(word);
    if (json) {
      const stand = json[2]
        ? '[]'
        : { string: '""', number: '0', integer: '0', boolean: 'false', object: '{}' }[json[1]]!;
      this.blank(from, to);
      for (let k = 0; k < stand.length; k++) this.chars[from + k] = stand[k];
      this.typedValues.add(from);
      return;
    }
    if (ANY_TYPE.test(word)) return this.asValue(from, to);
    const name = DECLARED_NAME.exec(word)?.[1];
    if (name && !NOT_A_NAME.test(name)) {
      this.asValue(from, to);
      this.names.push({ name, offset: from });
    }
  }

  /** A value placeholder of the same length as `[from, to)`: a string, or a number when too short. */
  private asValue(from: number, to: number): void {
    this.blank(from, to);
    if (to - from >= 3) [this.chars[from], this.chars[from + 1], this.chars[to - 1]] = ['"', '.', '"'];
    else if (to - from === 2) [this.chars[from], this.chars[to - 1]] = ['"', '"'];
    else this.chars[from] = '0';
    this.valuePlaceholders.add(from);
  }

  private blank(from: number, to: number): void {
    for (let k = from; k < to; k++) if (this.chars[k] !== '\n') this.chars[k] = ' ';
  }
}

/** The text a sticky pattern matches at `i`, or undefined. */
function matchAt(re: RegExp, text: string, i: number): string | undefined {
  re.lastIndex = i;
  return re.exec(text)?.[0];
}

/** The end of the value at `at` (a string, a name or number, a placeholder, a bracketed value); undefined when none. */
function valueEnd(text: string, at: number): number | undefined {
  if (text[at] === '"') return skipString(text, at);
  if (text[at] === '{' || text[at] === '[') return closingOf(text, at);
  const m = matchAt(ANGLE_PLACEHOLDER, text, at) ?? matchAt(WORD, text, at);
  return m === undefined ? undefined : at + m.length;
}

/** The offset after the bracket that closes the one at `open` (strings and comments skipped); the text's end when none. */
function closingOf(text: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < text.length) {
    const skipped = skipStringOrComment(text, i);
    if (skipped !== undefined) {
      i = skipped;
      continue;
    }
    if (text[i] === '{' || text[i] === '[') depth++;
    else if ((text[i] === '}' || text[i] === ']') && --depth === 0) return i + 1;
    i++;
  }
  return text.length;
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

/** A line of a server-sent event stream: a field (`data:`, `event:`, `id:`, `retry:`) or a `:` comment. */
const EVENT_STREAM_LINE = /^([ \t]*)(?:(data)|event|id|retry|)[ \t]*:/;

/**
 * A block showing a stream of server-sent events (`data: {...}`, one event after another, as a
 * streaming answer is shown) read as the values its `data` fields carry: a block whose first line
 * is such a field has the field names of its lines blanked (`event:` and `id:` lines, and `:`
 * comments, whole), so that each event's JSON is a value of the block, at its place in the text.
 * Any other block is returned as it is: JSON never has an unquoted name at the start of a line.
 */
function withoutEventStreamFields(text: string): string {
  const lines = text.split('\n');
  const first = lines.find((line) => line.trim());
  if (!first || !EVENT_STREAM_LINE.test(first) || !lines.some((line) => /^[ \t]*data[ \t]*:/.test(line))) return text;
  return lines
    .map((line) => {
      const field = EVENT_STREAM_LINE.exec(line);
      if (!field) return line;
      const blanked = field[0].length + (field[2] && line[field[0].length] === ' ' ? 1 : 0);
      return field[2] ? ' '.repeat(blanked) + line.slice(blanked) : ' '.repeat(line.length);
    })
    .join('\n');
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
    if (isEllipsis(value) || isAnglePlaceholder(value)) placeholders.push(pointer);
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

/** A string that is one `<placeholder>` (`"<AUTHORIZATION_CODE>"`): it stands for a value of any type. */
function isAnglePlaceholder(s: string): boolean {
  return /^\s*<[^<>]+>\s*$/.test(s);
}

function isEllipsis(s: string): boolean {
  return /^\s*(\.\.\.|…)\s*$/.test(s);
}

/**
 * JSON with positions. ajv reports JSON pointers; findings need line and column, so every
 * parsed JSON text keeps its syntax tree (jsonc-parser, which is error-tolerant and knows
 * comments) and answers "where is the value at this pointer?".
 */
import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { Location } from './location.js';
import type { TextFile } from './text-file.js';
import { MAX_JSON_DEPTH } from './limits.js';

export interface JsonSyntaxError {
  message: string;
  /** 0-based offset in the parsed text. */
  offset: number;
  length: number;
}

export interface JsonParseOptions {
  /** Allow `//` and `/* *\/` comments (prose blocks); example files are strict JSON. */
  comments?: boolean;
  /** Allow a comma before `]` or `}`. */
  trailingCommas?: boolean;
}

const messages: Record<string, string> = {
  InvalidSymbol: 'Unexpected character',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'Property name expected',
  ValueExpected: 'Value expected',
  ColonExpected: 'Colon expected',
  CommaExpected: 'Comma expected',
  CloseBraceExpected: "Closing '}' expected",
  CloseBracketExpected: "Closing ']' expected",
  EndOfFileExpected: 'End of file expected',
  InvalidCommentToken: 'Comments are not allowed in JSON',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Unterminated number',
  InvalidUnicode: 'Invalid unicode escape',
  InvalidEscapeCharacter: 'Invalid escape character',
  InvalidCharacter: 'Invalid character in string',
};

/**
 * A parsed JSON text: its value (when it parsed), its syntax errors, and positions by pointer.
 * A text that is plain JSON (most are: example files, schema.json) is read with `JSON.parse`, and
 * its syntax tree is built only when a position is asked for (a finding points into it): the
 * tree of a large schema.json costs several times its parse, and most checks ask for no position
 * in most files.
 */
export class JsonDocument {
  #read: { errors: JsonSyntaxError[]; tree: JsonNode | undefined; value: unknown } | undefined;
  #value: { value: unknown } | undefined;

  constructor(
    readonly text: string,
    private readonly options: JsonParseOptions = {},
  ) {
    const plain = plainJsonValue(text);
    if (plain) this.#value = plain;
  }

  /** Syntax errors, with offsets in the text; empty when the text parsed. */
  get errors(): JsonSyntaxError[] {
    return this.#value ? [] : this.parsed().errors;
  }

  /** The syntax tree (jsonc-parser's), built when first asked for. */
  get tree(): JsonNode | undefined {
    return this.parsed().tree;
  }

  /** The value; `undefined` when the text has syntax errors. */
  get value(): unknown {
    return this.#value ? this.#value.value : this.parsed().value;
  }

  private parsed(): { errors: JsonSyntaxError[]; tree: JsonNode | undefined; value: unknown } {
    return (this.#read ??= parseDocument(this.text, this.options));
  }

  get ok(): boolean {
    return this.errors.length === 0;
  }

  /** The node at a JSON pointer (`/a/0/b`), or the deepest ancestor that exists. */
  nodeAt(pointer: string): { node: JsonNode; exact: boolean } | undefined {
    if (!this.tree) return undefined;
    let node = this.tree;
    for (const segment of splitPointer(pointer)) {
      const child = childNode(node, segment);
      if (!child) return { node, exact: false };
      node = child;
    }
    return { node, exact: true };
  }

  /** Offset of the value at a pointer; of the property's key when `key` is set and the value is a property. */
  offsetOf(pointer: string, key = false): number {
    const found = this.nodeAt(pointer);
    if (!found) return 0;
    const { node } = found;
    if (key && node.parent?.type === 'property') return node.parent.offset;
    return node.offset;
  }

  /** Offset of the key of property `name` in the object at `pointer`, if present. */
  keyOffset(pointer: string, name: string): number | undefined {
    const found = this.nodeAt(pointer);
    if (!found?.exact || found.node.type !== 'object') return undefined;
    const prop = found.node.children?.find((p) => p.children?.[0]?.value === name);
    return prop?.offset;
  }
}

/** The text read with jsonc-parser: its tree, its syntax errors (duplicate keys and numbers beyond a double too), its value. */
function parseDocument(
  text: string,
  options: JsonParseOptions,
): { errors: JsonSyntaxError[]; tree: JsonNode | undefined; value: unknown } {
  const errors: JsonSyntaxError[] = [];
  let tree: JsonNode | undefined;
  const tooDeep = offsetBeyondDepth(text, MAX_JSON_DEPTH);
  if (tooDeep !== undefined) {
    // jsonc-parser recurses per level; refuse before the stack does.
    errors.push({ message: `Nesting deeper than ${MAX_JSON_DEPTH} levels`, offset: tooDeep, length: 1 });
  } else {
    const raw: ParseError[] = [];
    tree = parseTree(text, raw, {
      disallowComments: !options.comments,
      allowTrailingComma: !!options.trailingCommas,
      allowEmptyContent: false,
    });
    errors.push(...describeErrors(text, raw));
    if (tree) errors.push(...treeErrors(text, tree));
  }
  if (!tree && errors.length === 0) errors.push({ message: 'Empty JSON document', offset: 0, length: 0 });
  const deduped = dedupe(errors);
  return { errors: deduped, tree, value: deduped.length === 0 && tree ? nodeValue(tree) : undefined };
}

/**
 * The value of a text that is strict JSON with none of what jsonc-parser's reading reports (a
 * key twice in an object, a number beyond a double, nesting past the bound), read with
 * `JSON.parse`, which gives the value that reading gives; undefined for any other text (it is
 * read with jsonc-parser, for its errors).
 */
function plainJsonValue(text: string): { value: unknown } | undefined {
  if (offsetBeyondDepth(text, MAX_JSON_DEPTH) !== undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const members = membersIfFinite(value);
  // Each key written is a member of the value unless an object has it twice.
  return members !== undefined && members === keysWritten(text) ? { value } : undefined;
}

/** The members of every object in the value; undefined when it holds a number beyond a double. */
function membersIfFinite(value: unknown): number | undefined {
  let members = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return undefined;
    } else if (Array.isArray(v)) {
      for (const x of v)
        if (x !== null && typeof x === 'object') stack.push(x);
        else if (typeof x === 'number' && !Number.isFinite(x)) return undefined;
    } else if (v !== null && typeof v === 'object') {
      const values = Object.values(v);
      members += values.length;
      for (const x of values)
        if (x !== null && typeof x === 'object') stack.push(x);
        else if (typeof x === 'number' && !Number.isFinite(x)) return undefined;
    }
  }
  return members;
}

/** How many keys a text of strict JSON writes: strings followed (after white space) by a colon. */
function keysWritten(text: string): number {
  let keys = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    // The closing quote: the next one not escaped by an odd run of backslashes.
    let end = text.indexOf('"', i + 1);
    for (;;) {
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    let next = end + 1;
    while (
      next < text.length &&
      (text[next] === ' ' || text[next] === '\n' || text[next] === '\r' || text[next] === '\t')
    )
      next++;
    if (text[next] === ':') keys++;
    i = text.indexOf('"', next);
  }
  return keys;
}

/** The value at a JSON pointer inside a parsed value; undefined where the path does not exist. */
export function valueAtPointer(value: unknown, pointer: string): unknown {
  let v = value;
  for (const seg of splitPointer(pointer))
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined;
  return v;
}

/** A JSON pointer segment with `~` and `/` escaped. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function splitPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function childNode(node: JsonNode, segment: string): JsonNode | undefined {
  if (node.type === 'object') {
    // The last property of a name wins, as in JSON.parse.
    const props = node.children?.filter((p) => p.children?.[0]?.value === segment) ?? [];
    return props.at(-1)?.children?.[1];
  }
  if (node.type === 'array' && /^\d+$/.test(segment)) return node.children?.[Number(segment)];
  return undefined;
}

function nodeValue(node: JsonNode): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v) continue;
        // As JSON.parse gives it: `"__proto__"` is an own property, not the object's prototype.
        if (k.value === '__proto__')
          Object.defineProperty(out, '__proto__', {
            value: nodeValue(v),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else out[k.value as string] = nodeValue(v);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

function describeErrors(text: string, raw: ParseError[]): JsonSyntaxError[] {
  return raw.map((e) => {
    const code = printParseErrorCode(e.error);
    // jsonc-parser reports a trailing comma as a missing name or value at the closing
    // bracket; name the comma itself, which is what the author has to delete.
    if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && /[}\]]/.test(text[e.offset] ?? '')) {
      const comma = previousNonSpace(text, e.offset);
      if (comma >= 0 && text[comma] === ',') return { message: 'Trailing comma', offset: comma, length: 1 };
    }
    return { message: messages[code] ?? code, offset: e.offset, length: e.length };
  });
}

function previousNonSpace(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return i;
}

/** Duplicate keys, and numbers no double holds (`1e400` would read as Infinity, which passes an integer check). */
function treeErrors(text: string, tree: JsonNode): JsonSyntaxError[] {
  const found: JsonSyntaxError[] = [];
  const stack: JsonNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'number' && !Number.isFinite(node.value)) {
      const literal = text.slice(node.offset, node.offset + node.length);
      found.push({ message: `Number ${literal} is out of range`, offset: node.offset, length: node.length });
    } else if (node.type === 'object') {
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const key = prop.children?.[0];
        if (key && typeof key.value === 'string') {
          if (seen.has(key.value))
            found.push({ message: `Duplicate key "${key.value}"`, offset: key.offset, length: key.length });
          seen.add(key.value);
        }
      }
    }
    for (const child of node.children ?? []) stack.push(child);
  }
  return found.sort((a, b) => a.offset - b.offset);
}

function dedupe(errors: JsonSyntaxError[]): JsonSyntaxError[] {
  const seen = new Set<number>();
  return errors
    .sort((a, b) => a.offset - b.offset)
    .filter((e) => (seen.has(e.offset) ? false : (seen.add(e.offset), true)));
}

/**
 * The offset of the first bracket nested deeper than `limit`, outside strings and comments, as
 * jsonc-parser's scanner reads them (a string ends at a line break; comments are skipped even
 * where they are errors), computed without recursion; undefined when none is. Stray closing
 * brackets do not lower the depth below zero: the count may read deeper than the parser goes,
 * never shallower.
 */
function offsetBeyondDepth(text: string, limit: number): number | undefined {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: to the closing quote or the end of the line; a backslash takes the next character.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34 || d === 10 || d === 13) break;
      }
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 1;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return i;
    } else if ((c === 125 || c === 93) && depth > 0) depth--;
  }
  return undefined;
}

/** Location of a JSON syntax error in a file whose text starts at `baseOffset`. */
export function errorLocation(file: TextFile, error: JsonSyntaxError, baseOffset = 0): Location {
  return file.location(baseOffset + error.offset);
}

/**
 * JSON with positions. ajv reports JSON pointers; findings need line and column, so every
 * parsed JSON text keeps its syntax tree (jsonc-parser, which is error-tolerant and knows
 * comments) and answers "where is the value at this pointer?".
 */
import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { Location } from './location.js';
import type { TextFile } from './text-file.js';

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

const MAX_DEPTH = 1000;

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

/** A parsed JSON text: its value (when it parsed), its syntax errors, and positions by pointer. */
export class JsonDocument {
  readonly errors: JsonSyntaxError[];
  readonly tree: JsonNode | undefined;
  /** The value; `undefined` when the text has syntax errors. */
  readonly value: unknown;

  constructor(
    readonly text: string,
    options: JsonParseOptions = {},
  ) {
    const errors: JsonSyntaxError[] = [];
    let tree: JsonNode | undefined;
    const depth = maxNesting(text);
    if (depth > MAX_DEPTH) {
      // jsonc-parser recurses per level; refuse before the stack does.
      errors.push({
        message: `Nesting deeper than ${MAX_DEPTH} levels`,
        offset: depth === Infinity ? 0 : deepOffset(text, MAX_DEPTH),
        length: 1,
      });
    } else {
      const raw: ParseError[] = [];
      tree = parseTree(text, raw, {
        disallowComments: !options.comments,
        allowTrailingComma: !!options.trailingCommas,
        allowEmptyContent: false,
      });
      errors.push(...describeErrors(text, raw));
      if (tree) errors.push(...duplicateKeys(tree));
    }
    if (!tree && errors.length === 0) errors.push({ message: 'Empty JSON document', offset: 0, length: 0 });
    this.errors = dedupe(errors);
    this.tree = tree;
    this.value = this.errors.length === 0 && tree ? nodeValue(tree) : undefined;
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

function duplicateKeys(tree: JsonNode): JsonSyntaxError[] {
  const found: JsonSyntaxError[] = [];
  const stack: JsonNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'object') {
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

/** Bracket nesting depth outside strings, computed without recursion. */
function maxNesting(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return max;
}

function deepOffset(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') if (++depth > limit) return i;
    if (c === '}' || c === ']') depth--;
  }
  return 0;
}

/** Location of a JSON syntax error in a file whose text starts at `baseOffset`. */
export function errorLocation(file: TextFile, error: JsonSyntaxError, baseOffset = 0): Location {
  return file.location(baseOffset + error.offset);
}

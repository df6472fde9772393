/**
 * Message sketches: ```ts blocks that show a wire message as an object type rather than as JSON
 * (`{ jsonrpc: "2.0"; id: string | number; params?: { [key: string]: unknown } }`). Values may be
 * literals or types: `string`, a union, a declared name.
 *
 * A sketch is read into a representative JSON value plus what each part of it stands for, in
 * the shape of a prose JSON block, so that it is matched and validated like one:
 * - a literal (`"2.0"`, `1`, `true`, `null`) is that value;
 * - `string`, `number`, `boolean`, `object`, `T[]`, and unions of literals of one JSON type are
 *   typed placeholders: any value of that type, so only the type is checked;
 * - `unknown`, `any`, declared names and anything else are placeholders: never checked;
 * - an index signature (`[key: string]: unknown`) leaves the object open.
 * Only a block made of object types (one, or several one after another: a request and its
 * response), with nothing but property and index signatures, is read: interfaces, functions and
 * other real TypeScript are left alone. Comments may stand anywhere.
 */
import type * as TS from 'typescript';
import { typescript } from '../util/typescript.js';
import { literalValue, propertyNameText } from '../util/ts-literal.js';
import { escapePointer, JsonDocument } from '../core/json-document.js';
import { TextFile } from '../core/text-file.js';
import type { ProseJson } from './json-blocks.js';
import type { KeptSketch } from '../model/spec.js';
import { isPlainJson } from '../util/plain-json.js';

const SKETCH_LANGUAGES = new Set(['ts', 'typescript']);

/** Whether a page's text may hold a sketch: a TypeScript fence. */
export function maySketchIn(pageText: string): boolean {
  return /(?:`{3,}|~{3,})[ \t]*(?:ts|typescript)\b/i.test(pageText);
}

/**
 * A block's sketches as plain data, read when its page is parsed and kept with the page's
 * products (so that a check reading the page back parses no TypeScript for it): `false` when the
 * block may be a sketch and is not; undefined when it is no candidate, or a value would not come
 * back the same from JSON (`__proto__`), so that it is read again when asked for.
 */
export function keptSketches(lang: string | null | undefined, text: string): KeptSketch[] | false | undefined {
  if (!maySketch(lang, text)) return undefined;
  const kept = readKeptSketches(text);
  if (!kept) return false;
  return kept.every((k) => k.value === undefined || isPlainJson(k.value)) ? kept : undefined;
}

/** Comments and white space before the first object of a block. */
const LEADING_COMMENTS = /^\s*(?:(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)\s*)*\{/;

/** The text is worth parsing as a sketch: a TypeScript block that starts with `{` (after comments). */
export function maySketch(lang: string | null | undefined, text: string): boolean {
  return isTypeScriptLanguage(lang) && LEADING_COMMENTS.test(text);
}

/** A fence language that marks TypeScript (`ts`, `typescript`). */
export function isTypeScriptLanguage(lang: string | null | undefined): boolean {
  return !!lang && SKETCH_LANGUAGES.has(lang.toLowerCase());
}

/**
 * Reads a block as one or more message sketches: object types one after another, with only
 * comments, commas or semicolons between them (a request, then its response, then an error).
 * Undefined when any part of the block is something else: the block is real TypeScript.
 * Positions stay the block's: each object is read from the block text with the rest blanked.
 */
export function readSketches(text: string): ProseJson[] | undefined {
  return readKeptSketches(text)?.map((kept) => sketchOf(kept, text));
}

function readKeptSketches(text: string): KeptSketch[] | undefined {
  if (text.length > MAX_SKETCH_LENGTH) return undefined;
  const spans = topLevelObjects(text);
  if (!spans?.length) return undefined;
  const out: KeptSketch[] = [];
  for (const [start, end] of spans) {
    const one = readKeptSketch(blankOutside(text, start, end));
    if (!one) return undefined;
    out.push(one);
  }
  return out;
}

/** The [start, end) offsets of the block's top-level braces, or undefined when other tokens stand between them. */
function topLevelObjects(text: string): [number, number][] | undefined {
  const ts = typescript();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const spans: [number, number][] = [];
  let depth = 0;
  let start = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.OpenBraceToken) {
      if (depth++ === 0) start = scanner.getTokenStart();
    } else if (token === ts.SyntaxKind.CloseBraceToken) {
      if (depth === 0) return undefined;
      if (--depth === 0) spans.push([start, scanner.getTokenEnd()]);
    } else if (depth === 0 && token !== ts.SyntaxKind.CommaToken && token !== ts.SyntaxKind.SemicolonToken)
      return undefined;
    if (spans.length > MAX_SKETCHES_PER_BLOCK) return undefined;
  }
  return depth === 0 ? spans : undefined;
}

/** The text with everything outside [start, end) made spaces, line breaks kept: offsets are unchanged. */
function blankOutside(text: string, start: number, end: number): string {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  return blank(text.slice(0, start)) + text.slice(start, end) + blank(text.slice(end));
}

/** What a sketch's part stands for while it is converted. */
interface Reading {
  value: unknown;
  /** The value is a stand-in: `typed` keeps its JSON type checked, `any` checks nothing. */
  placeholder?: 'typed' | 'any';
}

/** Text prepended to make the block a type alias: `{ ... }` alone would parse as a code block. */
const PREFIX = 'type Sketch = ';

/** Reads a block as a message sketch; undefined when it is not one. */
export function readSketch(text: string): ProseJson | undefined {
  const kept = readKeptSketch(text);
  return kept && sketchOf(kept, text);
}

/** A sketch as plain data (see `KeptSketch`); undefined when the text is not one. */
function readKeptSketch(text: string): KeptSketch | undefined {
  const ts = typescript();
  if (!/^\s*\{/.test(text) || text.length > MAX_SKETCH_LENGTH || tooDeep(text)) return undefined;
  const source = ts.createSourceFile('sketch.ts', PREFIX + text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  // Parse errors are not exposed by the public API of a source file; a program is too costly here.
  const diagnostics = (source as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics;
  if (diagnostics === undefined || diagnostics.length) return undefined;
  const [statement, ...rest] = source.statements;
  if (rest.length || !statement || !ts.isTypeAliasDeclaration(statement) || !ts.isTypeLiteralNode(statement.type))
    return undefined;

  const placeholders: string[] = [];
  const typed = new Set<string>();
  const open = new Set<string>();
  const valueOffsets = new Map<string, number>();
  const keyOffsets = new Map<string, number>();
  const offsetOf = (node: TS.Node) => node.getStart(source) - PREFIX.length;

  const convert = (node: TS.TypeNode, pointer: string): Reading | undefined => {
    valueOffsets.set(pointer, offsetOf(node));
    const reading = read(node, pointer);
    if (reading?.placeholder === 'typed') typed.add(pointer);
    else if (reading?.placeholder === 'any') placeholders.push(pointer);
    return reading;
  };

  /** The reading of a type node; undefined for a member to leave out (`undefined`, `never`). */
  const read = (node: TS.TypeNode, pointer: string): Reading | undefined => {
    if (ts.isParenthesizedTypeNode(node)) return read(node.type, pointer);
    if (ts.isTypeLiteralNode(node)) return readObject(node, pointer);
    if (ts.isTupleTypeNode(node)) {
      const items: unknown[] = [];
      for (const [i, element] of node.elements.entries()) {
        const type = ts.isNamedTupleMember(element) ? element.type : element;
        const r = convert(ts.isRestTypeNode(type) ? type.type : type, `${pointer}/${i}`);
        if (r === undefined) return { value: null, placeholder: 'any' };
        items.push(r.value);
      }
      return { value: items };
    }
    const element = arrayElement(node);
    if (element) {
      // An array of object types shows one element; an array of anything else, only that it is an array.
      if (!ts.isTypeLiteralNode(element)) return { value: [], placeholder: 'typed' };
      const r = convert(element, `${pointer}/0`);
      return r ? { value: [r.value] } : { value: [], placeholder: 'typed' };
    }
    const literal = literalTypeValue(node);
    if (literal !== NOT_LITERAL) return { value: literal };
    const keyword = keywordValue(node);
    if (keyword === OMIT) return undefined;
    if (keyword !== NOT_LITERAL) return { value: keyword, placeholder: 'typed' };
    if (ts.isUnionTypeNode(node)) {
      const members = node.types.filter((t) => keywordValue(t) !== OMIT);
      return members.length === 1 ? read(members[0], pointer) : readUnion(members);
    }
    if (ts.isTemplateLiteralTypeNode(node)) return { value: '', placeholder: 'typed' };
    return { value: null, placeholder: 'any' };
  };

  const readObject = (node: TS.TypeLiteralNode, pointer: string): Reading => {
    const out: Record<string, unknown> = {};
    // `// ...` among the members: the sketch leaves some out, as `...` does in a JSON block.
    if (elidesMembers(source.text, node)) open.add(pointer);
    for (const member of node.members) {
      if (ts.isIndexSignatureDeclaration(member)) {
        open.add(pointer);
        continue;
      }
      if (!ts.isPropertySignature(member)) throw new NotASketch();
      const name = propertyNameText(member.name);
      if (name === undefined) throw new NotASketch();
      const at = `${pointer}/${escapePointer(name)}`;
      keyOffsets.set(`${pointer}\0${name}`, offsetOf(member.name));
      if (!member.type) {
        valueOffsets.set(at, offsetOf(member.name));
        placeholders.push(at);
        out[name] = null;
        continue;
      }
      const r = convert(member.type, at);
      if (r !== undefined) out[name] = r.value;
    }
    return { value: out };
  };

  let root: Reading | undefined;
  try {
    root = convert(statement.type, '');
  } catch (e) {
    if (e instanceof NotASketch) return undefined;
    throw e;
  }
  return {
    ...(root ? { value: root.value } : {}),
    placeholders,
    typed: [...typed],
    open: [...open],
    valueOffsets: [...valueOffsets],
    keyOffsets: [...keyOffsets],
  };
}

/** A sketch read from its plain data and the block's text (the same offsets as the text it was read from). */
export function sketchOf(kept: KeptSketch, text: string): ProseJson {
  const { value, placeholders } = kept;
  const valueOffsets = new Map(kept.valueOffsets);
  const keyOffsets = new Map(kept.keyOffsets);
  let lines: TextFile | undefined;
  const toBlock = (offset: number) => {
    const p = (lines ??= new TextFile('', text)).position(Math.min(Math.max(offset, 0), text.length));
    return { line: p.line - 1, column: p.column - 1 };
  };
  let document: JsonDocument | undefined;
  return {
    get document() {
      return (document ??= new JsonDocument(JSON.stringify(value)));
    },
    value,
    fragment: false,
    placeholders,
    typed: new Set(kept.typed),
    open: new Set(kept.open),
    errors: [],
    positionOf(pointer, property) {
      if (property !== undefined) {
        const key = keyOffsets.get(`${pointer}\0${property}`);
        if (key !== undefined) return toBlock(key);
      }
      // The value at the pointer, else its nearest ancestor shown (a member the sketch leaves out).
      for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
        const offset = valueOffsets.get(p);
        if (offset !== undefined) return toBlock(offset);
        if (!p) return toBlock(0);
      }
    },
  };
}

class NotASketch extends Error {}

/** A comment that stands for members left out: `// ...`, `/* ... *\/`, `// … and more`. */
const ELISION_COMMENT = /^(?:\/\/|\/\*)\s*(?:\.{3}|…)/;

/** Whether a comment among an object type's own members (not inside a member's type) says members are left out. */
function elidesMembers(text: string, node: TS.TypeLiteralNode): boolean {
  const ts = typescript();
  const at = [...node.members.map((m) => m.pos), node.members.end, ...node.members.map((m) => m.end)];
  for (const pos of at) {
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, pos) ?? []),
    ];
    if (ranges.some((r) => ELISION_COMMENT.test(text.slice(r.pos, r.end)))) return true;
  }
  return false;
}

/**
 * Bounds on what is read as a sketch: TypeScript's parser and the conversion recurse per level of
 * nesting, and no message sketch comes near either bound; a block past them is not a sketch.
 */
export const MAX_SKETCH_LENGTH = 256 * 1024;
const MAX_SKETCH_DEPTH = 64;
/** Objects in one block: a request, its answers and errors are a handful. */
const MAX_SKETCHES_PER_BLOCK = 64;

/** Brackets of any kind nested deeper than the bound (those in strings count too: a bound, not a parse). */
function tooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[' || c === '(' || c === '<') {
      if (++depth > MAX_SKETCH_DEPTH) return true;
    } else if ((c === '}' || c === ']' || c === ')' || c === '>') && depth > 0) depth--;
  }
  return false;
}

const NOT_LITERAL = Symbol('not a literal');
const OMIT = Symbol('left out');

/** The element type of `T[]` or `Array<T>`. */
function arrayElement(node: TS.TypeNode): TS.TypeNode | undefined {
  const ts = typescript();
  if (ts.isArrayTypeNode(node)) return node.elementType;
  if (
    ts.isTypeReferenceNode(node) &&
    ts.isIdentifier(node.typeName) &&
    (node.typeName.text === 'Array' || node.typeName.text === 'ReadonlyArray') &&
    node.typeArguments?.length === 1
  )
    return node.typeArguments[0];
  if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword) return arrayElement(node.type);
  return undefined;
}

/** The value of a literal type: `"a"`, `1`, `-1`, `true`, `null`. */
function literalTypeValue(node: TS.TypeNode): unknown {
  const ts = typescript();
  if (!ts.isLiteralTypeNode(node)) return NOT_LITERAL;
  if (node.literal.kind === ts.SyntaxKind.NullKeyword) return null;
  return literalValue(node.literal as TS.Expression) ?? NOT_LITERAL;
}

/** A representative value of a keyword type whose JSON type is known; OMIT for a member that is not there. */
function keywordValue(node: TS.TypeNode): unknown {
  const ts = typescript();
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return '';
    case ts.SyntaxKind.NumberKeyword:
    case ts.SyntaxKind.BigIntKeyword:
      return 0;
    case ts.SyntaxKind.BooleanKeyword:
      return false;
    case ts.SyntaxKind.ObjectKeyword:
      return {};
    case ts.SyntaxKind.UndefinedKeyword:
    case ts.SyntaxKind.NeverKeyword:
      return OMIT;
    default:
      return NOT_LITERAL;
  }
}

/**
 * A union of several members (besides `undefined`): a typed placeholder when every member is of
 * one JSON type (`"a" | "b"`, `string | "auto"`); else a placeholder.
 */
function readUnion(members: readonly TS.TypeNode[]): Reading {
  const types = new Set<string>();
  let sample: unknown = null;
  for (const t of members) {
    let v = literalTypeValue(t);
    if (v === NOT_LITERAL) v = keywordValue(t);
    if (v === NOT_LITERAL || v === OMIT) return { value: null, placeholder: 'any' };
    types.add(v === null ? 'null' : typeof v);
    sample = v;
  }
  if (types.size !== 1) return { value: null, placeholder: 'any' };
  return { value: sample, placeholder: 'typed' };
}

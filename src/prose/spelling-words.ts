/**
 * What `spelling/unknown-word` reads: the words of the spec's prose (the text of its pages and of
 * schema.ts's JSDoc, without code, URLs or names), and the spec's own identifiers, which are
 * words of its language whatever an English dictionary says.
 */
import type { InlineCode, Node, Parent, Text } from 'mdast';
import type { TextFile } from '../core/text-file.js';
import type { JsDoc, MarkdownPage, SchemaSource } from '../model/spec.js';
import type { Project } from '../project/project.js';
import { declarationsSource, messageIndexOfSource } from './schema-index.js';

/** A word of prose to look up, where it is written. */
export interface ProseWord {
  word: string;
  file: TextFile;
  /** 0-based offset of its first character in `file`. */
  offset: number;
}

/** Shorter words are left alone: abbreviations and fragments, whose misspellings are rarely words. */
const MIN_LENGTH = 4;

/**
 * Nodes whose text is not prose: code, HTML, MDX expressions and imports, front matter, images
 * (their alt text), link definitions.
 */
const NOT_PROSE = new Set([
  'code',
  'inlineCode',
  'html',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
  'yaml',
  'toml',
  'image',
  'imageReference',
  'definition',
  'math',
  'inlineMath',
]);

/** The words of a page's prose, in page order; none when the page did not parse. */
export function pageWords(page: MarkdownPage): ProseWord[] {
  const out: ProseWord[] = [];
  if (!page.tree || page.parseError) return out;
  const visit = (node: Node) => {
    if (NOT_PROSE.has(node.type)) return;
    if (node.type === 'text') {
      const start = (node as Text).position?.start;
      if (start) textNodeWords((node as Text).value, start.line, start.column, page.file, out);
      return;
    }
    for (const child of (node as Parent).children ?? []) visit(child);
  };
  visit(page.tree);
  return out;
}

/**
 * The words of a text node, each found on its line of the page: the node's text has escapes
 * undone and continuation lines dedented (and a site's syntax may have moved it), so a word is
 * located by searching its line, and one not found there is left out.
 */
function textNodeWords(value: string, line: number, column: number, file: TextFile, out: ProseWord[]): void {
  value.split('\n').forEach((segment, i) => {
    const source = file.lineText(line + i);
    const lineStart = file.offset(line + i, 1);
    let cursor = i === 0 ? column - 1 : 0;
    for (const { word } of wordsIn(segment)) {
      let at = wholeWordAt(source, word, cursor);
      if (at < 0 && word.includes("'")) at = wholeWordAt(source, word.replace("'", '’'), cursor);
      if (at < 0) continue;
      out.push({ word, file, offset: lineStart + at });
      cursor = at + word.length;
    }
  });
}

/** Where `word` is written whole in `line` from `from` (no letter just before or after), else -1. */
function wholeWordAt(line: string, word: string, from: number): number {
  for (let at = line.indexOf(word, from); at >= 0; at = line.indexOf(word, at + 1)) {
    if (!/[A-Za-z]/.test(line[at - 1] ?? '') && !/[A-Za-z]/.test(line[at + word.length] ?? '')) return at;
  }
  return -1;
}

/** An inline code span that is one name (`listChanged`, `CallToolResult`), with where the name starts. */
export interface CodeName {
  name: string;
  file: TextFile;
  offset: number;
}

/** The inline code spans of a page's prose that hold one name and nothing else. */
export function pageCodeNames(page: MarkdownPage): CodeName[] {
  const out: CodeName[] = [];
  if (!page.tree || page.parseError) return out;
  const visit = (node: Node) => {
    if (node.type === 'inlineCode') {
      const { value, position } = node as InlineCode;
      const at = position && page.file.text.indexOf(value, position.start.offset ?? 0);
      if (/^[A-Za-z_$][\w$]*$/.test(value) && at !== undefined && at >= 0)
        out.push({ name: value, file: page.file, offset: at });
      return;
    }
    if (NOT_PROSE.has(node.type)) return;
    for (const child of (node as Parent).children ?? []) visit(child);
  };
  visit(page.tree);
  return out;
}

/** Block tags whose text is prose; the others (`@category`, `@see`, `@example`, `@default`…) name or show things. */
const PROSE_TAGS = new Set(['deprecated', 'remarks', 'returns', 'return', 'param', 'throws', 'note']);

/** The words of a JSDoc comment's prose: its description and prose tags, outside code fences. */
export function jsdocWords(jsdoc: JsDoc, file: TextFile): ProseWord[] {
  const out: ProseWord[] = [];
  let tag: string | undefined;
  let fenced = false;
  for (const line of jsdoc.lines) {
    let text = line.text;
    let skip = 0;
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const block = /^(\s*@([\w-]+)\s*)/.exec(text);
    if (block) {
      tag = block[2].toLowerCase();
      skip = block[1].length;
      // `@param name text`: the name is code.
      if (tag === 'param') skip += /^\S*\s*/.exec(text.slice(skip))![0].length;
    }
    if (tag !== undefined && !PROSE_TAGS.has(tag)) continue;
    text = ' '.repeat(skip) + text.slice(skip);
    wordsOf(text, file, file.offset(line.location.line, line.location.column), out);
  }
  return out;
}

/**
 * Spans of a text that are not prose, blanked out before it is split: code spans, inline tags
 * (`{@link X}`), URLs, HTML tags and entities.
 */
const NOT_PROSE_SPANS = /`[^`\n]*`|\{@[^}\n]*\}|\b[a-z][a-z0-9+.-]*:\/\/[^\s)\]>]*|<[^>\n]*>|&#?\w+;/gi;

/** A run of characters between separators: a word, a name, a path, a number. */
const CHUNK = /[^\s()[\]{}<>"“”‘,;!?*|…]+/g;

/** Characters that make a chunk a name, a path, a number or markup rather than a word. */
const NOT_A_WORD = /[^A-Za-z'’\-–—]/;

/** A word to look up: letters, with at most one apostrophe inside (a contraction). */
const WORD = /^[A-Za-z]+(?:'[A-Za-z]+)?$/;

/** Adds the words of `text` (found at `base` in `file`) to `out`. */
export function wordsOf(text: string, file: TextFile, base: number, out: ProseWord[]): void {
  for (const { word, index } of wordsIn(text)) out.push({ word, file, offset: base + index });
}

/** The words of a text to look up, with their offsets in it. */
function wordsIn(text: string): { word: string; index: number }[] {
  const out: { word: string; index: number }[] = [];
  const prose = text.replace(NOT_PROSE_SPANS, (span) => ' '.repeat(span.length));
  for (const chunk of prose.matchAll(CHUNK)) {
    // Quotes, dots and dashes around a word are punctuation.
    const lead = /^['’.:\-–—]*/.exec(chunk[0])![0].length;
    const body = chunk[0].slice(lead).replace(/['’.:\-–—]+$/, '');
    if (!body || NOT_A_WORD.test(body)) continue;
    let at = chunk.index + lead;
    for (const part of body.split(/([-–—]+)/)) {
      if (!/^[-–—]+$/.test(part)) {
        const word = part.replace(/’/g, "'").replace(/'s$/i, '');
        if (word.length >= MIN_LENGTH && WORD.test(word) && !hasInnerCapital(word)) out.push({ word, index: at });
      }
      at += part.length;
    }
  }
  return out;
}

/** `listChanged`, `OAuth`, `JSON`: written as a name, not as a word of prose. */
function hasInnerCapital(word: string): boolean {
  return /[A-Z]/.test(word.slice(1));
}

/**
 * The spec's own words, lower case: the names of its declarations and their members, the names
 * and string literals in member types (capabilities, methods, enum values, error codes), each
 * whole and split into its words (`listChanged`: `listchanged`, `list`, `changed`).
 */
export function identifierWords(project: Project): Set<string> {
  const words = new Set<string>();
  forEachName(project, (name) => {
    for (const run of name.split(/[^A-Za-z]+/)) {
      if (!run) continue;
      words.add(run.toLowerCase());
      for (const part of run.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? []) words.add(part.toLowerCase());
    }
  });
  return words;
}

/** The spec's names as written: declarations, members, names in member types, methods and their segments. */
export function specNames(project: Project): Set<string> {
  const names = new Set<string>();
  forEachName(project, (name) => {
    names.add(name);
    for (const segment of name.split('/')) names.add(segment);
  });
  return names;
}

/** Calls `add` with every name and string literal of the spec's declarations (see `identifierWords`). */
function forEachName(project: Project, add: (name: string) => void): void {
  const addSource = (source: SchemaSource) => {
    for (const decl of source.declarations) {
      add(decl.name);
      if (decl.typeText) addTypeText(decl.typeText, add);
      for (const member of decl.members) {
        add(member.name);
        addTypeText(member.typeText, add);
      }
    }
    const index = messageIndexOfSource(project, source);
    for (const method of [...index.requests.keys(), ...index.notifications.keys()]) add(method);
  };
  const sources = new Set<SchemaSource>();
  for (const version of project.spec.versions) {
    const source = declarationsSource(project, version);
    if (source) sources.add(source);
  }
  if (project.spec.base?.schema) sources.add(project.spec.base.schema);
  for (const source of sources) addSource(source);
}

/** The names and string literals of a type's text: nested members, enum values, methods. */
function addTypeText(typeText: string, add: (name: string) => void): void {
  // Comments of nested members are prose, not names.
  const code = typeText.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
  for (const m of code.matchAll(/"([^"\n]*)"|'([^'\n]*)'|[A-Za-z_$][\w$]*/g)) add(m[1] ?? m[2] ?? m[0]);
}

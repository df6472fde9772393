/** Claims from schema.ts: error declarations' JSDoc bullets, failure-flag members' JSDoc, retired codes. */
import { descriptionLines } from '../model/jsdoc-description.js';
import type { Declaration, JsDoc, SchemaSource, SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import type { ResolvedVocabulary } from './vocabulary.js';
import { oneLine, readStatement, type ClaimSet, type ReadContext } from './claims.js';
import { codesIn, matchesAny, normalise, sentences } from './text.js';

/** The fixed error code of each error declaration: a `code` member typed `typeof CONST` or a literal. */
export function errorCodes(schema: SchemaSource): Map<string, number> {
  const out = new Map<string, number>();
  const resolve = (typeText: string): number | undefined => {
    const literal = /^\s*(-?\d+)\s*$/.exec(typeText);
    if (literal) return Number(literal[1]);
    const ref = /^\s*typeof\s+([\w$]+)\s*$/.exec(typeText);
    const value = ref ? schema.byName.get(ref[1])?.constValue : undefined;
    return typeof value === 'number' ? value : undefined;
  };
  for (const decl of schema.declarations) {
    let code: number | undefined;
    for (const m of decl.members) {
      if (m.name === 'code') code = resolve(m.typeText);
      // An error response whose `error` member pins the code: `error: Error & { code: typeof X }`.
      const nested = /\bcode\s*:\s*(typeof\s+[\w$]+|-?\d+)\s*[;,}]/.exec(m.typeText);
      if (code === undefined && m.name !== 'code' && nested) code = resolve(nested[1]);
      if (code !== undefined) break;
    }
    if (code !== undefined) out.set(decl.name, code);
  }
  return out;
}

export function extractFromSchema(
  version: SpecVersion,
  vocabulary: ResolvedVocabulary,
  codes: Map<string, number>,
  out: ClaimSet,
): void {
  const schema = version.schemaTs;
  if (!schema) return;
  const errorChannel = vocabulary.channels.find((c) => c.kind === 'error-response');
  const flags = new Map(vocabulary.channels.filter((c) => c.kind === 'result-flag').map((c) => [c.flag!, c]));

  for (const decl of schema.declarations) {
    const code = codes.get(decl.name);
    if (code !== undefined && errorChannel && decl.jsdoc) {
      for (const bullet of bullets(decl.jsdoc)) {
        addClaims(
          version,
          out,
          bullet.text,
          bullet.location,
          'jsdoc-error',
          `${decl.name} JSDoc`,
          vocabulary,
          { fixedChannel: errorChannel, code },
          decl.name,
        );
      }
    }
    // A result type with a failure flag, and the flag member itself, prescribe how failures are reported.
    const flagged = decl.members.filter((m) => flags.has(m.name));
    if (flagged.length && decl.jsdoc) {
      for (const s of jsdocSentences(decl.jsdoc))
        addClaims(version, out, s.text, s.location, 'jsdoc-member', `${decl.name} JSDoc`, vocabulary, {});
    }
    for (const member of flagged) {
      if (!member.jsdoc) continue;
      for (const s of jsdocSentences(member.jsdoc)) {
        addClaims(
          version,
          out,
          s.text,
          s.location,
          'jsdoc-member',
          `${decl.name}.${member.name} JSDoc`,
          vocabulary,
          {},
        );
      }
    }
  }
  out.retired.push(...retiredCodes(version, schema, vocabulary));
}

function addClaims(
  version: SpecVersion,
  out: ClaimSet,
  text: string,
  location: Location,
  source: 'jsdoc-error' | 'jsdoc-member',
  subject: string,
  vocabulary: ResolvedVocabulary,
  context: ReadContext,
  errorType?: string,
): void {
  const reading = readStatement(text, vocabulary, context);
  if (reading.kind === 'skip') {
    out.skipped.push({
      version: version.id,
      conditions: reading.conditions.map((c) => c.id),
      source,
      location,
      text: oneLine(text),
      reason: reading.reason,
    });
  } else if (reading.kind === 'claims') {
    for (const condition of reading.conditions) {
      out.claims.push({
        version: version.id,
        condition,
        channel: reading.channel,
        code: reading.code,
        errorType,
        source,
        subject,
        location,
        text: oneLine(text),
      });
    }
  }
}

export interface Unit {
  text: string;
  location: Location;
}

/** The description lines of a JSDoc comment: its leading text and its `@description`-like tags. */
export function bodyLines(doc: JsDoc) {
  return descriptionLines(doc);
}

/** Bullet items (`- ` or `* `) of a JSDoc comment's body, continuation lines joined. */
function bullets(doc: JsDoc): Unit[] {
  const out: Unit[] = [];
  let current: Unit | undefined;
  for (const line of bodyLines(doc)) {
    const m = /^(\s*)[-*]\s+(.*)$/.exec(line.text);
    if (m) {
      if (current) out.push(current);
      current = { text: m[2], location: { ...line.location, column: line.location.column + m[1].length } };
    } else if (current && /^\s+\S/.test(line.text)) current.text += ` ${line.text.trim()}`;
    else if (current) {
      out.push(current);
      current = undefined;
    }
  }
  if (current) out.push(current);
  return out;
}

/** Sentences of a JSDoc comment's body, each located at the line it starts on. */
export function jsdocSentences(doc: JsDoc): Unit[] {
  const out: Unit[] = [];
  const lines = bodyLines(doc);
  let paragraph: typeof lines = [];
  const flush = () => {
    if (!paragraph.length) return;
    // Join lines, remembering where each starts in the joined text.
    let text = '';
    const starts: number[] = [];
    for (const l of paragraph) {
      if (text) text += ' ';
      starts.push(text.length);
      text += l.text.trim();
    }
    for (const s of sentences(text)) {
      let i = starts.length - 1;
      while (i > 0 && starts[i] > s.offset) i--;
      const loc = paragraph[i].location;
      const lead = paragraph[i].text.length - paragraph[i].text.trimStart().length;
      out.push({ text: s.text, location: { ...loc, column: loc.column + lead + (s.offset - starts[i]) } });
    }
    paragraph = [];
  };
  for (const line of lines) {
    if (!line.text.trim()) flush();
    else paragraph.push(line);
  }
  flush();
  return out;
}

/**
 * Codes a schema.ts declares retired or reserved: in a comment paragraph (JSDoc or plain)
 * holding one of the vocabulary's retired-code phrases, every single code outside parentheses
 * (a parenthesis names what replaced it) and outside ranges.
 */
function retiredCodes(version: SpecVersion, schema: SchemaSource, vocabulary: ResolvedVocabulary) {
  const found = new Map<number, { version: string; code: number; location: Location; text: string }>();
  const comments: { text: string; location: Location }[] = [...schema.plainComments];
  for (const d of schema.declarations as Declaration[]) {
    if (d.jsdoc) comments.push({ text: d.jsdoc.lines.map((l) => l.text).join('\n'), location: d.jsdoc.location });
  }
  const fileText = schema.file.text;
  for (const comment of comments) {
    const start = schema.file.offset(comment.location.line, comment.location.column);
    for (const paragraph of comment.text.split(/\n\s*\n/)) {
      if (!/-\d/.test(paragraph) || !matchesAny(vocabulary.retiredCode, normalise(paragraph))) continue;
      const outside = stripParentheses(paragraph);
      for (const code of codesIn(outside)) {
        if (found.has(code)) continue;
        const at = fileText.indexOf(String(code), start);
        found.set(code, {
          version: version.id,
          code,
          location: schema.file.location(at >= 0 ? at : start),
          text: oneLine(paragraph, 240),
        });
      }
    }
  }
  return [...found.values()];
}

function stripParentheses(text: string): string {
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

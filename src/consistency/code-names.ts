/**
 * Error codes and the names the spec gives them. A version's schema.ts names its errors twice
 * over: constants (`export const INVALID_PARAMS = -32602`) and error declarations whose code is
 * fixed (`InvalidParamsError`, code `typeof INVALID_PARAMS`). Prose and JSDoc put a name beside a
 * code: "`-32602` (Invalid params)", "`URLElicitationRequiredError` (code `-32042`)", a table row
 * "| `-32020` | `HeaderMismatch` |", a list item "- Method not found: `-32601`", a JSON comment
 * `"code": -32042, // URL_ELICITATION_REQUIRED`. A name is read only when the whole of it is the
 * name of one of the version's errors; condition phrases ("(Capability not supported)") are not
 * names and are left alone.
 */
import type { Location } from '../core/location.js';
import type { Report } from '../core/rule.js';
import type { MarkdownPage, SchemaSource, SpecVersion } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import { derivation, type Project } from '../project/project.js';
import { errorCodes } from './extract-schema.js';
import { projectVocabulary } from './vocabulary.js';
import { matchesAny, normalise } from './text.js';
import { inVersion } from '../model/versions.js';

/** An error the schema names, with its code. */
export interface NamedError {
  name: string;
  code: number;
  kind: 'constant' | 'declaration';
  /** Where the code is written (a constant's value) or the declaration's name. */
  location: Location;
}

/** A code written beside a name, as read from a line of prose or JSDoc (the name not yet resolved). */
export interface CodeName {
  code: number;
  /** The name as written, links and backticks removed. */
  name: string;
  /** Candidate names, longest first, when the name is the tail of a longer run of words ("return a `XError`"). */
  candidates: string[];
  location: Location;
  /** The line, trimmed, for messages and the historical check. */
  line: string;
}

/** The key a name is matched by: letters and digits only, lower case. */
function keyOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The errors a schema.ts names: numeric constants in upper snake case and error declarations with a fixed code. */
export function namedErrors(schema: SchemaSource): NamedError[] {
  const out: NamedError[] = [];
  const text = schema.file.text;
  for (const decl of schema.declarations) {
    if (decl.kind !== 'const' || typeof decl.constValue !== 'number') continue;
    if (!/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{3,}$/.test(decl.name) || !Number.isInteger(decl.constValue)) continue;
    if (decl.constValue >= 0) continue;
    const start = schema.file.offset(decl.location.line, decl.location.column);
    const at = text.indexOf(String(decl.constValue), start);
    out.push({
      name: decl.name,
      code: decl.constValue,
      kind: 'constant',
      location: schema.file.location(at >= 0 ? at : start),
    });
  }
  for (const [name, code] of errorCodes(schema)) {
    const decl = schema.byName.get(name);
    if (decl) out.push({ name, code, kind: 'declaration', location: decl.location });
  }
  return out;
}

/** The keys a named error answers to: its name, and a declaration's name without its `Error` suffix. */
function keysOf(error: NamedError): string[] {
  const keys = [keyOf(error.name)];
  // `InvalidParamsError` is also "InvalidParams"; `InternalError` is not "Internal".
  const stem = /^(.*[a-z0-9][A-Z].*?)Error$/.exec(error.name)?.[1];
  if (error.kind === 'declaration' && stem) keys.push(keyOf(stem));
  return keys;
}

const CODE = '(?<![\\w-])`?(-\\d{3,6})(?!\\d)`?';
const WORD = "[A-Za-z][\\w'/]*";
const NAME = `\`?(${WORD}(?:[ _-]${WORD}){0,6})\`?`;

/** Links and inline tags down to their text: `[\`X\`](url)` is `X`, `{@link X}` is X, `{@link X | y}` is y. */
function plain(line: string): string {
  return line
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|?\s*([^}]*))?\}/g, (_, target: string, label?: string) =>
      label?.trim() ? label.trim() : target,
    )
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
}

/**
 * The code/name pairs of one line. Offsets are into the plain line; the location is that of the
 * code as written, found again in the raw line.
 */
function pairsOfLine(raw: string, lineLocation: (column: number) => Location): CodeName[] {
  if (!/-\d{3}/.test(raw)) return [];
  const text = plain(raw);
  const out: CodeName[] = [];
  const push = (code: string, name: string, candidates: string[]) => {
    const column = raw.indexOf(code);
    out.push({
      code: Number(code),
      name: name.replace(/`/g, '').trim(),
      candidates,
      location: lineLocation(column >= 0 ? column : 0),
      line: raw.trim(),
    });
  };
  // "`-32602` (Invalid params)"
  for (const m of text.matchAll(new RegExp(`${CODE}\\s*\\(\\s*${NAME}\\s*\\)`, 'g'))) push(m[1], m[2], [m[2]]);
  // "`URLElicitationRequiredError` (code `-32042`)": the name is the longest tail of the words before.
  for (const m of text.matchAll(new RegExp(`${NAME}\\s*\\(\\s*(?:code\\s+)?${CODE}\\s*\\)`, 'g'))) {
    const words = m[1].split(/[ ]+/);
    push(
      m[2],
      m[1],
      words.map((_, i) => words.slice(i).join(' ')),
    );
  }
  // "| `-32020` | [`HeaderMismatch`](...) | ..."
  const row = new RegExp(`^\\s*\\|\\s*${CODE}\\s*\\|\\s*${NAME}\\s*\\|`).exec(text);
  if (row) push(row[1], row[2], [row[2]]);
  // "- Method not found: `-32601`"
  const item = new RegExp(`^\\s*[-*]\\s+${NAME}\\s*:\\s*${CODE}`).exec(text);
  if (item) push(item[2], item[1], [item[1]]);
  // `"code": -32042, // URL_ELICITATION_REQUIRED`
  const comment = new RegExp(`"code"\\s*:\\s*(-\\d{3,6})\\s*,?\\s*//\\s*${NAME}\\s*$`).exec(text);
  if (comment) push(comment[1], comment[2], [comment[2]]);
  return out;
}

function pairsOfText(file: TextFile, lines: (text: string) => boolean): CodeName[] {
  const out: CodeName[] = [];
  const text = file.text;
  // Only the lines holding a code are read: a few in a page of thousands.
  let lineEnd = -1;
  for (const m of text.matchAll(/-\d{3}/g)) {
    if (m.index <= lineEnd) continue;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    lineEnd = text.indexOf('\n', m.index);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (lines(line)) out.push(...pairsOfLine(line, (column) => file.location(lineStart + column)));
  }
  return out;
}

/** The pairs of a page, read once per page. */
const pagePairs = derivation('error code names of a page', (page: MarkdownPage) => pairsOfText(page.file, () => true), {
  carriesOver: true,
});

/** The pairs of a schema.ts's comments (code lines declare, they do not name). */
const schemaPairs = derivation(
  'error code names of schema.ts',
  (schema: SchemaSource) => pairsOfText(schema.file, (line) => /^\s*(?:\*|\/\/|\/\*)/.test(line)),
  { carriesOver: true },
);

const errorsOfSchema = derivation('named errors of schema.ts', (schema: SchemaSource) => namedErrors(schema), {
  carriesOver: true,
});

/** A code written beside the name of one of the version's errors. */
export interface ResolvedCodeName {
  pair: CodeName;
  /** The part of the written name that names the error. */
  written: string;
  error: NamedError;
  /** The line speaks of other versions or retired codes ("changed from", "legacy", "retired"). */
  historical: boolean;
}

/** Every code of a version's prose and schema.ts comments written beside the name of one of its errors. */
export function resolvedCodeNames(project: Project, version: SpecVersion): ResolvedCodeName[] {
  const schema = version.schemaTs;
  if (!schema) return [];
  const vocabulary = projectVocabulary(project);
  const byKey = new Map<string, NamedError[]>();
  for (const e of project.derive(errorsOfSchema, schema))
    for (const key of keysOf(e)) {
      const list = byKey.get(key) ?? [];
      if (!list.includes(e)) list.push(e);
      byKey.set(key, list);
    }
  const sources: CodeName[] = [...project.derive(schemaPairs, schema)];
  for (const page of version.pages)
    if (page.path !== version.referencePage?.path) sources.push(...project.derive(pagePairs, page));
  const out: ResolvedCodeName[] = [];
  for (const pair of sources) {
    for (const written of pair.candidates) {
      const found = byKey.get(keyOf(written));
      // A name that two errors with different codes answer to says nothing.
      if (!found?.length || found.some((e) => e.code !== found[0]!.code)) continue;
      const norm = normalise(pair.line);
      const historical = !!(matchesAny(vocabulary.historical, norm) ?? matchesAny(vocabulary.retiredCode, norm));
      out.push({ pair, written, error: found[0]!, historical });
      break;
    }
  }
  return out;
}

/**
 * Two constants of one version with the same code (one code for two conditions), and a code that
 * the prose or JSDoc gives beside the name of an error whose schema.ts code is another.
 */
export function namedCodeConflicts(project: Project): Report[] {
  const reports: Report[] = [];
  for (const version of project.spec.versions) {
    const schema = version.schemaTs;
    if (!schema) continue;
    reports.push(...sharedCodes(version, project.derive(errorsOfSchema, schema)));
    const seen = new Set<string>();
    for (const { pair, written, error: e, historical } of resolvedCodeNames(project, version)) {
      if (e.code === pair.code || historical) continue;
      const key = `${pair.location.file}:${pair.location.line}:${pair.location.column}`;
      if (seen.has(key)) continue;
      seen.add(key);
      reports.push({
        message: inVersion(
          version.id,
          `code ${pair.code} is given here for ${written}, but ${schema.file.path} declares ${e.name} with code ${e.code}`,
        ),
        location: pair.location,
        cause: JSON.stringify(['named-code', keyOf(e.name), [pair.code, e.code].sort()]),
        related: [{ ...e.location, message: `${e.name}: ${e.code}` }],
      });
    }
  }
  return reports;
}

function sharedCodes(version: SpecVersion, errors: NamedError[]): Report[] {
  const reports: Report[] = [];
  const constants = errors.filter((e) => e.kind === 'constant');
  constants.forEach((e, i) => {
    const first = constants.slice(0, i).find((o) => o.code === e.code && o.name !== e.name);
    if (!first) return;
    reports.push({
      message: inVersion(
        version.id,
        `${e.name} has code ${e.code}, the code of ${first.name} too: one code for two different errors`,
      ),
      location: e.location,
      cause: JSON.stringify(['shared-code', [first.name, e.name].sort()]),
      related: [{ ...first.location, message: `${first.name} = ${first.code}` }],
    });
  });
  return reports;
}

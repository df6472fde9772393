/**
 * The JSON blocks of a page, read, matched and validated: what `prose/json-valid` reports, as a
 * service the consistency checks and sep-diff can reuse (what does this block show, and does it
 * fit the schema?).
 */
import type { CodeBlock, MarkdownPage, SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import type { TextFile } from '../core/text-file.js';
import { editDistance } from '../util/edit-distance.js';
import { validatorFor } from '../model/schema-validator.js';
import type { SchemaViolation } from '../model/violation-text.js';
import { baseValidatorFor } from '../model/base-validator.js';
import { isAboutElided, jsonBlockLanguage, JSON_BLOCK_LANGUAGES, type ProseJson } from './json-blocks.js';
import { valueAtPointer } from '../core/json-document.js';
import { jsonBlockValues } from './json-block-values.js';
import {
  blockContext,
  classifyValue,
  resultFits,
  resultsByShape,
  SectionState,
  type Classification,
} from './classify.js';
import { messageIndex } from './schema-index.js';
import { mayBeImportedMethod } from './base-messages.js';
import { checkDefinitionName, checkTarget, checkValidator, withEnvelope } from './envelope.js';
import { derivation, type Project } from '../project/project.js';
import { maySketch, maySketchIn } from './ts-sketch.js';
import { declaredBefore, type PageInterface } from './page-interfaces.js';
import { interfacesOf, sketchValues } from './ts-block-values.js';
import { projectVocabulary } from '../consistency/vocabulary.js';
import { isObject } from '../util/is-object.js';

/**
 * A fence whose info string may start with a language of `JSON_BLOCK_LANGUAGES` as a whole word
 * in any case, or any info string with an escape or an entity (`js&#111;n`).
 */
const JSON_FENCE = new RegExp(
  `(?:\`{3,}|~{3,})[ \\t]*(?:(?:${[...JSON_BLOCK_LANGUAGES.keys()].join('|')})(?![^\\s\`])|[^\\s\`]*[&\\\\])`,
  'i',
);

/**
 * Whether a page's text may hold a JSON block: read from the text, so that a page without one
 * is not parsed for it (SEPs are loaded as pages parsed on first read; see `LoadOptions.sepsToParse`).
 */
export function mayHaveJsonBlock(text: string): boolean {
  return JSON_FENCE.test(text);
}

export interface ShownValue {
  json: ProseJson;
  classification: Classification;
  /** Where the value does not fit what it was matched to; positions in the block. */
  problems: Problem[];
}

export interface ShownBlock {
  block: CodeBlock;
  /** The block is a message sketch in TypeScript, not JSON. */
  sketch?: boolean;
  /** Syntax errors: the first of each value (the ones after it usually follow from it). */
  syntaxErrors: { message: string; location: Location }[];
  /** The values, when the block parses. */
  values: ShownValue[];
}

/**
 * Reads, matches and validates the JSON blocks of a page against a version. In a SEP, required
 * members are not asked for: the schema has gained members since the SEP was written.
 */
export function readJsonBlocks(
  project: Project,
  version: SpecVersion,
  page: MarkdownPage,
  options: { isSep?: boolean } = {},
): ShownBlock[] {
  return readBlocks(project, version, page, options).json;
}

/**
 * The JSON blocks and message sketches (```ts object types, see ts-sketch.ts) of a page, in page
 * order, read, matched and validated against a version. Sketches are read with the JSON blocks
 * because a block may answer the request the one before it showed, whichever form each takes.
 */
export function readShownBlocks(
  project: Project,
  version: SpecVersion,
  page: MarkdownPage,
  options: { isSep?: boolean } = {},
): ShownBlock[] {
  return readBlocks(project, version, page, options).all;
}

const NONE = { all: [], json: [] };

/**
 * Both lists, kept together: the same page read with the same inputs gives the same arrays, which
 * indexes built from them (embedded schemas) compare by identity.
 */
function readBlocks(
  project: Project,
  version: SpecVersion,
  page: MarkdownPage,
  options: { isSep?: boolean },
): { all: ShownBlock[]; json: ShownBlock[] } {
  if (!project.derive(mayShowValues, page.file)) return NONE;
  // A function of the page, the version's schema.ts, its validator (schema.json) and the
  // vocabulary: watch mode keeps all four when their files do not change, so an unchanged page
  // is not read again.
  const inputs = [
    version.schemaTs,
    validatorFor(project, version),
    baseValidatorFor(project),
    projectVocabulary(project),
    !!options.isSep,
  ] as const;
  const box = project.derive(shownBlocks, page);
  const kept = box.list.find((k) => k.inputs.every((x, i) => x === inputs[i]));
  if (kept) return kept.shown;
  const all = readJsonBlocksOnce(project, version, page, options);
  const shown = { all, json: all.filter((b) => !b.sketch) };
  // Few entries per page: the versions it is read against (a SEP is read against one).
  box.list = [...box.list.slice(-3), { inputs, shown }];
  return shown;
}

/** Whether a page's text may hold a JSON block or a sketch, once per text (every rule reading blocks asks). */
const mayShowValues = derivation(
  'may show JSON values',
  (file: TextFile) => mayHaveJsonBlock(file.text) || maySketchIn(file.text),
  { carriesOver: true },
);

/** The blocks last read from a page, with the inputs they were read with; carried over to the next project of a watch session. */
const shownBlocks = derivation(
  'JSON blocks shown',
  (
    _page: MarkdownPage,
  ): { list: { inputs: readonly unknown[]; shown: { all: ShownBlock[]; json: ShownBlock[] } }[] } => ({
    list: [],
  }),
  { carriesOver: true },
);

/**
 * The syntax errors of a page's JSON blocks, for a page read against no version (a SEP no
 * release took in): that a block parses does not depend on the schema.
 */
export function jsonSyntaxErrors(project: Project, page: MarkdownPage): ShownBlock[] {
  if (!mayHaveJsonBlock(page.file.text)) return [];
  const out: ShownBlock[] = [];
  for (const block of page.codeBlocks) {
    const syntaxErrors = blockSyntaxErrors(project, block);
    if (syntaxErrors?.length) out.push({ block, syntaxErrors, values: [] });
  }
  return out;
}

/** A JSON block's syntax errors (empty when it parses); undefined when the block is not JSON or its errors are not told. */
function blockSyntaxErrors(project: Project, block: CodeBlock): ShownBlock['syntaxErrors'] | undefined {
  const language = jsonBlockLanguage(block.lang);
  if (!language) return undefined;
  const broken = jsonBlockValues(project, block).filter((v) => v.errors.length);
  if (broken.length && !language.reportSyntaxErrors) return undefined;
  return broken.map((v) => ({
    message: v.errors[0].message,
    location: block.locate(v.errors[0].line, v.errors[0].column),
  }));
}

/**
 * Bare names in a JSON block (`"level": Error`) that nothing declares: a name stands for a value
 * of its type only where the version's schema, the base protocol or the page declares it, and
 * is otherwise a syntax error (a string without its quotes, `Infinity`).
 */
function undeclaredNames(
  jsons: ProseJson[],
  block: CodeBlock,
  declared: (name: string) => boolean,
): ShownBlock['syntaxErrors'] {
  return jsons.flatMap((json) =>
    (json.names ?? [])
      .filter((n) => !declared(n.name))
      .map((n) => ({
        message: `\`${n.name}\` is not a JSON value (a name stands for a value only where the schema or the page declares it)`,
        location: block.locate(n.line, n.column),
      })),
  );
}

/**
 * Whether a page's text gives a type of that name: declares it (`interface Name`, `type Name =`,
 * in its TypeScript blocks) or names it as code (`` `Name` ``, `` `Name[]` ``), as a SEP names a
 * shape another schema defines.
 */
function namesType(text: string, name: string): boolean {
  return new RegExp(`\\b(?:interface|type|enum|class)\\s+${name}\\b|\`${name}(?:\\[\\])*\``).test(text);
}

function readJsonBlocksOnce(
  project: Project,
  version: SpecVersion,
  page: MarkdownPage,
  options: { isSep?: boolean },
): ShownBlock[] {
  if (!page.codeBlocks.some((b) => jsonBlockLanguage(b.lang) || maySketch(b.lang, b.value))) return [];
  const omitted = omittedByPage(page);
  const section = new SectionState();
  const out: ShownBlock[] = [];
  // The object types the section's TypeScript blocks have declared so far, in page order.
  let declared: PageInterface[] = [];
  let sectionKey: string | undefined;
  const known = (name: string) => !!validatorFor(project, version)?.has(name) || !!baseValidatorFor(project)?.has(name);
  // A value shown after the section declared its type (an example of `interface Tool`) is of that type.
  const asDeclaredBefore = (c: Classification, value: unknown): Classification => {
    const name = declaredBefore(value, declared, known);
    if (!name) return c;
    const ofBase = !validatorFor(project, version)?.has(name);
    return {
      kind: 'object',
      declaration: name,
      how: 'as the interface the section shows before it',
      checks: [{ definition: name, pointer: '', ...(ofBase ? { schema: 'base' as const } : {}) }],
    };
  };
  let asked: Asked = new Map();
  for (const block of page.codeBlocks) {
    const key = block.headingPath.join('\u0000');
    if (key !== sectionKey) [sectionKey, declared, asked] = [key, [], new Map()];
    if (!jsonBlockLanguage(block.lang) && !maySketch(block.lang, block.value)) {
      declared.push(...interfacesOf(project, block));
      continue;
    }
    section.enter(block);
    let jsons: ProseJson[];
    let syntaxErrors: ShownBlock['syntaxErrors'] = [];
    const sketch = !jsonBlockLanguage(block.lang);
    if (sketch) {
      const read = sketchValues(project, block);
      if (!read) continue;
      jsons = read;
    } else {
      const told = blockSyntaxErrors(project, block);
      if (!told) continue;
      syntaxErrors = told;
      jsons = jsonBlockValues(project, block);
      const declaredName = (name: string) => known(name) || namesType(page.file.text, name);
      // A block that does not parse says so once; a bare name is told only in one that does.
      if (!syntaxErrors.length) syntaxErrors.push(...undeclaredNames(jsons, block, declaredName));
      if (syntaxErrors.length) {
        // Of several values (messages one after another, a stream of events), those that parse are shown.
        jsons =
          jsons.length > 1
            ? jsons.filter((json) => !json.errors.length && (json.names ?? []).every((n) => declaredName(n.name)))
            : [];
        if (!jsons.length) {
          out.push({ block, syntaxErrors, values: [] });
          continue;
        }
      }
    }
    const values: ShownValue[] = [];
    const context = blockContext(page, block);
    for (const json of jsons) {
      let c = classifyValue(project, version, json.value, context, section);
      if (c.kind === 'unclassified' && c.method === undefined && !c.checks.length) c = asDeclaredBefore(c, json.value);
      // A sketch's `method: string` stands for every method: it shows the envelope only.
      if (sketch && c.unknownMethod !== undefined && json.typed?.has('/method')) c = { ...c, unknownMethod: undefined };
      // A method the types file does not declare may be one of a module it imports and spec-check does not read.
      if (c.unknownMethod !== undefined && mayBeImportedMethod(project, version, c.unknownMethod))
        c = { ...c, unknownMethod: undefined };
      // The envelope's members the type does not declare are the envelope's to judge.
      c = withEnvelope(project, version, json.value, c);
      // Only what the block shows is checked: an object the text names is usually shown in part.
      const policy: Policy = { omitted, requireAll: !options.isSep && c.kind !== 'object' };
      let problems = violations(project, version, json, c, policy);
      // A result showing none of its type's members may be another kind of answer, even where
      // nothing is reported (a SEP's blocks are not asked for required members).
      if (c.kind === 'result' && (problems.length || !fitsDeclaration(project, version, json, c))) {
        const alternative = alternativeResult(project, version, json, c, policy);
        if (alternative) ({ classification: c, problems } = alternative);
      }
      values.push({ json, classification: c, problems });
      noteAsked(project, version, asked, values, policy);
    }
    section.shown(values.map((v) => v.classification));
    out.push(sketch ? { block, sketch, syntaxErrors: [], values } : { block, syntaxErrors, values });
  }
  return out;
}

/** The requests a section has shown, by id: an error answering one may say it is wrong on purpose. */
type Asked = Map<string, { values: ShownValue[]; at: number; policy: Policy }>;

/**
 * Remembers the request just shown (the last of `values`) by its id; an error answering a
 * request shown before re-reads that request as what the error says is wrong on purpose.
 */
function noteAsked(project: Project, version: SpecVersion, asked: Asked, values: ShownValue[], policy: Policy): void {
  const { json, classification: c } = values[values.length - 1];
  const id = isObject(json.value) ? idKey(json.value.id) : undefined;
  if (id === undefined) return;
  if (c.kind === 'request' || c.unknownMethod !== undefined) asked.set(id, { values, at: values.length - 1, policy });
  const refused = c.kind === 'error' ? asked.get(id) : undefined;
  if (!refused) return;
  const shown = refused.values[refused.at];
  const wrong = wrongOnPurpose(shown.classification, (json.value as { error?: unknown }).error);
  if (wrong)
    refused.values[refused.at] = {
      ...shown,
      classification: wrong,
      problems: violations(project, version, shown.json, wrong, refused.policy),
    };
}

/** A JSON-RPC id as a key (`1` and `"1"` differ), or undefined when the value is no id. */
function idKey(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
}

/**
 * What of a request an error answering it shows to be wrong on purpose, by JSON-RPC 2.0's codes:
 * an "Invalid Request" (-32600) the whole request, "Method not found" (-32601) its method,
 * "Invalid params" (-32602) its params. The request is then held to the envelope alone (and
 * its method, unless that is what is wrong): an example of a refused request is no defect of
 * the example. Undefined for any other error.
 */
function wrongOnPurpose(c: Classification, error: unknown): Classification | undefined {
  const code = isObject(error) ? error.code : undefined;
  if (code !== -32600 && code !== -32601 && code !== -32602) return undefined;
  // -32602 also answers valid params naming something that does not exist ("Unknown tool: x"):
  // only a message that says the params are malformed makes them wrong on purpose.
  const message = isObject(error) && typeof error.message === 'string' ? error.message : undefined;
  if (code === -32602 && message !== undefined && !MALFORMED.test(message)) return undefined;
  const how = `${c.how ?? 'by method'}, answered by a ${code} error`;
  if (code === -32600) return { ...c, how, checks: [], unknownMethod: undefined };
  const envelopeOnly = c.checks.filter((check) => check.definition !== c.declaration);
  return code === -32601
    ? { ...c, how, checks: envelopeOnly, unknownMethod: undefined }
    : { ...c, how, checks: envelopeOnly };
}

/** An error message saying that params are malformed, as opposed to naming what they ask for. */
const MALFORMED =
  /\b(invalid|malformed|missing|required|must|expected|validation|wrong|bad|not valid|out of range|type)\b/i;

export interface Policy {
  /** Members the page says its examples leave out. */
  omitted: Set<string>;
  /** Whether a missing required member is reported. */
  requireAll: boolean;
}

export interface Problem {
  definition: string;
  where: string;
  message: string;
  line: number;
  column: number;
}

/**
 * A result that does not fit the type its request expects may be another kind of answer (a
 * task, a request for more input): accepted when a result type that alone declares one of its
 * fields fits it entirely, or, when the value shows none of the expected type's members, when
 * exactly one such type has one of them (then its violations are the block's).
 */
function alternativeResult(
  project: Project,
  version: SpecVersion,
  json: ProseJson,
  c: Classification,
  policy: Policy,
): { classification: Classification; problems: Problem[] } | undefined {
  const index = messageIndex(project, version);
  const result = (json.value as Record<string, unknown>).result;
  if (!index) return undefined;
  const others = resultsByShape(index, result)
    .filter((name) => name !== c.declaration)
    .map((name): Classification => ({
      ...c,
      declaration: name,
      how: 'by shape',
      checks: [...c.checks.filter((k) => k.pointer === ''), { definition: name, pointer: '/result' }],
    }));
  const clean = others.find((other) => violations(project, version, json, other, policy).length === 0);
  if (clean) return { classification: clean, problems: [] };
  if (others.length !== 1 || fitsDeclaration(project, version, json, c)) return undefined;
  return { classification: others[0], problems: violations(project, version, json, others[0], policy) };
}

function fitsDeclaration(project: Project, version: SpecVersion, json: ProseJson, c: Classification): boolean {
  const index = messageIndex(project, version);
  const result = (json.value as Record<string, unknown>).result;
  return !index || !c.declaration || resultFits(index, index.declaration(c.declaration), result);
}

function violations(
  project: Project,
  version: SpecVersion,
  json: ProseJson,
  c: Classification,
  policy: Policy,
): Problem[] {
  const own = validatorFor(project, version);
  if (!own) return [];
  const out: Problem[] = [];
  const seen = new Set<string>();
  const places = new Set<string>();
  // What a check of the message's own type judges (its `result` at /result), an envelope not its
  // own (the base's, JSON-RPC 2.0's) leaves to it: one problem, named by the type.
  const typed = c.checks.filter((check) => check.pointer !== '').map((check) => check.pointer);
  const judgedByType = (pointer: string) => typed.some((p) => pointer === p || pointer.startsWith(`${p}/`));
  for (const check of c.checks) {
    const foreignEnvelope = check.pointer === '' && check.schema !== undefined && check.definition !== c.declaration;
    // A message of the base protocol is checked against the base's schema (config `extends`), an
    // envelope the spec does not declare against JSON-RPC 2.0's.
    const validator = checkValidator(project, version, check);
    if (!validator?.has(check.definition)) continue;
    const target = checkTarget(check, valueAtPointer(json.value, check.pointer));
    if (target === undefined) continue;
    for (const raw of narrowestValueProblems(validator.validate(check.definition, target))) {
      const v: SchemaViolation = { ...raw, pointer: check.pointer + raw.pointer };
      if (isAboutElided(json, v)) continue;
      if (foreignEnvelope && judgedByType(v.pointer)) continue;
      // Prose shows illustrative values ("base64-encoded-data"): formats are not held against it.
      if (v.keyword === 'format') continue;
      const missing = v.property !== undefined && v.propertyPresent === false;
      if (missing && (!policy.requireAll || policy.omitted.has(v.property!))) continue;
      const key = `${v.pointer}\0${v.message}`;
      const place = `${v.pointer}\0${v.property ?? ''}`;
      // JSON-RPC 2.0's envelope after the base's: only what the base's said nothing of.
      if (seen.has(key) || (check.schema === 'jsonrpc' && places.has(place))) continue;
      seen.add(key);
      places.add(place);
      // A missing member next to a near-namesake is most likely that member misspelt or renamed: point at it.
      const namesake = missing ? nearNamesake(valueAtPointer(json.value, v.pointer), v.property!) : undefined;
      const at = json.positionOf(v.pointer, namesake ?? (v.property && v.propertyPresent ? v.property : undefined));
      const message = namesake
        ? `${v.message} (is "${namesake}" a misspelling?)`
        : json.typed?.has(v.pointer)
          ? typedMessage(v.message, valueAtPointer(json.value, v.pointer))
          : v.message;
      const definition = checkDefinitionName(project, check);
      out.push({ definition, where: v.pointer ? ` at ${v.pointer}` : '', message, ...at });
    }
  }
  return mergeMissing(out);
}

/**
 * One wrong value, one problem: where the parts of an intersection each constrain a member
 * (`Result & { resultType: "complete" }`, an enum and a constant), the narrowest constraint
 * the value breaks is told, not each.
 */
function narrowestValueProblems(violations: SchemaViolation[]): SchemaViolation[] {
  const isValue = (v: SchemaViolation) => v.keyword === 'const' || v.keyword === 'enum';
  const rank = (v: SchemaViolation) => (v.keyword === 'const' ? 0 : 1) * 1e6 + v.message.length;
  const narrowest = new Map<string, SchemaViolation>();
  for (const v of violations.filter(isValue)) {
    const kept = narrowest.get(v.pointer);
    if (!kept || rank(v) < rank(kept)) narrowest.set(v.pointer, v);
  }
  return violations.filter((v) => !isValue(v) || narrowest.get(v.pointer) === v);
}

/** A violation of a typed placeholder (a sketch's `number`) names the type shown, not the value that stands for it. */
function typedMessage(message: string, stand: unknown): string {
  const type = Array.isArray(stand)
    ? 'an array'
    : stand === null
      ? 'null'
      : typeof stand === 'object'
        ? 'an object'
        : `a ${typeof stand}`;
  return message.replace(/, got .*$/s, `, got ${type}`);
}

/** Several required members missing from one object make one problem, not one per member. */
function mergeMissing(problems: Problem[]): Problem[] {
  const out: Problem[] = [];
  const missing = /^missing required property ("[^"]*")$/;
  for (const p of problems) {
    const name = missing.exec(p.message)?.[1];
    const same =
      name &&
      out.find(
        (o) =>
          o.definition === p.definition &&
          o.where === p.where &&
          o.line === p.line &&
          o.column === p.column &&
          /^missing required propert(y|ies) "/.test(o.message) &&
          !o.message.includes('?'),
      );
    if (same)
      same.message =
        same.message.replace(/^missing required propert(?:y|ies) /, 'missing required properties ') + `, ${name}`;
    else out.push({ ...p });
  }
  return out;
}

/** A key of the object that differs from `name` by at most two edits (and a third of its length). */
function nearNamesake(object: unknown, name: string): string | undefined {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const limit = Math.min(2, Math.floor(name.length / 3));
  return Object.keys(object).find(
    (k) => k !== name && nearDistance(k.toLowerCase(), name.toLowerCase()) <= Math.max(1, limit),
  );
}

function nearDistance(a: string, b: string): number {
  // Lengths two apart are never near enough: skip the table.
  if (Math.abs(a.length - b.length) > 2) return 3;
  return editDistance(a, b);
}

/**
 * Members a page says its examples leave out ("the request examples on this page omit the
 * `_meta` request metadata"): the first name in backticks after "omit" in a sentence.
 */
function omittedByPage(page: MarkdownPage): Set<string> {
  const out = new Set<string>();
  for (const m of page.file.text.matchAll(/\bexamples?\b[^.]*?\bomit(?:s|ted)?\b[^.`]*`([^`]+)`/gi)) out.add(m[1]);
  return out;
}

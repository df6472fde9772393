import type { MarkdownPage, Spec, SpecVersion } from '../model/types.js';
import { validatorFor, type SchemaViolation } from '../model/schema-validator.js';
import { isAboutElided, readJsonBlock, type ProseJson } from '../prose/json-blocks.js';
import { blockContext, classifyValue, resultsByShape, SectionState, type Classification } from '../prose/classify.js';
import { messageIndex } from '../prose/schema-index.js';
import type { Report, Rule } from './types.js';

/** Languages of the fenced blocks this rule reads. `jsonc` also allows trailing commas. */
const JSON_LANGS = new Set(['json', 'jsonc']);

/** Every JSON block in the prose parses, and what it shows matches the schema. */
export const proseJsonValid: Rule = {
  id: 'prose/json-valid',
  description:
    'Every ```json block in the spec pages and SEPs parses; JSON-RPC messages (matched by method, by the id of the request shown before, by context or by shape) and objects the text names validate against the schema.',
  rationale:
    'Readers copy the messages in the prose more often than the schema. A block that does not parse, or that shows a field the schema does not have, teaches the wrong wire format.',
  defaultSeverity: 'error',
  examples: {
    file: 'docs/specification/draft/server/widgets.mdx',
    fail: '```json\n{ "jsonrpc": "2.0", "id": 1, "method": "widgets/lsit" }\n```',
    pass: '```json\n{ "jsonrpc": "2.0", "id": 1, "method": "widgets/list" }\n```',
  },
  check(spec, { report, count }) {
    for (const version of spec.versions) for (const page of version.pages) checkPage(version, page, false, report, count);
    const target = sepVersion(spec);
    if (target) for (const page of spec.seps) checkPage(target, page, true, report, count);
  },
};

/**
 * SEPs propose wording for the next release: their blocks are read against the draft (the
 * newest version when there is no draft). Methods a SEP introduces are not in any schema yet,
 * so an unknown method in a SEP is not reported.
 */
export function sepVersion(spec: Spec): SpecVersion | undefined {
  const withSchema = spec.versions.filter((v) => v.schemaTs && v.jsonSchema);
  return withSchema.find((v) => v.id === 'draft') ?? withSchema.at(-1);
}

function checkPage(
  version: SpecVersion,
  page: MarkdownPage,
  isSep: boolean,
  report: (r: Report) => void,
  count: (figure: string, n?: number) => void,
): void {
  const blocks = page.codeBlocks.filter((b) => JSON_LANGS.has((b.lang ?? '').toLowerCase()));
  if (!blocks.length) return;
  const omitted = omittedByPage(page);
  const section = new SectionState();
  for (const block of blocks) {
    section.enter(block);
    const values = readJsonBlock(block.value, { trailingCommas: block.lang?.toLowerCase() === 'jsonc' });
    const broken = values.filter((v) => v.errors.length);
    if (broken.length) {
      // The first error of each value: the ones after it usually follow from it.
      for (const v of broken) {
        const e = v.errors[0];
        report({ message: `Invalid JSON: ${e.message}`, location: block.locate(e.line, e.column) });
      }
      continue;
    }
    let matched = 0;
    for (const json of values) {
      let c = classifyValue(version, json.value, blockContext(page, block), section);
      if (c.unknownMethod && !isSep) {
        const at = json.positionOf('/method');
        report({
          message: `Unknown method "${c.unknownMethod}": no request or notification in ${version.schemaTs!.file.path} has this method`,
          location: block.locate(at.line, at.column),
        });
      }
      // Only what the block shows is checked: a SEP predates members the schema gained later, and an
      // object the text names is usually shown in part.
      const policy: Policy = { omitted, requireAll: !isSep && c.kind !== 'object' };
      let problems = violations(version, json, c, policy);
      if (problems.length && c.kind === 'result') {
        const alternative = alternativeResult(version, json, c, policy);
        if (alternative) ((c = alternative), (problems = []));
      }
      for (const p of problems) report({ message: `${describe(c)} does not match ${p.definition}${p.where}: ${p.message}`, location: block.locate(p.line, p.column) });
      if (c.kind !== 'unclassified') matched++;
    }
    count(matched === values.length ? 'codeBlocksValidated' : 'codeBlocksUnclassified');
  }
}

interface Policy {
  /** Members the page says its examples leave out. */
  omitted: Set<string>;
  /** Whether a missing required member is reported. */
  requireAll: boolean;
}

interface Problem {
  definition: string;
  where: string;
  message: string;
  line: number;
  column: number;
}

/**
 * A result that does not fit the type its request expects may be another kind of answer (a
 * task, a request for more input): accepted when a result type that alone declares one of its
 * fields fits it entirely.
 */
function alternativeResult(version: SpecVersion, json: ProseJson, c: Classification, policy: Policy): Classification | undefined {
  const index = messageIndex(version);
  const result = (json.value as Record<string, unknown>).result;
  if (!index) return undefined;
  for (const name of resultsByShape(index, result)) {
    if (name === c.declaration) continue;
    const other: Classification = { ...c, declaration: name, how: 'by shape', checks: [...c.checks.filter((k) => k.pointer === ''), { definition: name, pointer: '/result' }] };
    if (violations(version, json, other, policy).length === 0) return other;
  }
  return undefined;
}

function violations(version: SpecVersion, json: ProseJson, c: Classification, policy: Policy): Problem[] {
  const validator = validatorFor(version);
  if (!validator) return [];
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const check of c.checks) {
    if (!validator.has(check.definition)) continue;
    const target = valueAt(json.value, check.pointer);
    if (target === undefined) continue;
    for (const raw of validator.validate(check.definition, target)) {
      const v: SchemaViolation = { ...raw, pointer: check.pointer + raw.pointer };
      if (isAboutElided(json, v)) continue;
      // Prose shows illustrative values ("base64-encoded-data"): formats are not held against it.
      if (v.keyword === 'format') continue;
      const missing = v.property !== undefined && v.propertyPresent === false;
      if (missing && (!policy.requireAll || policy.omitted.has(v.property!))) continue;
      const key = `${v.pointer}\0${v.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // A missing member next to a near-namesake is most likely that member misspelt or renamed: point at it.
      const namesake = missing ? nearNamesake(valueAt(json.value, v.pointer), v.property!) : undefined;
      const at = json.positionOf(v.pointer, namesake ?? (v.property && v.propertyPresent ? v.property : undefined));
      const message = namesake ? `${v.message} (is "${namesake}" a misspelling?)` : v.message;
      out.push({ definition: check.definition, where: v.pointer ? ` at ${v.pointer}` : '', message, ...at });
    }
  }
  return out;
}

function describe(c: Classification): string {
  switch (c.kind) {
    case 'request':
      return `Request "${c.method}"`;
    case 'notification':
      return `Notification "${c.method}"`;
    case 'result':
      return c.method ? `Response to "${c.method}" (matched ${c.how})` : `Response (matched ${c.how})`;
    case 'error':
      return 'Error response';
    case 'object':
      return `Object (named ${c.declaration} by the text before it)`;
    default:
      return 'JSON-RPC message';
  }
}

/** A key of the object that differs from `name` by at most two edits (and a third of its length). */
function nearNamesake(object: unknown, name: string): string | undefined {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const limit = Math.min(2, Math.floor(name.length / 3));
  return Object.keys(object).find((k) => k !== name && editDistance(k.toLowerCase(), name.toLowerCase()) <= Math.max(1, limit));
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const seg of pointer.split('/').slice(1)) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined;
  return v;
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

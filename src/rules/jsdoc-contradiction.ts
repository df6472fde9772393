import type { Example, SchemaSource, SpecVersion } from '../model/spec.js';
import type { Location, RelatedLocation } from '../core/location.js';
import type { Report, Rule } from '../core/rule.js';
import type { Project } from '../project/project.js';
import { validatorFor } from '../model/schema-validator.js';
import { memberValues, type MemberValue } from '../model/member-values.js';
import { readJsonBlocks } from '../prose/prose-json.js';
import { valueAtPointer } from '../core/json-document.js';
import { memberFacts, type BoundStatement, type DefaultStatement, type MemberFacts } from './jsdoc-facts.js';

/** A member's JSDoc agrees with its declaration, its own tags and the examples on presence, default and bounds. */
export const jsdocContradiction: Rule = {
  meta: {
    id: 'jsdoc/contradiction',
    description:
      "What a member's JSDoc in schema.ts says of the member (required or optional, its default, numeric bounds) agrees with the declaration (`?`, its type), with its `@default`/`@minimum`/`@maximum` tags and with the values example files and prose JSON blocks give it.",
    rationale:
      'The Schema Reference shows the JSDoc beside the type: when the text says "required" of an optional member, or "between 0 and 1" while an example sends 5, implementers follow whichever they read, and the two sides of the wire disagree.',
    defaultSeverity: 'error',
    details:
      'Only statements whose subject is the member are read: a bare "Required." or "Optional.", an opening "Optional …"/"An optional …", "This field is required", "`name` is optional", "If omitted/not provided, …", "MAY be omitted", "Default: X", "Defaults to X", "Default is X", "If not set, this is assumed to be X", an enumerated value marked "(default)", and bounds "between A and B", "at most N", "at least N", "must not exceed N", "non-negative", "in the range [A, B]" where N is not a count ("at most 100 items" is not read). A sentence that makes its default conditional ("Defaults to 2020-12 when no `$schema` is provided") is not read as the member\'s default. Bounds are read of numeric members only. Examples are checked against bounds stated in the text that no equal `@minimum`/`@maximum` tag repeats (a tag is in schema.json, where `example/valid` checks it). Members of inline object types are not read.',
    examples: {
      file: 'schema/draft/schema.ts',
      fail: "interface Widget {\n  /**\n   * The widget's label. Required.\n   */\n  label?: string;\n}",
      pass: "interface Widget {\n  /**\n   * The widget's label. Required.\n   */\n  label: string;\n}",
    },
  },
  check(project, { report, guard }) {
    for (const version of project.spec.versions) {
      const source = version.schemaTs;
      if (!source) continue;
      guard(source.file.path, () => {
        const facts = memberFacts(project, source);
        for (const f of facts) checkMember(source, f, report);
        checkExamples(project, version, source, facts, report);
      });
    }
  },
};

function memberName(f: MemberFacts): string {
  return `${f.declaration.name}.${f.member.name}`;
}

function quote(text: string, max = 120): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}

function at(location: Location, message: string): RelatedLocation {
  return { ...location, message };
}

function checkMember(source: SchemaSource, f: MemberFacts, report: (r: Report) => void): void {
  const name = memberName(f);
  const declared = at(f.member.location, `${f.member.name}${f.member.optional ? '?' : ''}: ${f.member.typeText}`);
  const mayBeUndefined = /(?:^|\|)\s*undefined\s*(?:\||$)/.test(f.member.typeText);
  for (const p of f.presence) {
    if (p.says === 'required' && f.member.optional)
      report({
        message: `${name} is declared optional (\`${f.member.name}?\`), but its JSDoc says it is required: ${quote(p.text)}`,
        location: p.location,
        related: [declared],
      });
    else if (p.says !== 'required' && !f.member.optional && !mayBeUndefined)
      report({
        message:
          p.says === 'optional'
            ? `${name} is declared required (no \`?\`), but its JSDoc calls it optional: ${quote(p.text)}`
            : `${name} is declared required (no \`?\`), but its JSDoc says what its absence means: ${quote(p.text)}`,
        location: p.location,
        related: [declared],
      });
  }
  const textDefaults = f.defaults.filter((d) => !d.fromTag);
  if (!f.member.optional && !mayBeUndefined)
    for (const d of textDefaults.slice(0, 1))
      report({
        message: `${name} is declared required (no \`?\`), but its JSDoc gives it a default (${d.raw}); a default applies only to a member that may be left out`,
        location: d.location,
        related: [declared],
      });
  checkDefaults(source, f, name, declared, report);
  checkBounds(f, name, report);
}

function checkDefaults(
  source: SchemaSource,
  f: MemberFacts,
  name: string,
  declared: RelatedLocation,
  report: (r: Report) => void,
): void {
  const read = f.defaults.filter((d) => d.value !== undefined);
  // Each statement that another contradicts is reported, as either may be the one to mend.
  for (const d of read) {
    const others = read.filter((o) => !sameValue(o, d));
    if (!others.length) continue;
    report({
      message: `${name}: its JSDoc gives the default ${d.raw} here, and ${[...new Set(others.map((o) => o.raw))].join(' and ')} elsewhere (${others.map((o) => quote(o.text, 60)).join(', ')})`,
      location: d.location,
      related: others.map((o) => at(o.location, `gives the default ${o.raw}`)),
    });
  }
  const allowed = allowedValues(source, f.member.typeText);
  for (const d of f.defaults) {
    const value = d.value !== undefined ? d.value : bareWord(d.raw);
    if (allowed && value !== undefined && !admits(allowed, value, d.value === undefined))
      report({
        message: `${name}: its JSDoc gives the default ${d.raw}, which its type (${f.member.typeText}) does not allow`,
        location: d.location,
        related: [declared],
      });
    if (typeof d.value !== 'number') continue;
    for (const b of f.bounds) {
      if (b.side === 'minimum' ? d.value >= b.value : d.value <= b.value) continue;
      report({
        message: `${name}: its JSDoc gives the default ${d.raw}, outside the ${b.side} it states (${b.value}, ${quote(b.text, 60)})`,
        location: d.location,
        related: [at(b.location, `states the ${b.side} ${b.value}`)],
      });
    }
  }
}

function checkBounds(f: MemberFacts, name: string, report: (r: Report) => void): void {
  if (!isNumeric(f.member.typeText)) return;
  for (const side of ['minimum', 'maximum'] as const) {
    const tags = f.bounds.filter((b) => b.fromTag && b.side === side);
    for (const text of f.bounds.filter((b) => !b.fromTag && b.side === side))
      for (const tag of tags.filter((t) => t.value !== text.value))
        report({
          message: `${name}: its JSDoc states the ${side} ${text.value} (${quote(text.text, 80)}), but its @${side} tag gives ${tag.value}`,
          location: text.location,
          related: [at(tag.location, `@${side} ${tag.value}`)],
        });
  }
  const min = f.bounds.filter((b) => b.side === 'minimum');
  const max = f.bounds.filter((b) => b.side === 'maximum');
  for (const hi of max.filter((b) => b.fromTag))
    for (const lo of min.filter((b) => b.fromTag && b.value > hi.value))
      report({
        message: `${name}: @minimum ${lo.value} is greater than @maximum ${hi.value}; no value satisfies both`,
        location: hi.location,
        related: [at(lo.location, `@minimum ${lo.value}`)],
      });
}

/** Bounds stated in the text alone: a tag stating the same bound is in schema.json, which example/valid checks. */
function textOnlyBounds(f: MemberFacts): BoundStatement[] {
  if (!isNumeric(f.member.typeText)) return [];
  return f.bounds.filter(
    (b) => !b.fromTag && !f.bounds.some((t) => t.fromTag && t.side === b.side && t.value === b.value),
  );
}

function checkExamples(
  project: Project,
  version: SpecVersion,
  source: SchemaSource,
  facts: MemberFacts[],
  report: (r: Report) => void,
): void {
  const bounded = new Map<string, { facts: MemberFacts; bounds: BoundStatement[] }>();
  for (const f of facts) {
    const bounds = textOnlyBounds(f);
    if (bounds.length) bounded.set(`${f.declaration.name}\u0000${f.member.name}`, { facts: f, bounds });
  }
  if (!bounded.size) return;
  const validator = validatorFor(project, version);
  if (!validator) return;
  const byMember = (owner: string, member: string) => declaringEntry(source, bounded, owner, member);
  const seen = new Set<string>();
  const judge = (mv: MemberValue, shownAt: Location, where: string) => {
    if (typeof mv.value !== 'number') return;
    const value = mv.value;
    const entries = mv.owners.map((o) => byMember(o, mv.member));
    // A value is judged only when every type it may belong to bounds it.
    if (!entries.length || entries.some((e) => !e)) return;
    for (const entry of entries) {
      for (const b of entry!.bounds) {
        if (b.side === 'minimum' ? value >= b.value : value <= b.value) continue;
        const key = `${b.location.line}:${b.location.column}:${shownAt.file}:${shownAt.line}:${shownAt.column}`;
        if (seen.has(key)) continue;
        seen.add(key);
        report({
          message: `${memberName(entry!.facts)}: its JSDoc states the ${b.side} ${b.value} (${quote(b.text, 80)}), but ${where} gives ${value} (at ${mv.pointer})`,
          location: b.location,
          related: [at(shownAt, `${where}: ${value}`)],
        });
      }
    }
  };
  for (const example of version.examples) {
    if (!example.document.ok || !validator.has(example.typeName)) continue;
    for (const mv of memberValues(validator.source, example.typeName, example.document.value))
      judge(mv, exampleLocation(example, mv.pointer), example.path);
  }
  for (const page of version.pages)
    for (const shown of readJsonBlocks(project, version, page))
      for (const { json, classification } of shown.values)
        for (const check of classification.checks) {
          if (check.schema || !validator.has(check.definition)) continue;
          const value = valueAtPointer(json.value, check.pointer);
          for (const mv of memberValues(validator.source, check.definition, value)) {
            const pointer = check.pointer + mv.pointer;
            if (json.placeholders.includes(pointer)) continue;
            const p = json.positionOf(pointer);
            judge({ ...mv, pointer }, shown.block.locate(p.line, p.column), `a JSON block of ${page.path}`);
          }
        }
}

function exampleLocation(example: Example, pointer: string): Location {
  return example.file.location(example.document.offsetOf(pointer));
}

/** The bounded member `member` of `owner` or of an interface it extends. */
function declaringEntry<T>(source: SchemaSource, map: Map<string, T>, owner: string, member: string): T | undefined {
  const queue = [owner];
  const visited = new Set<string>();
  while (queue.length) {
    const name = queue.shift()!;
    if (visited.has(name)) continue;
    visited.add(name);
    const found = map.get(`${name}\u0000${member}`);
    if (found) return found;
    const decl = source.byName.get(name);
    // A member the type declares itself, unbounded, hides what it extends.
    if (decl?.members.some((m) => m.name === member)) return undefined;
    for (const parent of decl?.extends ?? []) queue.push(parent.replace(/<.*$/s, '').trim());
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Types of members, as far as a default needs them

interface Allowed {
  literals: unknown[];
  primitives: Set<string>;
}

const PRIMITIVES = new Set(['string', 'number', 'boolean', 'null']);

/** The values a type admits when it is a union of literals and primitives (through aliases); undefined when not. */
function allowedValues(source: SchemaSource, typeText: string, depth = 0): Allowed | undefined {
  if (depth > 4) return undefined;
  const out: Allowed = { literals: [], primitives: new Set() };
  const text = typeText.trim();
  if (/[{}()<>[\]&]/.test(text)) return undefined;
  for (const part of text
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (part === 'undefined') continue;
    if (PRIMITIVES.has(part)) out.primitives.add(part);
    else if (/^"[^"]*"$|^'[^']*'$/.test(part)) out.literals.push(part.slice(1, -1));
    else if (/^-?\d+(?:\.\d+)?$/.test(part)) out.literals.push(Number(part));
    else if (part === 'true' || part === 'false') out.literals.push(part === 'true');
    else {
      const alias = source.byName.get(part);
      const inner =
        alias?.kind === 'type' && alias.typeText ? allowedValues(source, alias.typeText, depth + 1) : undefined;
      if (!inner) return undefined;
      out.literals.push(...inner.literals);
      for (const p of inner.primitives) out.primitives.add(p);
    }
  }
  return out;
}

function admits(allowed: Allowed, value: unknown, bare: boolean): boolean {
  if (allowed.literals.some((l) => l === value)) return true;
  if (value === null) return allowed.primitives.has('null');
  const kind = typeof value;
  if (kind === 'string' || kind === 'number' || kind === 'boolean') return allowed.primitives.has(kind) || bare;
  return true;
}

/** An unquoted word given as a default ("Default: none"): a string when the type lists it, else not judged. */
function bareWord(raw: string): string | undefined {
  return /^[A-Za-z][\w-]*$/.test(raw) ? raw : undefined;
}

function sameValue(a: DefaultStatement, b: DefaultStatement): boolean {
  return JSON.stringify(a.value) === JSON.stringify(b.value);
}

function isNumeric(typeText: string): boolean {
  return /^\s*(?:number|integer)\s*(?:\|\s*undefined\s*)?$/.test(typeText);
}

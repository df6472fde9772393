/**
 * The SEP's TypeScript blocks against schema.ts, by structure rather than text: each declared
 * interface or type is looked up by name, and its `extends`, members, their optionality and
 * types are compared (JSDoc wording is `jsdoc.ts`'s). Tables that list the items a SEP
 * deprecates are held to `@deprecated` in schema.ts.
 */
import type { RootContent, Table } from 'mdast';
import { toString } from '../vendor/markdown.js';
import type { CodeBlock, Declaration, MarkdownPage, Member, SchemaSource } from '../model/spec.js';
import type { Finding } from '../core/finding.js';
import type { Location } from '../core/location.js';
import { TextFile } from '../core/text-file.js';
import { readSchemaSource } from '../sources/schema-ts.js';
import { inlineTypeSource } from '../sources/inline-types.js';
import type { Runtime } from '../runtime/runtime.js';
import { finding } from './compare.js';

const TS_LANGS = new Set(['ts', 'typescript']);
/** The SEP's declaration quoted at the end of an absent-member message: `, which the SEP declares (`x?: T`)`. */
const ABSENT_DECLARED = /, which the SEP declares \(`[\s\S]*`\)$/;
const BEFORE = /\b(current|before|existing|today|old)\b/i;

export interface TypeScriptResult {
  /** Declarations the SEP's blocks give, and those schema.ts has. */
  declarations: number;
  located: number;
  notLocated: string[];
  /** Blocks that are not whole declarations (a member alone, elided bodies): not compared. */
  unparsed: Location[];
  /** Items the SEP lists as deprecated, and those schema.ts has. */
  deprecations: number;
  deprecationsLocated: number;
  deprecationsNotLocated: string[];
  /** Only for an Extensions Track SEP: members and union alternatives it adds to schema.ts's declarations (not compared). */
  extensionAdditions?: number;
  findings: Finding[];
}

/** Type text compared without layout, comments, or the order of a union's members. */
export function normalType(text: string): string {
  return unionParts(text).join('|');
}

/** The members of a type's top-level union, each without layout or comments, sorted. */
function unionParts(text: string): string[] {
  const flat = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\s+/g, '')
    // `number & { readonly minimum: 0 }`: a constraint written as a type, which schema.ts says in JSDoc.
    .replace(/&\{(?:readonly[^;{}]+;?)+\}/g, '')
    .replace(/^Record<string,(.+)>$/, '{[key:string]:$1}')
    // `object` and an index signature of `unknown` are one JSON Schema: `{ "type": "object" }`.
    .replace(/(?<![\w$."'])object(?![\w$"':?])/g, '{[key:string]:unknown}')
    .replace(/\{\[\w+:string\]/g, '{[key:string]')
    .replace(/[;,]}/g, '}')
    .replace(/,/g, ';')
    .replace(/^\|/, '');
  // Members of a union at the top level (outside brackets), sorted.
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < flat.length; i++) {
    const ch = flat[i];
    if ('{[(<'.includes(ch)) depth++;
    else if ('}])>'.includes(ch)) depth--;
    else if (ch === '|' && depth === 0) {
      parts.push(flat.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(flat.slice(start));
  return parts.sort();
}

export function compareTypeScript(
  sep: MarkdownPage,
  blocks: CodeBlock[],
  schema: SchemaSource | undefined,
  nodes: RootContent[],
  /**
   * The SEP defines an extension (Extensions Track): what its declarations add to those of
   * schema.ts (members, union alternatives) is the extension's own, outside the core schema.
   */
  extension = false,
): TypeScriptResult {
  const out: TypeScriptResult = {
    declarations: 0,
    located: 0,
    notLocated: [],
    unparsed: [],
    deprecations: 0,
    deprecationsLocated: 0,
    deprecationsNotLocated: [],
    findings: [],
  };
  // What an extension adds to schema.ts's declarations, counted for the coverage line.
  const additions = extension ? { count: 0 } : undefined;
  for (const block of blocks) {
    if (!TS_LANGS.has((block.lang ?? '').toLowerCase())) continue;
    // A block under "Current behaviour" or "Before" shows what the SEP changes, not what it proposes.
    if (BEFORE.test(block.headingPath.at(-1) ?? '')) continue;
    const source = readSchemaSource(new TextFile(sep.path, block.value));
    if (source.syntaxErrors.length || !source.declarations.length) {
      out.unparsed.push(block.location);
      continue;
    }
    const move = (l: Location): Location => block.locate(l.line - 1, l.column - 1);
    for (const decl of source.declarations) {
      out.declarations++;
      const theirs = schema?.byName.get(decl.name);
      if (!theirs || !schema) {
        out.notLocated.push(decl.name);
        continue;
      }
      out.located++;
      out.findings.push(...compareDeclaration(decl, theirs, schema, move, additions));
    }
  }
  compareDeprecations(sep.path, nodes, schema, out);
  if (additions) out.extensionAdditions = additions.count;
  // Two blocks declaring the same thing (a block repeated further on, or written again with its
  // comments or types in another form) give one finding: a member schema.ts lacks is one finding,
  // whatever type each block gives it.
  const seen = new Set<string>();
  out.findings = out.findings.filter((f) => {
    const key = `${f.file}:${f.line}:${f.column} ${f.message.replace(ABSENT_DECLARED, '')}`;
    return !seen.has(key) && !!seen.add(key);
  });
  return out;
}

function compareDeclaration(
  mine: Declaration,
  theirs: Declaration,
  schema: SchemaSource,
  move: (l: Location) => Location,
  additions: { count: number } | undefined,
): Finding[] {
  const out: Finding[] = [];
  const name = `\`${mine.name}\``;
  const sepAt = (l: Location, message: string) => [{ ...move(l), message }];
  for (const base of mine.extends) {
    if (!extendsTransitively(theirs, base, schema))
      out.push(
        finding(
          'schema',
          `schema.ts's ${name} does not extend \`${base}\`, which the SEP's declaration extends${theirs.extends.length ? ` (it extends ${theirs.extends.map((b) => `\`${b}\``).join(', ')})` : ''}`,
          theirs.location,
          sepAt(mine.location, `the SEP's ${name}`),
        ),
      );
  }
  const mineObject = isObject(mine);
  if (mineObject !== isObject(theirs)) {
    // One finding for the declaration: its members cannot be compared one by one.
    const shape = (d: Declaration) => (isObject(d) ? 'an object type' : `\`${flat(d.typeText ?? '')}\``);
    out.push(
      finding(
        'schema',
        `schema.ts's ${name} is ${shape(theirs)} where the SEP declares ${shape(mine)}`,
        theirs.location,
        sepAt(mine.location, `the SEP's ${name}`),
      ),
    );
    return out;
  }
  // Neither has members to compare (a union, an index signature alone): the types as a whole.
  if (!mine.members.length || !theirs.members.length) {
    if (
      mine.typeText &&
      theirs.typeText &&
      !sameType(mine.typeText, theirs.typeText, schema) &&
      !(additions && widens(mine.typeText, theirs.typeText) && ++additions.count)
    )
      out.push(
        finding(
          'schema',
          `schema.ts's type ${name} is \`${flat(theirs.typeText)}\` where the SEP has \`${flat(mine.typeText)}\``,
          theirs.location,
          sepAt(mine.location, `the SEP's ${name}`),
        ),
      );
    return out;
  }
  compareMembers(
    mine.members.map((m) => ({ ...m, sepLocation: move(m.location) })),
    { members: theirs.members, decl: theirs, location: theirs.location },
    mine.name,
    schema,
    out,
    0,
    additions,
  );
  return out;
}

/** Whether the SEP's union has every alternative of schema.ts's, and more. */
function widens(mine: string, theirs: string): boolean {
  const own = new Set(unionParts(mine));
  return unionParts(theirs).every((p) => own.has(p));
}

/** An interface, or a type alias of an object literal. */
export const isObject = (d: Declaration) =>
  d.kind === 'interface' || d.members.length > 0 || /^\s*\{/.test(d.typeText ?? '');

interface SepMember extends Member {
  /** Where the SEP declares it. */
  sepLocation: Location;
}

/** One side of a member-by-member comparison: an object type's members. */
export interface TheirObject {
  members: Member[];
  /** The declaration the members belong to (for inherited members). */
  decl?: Declaration;
  location: Location;
}

/** How deep inline object types are compared member by member. */
const MAX_DEPTH = 3;

/**
 * What comparing two objects' members finds, member by member: a member of `mine` that `theirs`
 * lacks (`absent`), a pair of members of one name (`pair`, then `optionality` and `type` where
 * they differ), and with `extra` a member of `theirs` that `mine` lacks. Inline object types are
 * compared member by member, `path` growing by the member's name.
 */
export type MemberDifference<M extends Member> =
  | { kind: 'absent'; path: string; mine: M; theirs: TheirObject }
  | { kind: 'extra'; path: string; theirs: Member; mine: M | undefined }
  | { kind: 'pair' | 'optionality' | 'type'; path: string; mine: M; theirs: Member };

export interface MemberWalk<M extends Member> {
  /** The schema `mine` comes from, when it has one (aliases in its types expand there); else `schema`'s. */
  mineSchema?: SchemaSource;
  /** The declaration `mine` belongs to (members it inherits are not `extra` on the other side). */
  mineDecl?: Declaration;
  /** Report the members of `theirs` that `mine` lacks. */
  extra?: boolean;
  /** A member of an inline type of `parent`, as `mine` holds members. */
  child(member: Member, parent: M): M;
  /** Reads an inline object type's members: `inlineMembers` unless given (a memo of it). */
  inline?: (typeText: string) => Member[] | undefined;
}

/**
 * Compares `mine` with `theirs` member by member, in `mine`'s order, calling `visit` with each
 * difference. The SEP comparison and `spec-check changes` both walk through here.
 */
export function walkMembers<M extends Member>(
  mine: M[],
  theirs: TheirObject,
  path: string,
  schema: SchemaSource,
  walk: MemberWalk<M>,
  visit: (difference: MemberDifference<M>) => void,
  depth = 0,
  parent?: M,
): void {
  const mineSchema = walk.mineSchema ?? schema;
  for (const m of mine) {
    const t = theirs.members.find((x) => x.name === m.name);
    const at = `${path}.${m.name}`;
    if (!t) {
      // Inherited through a declaration schema.ts extends: there, not here.
      if (theirs.decl && inherited(theirs.decl, m.name, schema)) continue;
      visit({ kind: 'absent', path: at, mine: m, theirs });
      continue;
    }
    visit({ kind: 'pair', path: at, mine: m, theirs: t });
    if (t.optional !== m.optional) visit({ kind: 'optionality', path: at, mine: m, theirs: t });
    if (!m.typeText || !t.typeText || sameType(m.typeText, t.typeText, schema, mineSchema)) continue;
    // An inline object type on either side: compared member by member with the other's object.
    const mineInline =
      depth < MAX_DEPTH
        ? ((walk.inline ?? inlineMembers)(m.typeText) ??
          (walk.mineSchema ? objectOf(m, walk.mineSchema, walk.inline)?.members : undefined))
        : undefined;
    const theirsObject = mineInline ? objectOf(t, schema, walk.inline) : undefined;
    if (mineInline && theirsObject) {
      walkMembers(
        mineInline.map((x) => walk.child(x, m)),
        theirsObject,
        at,
        schema,
        walk,
        visit,
        depth + 1,
        m,
      );
      continue;
    }
    visit({ kind: 'type', path: at, mine: m, theirs: t });
  }
  if (!walk.extra) return;
  for (const t of theirs.members) {
    if (mine.some((x) => x.name === t.name)) continue;
    if (depth === 0 && walk.mineDecl && inherited(walk.mineDecl, t.name, mineSchema)) continue;
    visit({ kind: 'extra', path: `${path}.${t.name}`, theirs: t, mine: parent });
  }
}

function compareMembers(
  mine: SepMember[],
  theirs: TheirObject,
  path: string,
  schema: SchemaSource,
  out: Finding[],
  depth: number,
  additions: { count: number } | undefined,
): void {
  const walk: MemberWalk<SepMember> = { child: (x, m) => ({ ...x, sepLocation: m.sepLocation }) };
  walkMembers(
    mine,
    theirs,
    path,
    schema,
    walk,
    (d) => {
      if (d.kind === 'pair' || d.kind === 'extra') return;
      const { mine: m } = d;
      const owner = `\`${d.path.slice(0, -(m.name.length + 1))}\``;
      const member = `\`${d.path}\``;
      const sepAt = [{ ...m.sepLocation, message: `the SEP's ${member}` }];
      if (d.kind === 'absent') {
        // A member an extension adds: declared by the extension, not by schema.ts.
        if (additions) {
          additions.count++;
          return;
        }
        out.push(
          finding(
            'schema',
            `schema.ts's ${owner} has no member \`${m.name}\`, which the SEP declares (\`${m.name}${m.optional ? '?' : ''}: ${flat(m.typeText)}\`)`,
            d.theirs.location,
            sepAt,
          ),
        );
      } else if (d.kind === 'optionality')
        out.push(
          finding(
            'schema',
            `schema.ts makes ${member} ${d.theirs.optional ? 'optional' : 'required'}; the SEP makes it ${m.optional ? 'optional' : 'required'}`,
            d.theirs.location,
            sepAt,
          ),
        );
      else
        out.push(
          finding(
            'schema',
            `schema.ts types ${member} as \`${flat(d.theirs.typeText)}\` where the SEP has \`${flat(m.typeText)}\``,
            d.theirs.location,
            sepAt,
          ),
        );
    },
    depth,
  );
}

/**
 * The members of an inline object type (`{ a: string; b?: number }`), or undefined for any other
 * type; `runtime`: a check's, whose store of inline types keeps them from one check to the next.
 */
export function inlineMembers(typeText: string, runtime?: Runtime): Member[] | undefined {
  const text = typeText.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  const source = inlineTypeSource(runtime, text);
  const decl = source.declarations[0];
  return source.syntaxErrors.length || !decl ? undefined : decl.members;
}

/** The object a schema.ts member's type is: inline, or a declaration it names (through aliases). */
export function objectOf(
  member: Member,
  schema: SchemaSource,
  inline: (typeText: string) => Member[] | undefined = inlineMembers,
): TheirObject | undefined {
  const members = inline(member.typeText);
  if (members) return { members, location: member.location };
  const decl = schema.byName.get(expand(member.typeText, schema).trim());
  if (decl && (decl.members.length || decl.kind === 'interface'))
    return { members: decl.members, decl, location: decl.location };
  return undefined;
}

/** A type named by an alias of schema.ts replaced by what it stands for (twice at most), unless it is an object type. */
function expand(typeText: string, schema: SchemaSource): string {
  let text = typeText.trim();
  for (let n = 0; n < 2; n++) {
    const decl = /^[A-Za-z_$][\w$]*$/.test(text) ? schema.byName.get(text) : undefined;
    if (!decl || decl.kind !== 'type' || decl.members.length || !decl.typeText) break;
    text = decl.typeText.trim();
  }
  return text;
}

/** Whether two type texts are one type; `mineSchema`, when `a` comes from another schema, expands `a`'s aliases. */
export function sameType(a: string, b: string, schema: SchemaSource, mineSchema: SchemaSource = schema): boolean {
  return normalType(a) === normalType(b) || normalType(expand(a, mineSchema)) === normalType(expand(b, schema));
}

/** Whether a declaration extends `base`, directly or through the declarations it extends. */
export function extendsTransitively(
  decl: Declaration,
  base: string,
  schema: SchemaSource,
  seen = new Set<string>(),
): boolean {
  for (const b of decl.extends) {
    if (normalType(b) === normalType(base)) return true;
    const name = /^[\w$]+/.exec(b)?.[0];
    const next = name ? schema.byName.get(name) : undefined;
    if (!next || seen.has(next.name)) continue;
    seen.add(next.name);
    if (extendsTransitively(next, base, schema, seen)) return true;
  }
  return false;
}

export function inherited(decl: Declaration, member: string, schema: SchemaSource, seen = new Set<string>()): boolean {
  for (const base of decl.extends) {
    const name = /^[\w$]+/.exec(base)?.[0];
    const b = name ? schema.byName.get(name) : undefined;
    if (!b || seen.has(b.name)) continue;
    seen.add(b.name);
    if (b.members.some((x) => x.name === member) || inherited(b, member, schema, seen)) return true;
  }
  return false;
}

export const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Tables under a heading or sentence that speaks of deprecating, whose first cell names a
 * declaration (`Root`) or a member (`ClientCapabilities.roots`): each named item must carry
 * `@deprecated` in schema.ts. Deeper paths (a member of a member's inline type) are not modelled.
 */
function compareDeprecations(
  sepPath: string,
  nodes: RootContent[],
  schema: SchemaSource | undefined,
  out: TypeScriptResult,
): void {
  let context = '';
  for (const node of nodes) {
    if (node.type === 'heading' || node.type === 'paragraph') {
      context = toString(node);
      continue;
    }
    if (node.type !== 'table' || !/\bdeprecat/i.test(context)) continue;
    for (const row of (node as Table).children.slice(1)) {
      const cell = row.children[0];
      const code = cell?.children.length === 1 && cell.children[0].type === 'inlineCode' ? cell.children[0] : undefined;
      if (!code || !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(code.value)) continue;
      out.deprecations++;
      const [declName, memberName, ...deeper] = code.value.split('.');
      const decl = schema?.byName.get(declName);
      const target = memberName ? decl?.members.find((m) => m.name === memberName) : decl;
      if (!target || deeper.length) {
        out.deprecationsNotLocated.push(code.value);
        continue;
      }
      out.deprecationsLocated++;
      if (target.jsdoc?.deprecated) continue;
      const start = code.position!.start;
      out.findings.push(
        finding(
          'schema',
          `schema.ts has no @deprecated tag on \`${code.value}\`, which the SEP deprecates`,
          target.location,
          [{ file: sepPath, line: start.line, column: start.column + 1, message: 'the SEP deprecates it here' }],
        ),
      );
    }
  }
}

/**
 * The SEP's TypeScript blocks against schema.ts, by structure rather than text: each declared
 * interface or type is looked up by name, and its `extends`, members, their optionality and
 * types are compared (JSDoc wording is `jsdoc.ts`'s). Tables that list the items a SEP
 * deprecates are held to `@deprecated` in schema.ts.
 */
import type { RootContent, Table } from 'mdast';
import { toString } from '../vendor/markdown.js';
import type { CodeBlock, Declaration, MarkdownPage, SchemaSource } from '../model/spec.js';
import type { Finding } from '../core/finding.js';
import type { Location } from '../core/location.js';
import { TextFile } from '../core/text-file.js';
import { readSchemaSource } from '../sources/schema-ts.js';
import { finding } from './compare.js';

const TS_LANGS = new Set(['ts', 'typescript']);

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
  findings: Finding[];
}

/** Type text compared without layout, comments, or the order of a union's members. */
export function normalType(text: string): string {
  const flat = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\s+/g, '')
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
  return parts.sort().join('|');
}

export function compareTypeScript(
  sep: MarkdownPage,
  blocks: CodeBlock[],
  schema: SchemaSource | undefined,
  nodes: RootContent[],
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
  for (const block of blocks) {
    if (!TS_LANGS.has((block.lang ?? '').toLowerCase())) continue;
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
      out.findings.push(...compareDeclaration(decl, theirs, schema, move));
    }
  }
  compareDeprecations(sep.path, nodes, schema, out);
  return out;
}

function compareDeclaration(
  mine: Declaration,
  theirs: Declaration,
  schema: SchemaSource,
  move: (l: Location) => Location,
): Finding[] {
  const out: Finding[] = [];
  const name = `\`${mine.name}\``;
  const sepAt = (l: Location, message: string) => [{ ...move(l), message }];
  for (const base of mine.extends) {
    if (!theirs.extends.some((b) => normalType(b) === normalType(base)))
      out.push(
        finding(
          'schema',
          `schema.ts's ${name} does not extend \`${base}\`, which the SEP's declaration extends${theirs.extends.length ? ` (it extends ${theirs.extends.map((b) => `\`${b}\``).join(', ')})` : ''}`,
          theirs.location,
          sepAt(mine.location, `the SEP's ${name}`),
        ),
      );
  }
  // A type alias that is not an object literal: its type as a whole.
  if (mine.kind === 'type' && !mine.members.length && mine.typeText && theirs.typeText) {
    if (normalType(mine.typeText) !== normalType(theirs.typeText))
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
  for (const m of mine.members) {
    const t = theirs.members.find((x) => x.name === m.name);
    const member = `\`${mine.name}.${m.name}\``;
    if (!t) {
      // Inherited through a declaration schema.ts extends: there, not here.
      if (inherited(theirs, m.name, schema)) continue;
      out.push(
        finding(
          'schema',
          `schema.ts's ${name} has no member \`${m.name}\`, which the SEP declares (\`${m.name}${m.optional ? '?' : ''}: ${flat(m.typeText)}\`)`,
          theirs.location,
          sepAt(m.location, `the SEP's ${member}`),
        ),
      );
      continue;
    }
    if (t.optional !== m.optional)
      out.push(
        finding(
          'schema',
          `schema.ts makes ${member} ${t.optional ? 'optional' : 'required'}; the SEP makes it ${m.optional ? 'optional' : 'required'}`,
          t.location,
          sepAt(m.location, `the SEP's ${member}`),
        ),
      );
    if (m.typeText && t.typeText && normalType(m.typeText) !== normalType(t.typeText))
      out.push(
        finding(
          'schema',
          `schema.ts types ${member} as \`${flat(t.typeText)}\` where the SEP has \`${flat(m.typeText)}\``,
          t.location,
          sepAt(m.location, `the SEP's ${member}`),
        ),
      );
  }
  return out;
}

function inherited(decl: Declaration, member: string, schema: SchemaSource, seen = new Set<string>()): boolean {
  for (const base of decl.extends) {
    const name = /^[\w$]+/.exec(base)?.[0];
    const b = name ? schema.byName.get(name) : undefined;
    if (!b || seen.has(b.name)) continue;
    seen.add(b.name);
    if (b.members.some((x) => x.name === member) || inherited(b, member, schema, seen)) return true;
  }
  return false;
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

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

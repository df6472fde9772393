import type { CodeBlock, Declaration, Member, SchemaSource } from '../model/spec.js';
import type { Report, Rule } from '../core/rule.js';
import { TextFile } from '../core/text-file.js';
import { derivation } from '../project/project.js';
import { isTypeScriptLanguage, MAX_SKETCH_LENGTH } from '../prose/ts-sketch.js';
import { readSchemaSource } from '../sources/schema-ts.js';

/** A declaration shown in a ```ts block of the prose says of its members what the types file says: which are optional. */
export const proseDeclarationSketch: Rule = {
  meta: {
    id: 'prose/declaration-sketch',
    description:
      "An interface (or object type) a ```ts block of a version's pages shows, named as a declaration of the types file (the same name, or the one declaration whose name ends with it: `HostContext` for `McpUiHostContext`), marks the same members optional (`?`) as the declaration, inline object members included.",
    rationale:
      'Prose often restates a type as a short TypeScript sketch. When the sketch writes `id?: RequestId` and the types file `id: RequestId`, a reader of the page leaves out what every receiver requires. Only members both sides name are compared: a sketch may leave members out or add comments.',
    defaultSeverity: 'error',
    details:
      'A sketch is compared when it shares at least two members with the declaration it names. Member types are not compared (a sketch may abbreviate them). SEPs are not read: they show proposed types.',
    examples: {
      file: 'specification/draft/gadgets.md',
      fail: '```ts\ninterface GadgetInfo {\n  name?: string;\n  shelf?: number;\n}\n```\n// schema.ts: interface GadgetInfo { name: string; shelf?: number }',
      pass: '```ts\ninterface GadgetInfo {\n  name: string;\n  shelf?: number;\n}\n```',
    },
  },
  check(project, { report }) {
    const seen = new Set<string>();
    for (const version of project.spec.versions) {
      const types = version.schemaTs;
      if (!types) continue;
      for (const page of version.pages)
        for (const block of page.codeBlocks) {
          if (!isTypeScriptLanguage(block.lang) || !/\binterface\s|\btype\s/.test(block.value)) continue;
          for (const sketch of project.derive(sketchesOf, block)) {
            const declared = namedDeclaration(types, sketch.name);
            if (!declared) continue;
            const shared = sketch.members.filter((m) => declared.members.some((d) => d.name === m.name));
            if (shared.length < 2) continue;
            compare(sketch.name, sketch.members, declared.name, declared.members, block, types, (r) => {
              const key = `${r.location.file}:${r.location.line}:${r.message}`;
              if (!seen.has(key)) report(r);
              seen.add(key);
            });
          }
        }
    }
  },
};

/** The declarations a TypeScript block shows, parsed once per block. */
const sketchesOf = derivation(
  'declarations of a TypeScript block',
  (block: CodeBlock): Declaration[] => {
    if (block.value.length > MAX_SKETCH_LENGTH) return [];
    const source = readSchemaSource(new TextFile('block.ts', block.value));
    return source.syntaxErrors.length ? [] : source.declarations.filter((d) => d.members.length);
  },
  { carriesOver: true },
);

/** The types file's declaration a sketch names: the same name, else the one whose name ends with it. */
function namedDeclaration(types: SchemaSource, name: string): Declaration | undefined {
  const exact = types.byName.get(name);
  if (exact) return exact.members.length ? exact : undefined;
  const ending = types.declarations.filter((d) => d.members.length && d.name.endsWith(name) && /^[A-Z]/.test(name));
  return ending.length === 1 ? ending[0] : undefined;
}

/** The members of an inline object type (`{ id: RequestId; tool: Tool }`), or undefined for any other type. */
function inlineMembers(typeText: string): Member[] | undefined {
  const text = typeText.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  const source = readSchemaSource(new TextFile('inline.ts', `interface Inline ${text}`));
  return source.syntaxErrors.length ? undefined : source.declarations[0]?.members;
}

function compare(
  path: string,
  shown: Member[],
  declaredPath: string,
  declared: Member[],
  block: CodeBlock,
  types: SchemaSource,
  report: (r: Report) => void,
  /** The sketch's top-level member the nested ones are reported at (their own lines are not kept). */
  at?: Member,
  depth = 0,
): void {
  for (const member of shown) {
    const theirs = declared.find((d) => d.name === member.name);
    if (!theirs) continue;
    const where = at ?? member;
    const location = block.locate(where.location.line - 1, where.location.column - 1);
    if (member.optional !== theirs.optional) {
      const says = (optional: boolean) => (optional ? 'optional' : 'required');
      report({
        message: `${path}.${member.name} is ${says(member.optional)} in this sketch but ${says(theirs.optional)} in ${types.file.path} (${declaredPath}.${theirs.name})`,
        location,
        related: [
          {
            ...theirs.location,
            message: `${declaredPath}.${theirs.name}${theirs.optional ? '?' : ''}: ${theirs.typeText}`,
          },
        ],
      });
      continue;
    }
    if (depth >= 3) continue;
    const ours = inlineMembers(member.typeText);
    const nested = ours && inlineMembers(theirs.typeText);
    if (ours && nested)
      compare(
        `${path}.${member.name}`,
        ours,
        `${declaredPath}.${theirs.name}`,
        nested,
        block,
        types,
        report,
        where,
        depth + 1,
      );
  }
}

/**
 * The object types a page declares in its TypeScript blocks (`interface Tool { name: string; … }`),
 * so that a JSON example shown after one in the same section, whose members are all the
 * declaration's, is read as a value of it ("Example (a tool visible to the model):").
 */
import type * as TS from 'typescript';
import ts from '../util/typescript.js';
import type { CodeBlock } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import { isObject } from '../util/is-object.js';
import { propertyNameText } from '../util/ts-literal.js';
import { isTypeScriptLanguage, MAX_SKETCH_LENGTH } from './ts-sketch.js';

export interface PageInterface {
  name: string;
  members: Set<string>;
}

/** The interfaces and object type aliases a TypeScript block declares, read once per block. */
export function interfacesOf(project: Project, block: CodeBlock): PageInterface[] {
  if (!isTypeScriptLanguage(block.lang) || !/\b(interface|type)\s/.test(block.value)) return [];
  return project.derive(blockInterfaces, block);
}

const blockInterfaces = derivation(
  'interfaces of a TypeScript block',
  (block: CodeBlock): PageInterface[] => {
    // Bounded as sketches are: the parser recurses per level, and no declaration shown in prose is long.
    if (block.value.length > MAX_SKETCH_LENGTH) return [];
    const source = ts.createSourceFile('block.ts', block.value, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const out: PageInterface[] = [];
    for (const statement of source.statements) {
      const members = ts.isInterfaceDeclaration(statement)
        ? statement.members
        : ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type)
          ? statement.type.members
          : undefined;
      if (!members) continue;
      const names = new Set<string>();
      for (const m of members) {
        const name = m.name && propertyNameText(m.name);
        if (name !== undefined) names.add(name);
      }
      if (names.size) out.push({ name: (statement as TS.InterfaceDeclaration).name.text, members: names });
    }
    return out;
  },
  { carriesOver: true },
);

/**
 * The latest of the declarations shown before (nearest first) that declares every member of the
 * value, among those `known` accepts (a definition of the schema); undefined when none does. A
 * value of fewer than two members says too little to be told apart.
 */
export function declaredBefore(
  value: unknown,
  shown: readonly PageInterface[],
  known: (name: string) => boolean,
): string | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length < 2) return undefined;
  for (let i = shown.length - 1; i >= 0; i--) {
    const { name, members } = shown[i];
    if (keys.every((k) => members.has(k)) && known(name)) return name;
  }
  return undefined;
}

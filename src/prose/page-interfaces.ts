/**
 * The object types a page declares in its TypeScript blocks (`interface Tool { name: string; … }`),
 * so that a JSON example shown after one in the same section, whose members are all the
 * declaration's, is read as a value of it ("Example (a tool visible to the model):").
 */
import type * as TS from 'typescript';
import { typescript } from '../util/typescript.js';
import type { CodeBlock } from '../model/spec.js';
import { isObject } from '../util/is-object.js';
import { propertyNameText } from '../util/ts-literal.js';
import { isTypeScriptLanguage, MAX_SKETCH_LENGTH } from './ts-sketch.js';

export interface PageInterface {
  name: string;
  members: Set<string>;
}

/** A TypeScript block that may declare an interface or a type. */
export const mayDeclare = (lang: string | null | undefined, text: string) =>
  isTypeScriptLanguage(lang) && /\b(interface|type)\s/.test(text);

/**
 * What a TypeScript block declares as plain data, read when its page is parsed and kept with the
 * page's products (a check reading the page back parses no TypeScript for it); undefined when the
 * block is no candidate.
 */
export function keptInterfaces(lang: string | null | undefined, text: string): CodeBlock['interfaces'] {
  return mayDeclare(lang, text) ? readInterfaces(text) : undefined;
}

export function readInterfaces(text: string): { name: string; members: string[] }[] {
  // Bounded as sketches are: the parser recurses per level, and no declaration shown in prose is long.
  if (text.length > MAX_SKETCH_LENGTH) return [];
  const ts = typescript();
  const source = ts.createSourceFile('block.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: { name: string; members: string[] }[] = [];
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
    if (names.size) out.push({ name: (statement as TS.InterfaceDeclaration).name.text, members: [...names] });
  }
  return out;
}

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

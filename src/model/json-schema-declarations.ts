/**
 * The declarations a JSON Schema describes, for a spec whose JSON Schema is the source (config
 * `layout.schema: false`): each definition read as a declaration, with its properties as members
 * and the definitions its `allOf` refers to as what it extends, so that the message index and the
 * classification of prose JSON serve it as they serve a types file. The types are written back
 * in TypeScript's words only as far as classification reads them (a string constant is the literal
 * `"session/new"`); validation is against the JSON Schema itself.
 */
import type { Declaration, JsonSchemaSource, Member, SchemaSource, SpecVersion } from './spec.js';
import { derivation, type Project } from '../project/project.js';
import { escapePointer } from '../core/json-document.js';
import { isObject } from '../util/is-object.js';

/** The declarations of a JSON Schema, once per source object (the loader keeps it while its text is unchanged). */
export const jsonSchemaDeclarations = derivation(
  'declarations of a JSON Schema',
  (src: JsonSchemaSource) => declarationsOf(src),
  { carriesOver: true },
);

/**
 * The declarations of a version whose JSON Schema is the source: its definitions, and, where
 * the schema names no method itself, the methods the list beside it gives, each the `x-method`
 * of the definitions whose names have its words (see `namedBy`).
 */
export const versionDeclarations = derivation(
  'declarations of a JSON Schema with its method list',
  (version: SpecVersion, project: Project): SchemaSource | undefined => {
    if (!version.jsonSchema?.document.ok) return undefined;
    const source = project.derive(jsonSchemaDeclarations, version.jsonSchema);
    const names = source.declarations.some(
      (d) => d.xMethod || d.members.some((m) => m.name === 'method' && /^"/.test(m.typeText)),
    );
    if (names || !version.methods?.length) return source;
    const named = new Map<string, string>();
    for (const d of source.declarations) {
      const method = namedBy(d.name, version.methods, source.declarations);
      if (method) named.set(d.name, method);
    }
    for (const [name, method] of leftOverPairs(version.methods, source.declarations, named)) named.set(name, method);
    const declarations = source.declarations.map((d) => {
      const method = named.get(d.name);
      return method ? { ...d, xMethod: method } : d;
    });
    return { ...source, declarations, byName: new Map(declarations.map((d) => [d.name, d])) };
  },
);

const MESSAGE_SUFFIX = /(Request|Notification|Response|Result)$/;

/** The words of a name: `NewSession` and `session/new` both give new, session. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w);
}

/**
 * The one listed method a message definition is named for: the words of the method's last
 * segment are all in the definition's name (its suffix aside), and every word of that name is
 * in the method (`NewSessionRequest` and `session/new`; `PromptRequest` and `session/prompt`),
 * when no other method fits the name and no other definition of its kind fits the method.
 */
function namedBy(name: string, methods: string[], declarations: Declaration[]): string | undefined {
  const suffix = MESSAGE_SUFFIX.exec(name)?.[1];
  if (!suffix) return undefined;
  const fits = (definition: string, method: string) => {
    const stem = new Set(wordsOf(definition.replace(MESSAGE_SUFFIX, '')));
    const all = new Set(wordsOf(method));
    return (
      stem.size > 0 &&
      wordsOf(method.split('/').at(-1)!).every((w) => stem.has(w)) &&
      [...stem].every((w) => all.has(w))
    );
  };
  const candidates = methods.filter((m) => fits(name, m));
  if (candidates.length !== 1) return undefined;
  const rivals = declarations.filter((d) => d.name.endsWith(suffix) && fits(d.name, candidates[0]));
  return rivals.length === 1 ? candidates[0] : undefined;
}

/**
 * The methods no definition is named for, each paired with the one message definition left over
 * whose name's words (its suffix aside) are all in the method, when that definition fits no other
 * method left over: `SessionNotification` and `session/update`, once `session/cancel` and
 * `session/new` have their own definitions. The last segment of such a method is not in the name.
 */
function leftOverPairs(methods: string[], declarations: Declaration[], named: Map<string, string>): [string, string][] {
  const taken = new Set(named.values());
  const methodsLeft = methods.filter((m) => !taken.has(m));
  const definitionsLeft = declarations.filter((d) => MESSAGE_SUFFIX.test(d.name) && !named.has(d.name));
  const inMethod = (definition: string, method: string) => {
    const stem = wordsOf(definition.replace(MESSAGE_SUFFIX, ''));
    const all = new Set(wordsOf(method));
    return stem.length > 0 && stem.every((w) => all.has(w));
  };
  const pairs: [string, string][] = [];
  for (const method of methodsLeft) {
    const fitting = definitionsLeft.filter((d) => inMethod(d.name, method));
    if (fitting.length !== 1) continue;
    if (methodsLeft.filter((m) => inMethod(fitting[0].name, m)).length !== 1) continue;
    pairs.push([fitting[0].name, method]);
  }
  return pairs;
}

/** A type written back no deeper than this: classification reads only the top of a member's type. */
const TYPE_DEPTH = 3;

function declarationsOf(src: JsonSchemaSource): SchemaSource {
  const root = src.document.value;
  const definitions = isObject(root) ? root[src.definitionsKey] : undefined;
  const declarations: Declaration[] = [];
  if (isObject(definitions)) {
    for (const [name, schema] of Object.entries(definitions)) {
      if (!isObject(schema)) continue;
      const pointer = `/${src.definitionsKey}/${escapePointer(name)}`;
      const at = (offset: number | undefined) => src.file.location(offset ?? src.document.offsetOf(pointer));
      const location = at(src.document.keyOffset(`/${src.definitionsKey}`, name));
      const extendsNames: string[] = [];
      const members: Member[] = [];
      // The definition's own properties, then those of the inline objects its `allOf` joins.
      const parts: [Record<string, unknown>, string][] = [[schema, pointer]];
      if (Array.isArray(schema.allOf))
        schema.allOf.forEach((part, i) => {
          const ref = refName(part);
          if (ref) extendsNames.push(ref);
          else if (isObject(part)) parts.push([part, `${pointer}/allOf/${i}`]);
        });
      for (const [part, partPointer] of parts) {
        const properties = part.properties;
        if (!isObject(properties)) continue;
        const required = new Set(Array.isArray(part.required) ? part.required : []);
        for (const [member, type] of Object.entries(properties)) {
          if (members.some((m) => m.name === member)) continue;
          members.push({
            name: member,
            optional: !required.has(member),
            location: at(src.document.keyOffset(`${partPointer}/properties`, member)),
            typeText: typeText(type, TYPE_DEPTH),
          });
        }
      }
      const method = schema['x-method'];
      declarations.push({
        name,
        kind: members.length || schema.type === 'object' ? 'interface' : 'type',
        exported: true,
        location,
        extends: extendsNames,
        members,
        typeText: typeText(schema, TYPE_DEPTH),
        ...(typeof method === 'string' && method ? { xMethod: method } : {}),
      });
    }
  }
  return {
    file: src.file,
    declarations,
    byName: new Map(declarations.map((d) => [d.name, d])),
    plainComments: [],
    syntaxErrors: [],
  };
}

/** The definition a `{ "$ref": "#/$defs/Name" }` names, if the schema is one such reference. */
function refName(schema: unknown): string | undefined {
  if (!isObject(schema) || typeof schema.$ref !== 'string') return undefined;
  const m = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(schema.$ref);
  return m ? decodeURIComponent(m[1]).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/** A schema's type in TypeScript's words: constants as literals, references by name, unions joined. */
function typeText(schema: unknown, depth: number): string {
  if (!isObject(schema)) return schema === false ? 'never' : 'unknown';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ') || 'never';
  const ref = refName(schema);
  if (ref) return ref;
  if (depth <= 0) return 'unknown';
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map((s) => typeText(s, depth - 1)).join(' | ');
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && !schema.properties)
    return typeText(schema.allOf[0], depth - 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const words = types.filter((t): t is string => typeof t === 'string').map((t) => typeWord(schema, t, depth));
  return words.join(' | ') || 'unknown';
}

function typeWord(schema: Record<string, unknown>, type: string, depth: number): string {
  switch (type) {
    case 'array': {
      const item = typeText(schema.items, depth - 1);
      return item.includes('|') ? `(${item})[]` : `${item}[]`;
    }
    case 'integer':
      return 'number';
    case 'null':
    case 'string':
    case 'number':
    case 'boolean':
    case 'object':
      return type;
    default:
      return 'unknown';
  }
}

/**
 * A branch of a discriminated union that takes a definition in and adds the member telling it
 * apart (`{ "allOf": [{ "$ref": "#/$defs/TextContent" }], "properties": { "type": { "const": "text" } } }`
 * in `ContentBlock`): a value of `TextContent` shown with `"type": "text"` is a `ContentBlock`.
 */
export interface UnionBranch {
  /** The union's definition. */
  union: string;
  /** The member the branch adds, and its constant. */
  member: string;
  value: unknown;
}

/** The union branches that take each definition in, by the definition's name. */
export const unionBranches = derivation('union branches of a JSON Schema', (src: JsonSchemaSource) => branchesOf(src), {
  carriesOver: true,
});

function branchesOf(src: JsonSchemaSource): Map<string, UnionBranch[]> {
  const out = new Map<string, UnionBranch[]>();
  const root = src.document.value;
  const definitions = isObject(root) ? root[src.definitionsKey] : undefined;
  if (!isObject(definitions)) return out;
  // Definitions by the names of their properties: an inline branch with a definition's properties
  // and one constant more is that definition with its discriminator (a schema that inlines the
  // variants of a tagged enum beside definitions of their contents).
  const byShape = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(definitions))
    if (isObject(schema) && isObject(schema.properties)) {
      const shape = Object.keys(schema.properties).sort().join('\u0000');
      byShape.set(shape, [...(byShape.get(shape) ?? []), name]);
    }
  for (const [union, schema] of Object.entries(definitions)) {
    if (!isObject(schema)) continue;
    const branches = schema.oneOf ?? schema.anyOf;
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      if (!isObject(branch) || !isObject(branch.properties)) continue;
      const taken = [refName(branch), ...(Array.isArray(branch.allOf) ? branch.allOf.map(refName) : [])].filter(
        (name): name is string => !!name,
      );
      if (taken.length > 1) continue;
      for (const [member, type] of Object.entries(branch.properties)) {
        if (!isObject(type)) continue;
        const value =
          'const' in type ? type.const : Array.isArray(type.enum) && type.enum.length === 1 ? type.enum[0] : undefined;
        if (value === undefined) continue;
        const others = Object.keys(branch.properties)
          .filter((k) => k !== member)
          .sort()
          .join('\u0000');
        const sameShape = byShape.get(others);
        const definition = taken[0] ?? (sameShape?.length === 1 ? sameShape[0] : undefined);
        if (definition) out.set(definition, [...(out.get(definition) ?? []), { union, member, value }]);
      }
    }
  }
  return out;
}

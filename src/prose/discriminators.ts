/**
 * Objects told by their discriminator: a member whose value is a constant of exactly one
 * declaration (`"type": "resource_link"` of `ResourceLink`), or, where the JSON Schema is the
 * source, of exactly one union's branch (`"sessionUpdate": "plan"` of `SessionUpdate`). A value
 * shared by two declarations tells nothing, and is left unclassified.
 */
import type { Declaration, SpecVersion } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import { declarationsSource, messageIndex, stringLiteral, type MessageIndex } from './schema-index.js';
import { unionBranches } from '../model/json-schema-declarations.js';

/** What a discriminator names: a declaration, or a union of the JSON Schema whose branch takes a definition in. */
interface Target {
  name: string;
  /** For a union's branch: the definition the branch takes in. */
  branchOf?: string;
}

/** `member\0value` -> the declarations (and union branches) whose `member` is that constant. */
type DiscriminatorTable = Map<string, Target[]>;

const keyOf = (member: string, value: unknown) => `${member}\u0000${JSON.stringify(value)}`;

const tables = derivation('discriminators of a version', (version: SpecVersion, project: Project) =>
  build(project, version),
);

function build(project: Project, version: SpecVersion): DiscriminatorTable {
  const table: DiscriminatorTable = new Map();
  const add = (member: string, value: unknown, target: Target) =>
    table.set(keyOf(member, value), [...(table.get(keyOf(member, value)) ?? []), target]);
  const index = messageIndex(project, version);
  const source = declarationsSource(project, version);
  if (!index || !source) return table;
  for (const decl of source.declarations) {
    if (decl.kind !== 'interface' && decl.kind !== 'type') continue;
    for (const m of index.membersOf(decl)) {
      // A message's `method` tells requests apart already.
      if (m.name === 'method') continue;
      const literal = stringLiteral(m.typeText);
      if (literal !== undefined) add(m.name, literal, { name: decl.name });
    }
  }
  if (version.source === 'jsonSchema' && version.jsonSchema)
    for (const [definition, branches] of project.derive(unionBranches, version.jsonSchema))
      for (const b of branches) add(b.member, b.value, { name: b.union, branchOf: definition });
  return table;
}

/**
 * The one declaration a value's discriminators name, when they name exactly one and the value's
 * members are mostly its own; undefined otherwise.
 */
export function byDiscriminator(
  project: Project,
  version: SpecVersion,
  index: MessageIndex,
  value: Record<string, unknown>,
  fits: (decl: Declaration, value: Record<string, unknown>, also?: string) => boolean,
): { declaration: string; member: string; value: unknown } | undefined {
  const table = project.derive(tables, version);
  const found = new Map<string, { target: Target; member: string; value: unknown }>();
  for (const [member, v] of Object.entries(value)) {
    if (typeof v !== 'string') continue;
    for (const target of table.get(keyOf(member, v)) ?? []) found.set(target.name, { target, member, value: v });
  }
  const candidates = [...found.keys()];
  if (candidates.length !== 1) return undefined;
  const { target, member, value: shown } = found.get(candidates[0])!;
  // A union's branch is judged by the definition it takes in, with the member it adds.
  const decl = index.declaration(target.branchOf ?? target.name);
  if (!decl || !fits(decl, value, target.branchOf ? member : undefined)) return undefined;
  return { declaration: target.name, member, value: shown };
}

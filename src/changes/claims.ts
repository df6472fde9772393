/**
 * A changelog's claims held to the two schema.ts files they are about: what it says a version
 * added is in that version's schema.ts and was not in the previous one's (or was added to one
 * more place), what it says was removed is gone (from where it says), a rename both.
 */
import type { SchemaSource, SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import type { Project } from '../project/project.js';
import { derivation } from '../project/project.js';
import { compareVersions } from '../model/versions.js';
import { nearestName } from '../model/excess-members.js';
import { schemaChanges, type SchemaChange } from './diff.js';
import {
  changelogOf,
  changelogPage,
  nameKind,
  reachable,
  schemaNamesOf,
  inlineMembersOnce,
  type ChangelogClaim,
  type ChangelogToken,
  type SchemaNames,
} from './changelog.js';

/** The version a version's changelog is written against: the one before it that has a schema.ts. */
export function previousVersion(project: Project, version: SpecVersion): SpecVersion | undefined {
  const ordered = [...project.spec.versions].sort((a, b) => compareVersions(a.id, b.id));
  return ordered
    .slice(0, ordered.indexOf(version))
    .reverse()
    .find((v) => v.schemaTs);
}

/** The changes of a version's schema.ts since the previous version's, once per project. */
export const changesSincePrevious = derivation('changes-since-previous', (version: SpecVersion, project: Project) => {
  const before = previousVersion(project, version);
  if (!before?.schemaTs || !version.schemaTs) return undefined;
  const since = project.derive(changesFrom, version.schemaTs);
  let changes = since.get(before.schemaTs);
  if (!changes)
    since.set(
      before.schemaTs,
      (changes = schemaChanges(before.schemaTs, version.schemaTs, (text) => inlineMembersOnce(project, text))),
    );
  return { before, changes };
});

/**
 * The changes into a schema.ts from each earlier one it was compared with, by schema object: the
 * loader keeps both while their texts are unchanged, so a watch session compares them once.
 */
const changesFrom = derivation(
  'schema changes into',
  (_to: SchemaSource) => new WeakMap<SchemaSource, SchemaChange[]>(),
  {
    carriesOver: true,
  },
);

export interface ClaimProblem {
  message: string;
  location: Location;
  related: { file: string; line: number; column: number; message: string }[];
}

interface Side {
  id: string;
  schema: SchemaSource;
  names: SchemaNames;
}

/** What is wrong with each claim of a version's changelog (none when it has no changelog or no previous version). */
export function changelogProblems(project: Project, version: SpecVersion): ClaimProblem[] {
  const page = changelogPage(version);
  const changelog = page && project.derive(changelogOf, page);
  if (!changelog?.claims.length) return [];
  const since = project.derive(changesSincePrevious, version);
  if (!changelog || !since || !version.schemaTs || !since.before.schemaTs) return [];
  const before: Side = {
    id: since.before.id,
    schema: since.before.schemaTs,
    names: project.derive(schemaNamesOf, since.before.schemaTs),
  };
  const after: Side = {
    id: version.id,
    schema: version.schemaTs,
    names: project.derive(schemaNamesOf, version.schemaTs),
  };
  const out: ClaimProblem[] = [];
  for (const claim of changelog.claims) {
    if (claim.kind === 'renamed') {
      const renamed = claim.renamedTo!;
      const problem =
        removedProblem(claim.subject, [], claim, before, after, since.changes, `renamed to \`${renamed.value}\``) ??
        addedProblem(renamed, [], claim, before, after, since.changes, `the new name of \`${claim.subject.value}\``);
      if (problem) out.push(problem);
      continue;
    }
    // A field added to a type that neither schema.ts declares: the type is misnamed.
    if (claim.schemaNoun)
      for (const owner of claim.owners) {
        if (nameKind(before.names, owner.value) || nameKind(after.names, owner.value)) continue;
        const side = claim.kind === 'added' ? after : before;
        const near = nearestName(owner.value, [...side.names.declarations.keys()]);
        out.push({
          message: `The changelog says \`${claim.subject.value}\` was ${claim.kind} ${claim.kind === 'added' ? 'to' : 'from'} \`${owner.value}\`, which neither ${before.id}'s nor ${after.id}'s schema.ts declares${near ? ` (did you mean \`${near}\`?)` : ''}`,
          location: owner.location,
          related: near ? related(side, placeOf(side, near), `\`${near}\` is here`) : [],
        });
      }
    // `to \`A\` and \`B\``: held to each.
    for (const owners of claim.owners.length > 1 ? claim.owners.map((o) => [o]) : [claim.owners]) {
      const problem =
        claim.kind === 'added'
          ? addedProblem(claim.subject, owners, claim, before, after, since.changes, 'added')
          : claim.kind === 'kept'
            ? keptProblem(claim.subject, owners, claim, before, after)
            : removedProblem(claim.subject, owners, claim, before, after, since.changes, 'removed');
      if (problem) out.push(problem);
    }
  }
  return out;
}

/** Where a schema has a name (its declaration, method or first member of that name). */
function placeOf(side: Side, value: string): Location | undefined {
  const decl = side.names.declarations.get(value) ?? side.names.methods.get(value);
  if (decl) return decl.location;
  const path = side.names.members.get(value)?.[0] ?? (side.names.paths.has(value) ? value : undefined);
  return path ? memberLocation(side.schema, path) : undefined;
}

function memberLocation(schema: SchemaSource, path: string): Location | undefined {
  const [declName, member] = path.split('.');
  const decl = schema.byName.get(declName);
  return decl?.members.find((m) => m.name === member)?.location ?? decl?.location;
}

const related = (side: Side, location: Location | undefined, message: string) =>
  location ? [{ ...location, message: `${side.id}'s schema.ts: ${message}` }] : [];

/** The owners as declarations of one side (an owner that names no declaration is passed over). */
function ownerScope(owners: ChangelogToken[], side: Side): Set<string> | undefined {
  const decls = owners.map((o) => side.names.declarations.get(o.value) ?? side.names.methods.get(o.value));
  const found = decls.filter((d) => !!d);
  if (!found.length) return undefined;
  return new Set(found.flatMap((d) => [...reachable(side.schema, d.name)]));
}

/** Whether a change's path ends in `value` (or is `value`), within the declarations of `scope`. */
function changeNames(change: SchemaChange, value: string, scope: Set<string> | undefined): boolean {
  const root = change.path.split('.')[0];
  if (scope && !scope.has(root)) return false;
  return change.path === value || change.path.endsWith(`.${value}`);
}

/** Whether a side has `value` within the declarations of `scope` (anywhere when none). */
function hasWithin(side: Side, value: string, scope: Set<string> | undefined): boolean {
  if (!scope) return !!nameKind(side.names, value);
  if (scope.has(value)) return true;
  const method = side.names.methods.get(value);
  if (method && scope.has(method.name)) return true;
  const paths = [...(side.names.members.get(value) ?? []), ...(side.names.paths.has(value) ? [value] : [])];
  return paths.some((p) => scope.has(p.split('.')[0]));
}

/**
 * Whether a claim is about a name of the schema though neither schema.ts has it: the sentence
 * calls it a field, method, type..., or, naming no noun, puts it in a declaration
 * (`Added \`shade\` to \`Widget\``). A neutral noun (`the \`x\` key to \`Widget\``) says nothing.
 */
function ofSchema(claim: ChangelogClaim, before: Side, after: Side): boolean {
  if (claim.schemaNoun) return true;
  if (claim.noun) return false;
  return claim.owners.some((o) => before.names.declarations.has(o.value) || after.names.declarations.has(o.value));
}

/** A name said made optional or required is in the version's schema.ts (where the sentence says). */
function keptProblem(
  token: ChangelogToken,
  owners: ChangelogToken[],
  claim: ChangelogClaim,
  before: Side,
  after: Side,
): ClaimProblem | undefined {
  const value = token.value;
  const scope = ownerScope(owners, after);
  if (hasWithin(after, value, scope)) return undefined;
  if (!nameKind(after.names, value) && !nameKind(before.names, value) && !ofSchema(claim, before, after))
    return undefined;
  const where = scope ? ` ${owners.map((o) => `\`${o.value}\``).join(', ')}` : '';
  return {
    message: `The changelog says \`${value}\` was ${claim.says ?? 'changed'}${scope ? ` in${where}` : ''} in ${after.id}, but ${after.id}'s schema.ts has no \`${value}\`${scope ? ` in${where}` : ''}`,
    location: token.location,
    related: nameKind(after.names, value)
      ? related(after, placeOf(after, value), `\`${value}\` is here`)
      : owners.flatMap((o) => related(after, placeOf(after, o.value), `\`${o.value}\` is here`)),
  };
}

function addedProblem(
  token: ChangelogToken,
  owners: ChangelogToken[],
  claim: ChangelogClaim,
  before: Side,
  after: Side,
  changes: SchemaChange[],
  says: string,
): ClaimProblem | undefined {
  const value = token.value;
  const scope = ownerScope(owners, after);
  const where = scope ? ` ${owners.map((o) => `\`${o.value}\``).join(', ')}` : '';
  const claimText = `The changelog says \`${value}\` was ${says}${scope ? ` to${where}` : ''} in ${after.id}`;
  if (!hasWithin(after, value, scope)) {
    const elsewhere = nameKind(after.names, value) || nameKind(before.names, value);
    if (!elsewhere && !ofSchema(claim, before, after)) return undefined; // names nothing of the schema: a header, an OAuth term
    const was = placeOf(before, value);
    return {
      message: `${claimText}, but ${after.id}'s schema.ts has no \`${value}\`${scope ? ` in${where}` : ''}`,
      location: token.location,
      related: nameKind(after.names, value)
        ? related(after, placeOf(after, value), `\`${value}\` is here`)
        : was
          ? related(before, was, `\`${value}\` in ${before.id}`)
          : owners.flatMap((o) => related(after, placeOf(after, o.value), `\`${o.value}\` is here`)),
    };
  }
  // New to this version: not in the previous one there, or added to one more place.
  if (!hasWithin(before, value, scope ? ownerScope(owners, before) : undefined)) return undefined;
  if (changes.some((c) => c.change === 'added' && changeNames(c, value, scope))) return undefined;
  // Or it came with a new type of a member that was there (too deep, or not an object before, to be walked).
  const word = new RegExp(`(?<![\\w$])${value.replace(/[$.]/g, '\\$&')}(?![\\w$])`);
  if (
    changes.some(
      (c) =>
        c.change === 'changed' &&
        c.aspects.includes('type') &&
        (!scope || scope.has(c.path.split('.')[0])) &&
        word.test(c.to?.type ?? '') &&
        !word.test(c.from?.type ?? ''),
    )
  )
    return undefined;
  // A member of a declaration added in this version is new with it, unless the sentence names
  // where it goes and it was there before (a new declaration taking over an inline type).
  if (scope) return alreadyThere(token, claimText, before, scope, where);
  const addedDecls = new Set(
    changes.filter((c) => c.change === 'added' && c.subject === 'declaration').map((c) => c.path),
  );
  const paths = after.names.members.get(value) ?? [];
  if (paths.some((p) => addedDecls.has(p.split('.')[0]))) return undefined;
  return alreadyThere(token, claimText, before, undefined, where);
}

function alreadyThere(
  token: ChangelogToken,
  claimText: string,
  before: Side,
  scope: Set<string> | undefined,
  where: string,
): ClaimProblem {
  const value = token.value;
  return {
    message: `${claimText}, but ${before.id}'s schema.ts already has \`${value}\`${scope ? ` in${where}` : ''} and nothing of that name was added`,
    location: token.location,
    related: related(before, placeOf(before, value), `\`${value}\` in ${before.id}`),
  };
}

function removedProblem(
  token: ChangelogToken,
  owners: ChangelogToken[],
  claim: ChangelogClaim,
  before: Side,
  after: Side,
  changes: SchemaChange[],
  says: string,
): ClaimProblem | undefined {
  const value = token.value;
  const scope = ownerScope(owners, before);
  const where = scope ? ` ${owners.map((o) => `\`${o.value}\``).join(', ')}` : '';
  const claimText = `The changelog says \`${value}\` was ${says}${scope ? ` from${where}` : ''} in ${after.id}`;
  if (!hasWithin(before, value, scope)) {
    if (!nameKind(after.names, value) && !ofSchema(claim, before, after)) return undefined;
    return {
      message: `${claimText}, but ${before.id}'s schema.ts has no \`${value}\`${scope ? ` in${where}` : ''} to remove`,
      location: token.location,
      related: related(after, placeOf(after, value), `\`${value}\` is here`),
    };
  }
  const afterScope = scope ? ownerScope(owners, after) : undefined;
  if (scope && !afterScope) return undefined; // the owner itself is gone, and what it held with it
  if (!hasWithin(after, value, afterScope)) return undefined;
  if (changes.some((c) => changeNames(c, value, scope) && c.change === 'removed')) return undefined;
  return {
    message: `${claimText}, but ${after.id}'s schema.ts still has \`${value}\`${scope ? ` in${where}` : ''}`,
    location: token.location,
    related: related(after, placeOf(after, value), `\`${value}\` is still here`),
  };
}

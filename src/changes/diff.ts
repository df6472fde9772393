/**
 * What changed between two versions' schema.ts: declarations and members added, removed or
 * changed (kind, `extends`, optionality, type text, `@deprecated`). Members are compared by
 * sep-diff's structural walker (src/sep-diff/typescript.ts), so a type written differently but
 * the same (layout, union order, an alias for an inline object) is no change, and inline object
 * types are followed member by member.
 */
import type { Declaration, Member, SchemaSource } from '../model/spec.js';
import type { Location } from '../core/location.js';
import {
  isObject,
  normalType,
  sameType,
  walkMembers,
  type MemberDifference,
  type MemberWalk,
} from '../sep-diff/typescript.js';

export type ChangeKind = 'added' | 'removed' | 'changed';
/** What about a declaration or member changed. */
export type ChangeAspect = 'kind' | 'extends' | 'optionality' | 'type' | 'deprecated';

/** One side of a change: where the item is and what it is there. */
export interface ChangeSide {
  location: Location;
  /** `interface`, `type`, `const`... for a declaration. */
  declarationKind?: string;
  optional?: boolean;
  /** The type text (members, type aliases), flattened to one line. */
  type?: string;
  extends?: string[];
  deprecated?: boolean;
}

export interface SchemaChange {
  change: ChangeKind;
  /** A declaration or a member (a member of an inline type is a member too). */
  subject: 'declaration' | 'member';
  /** `Decl` or `Decl.member.inner`. */
  path: string;
  /** For `changed`: what differs, in a fixed order. */
  aspects: ChangeAspect[];
  from?: ChangeSide;
  to?: ChangeSide;
}

const ASPECT_ORDER: ChangeAspect[] = ['kind', 'extends', 'optionality', 'type', 'deprecated'];

/**
 * The changes from `from` to `to`, ordered by path, then added, changed, removed. `inline` reads
 * an inline object type's members (`inlineMembers`, or a memo of it).
 */
export function schemaChanges(
  from: SchemaSource,
  to: SchemaSource,
  inline?: (typeText: string) => Member[] | undefined,
): SchemaChange[] {
  const out: SchemaChange[] = [];
  for (const decl of to.declarations) {
    if (to.byName.get(decl.name) !== decl) continue; // a second declaration of a name (overloads, merging)
    const before = from.byName.get(decl.name);
    if (!before)
      out.push({ change: 'added', subject: 'declaration', path: decl.name, aspects: [], to: declSide(decl) });
    else compareDeclarations(before, decl, from, to, out, inline);
  }
  for (const decl of from.declarations)
    if (from.byName.get(decl.name) === decl && !to.byName.has(decl.name))
      out.push({ change: 'removed', subject: 'declaration', path: decl.name, aspects: [], from: declSide(decl) });
  const rank: Record<ChangeKind, number> = { added: 0, changed: 1, removed: 2 };
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : rank[a.change] - rank[b.change]));
}

function compareDeclarations(
  before: Declaration,
  after: Declaration,
  from: SchemaSource,
  to: SchemaSource,
  out: SchemaChange[],
  inline?: (typeText: string) => Member[] | undefined,
): void {
  const aspects: ChangeAspect[] = [];
  if (before.kind !== after.kind) aspects.push('kind');
  const bases = (d: Declaration) => d.extends.map(normalType).sort().join(',');
  if (bases(before) !== bases(after)) aspects.push('extends');
  if (!!before.jsdoc?.deprecated !== !!after.jsdoc?.deprecated) aspects.push('deprecated');
  const objects = isObject(before) && isObject(after);
  if (
    !objects &&
    before.kind === after.kind &&
    (isObject(before) !== isObject(after) ||
      (before.typeText !== undefined &&
        after.typeText !== undefined &&
        !sameType(before.typeText, after.typeText, to, from)))
  )
    aspects.push('type');
  if (aspects.length)
    out.push({
      change: 'changed',
      subject: 'declaration',
      path: after.name,
      aspects: order(aspects),
      from: declSide(before),
      to: declSide(after),
    });
  if (objects) compareMembers(before, after, from, to, out, inline);
}

function compareMembers(
  before: Declaration,
  after: Declaration,
  from: SchemaSource,
  to: SchemaSource,
  out: SchemaChange[],
  inline?: (typeText: string) => Member[] | undefined,
): void {
  // The members of the two objects, inline types followed; a member of an inline type is placed
  // at the member that holds it (its own location is in the inline text).
  const byPath = new Map<string, SchemaChange>();
  const changed = (path: string, b: Member, a: Member, aspect: ChangeAspect) => {
    let change = byPath.get(path);
    if (!change) {
      change = { change: 'changed', subject: 'member', path, aspects: [], from: memberSide(b), to: memberSide(a) };
      byPath.set(path, change);
      out.push(change);
    }
    change.aspects = order([...change.aspects, aspect]);
  };
  // The member of `after` an inline member's path goes through.
  const holder = (path: string) => after.members.find((m) => m.name === path.split('.')[1])?.location ?? after.location;
  const placed = new Map<Member, Location>();
  const where = (m: Member, fallback: Location) =>
    placed.get(m) ?? (m.location.file === to.file.path || m.location.file === from.file.path ? m.location : fallback);
  const walk: MemberWalk<Member> = {
    mineSchema: from,
    mineDecl: before,
    extra: true,
    ...(inline ? { inline } : {}),
    child: (x, parent) => {
      const copy = { ...x };
      if (x.location.file !== from.file.path) placed.set(copy, where(parent, parent.location));
      return copy;
    },
  };
  const visit = (d: MemberDifference<Member>) => {
    if (d.kind === 'absent')
      out.push({
        change: 'removed',
        subject: 'member',
        path: d.path,
        aspects: [],
        from: memberSide(d.mine, where(d.mine, before.location)),
      });
    else if (d.kind === 'extra')
      out.push({
        change: 'added',
        subject: 'member',
        path: d.path,
        aspects: [],
        to: memberSide(d.theirs, d.theirs.location.file === to.file.path ? d.theirs.location : holder(d.path)),
      });
    else if (d.kind === 'pair') {
      if (!!d.mine.jsdoc?.deprecated !== !!d.theirs.jsdoc?.deprecated) changed(d.path, d.mine, d.theirs, 'deprecated');
    } else changed(d.path, d.mine, d.theirs, d.kind);
  };
  walkMembers(
    before.members,
    { members: after.members, decl: after, location: after.location },
    after.name,
    to,
    walk,
    visit,
  );
  // Members of inline types carry locations in their inline text: the holding member's instead.
  for (const c of byPath.values()) {
    if (c.from && c.from.location.file !== from.file.path) c.from.location = before.location;
    if (c.to && c.to.location.file !== to.file.path) c.to.location = holder(c.path);
  }
}

/** A type as one line, without the comments inline object types carry. */
const flat = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const order = (aspects: ChangeAspect[]) => ASPECT_ORDER.filter((a) => aspects.includes(a));

function declSide(d: Declaration): ChangeSide {
  return {
    location: d.location,
    declarationKind: d.kind,
    ...(d.typeText !== undefined && !d.members.length ? { type: flat(d.typeText) } : {}),
    ...(d.extends.length ? { extends: d.extends.map(flat) } : {}),
    deprecated: !!d.jsdoc?.deprecated,
  };
}

function memberSide(m: Member, location: Location = m.location): ChangeSide {
  return { location, optional: m.optional, type: flat(m.typeText), deprecated: !!m.jsdoc?.deprecated };
}

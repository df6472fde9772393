/**
 * A version's changelog page read for what it says of the schema: the identifiers it names (code
 * spans, and links whose text is code or a camelCase name), grouped by the list item or paragraph
 * they are in, and the claims its sentences make that identifiers were added, removed or renamed.
 */
import type { Root, RootContent, PhrasingContent } from 'mdast';
import type { Declaration, MarkdownPage, Member, SchemaSource, SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { derivation, type Project } from '../project/project.js';
import { inlineMembers } from '../sep-diff/typescript.js';

/** An identifier the changelog names, where its text starts. */
export interface ChangelogToken {
  value: string;
  location: Location;
  /** The list item or paragraph it is in (an index into the page's units). */
  unit: number;
}

/** `kept`: made optional or required, so still there (`Make \`label\` required in \`Widget\``). */
export type ClaimKind = 'added' | 'removed' | 'renamed' | 'kept';

export interface ChangelogClaim {
  kind: ClaimKind;
  /** What was added or removed; for a rename, the old name. */
  subject: ChangelogToken;
  /** For a rename, the new name. */
  renamedTo?: ChangelogToken;
  /** Declarations it was added to or removed from (`to \`Tool\``), when the sentence names them. */
  owners: ChangelogToken[];
  /** The sentence calls it a field, method, type...: a name of the schema even if no schema.ts has it. */
  schemaNoun: boolean;
  /** The noun after it (`field`, `header`), when the sentence has one. */
  noun?: string;
  /** For a `kept` claim, what the sentence says was done (`made required`). */
  says?: string;
}

export interface Changelog {
  page: MarkdownPage;
  tokens: ChangelogToken[];
  claims: ChangelogClaim[];
}

/** The changelog page of a version: `<docs>/<version>/changelog.mdx` (or `.md`). */
export function changelogPage(version: SpecVersion): MarkdownPage | undefined {
  return version.pages.find(
    (p) => p.path === `${version.docsDir}/changelog.mdx` || p.path === `${version.docsDir}/changelog.md`,
  );
}

/**
 * What a changelog page claims; undefined when it did not parse. Kept by page object, which the
 * loader keeps while the page is unchanged: a watch session reads an unchanged changelog once.
 */
export const changelogOf = derivation(
  'changelog',
  (page: MarkdownPage): Changelog | undefined => (page.tree ? readChangelog(page, page.tree) : undefined),
  { carriesOver: true },
);

/** A name as schema.ts spells one: `Tool`, `inputSchema`, `Tool.inputSchema`, `tools/list`. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:[./][A-Za-z_$][\w$]*)*$/;
/** A link's text taken as an identifier without backticks: camelCase, PascalCase with a lower letter after, a path. */
const LINK_IDENTIFIER = /^(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[A-Za-z_$][\w$]*(?:[./][A-Za-z_$][\w$]*)+)$/;

/** A code token in a unit's text. */
const T = '\u27e6\\d+\u27e7';
/** Nouns after an identifier that make it a name of the schema. */
const SCHEMA_NOUN =
  'fields?|members?|propert(?:y|ies)|methods?|requests?|notifications?|types?|interfaces?|capabilit(?:y|ies)|RPCs?|results?|errors?|enums?|constants?';
/** Nouns after an identifier that say nothing of where it lives. */
const NEUTRAL_NOUN = 'parameters?|handshake|values?|keys?';
const NOUN = `(?:${SCHEMA_NOUN}|${NEUTRAL_NOUN})`;
const ITEM = `${T}(?:\\s+${NOUN})?`;
const LIST = `${ITEM}(?:\\s*(?:,\\s*(?:(?:and|or)\\s+)?|\\/|\\s(?:and|or)\\s+)(?:the\\s+)?${ITEM})*`;
const FILLER = '(?:(?:the|a|an|new|optional|required|experimental|support\\s+for)\\s+)*';
/** What may follow a claim's list: the end of a clause, a preposition, an owner. */
const AFTER = `(?=\\s*(?:$|[,.;:()]|\\s(?:to|in|on|of|from|for|with|as|via|into|so|which|that|and)\\b))`;
const ADD = 'add|adds|added|adding|introduce|introduces|introduced|introducing';
const REMOVE = 'remove|removes|removed|removing|drop|drops|dropped|dropping';
const CLAIM = new RegExp(`\\b(?:(${ADD})|(${REMOVE})|(new))\\s+${FILLER}(${LIST})${AFTER}`, 'gi');
// The second form starts with a code token, where `\b` never matches (no word character either side).
const RENAME = new RegExp(
  `(?:\\brenam(?:e|es|ed|ing)\\s+(?:the\\s+)?(${T})(?:\\s+${NOUN})?\\s+to\\s+(?:the\\s+)?(${T})|(${T})(?:\\s+${NOUN})?\\s+(?:is\\s+|was\\s+|has\\s+been\\s+)?renamed\\s+to\\s+(?:the\\s+)?(${T}))`,
  'gi',
);
/** `\`Widget\` now includes a \`label\` field`: an addition to the declaration named first. */
const NOW_HAS = new RegExp(
  `(${T})\\s+now\\s+(?:includes?|has|have|carr(?:y|ies)|contains?)\\s+${FILLER}(${LIST})${AFTER}`,
  'gi',
);
/** `Make \`label\` required in \`Widget\``, `Require \`label\` field on \`Widget\``: still there, now optional or required. */
const MAKE = new RegExp(`\\b(?:make|makes|made|making)\\s+(?:the\\s+)?(${LIST})\\s+(optional|required)${AFTER}`, 'gi');
const REQUIRE = new RegExp(`\\b(?:require|requires)\\s+${FILLER}(${LIST})${AFTER}`, 'gi');
const OWNER = new RegExp(`^\\s+(?:to|in|on|of|from)\\s+(?:the\\s+)?(${LIST})`, 'i');
/** A sentence that says what implementations must or may do, or what is not so, claims no change to the schema. */
const NOT_AN_EDIT = /\b(?:must|shall|should|may|can|cannot|could|will|would|not|no longer|never)\b/i;

export function readChangelog(page: MarkdownPage, tree: Root): Changelog {
  const tokens: ChangelogToken[] = [];
  const claims: ChangelogClaim[] = [];
  let units = 0;
  const readUnit = (nodes: RootContent[]) => {
    const unit = units++;
    const mine: ChangelogToken[] = [];
    let text = '';
    const add = (value: string, offset: number) => {
      const at = page.file.text.indexOf(value, offset);
      const token = { value, location: page.file.location(at < 0 ? offset : at), unit };
      mine.push(token);
      tokens.push(token);
      text += `\u27e6${mine.length - 1}\u27e7`;
    };
    const phrasing = (node: PhrasingContent | RootContent) => {
      if (node.type === 'inlineCode') {
        if (IDENTIFIER.test(node.value)) add(node.value, node.position?.start.offset ?? 0);
        else text += ` ${node.value} `;
      } else if (node.type === 'text') text += node.value;
      else if (node.type === 'link' && node.children.length === 1 && node.children[0].type === 'text') {
        const value = node.children[0].value;
        if (LINK_IDENTIFIER.test(value)) add(value, node.children[0].position?.start.offset ?? 0);
        else text += value;
      } else if ('children' in node) for (const child of node.children as PhrasingContent[]) phrasing(child);
      else text += ' ';
    };
    for (const node of nodes) {
      phrasing(node);
      text += '\n';
    }
    for (const sentence of sentences(text)) claims.push(...claimsIn(sentence, mine));
  };
  // Each list item (its own paragraphs, not nested lists) and each paragraph outside lists is a unit.
  const visit = (node: RootContent | Root) => {
    if (node.type === 'listItem') {
      readUnit(node.children.filter((c) => c.type !== 'list'));
      for (const c of node.children) if (c.type === 'list') visit(c);
    } else if (node.type === 'paragraph') readUnit([node]);
    else if (node.type === 'heading' || node.type === 'code' || node.type === 'html') return;
    else if ('children' in node) for (const c of node.children as RootContent[]) visit(c);
  };
  visit(tree);
  return { page, tokens, claims };
}

/** A unit's text cut into sentences (a period, then space and a capital or a code token). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z\u27e6])|\n{2,}/).map((s) => s.replace(/\s+/g, ' '));
}

function claimsIn(sentence: string, tokens: ChangelogToken[]): ChangelogClaim[] {
  const out: ChangelogClaim[] = [];
  const at = (marker: string) => tokens[Number(marker.slice(1, -1))];
  const markers = (list: string) => [...list.matchAll(new RegExp(T, 'g'))].map((m) => at(m[0]));
  const isEdit = (index: number) => !NOT_AN_EDIT.test(sentence.slice(0, index));
  // The noun after each identifier of a list (`A` field, `B` method), else the list's last one.
  const listed = (list: string, kind: ClaimKind, owners: ChangelogToken[], says?: string): ChangelogClaim[] => {
    const items = [...list.matchAll(new RegExp(`(${T})(?:\\s+(${NOUN}))?`, 'gi'))];
    const lastNoun = items.at(-1)?.[2];
    return items.map((item) => ({
      kind,
      subject: at(item[1]),
      owners,
      ...nounOf(item[2] ?? lastNoun),
      ...(says ? { says } : {}),
    }));
  };
  for (const m of sentence.matchAll(CLAIM)) {
    if (!isEdit(m.index)) continue;
    const kind: ClaimKind = m[2] ? 'removed' : 'added';
    const owner = OWNER.exec(sentence.slice(m.index + m[0].length));
    out.push(...listed(m[4], kind, owner ? markers(owner[1]) : []));
  }
  for (const m of sentence.matchAll(NOW_HAS)) {
    if (!isEdit(m.index)) continue;
    out.push(...listed(m[2], 'added', [at(m[1])]));
  }
  for (const [m, says] of [
    ...[...sentence.matchAll(MAKE)].map((m) => [m, `made ${m[2].toLowerCase()}`] as const),
    ...[...sentence.matchAll(REQUIRE)].map((m) => [m, 'made required'] as const),
  ]) {
    if (!isEdit(m.index)) continue;
    const owner = OWNER.exec(sentence.slice(m.index + m[0].length));
    out.push(...listed(m[1], 'kept', owner ? markers(owner[1]) : [], says));
  }
  for (const m of sentence.matchAll(RENAME)) {
    if (!isEdit(m.index)) continue;
    const [from, to] = m[1] ? [m[1], m[2]] : [m[3], m[4]];
    out.push({ kind: 'renamed', subject: at(from), renamedTo: at(to), owners: [], schemaNoun: true });
  }
  return out;
}

function nounOf(noun: string | undefined): Pick<ChangelogClaim, 'schemaNoun' | 'noun'> {
  return {
    schemaNoun: !!noun && new RegExp(`^(?:${SCHEMA_NOUN})$`, 'i').test(noun),
    ...(noun ? { noun: noun.toLowerCase() } : {}),
  };
}

// ---------------------------------------------------------------------------
// What a schema.ts names

/** Every name of a schema.ts a changelog may use: declarations, members at any depth, methods. */
export interface SchemaNames {
  declarations: Map<string, Declaration>;
  /** Member name to the paths that have it (`Tool.inputSchema`, `ElicitRequest.params.mode`). */
  members: Map<string, string[]>;
  /** `tools/list` to the declaration whose `method` it is. */
  methods: Map<string, Declaration>;
  paths: Set<string>;
}

const INLINE_DEPTH = 3;

/**
 * `inlineMembers`, once per type text in a project: the versions' schema.ts files share most of
 * their inline object types, and each is parsed with TypeScript.
 */
const inlineMembersByText = derivation('inline members by type text', () => new Map<string, Member[] | undefined>());

export function inlineMembersOnce(project: Project, typeText: string): Member[] | undefined {
  const known = project.derive(inlineMembersByText, project.spec);
  if (known.has(typeText)) return known.get(typeText);
  const members = inlineMembers(typeText, project.runtime);
  known.set(typeText, members);
  return members;
}

export const schemaNamesOf = derivation(
  'schema-names',
  (schema: SchemaSource, project: Project): SchemaNames => {
    const names: SchemaNames = {
      declarations: schema.byName,
      members: new Map(),
      methods: new Map(),
      paths: new Set(),
    };
    const walk = (path: string, members: { name: string; typeText: string }[], depth: number) => {
      for (const m of members) {
        const at = `${path}.${m.name}`;
        names.paths.add(at);
        const list = names.members.get(m.name) ?? [];
        list.push(at);
        names.members.set(m.name, list);
        const inline = depth < INLINE_DEPTH && m.typeText ? inlineMembersOnce(project, m.typeText) : undefined;
        if (inline) walk(at, inline, depth + 1);
      }
    };
    for (const decl of schema.declarations) {
      walk(decl.name, decl.members, 0);
      const method = methodOf(decl);
      if (method && !names.methods.has(method)) names.methods.set(method, decl);
    }
    return names;
  },
  { carriesOver: true },
);

/** The string literal a declaration's `method` member is typed as (a request or notification). */
export function methodOf(decl: Declaration): string | undefined {
  const member = decl.members.find((m) => m.name === 'method');
  return member && /^["'][^"']+["']$/.test(member.typeText.trim()) ? member.typeText.trim().slice(1, -1) : undefined;
}

/** Whether a schema names `value` at all, and how. */
export function nameKind(names: SchemaNames, value: string): 'declaration' | 'method' | 'member' | 'path' | undefined {
  if (names.declarations.has(value)) return 'declaration';
  if (names.methods.has(value)) return 'method';
  if (names.members.has(value)) return 'member';
  if (names.paths.has(value)) return 'path';
  return undefined;
}

/**
 * The declarations a declaration reaches through `extends` and the names in its members' types
 * (a request's `params: CallToolRequestParams`), itself included, a few steps deep.
 */
export function reachable(schema: SchemaSource, name: string, depth = 3): Set<string> {
  const out = new Set<string>();
  let frontier = [name];
  for (let n = 0; n <= depth && frontier.length; n++) {
    const next: string[] = [];
    for (const current of frontier) {
      const decl = schema.byName.get(current);
      if (!decl || out.has(current)) continue;
      out.add(current);
      const texts = [...decl.extends, ...decl.members.map((m) => m.typeText), decl.typeText ?? ''];
      for (const text of texts)
        for (const id of text.match(/\b[A-Z][\w$]*/g) ?? []) if (schema.byName.has(id)) next.push(id);
    }
    frontier = next;
  }
  return out;
}

/**
 * Where the changelog mentions a change, if it does: its declaration by name (or by the method it
 * declares), its path (`Tool.icons`, `icons` after the declaration), or a member by its name in a
 * list item or paragraph that also names the declaration holding it.
 */
export function mentionOf(
  changelog: Changelog,
  change: { change: string; subject: 'declaration' | 'member'; path: string },
  methods: (declaration: string) => string[],
): ChangelogToken | undefined {
  const segments = change.path.split('.');
  const decl = segments[0];
  const declNames = new Set([decl, ...methods(decl)]);
  if (change.subject === 'declaration') return changelog.tokens.find((t) => declNames.has(t.value));
  const tails = new Set(segments.slice(1).map((_, i) => segments.slice(i + 1).join('.')));
  const direct = changelog.tokens.find((t) => t.value === change.path);
  if (direct) return direct;
  const units = new Set(changelog.tokens.filter((t) => declNames.has(t.value)).map((t) => t.unit));
  const inUnit = changelog.tokens.find((t) => units.has(t.unit) && tails.has(t.value));
  if (inUnit) return inUnit;
  // A claim of the same change by the member's name alone (`Added \`completions\` capability`).
  const name = segments.at(-1);
  return changelog.claims.find((c) => c.kind === change.change && c.subject.value === name && !c.owners.length)
    ?.subject;
}

/**
 * prose/member-description: a list item or table row of a page that defines a member of a
 * declaration (`` - `mimeType`: … ``, `` | `mimeType` | … | ``) says what the member's JSDoc and
 * declaration say, where the two can be compared word for word: the same optionality, the same
 * default, and, in a sentence that restates one of the JSDoc's, the same parties, requirement
 * level, negation and numbers.
 */
import { diffArrays } from 'diff/lib/diff/array.js';
import type { Declaration, Member, SchemaSource } from '../model/spec.js';
import type { Location } from '../core/location.js';
import type { Report, Rule } from '../core/rule.js';
import { IDENTIFIER, type Definition } from '../prose/member-definitions.js';
import { jsdocSentences } from '../consistency/extract-schema.js';
import { lcsLength } from '../sep-diff/align.js';
import { sentenceSpans } from '../util/sentences.js';
import { memberFacts } from './jsdoc-facts.js';
import type { Runtime } from '../runtime/runtime.js';
import { inlineTypeSource } from '../sources/inline-types.js';

export const proseMemberDescription: Rule = {
  meta: {
    id: 'prose/member-description',
    description:
      "A list item or table row of a version's pages that defines a member (`` - `name`: … ``, `` | `name` | … | ``) of a declaration the text before it names agrees with the member's declaration and JSDoc in that version's types file: optional or required alike, the same default, and a sentence that restates a JSDoc sentence names the same parties (server, client, source, …), the same RFC 2119 level, negation and numbers.",
    rationale:
      'Pages restate members in bullets and tables, and readers implement from the page. When the page says a field applies "if the server\'s type is missing" where the JSDoc says "if the source MIME type is missing", or calls a required member optional, one of the two is wrong and implementers split. Paraphrase, abbreviation and added detail are not reported: only a difference a word-level comparison can name. It reports at warning: it cannot tell which side is right. Measured on the MCP spec repo (its snapshot and 13 states of its history, about 1,700 definitions compared): 52 findings, all real (the Icon `mimeType` bullet its maintainers later fixed by hand, and a completion `ref` bullet naming a type the schema had renamed).',
    defaultSeverity: 'warning',
    details:
      'A definition is a list item whose text opens with a backticked member name (bold or not) followed by `:`, `-` or a dash, or a table row whose first cell is a backticked member name (its description is the cell under a "Description" header, else the last cell). Its declaration is the one declaration with that member named (as a word or in backticks) in the paragraph just before the list or table, else in the nearest heading; a member name several named declarations share, or no named declaration has, is not read. At least half of the list\'s definitions must be members of that declaration. Compared: "Optional"/"(optional)" or "Required"/"(required)" opening the description against the member\'s `?`; a default the description states ("Defaults to X", "Default: X") against one the JSDoc states; and each description sentence against the JSDoc sentence that shares most words with it, when they share at least 60% of the shorter one\'s words and four or more: a replaced word naming a different party (server, client, host, user, source, …) that the other text never names, a different upper-case RFC 2119 keyword, a "not" on one side only, or a different number.',
    examples: {
      file: 'docs/specification/draft/basic/gadgets.mdx',
      fail: 'Each `Gadget` has:\n\n- `label`: Optional display name the client shows if the server has none\n\n// schema.ts: interface Gadget { /** Optional display name the host shows if the source has none. */ label?: string }',
      pass: 'Each `Gadget` has:\n\n- `label`: Optional display name, shown by the host when the source gives none',
    },
  },
  check(project, { report, guard }) {
    for (const version of project.spec.versions) {
      const types = version.schemaTs;
      if (!types) continue;
      const defaults = new Map<Member, string[]>();
      for (const f of memberFacts(project, types))
        defaults.set(
          f.member,
          f.defaults.map((d) => d.raw),
        );
      const kept = new Map<Declaration, Member[]>();
      const members = (d: Declaration) => {
        let m = kept.get(d);
        if (!m) kept.set(d, (m = membersOf(types, d, project.runtime)));
        return m;
      };
      for (const page of version.pages)
        guard(page.path, () => {
          for (const d of page.memberDefinitions) {
            const resolved = resolve(types, d, members);
            if (resolved)
              compare(d, resolved.declaration, resolved.member, types, defaults.get(resolved.member) ?? [], report);
          }
        });
    }
  },
};

// ---------------------------------------------------------------------------
// Which declaration

/** Declarations (with members) a text names, as a word or in backticks. */
function namedDeclarations(types: SchemaSource, text: string): Declaration[] {
  const out: Declaration[] = [];
  for (const m of text.matchAll(/\b[A-Z][A-Za-z0-9]+\b/g)) {
    const d = types.byName.get(m[0]);
    if (d && (d.members.length || d.extends.length) && !out.includes(d)) out.push(d);
  }
  return out;
}

/**
 * The members a definition of a declaration may name: its own, those of the interfaces it extends
 * in the same file, and those of its `params` type (a request's page lists its params' members).
 */
function membersOf(types: SchemaSource, declaration: Declaration, runtime: Runtime): Member[] {
  const out: Member[] = [];
  const seen = new Set<Declaration>();
  const add = (d: Declaration | undefined, depth: number) => {
    if (!d || seen.has(d) || depth > 6) return;
    seen.add(d);
    for (const m of d.members) if (!out.some((o) => o.name === m.name)) out.push(m);
    for (const name of d.extends) add(types.byName.get(name.replace(/<.*$/s, '').trim()), depth + 1);
  };
  add(declaration, 0);
  const params = out.find((m) => m.name === 'params');
  const paramsType = params?.typeText.trim() ?? '';
  if (IDENTIFIER.test(paramsType)) add(types.byName.get(paramsType), 1);
  else if (params && paramsType.startsWith('{') && paramsType.endsWith('}')) {
    // An inline params object: its members, placed at `params` (their own lines are not kept).
    const inline = inlineTypeSource(runtime, paramsType);
    if (!inline.syntaxErrors.length)
      for (const m of inline.declarations[0]?.members ?? [])
        if (!out.some((o) => o.name === m.name))
          out.push({
            ...m,
            location: params.location,
            jsdoc: m.jsdoc && {
              ...m.jsdoc,
              location: params.location,
              lines: m.jsdoc.lines.map((l) => ({ ...l, location: params.location })),
            },
          });
  }
  return out;
}

function resolve(
  types: SchemaSource,
  d: Definition,
  members: (d: Declaration) => Member[],
): { declaration: Declaration; member: Member } | undefined {
  for (const context of [d.leadIn, d.heading]) {
    const having = namedDeclarations(types, context).filter((x) => members(x).some((m) => m.name === d.name));
    if (having.length > 1) return undefined;
    if (having.length === 1) {
      const declaration = having[0];
      const names = new Set(members(declaration).map((m) => m.name));
      if (d.siblings.filter((s) => names.has(s)).length * 2 < d.siblings.length) return undefined;
      return { declaration, member: members(declaration).find((m) => m.name === d.name)! };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Comparing

interface Word {
  raw: string;
  key: string;
}

function wordsOf(text: string): Word[] {
  return text
    .replace(/`/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => ({
      raw,
      key: raw
        .toLowerCase()
        .replace(/^[^\w]+|[^\w]+$/g, '')
        .replace(/['’]s$/, ''),
    }))
    .filter((w) => w.key);
}

/** Nouns naming a party or an origin: swapping one for another changes who does what. */
const PARTIES = new Set([
  'server',
  'servers',
  'client',
  'clients',
  'host',
  'hosts',
  'user',
  'users',
  'source',
  'sender',
  'receiver',
  'recipient',
  'requester',
  'requestor',
  'caller',
  'model',
  'llm',
]);
const singular = (key: string) => key.replace(/s$/, '');

const KEYWORD =
  /\b(MUST NOT|SHALL NOT|SHOULD NOT|NOT RECOMMENDED|MUST|SHALL|REQUIRED|SHOULD|RECOMMENDED|MAY|OPTIONAL)\b/g;
const LEVEL: Record<string, string> = {
  'MUST NOT': 'MUST NOT',
  'SHALL NOT': 'MUST NOT',
  'SHOULD NOT': 'SHOULD NOT',
  'NOT RECOMMENDED': 'SHOULD NOT',
  MUST: 'MUST',
  SHALL: 'MUST',
  REQUIRED: 'MUST',
  SHOULD: 'SHOULD',
  RECOMMENDED: 'SHOULD',
  MAY: 'MAY',
  OPTIONAL: 'MAY',
};
function levels(text: string): string[] {
  return [...text.matchAll(KEYWORD)].map((m) => LEVEL[m[1]]);
}

/** What differs in substance between a description sentence and the JSDoc sentence it restates. */
export function sentenceDifference(prose: string, jsdoc: string): string | undefined {
  const a = wordsOf(prose);
  const b = wordsOf(jsdoc);
  const common = lcsLength(
    a.map((w) => w.key),
    b.map((w) => w.key),
  );
  if (common < 4 || common < 0.6 * Math.min(a.length, b.length)) return undefined;
  const la = levels(prose).join(' ');
  const lb = levels(jsdoc).join(' ');
  if (la && lb && la !== lb) return `says ${la} where the JSDoc says ${lb}`;
  const keysA = new Set(a.map((w) => singular(w.key)));
  const keysB = new Set(b.map((w) => singular(w.key)));
  let i = 0;
  let j = 0;
  let dropped: Word[] = [];
  let added: Word[] = [];
  const hunks: { dropped: Word[]; added: Word[] }[] = [];
  for (const change of diffArrays(a, b, { comparator: (x, y) => x.key === y.key })) {
    if (change.removed) {
      dropped.push(...a.slice(i, i + change.count));
      i += change.count;
    } else if (change.added) {
      added.push(...b.slice(j, j + change.count));
      j += change.count;
    } else {
      if (dropped.length || added.length) hunks.push({ dropped, added });
      dropped = [];
      added = [];
      i += change.count;
      j += change.count;
    }
  }
  if (dropped.length || added.length) hunks.push({ dropped, added });
  for (const h of hunks) {
    const ours = h.dropped.filter((w) => PARTIES.has(w.key) && !keysB.has(singular(w.key)));
    const theirs = h.added.filter((w) => PARTIES.has(w.key) && !keysA.has(singular(w.key)));
    if (ours.length && theirs.length)
      return `names “${ours.map((w) => w.raw).join(' ')}” where the JSDoc names “${theirs.map((w) => w.raw).join(' ')}”`;
    const negation = (ws: Word[]) => ws.some((w) => w.key === 'not' || w.key === 'never');
    if (
      negation(h.dropped) !== negation(h.added) &&
      (h.dropped.length === 1 || h.added.length === 1) &&
      !(h.dropped.length && h.added.length)
    )
      return negation(h.dropped) ? 'says “not” where the JSDoc does not' : 'lacks the “not” of the JSDoc';
    const number = (ws: Word[]) => ws.filter((w) => /^\d+(?:\.\d+)?$/.test(w.key)).map((w) => w.key);
    const na = number(h.dropped);
    const nb = number(h.added);
    if (na.length && nb.length && na.join() !== nb.join())
      return `says ${na.join(', ')} where the JSDoc says ${nb.join(', ')}`;
  }
  return undefined;
}

/** Optional or required, as a description's opening words say. */
function presenceIn(text: string): 'optional' | 'required' | undefined {
  if (/^(?:\(optional\)|optional\b|an optional\b|\*\*optional\*\*)/i.test(text) || /\(optional\)\s*[.:]?$/i.test(text))
    return 'optional';
  if (/^(?:\(required\)|required\b)/i.test(text) || /\(required\)\s*[.:]?$/i.test(text)) return 'required';
  return undefined;
}

function defaultIn(text: string): string | undefined {
  const m = /\b(?:defaults to|default:|default is|default value is)\s+(`[^`]+`|"[^"]*"|[^\s,;()]+)/i.exec(text);
  if (!m) return undefined;
  return m[1].replace(/^`|`$/g, '').replace(/\.$/, '');
}

function compare(
  d: Definition,
  declaration: Declaration,
  member: Member,
  types: SchemaSource,
  jsdocDefaults: string[],
  report: (r: Report) => void,
): void {
  const name = `${declaration.name}.${member.name}`;
  const declared = {
    ...member.location,
    message: `${name}${member.optional ? '?' : ''}: ${member.typeText}`,
  };
  const says = presenceIn(d.text);
  if (says && (says === 'optional') !== member.optional) {
    report({
      message: `The page calls ${name} ${says}, but ${types.file.path} declares it ${member.optional ? 'optional' : 'required'}`,
      location: d.location,
      related: [declared],
    });
    return;
  }
  const swapped = swappedType(d, member, types, member.jsdoc?.summary ?? '');
  if (swapped) {
    report({
      message: `The page says ${name} is ${swapped.named}, but its type in ${types.file.path} is \`${member.typeText}\`, which does not name ${swapped.name}`,
      location: d.location,
      related: [declared],
    });
    return;
  }
  const doc = member.jsdoc;
  if (!doc) return;
  const stated = defaultIn(d.text);
  if (stated !== undefined && jsdocDefaults.length && !jsdocDefaults.some((v) => sameValue(v, stated))) {
    report({
      message: `The page gives ${name} the default ${stated}, but its JSDoc in ${types.file.path} says ${jsdocDefaults[0]}`,
      location: d.location,
      related: [{ ...doc.location, message: `JSDoc of ${name}` }],
    });
    return;
  }
  const theirs = jsdocSentences(doc);
  for (const span of sentenceSpans(d.text)) {
    const sentence = d.text.slice(span.start, span.end);
    const ours = wordsOf(sentence).map((w) => w.key);
    let best: { text: string; location: Location; score: number } | undefined;
    for (const s of theirs) {
      const score = lcsLength(
        ours,
        wordsOf(s.text).map((w) => w.key),
      );
      if (!best || score > best.score) best = { ...s, score };
    }
    if (!best) continue;
    const difference = sentenceDifference(sentence, best.text);
    if (!difference) continue;
    report({
      message: `The page's description of ${name} ${difference}: “${sentence}” vs “${best.text}” (${types.file.path})`,
      location: d.location,
      related: [{ ...best.location, message: `JSDoc of ${name}` }],
    });
    return;
  }
}

/** Names of types a type's text refers to, type aliases followed two levels. */
function typeNames(types: SchemaSource, typeText: string, depth = 0): Set<string> {
  const out = new Set<string>();
  for (const m of typeText.matchAll(/\b[A-Z][A-Za-z0-9]*\b/g)) {
    out.add(m[0]);
    const alias = types.byName.get(m[0]);
    if (depth < 2 && alias?.kind === 'type' && alias.typeText)
      for (const n of typeNames(types, alias.typeText, depth + 1)) out.add(n);
  }
  return out;
}

/**
 * A type the description names in backticks beside one its declared type names, where the type
 * and the JSDoc never name it: "A `PromptReference` or `ResourceReference`" of a member typed
 * `PromptReference | ResourceTemplateReference`.
 */
function swappedType(
  d: Definition,
  member: Member,
  types: SchemaSource,
  jsdoc: string,
): { name: string; named: string } | undefined {
  const named = [...new Set(d.codes.filter((c) => /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/.test(c)))];
  if (named.length < 2) return undefined;
  const declared = typeNames(types, member.typeText);
  if (!named.some((n) => declared.has(n))) return undefined;
  const stray = named.find((n) => !declared.has(n) && !new RegExp(`\\b${n}\\b`).test(jsdoc));
  if (!stray) return undefined;
  return { name: `\`${stray}\``, named: named.map((n) => `\`${n}\``).join(' or ') };
}

function sameValue(a: string, b: string): boolean {
  const norm = (v: string) => v.replace(/^["'`]|["'`]$/g, '').toLowerCase();
  return norm(a) === norm(b);
}

/**
 * What a version's schema.ts says about messages, computed once per version from the model:
 * which declaration a `method` names (request or notification), which result type answers a
 * request, which declarations are the JSON-RPC envelopes, and every declaration's members
 * including those inherited through `extends`. Shared by the prose, cross-reference and
 * consistency checks, so they agree on what a name means.
 */
import type { Declaration, Member, SchemaSource, SpecVersion } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import { escapeRegExp } from '../util/regexp.js';
import { versionDeclarations } from '../model/json-schema-declarations.js';
import { inlineTypeSource } from '../sources/inline-types.js';
import type { Runtime } from '../runtime/runtime.js';

export interface MessageIndex {
  /** `method` literal -> the request declaration that carries it. */
  requests: Map<string, Declaration>;
  /** `method` literal -> the notification declaration that carries it. */
  notifications: Map<string, Declaration>;
  /** The JSON-RPC envelopes, by what they carry. */
  envelopes: { request?: Declaration; notification?: Declaration; result?: Declaration; error?: Declaration };
  /** The type every result extends (the result envelope's `result`), if the schema names one. */
  resultBase?: Declaration;
  /** Declarations that are results (answer a request), in file order. */
  resultTypes: Declaration[];
  /**
   * Requests and notifications that describe their message's `params`, not the whole message: a
   * JSON Schema's definitions that name their method by `x-method` instead of declaring `method`.
   */
  paramsTypes: Set<Declaration>;
  /** The result type of a request's method, when the schema names one. */
  resultTypeOf(method: string): Declaration | undefined;
  /** Members of a declaration, own first, then inherited through `extends` (nearest first). */
  membersOf(declaration: Declaration): Member[];
  declaration(name: string): Declaration | undefined;
  /** What classifying JSON values reads of the index again and again, worked out on first read. */
  readonly facts: IndexFacts;
}

export interface IndexFacts {
  resultNames: Set<string>;
  /** Result types no other declaration extends, that have members. */
  concrete: Declaration[];
  /** Members every result has (`_meta`): they say nothing about which result a value is. */
  common: Set<string>;
  /** Methods by the name of their result type, in request order. */
  answeredBy: Map<string, string[]>;
  /** Each request method and a pattern that finds it named whole in a text. */
  methodPatterns: { method: string; pattern: RegExp }[];
}

/**
 * The message index of a version, built once per schema.ts (or, where the JSON Schema is the
 * source, per JSON Schema); undefined when it has no readable one.
 */
export function messageIndex(project: Project, version: SpecVersion): MessageIndex | undefined {
  const source = declarationsSource(project, version);
  return source && messageIndexOfSource(project, source);
}

/** The declarations of a version: its types file's, or its JSON Schema's where that is the source. */
export function declarationsSource(project: Project, version: SpecVersion): SchemaSource | undefined {
  if (version.schemaTs) return version.schemaTs;
  if (version.source !== 'jsonSchema') return undefined;
  return project.derive(versionDeclarations, version);
}

/** The message index of a schema.ts. */
export function messageIndexOfSource(project: Project, source: SchemaSource): MessageIndex {
  return project.derive(messageIndexOf, source);
}

/** A function of schema.ts alone, which the loader keeps while its text is unchanged: it carries over in watch mode. */
const messageIndexOf = derivation('message index', (source: SchemaSource, project) => build(source, project.runtime), {
  carriesOver: true,
});

/** The name a heritage clause or a type reference names, without type arguments: `Foo<Bar>` -> `Foo`. */
export function baseName(typeText: string): string {
  return typeText
    .trim()
    .replace(/<[\s\S]*$/, '')
    .trim();
}

/** The string a literal type spells (`"tools/call"`), if the type text is one. */
export function stringLiteral(typeText: string): string | undefined {
  const m = /^\s*(["'])((?:(?!\1).)*)\1\s*$/.exec(typeText);
  return m ? m[2] : undefined;
}

function build(source: SchemaSource, runtime: Runtime): MessageIndex {
  const byName = source.byName;
  const memberCache = new Map<Declaration, Member[]>();

  // A type alias that joins types (`JSONRPCRequest & { method: "tasks/get" }`) declares the members
  // of its object parts as its own, and extends the types it names.
  const ownCache = new Map<Declaration, Member[]>();
  const own = (decl: Declaration): Member[] => {
    if (decl.kind !== 'type' || decl.members.length || !decl.typeText) return decl.members;
    let found = ownCache.get(decl);
    if (!found) ownCache.set(decl, (found = literalParts(decl, runtime)));
    return found;
  };
  const heritage = (decl: Declaration): string[] =>
    decl.kind === 'type' && !decl.members.length && decl.typeText
      ? [...decl.extends, ...intersected(decl.typeText)]
      : decl.extends;

  const membersOf = (decl: Declaration): Member[] => {
    const cached = memberCache.get(decl);
    if (cached) return cached;
    memberCache.set(decl, own(decl)); // a cycle in `extends` ends here
    const out = [...own(decl)];
    const seen = new Set(out.map((m) => m.name));
    // A union among the joined types (`DetailedTask`) has what any of its branches has.
    const parents = heritage(decl).flatMap((name) => {
      const part = byName.get(baseName(name));
      const branches = decl.extends.includes(name) || !part?.typeText ? [] : unionOfNames(part.typeText);
      return branches.length ? branches : [name];
    });
    for (const parent of parents) {
      const p = byName.get(baseName(parent));
      if (!p) continue;
      for (const m of membersOf(p)) {
        if (seen.has(m.name)) continue;
        seen.add(m.name);
        out.push(m);
      }
    }
    memberCache.set(decl, out);
    return out;
  };
  const ancestors = (decl: Declaration, seen = new Set<string>()): string[] => {
    for (const parent of heritage(decl)) {
      const name = baseName(parent);
      if (seen.has(name)) continue;
      seen.add(name);
      const p = byName.get(name);
      if (p) ancestors(p, seen);
    }
    return [...seen];
  };
  const member = (decl: Declaration, name: string) => membersOf(decl).find((m) => m.name === name);

  // Envelopes: the declarations that themselves carry `jsonrpc`, told apart by what else they carry.
  const envelopes: MessageIndex['envelopes'] = {};
  for (const decl of source.declarations) {
    if (!own(decl).some((m) => m.name === 'jsonrpc')) continue;
    // A declaration whose `method` is one literal is that method's request or notification, not the envelope
    // of every one (a spec without JSONRPCRequest declares `jsonrpc` on each message).
    const method = own(decl).find((m) => m.name === 'method');
    if (method && stringLiteral(method.typeText) !== undefined) continue;
    const all = new Set(membersOf(decl).map((m) => m.name));
    if (all.has('error')) envelopes.error ??= decl;
    else if (all.has('result')) envelopes.result ??= decl;
    else if (all.has('method') && all.has('id')) envelopes.request ??= decl;
    else if (all.has('method')) envelopes.notification ??= decl;
  }

  // Requests and notifications: declarations whose `method` is a string literal.
  const requests = new Map<string, Declaration>();
  const notifications = new Map<string, Declaration>();
  for (const decl of source.declarations) {
    if (decl.kind !== 'interface' && decl.kind !== 'type') continue;
    const method = own(decl).find((m) => m.name === 'method');
    const literal = method && stringLiteral(method.typeText);
    if (!literal) continue;
    const lineage = ancestors(decl);
    const isNotification =
      lineage.some((a) => /Notification$/.test(a)) ||
      (!lineage.some((a) => /Request$/.test(a)) && /Notification$/.test(decl.name));
    (isNotification ? notifications : requests).set(
      literal,
      requests.get(literal) ?? notifications.get(literal) ?? decl,
    );
  }

  const { paramsTypes, answers } = xMethodMessages(source, requests, notifications);

  // Results: declarations named `...Result` that are not envelopes, and what extends `Result`.
  const resultBase =
    envelopes.result && member(envelopes.result, 'result')
      ? byName.get(baseName(member(envelopes.result, 'result')!.typeText))
      : undefined;
  const answerSet = new Set(answers.values());
  const resultTypes = source.declarations.filter(
    (d) =>
      answerSet.has(d) ||
      (d !== resultBase &&
        (d.kind === 'interface' || d.kind === 'type') &&
        !membersOf(d).some((m) => m.name === 'jsonrpc') &&
        (/Result$/.test(d.name) || (resultBase !== undefined && ancestors(d).includes(resultBase.name)))),
  );

  const resultTypeOf = (method: string): Declaration | undefined => {
    const request = requests.get(method);
    if (!request) return undefined;
    const answer = answers.get(method);
    if (answer) return answer;
    // `FooRequest` is answered by `FooResult`; a `FooResultResponse` names its result member's type.
    const stem = request.name.replace(/Request$/, '');
    const direct = byName.get(`${stem}Result`);
    if (direct) return direct;
    const response = byName.get(`${stem}ResultResponse`);
    const result = response && member(response, 'result');
    if (result) return byName.get(baseName(result.typeText));
    // `FooResponse`, as schemas written by hand name the answer: the result itself, or an
    // envelope whose `result` member names it.
    // Only an object of its own members: a union (`FooSuccessResponse | ErrorResponse`) is a
    // choice of envelopes, not a result.
    const named = byName.get(`${stem}Response`);
    if (!named?.members.length || membersOf(named).some((m) => m.name === 'jsonrpc')) return undefined;
    const inner = member(named, 'result');
    return inner ? byName.get(baseName(inner.typeText)) : named;
  };

  let facts: IndexFacts | undefined;
  const index: MessageIndex = {
    requests,
    notifications,
    envelopes,
    resultBase,
    resultTypes,
    paramsTypes,
    resultTypeOf,
    membersOf,
    declaration: (name) => byName.get(name),
    get facts() {
      return (facts ??= factsOf(index));
    },
  };
  return index;
}

function factsOf(index: MessageIndex): IndexFacts {
  const extended = new Set(index.resultTypes.flatMap((d) => d.extends.map(baseName)));
  const answeredBy = new Map<string, string[]>();
  for (const method of index.requests.keys()) {
    const name = index.resultTypeOf(method)?.name;
    if (name !== undefined) answeredBy.set(name, [...(answeredBy.get(name) ?? []), method]);
  }
  return {
    resultNames: new Set(index.resultTypes.map((d) => d.name)),
    concrete: index.resultTypes.filter((d) => !extended.has(d.name) && index.membersOf(d).length > 0),
    common: commonMembers(index),
    answeredBy,
    methodPatterns: [...index.requests.keys()].map((method) => ({
      method,
      pattern: new RegExp(`(?<![\\w/])${escapeRegExp(method)}(?![\\w/])`),
    })),
  };
}

/**
 * Members every result has (`_meta`): those of the type every result extends, or, where the schema
 * names none (a JSON Schema whose results each declare `_meta`), those all of its results declare.
 */
function commonMembers(index: MessageIndex): Set<string> {
  if (index.resultBase) return new Set(index.membersOf(index.resultBase).map((m) => m.name));
  const results = index.resultTypes.filter((d) => d.members.length > 0);
  if (results.length < 2) return new Set();
  const [first, ...rest] = results.map((d) => new Set(index.membersOf(d).map((m) => m.name)));
  return new Set([...first].filter((name) => rest.every((names) => names.has(name))));
}

/** The named types an intersection type joins (`Result & Task & { ... }` -> Result, Task); none for any other type. */
function intersected(typeText: string): string[] {
  const parts = topLevel(typeText, '&');
  if (parts.length < 2) return [];
  return parts.map((p) => p.trim()).filter((p) => /^[A-Za-z_$][\w$]*(<.*>)?$/s.test(p));
}

/** The named types a union of names is (`A | B | C`); none when a branch is anything else. */
function unionOfNames(typeText: string): string[] {
  const parts = topLevel(typeText, '|')
    .map((p) => p.trim())
    .filter((p) => p);
  return parts.length > 1 && parts.every((p) => /^[A-Za-z_$][\w$]*$/.test(p)) ? parts : [];
}

/** A type text split at one operator outside brackets, braces, parentheses and strings. */
function topLevel(typeText: string, operator: '&' | '|'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < typeText.length; i++) {
    const c = typeText[i];
    if (quote) {
      if (c === quote && typeText[i - 1] !== '\\') quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('{[(<'.includes(c)) depth++;
    else if ('}])'.includes(c) || (c === '>' && typeText[i - 1] !== '=')) depth--;
    else if (c === operator && depth === 0) {
      parts.push(typeText.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(typeText.slice(start));
  return parts;
}

/** The members of the object types an intersection alias joins (`A & { b: string }` -> b), at the alias. */
function literalParts(decl: Declaration, runtime: Runtime): Member[] {
  const joined = topLevel(decl.typeText ?? '', '&').map((p) => p.trim());
  const parts = joined.filter((p) => p.startsWith('{') && p.endsWith('}'));
  if (joined.length < 2 || !parts.length) return [];
  return parts.flatMap((part) => {
    const parsed = inlineTypeSource(runtime, part);
    const inline = parsed.syntaxErrors.length ? undefined : parsed.declarations[0];
    return (inline?.members ?? []).map((m) => ({ ...m, location: decl.location, jsdoc: undefined }));
  });
}

/**
 * A JSON Schema may name a definition's method by an extension key (`x-method`) instead of a
 * `method` member: a `FooRequest` or `FooNotification` is then its message's params (added to
 * `requests` or `notifications`), a `FooResponse` or `FooResult` its answer's result.
 */
function xMethodMessages(
  source: SchemaSource,
  requests: Map<string, Declaration>,
  notifications: Map<string, Declaration>,
): { paramsTypes: Set<Declaration>; answers: Map<string, Declaration> } {
  const paramsTypes = new Set<Declaration>();
  const answers = new Map<string, Declaration>();
  const byXMethod = new Map<string, Declaration[]>();
  for (const decl of source.declarations)
    if (decl.xMethod && !decl.members.some((m) => m.name === 'method'))
      byXMethod.set(decl.xMethod, [...(byXMethod.get(decl.xMethod) ?? []), decl]);
  for (const [method, decls] of byXMethod) {
    const answer = decls.filter((d) => /(Response|Result)$/.test(d.name));
    const notification = decls.filter((d) => /Notification$/.test(d.name));
    // Without a suffix, a definition is the request when the method has an answer.
    const request = decls.filter(
      (d) => /Request$/.test(d.name) || (answer.length > 0 && !answer.includes(d) && !notification.includes(d)),
    );
    if (answer.length === 1) answers.set(method, answer[0]);
    if (request.length === 1 && !requests.has(method) && !notifications.has(method)) {
      requests.set(method, request[0]);
      paramsTypes.add(request[0]);
    } else if (!request.length && notification.length === 1 && !requests.has(method) && !notifications.has(method)) {
      notifications.set(method, notification[0]);
      paramsTypes.add(notification[0]);
    }
  }
  return { paramsTypes, answers };
}

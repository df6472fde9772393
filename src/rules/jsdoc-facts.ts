/**
 * What a member's JSDoc states of the member itself: that it is required or optional, what it
 * defaults to, and numeric bounds, each where it is written. Read only from sentences whose
 * subject is the member (a bare "Required.", "Optional …" opening the comment, "This field is
 * required", "If omitted, …", "Default: X"), never from sentences about another thing ("`type:
 * "object"` is required at the root", "Defaults to 2020-12 when no `$schema` is provided").
 */
import type { Declaration, JsDoc, Member, SchemaSource } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { bodyLines, jsdocSentences } from '../consistency/extract-schema.js';
import { derivation, type Project } from '../project/project.js';

export type Presence = 'required' | 'optional' | 'absent';

export interface Statement {
  text: string;
  location: Location;
}

export interface PresenceStatement extends Statement {
  /** `required`: says the member must be there; `optional`: calls it optional; `absent`: says what its absence means. */
  says: Presence;
}

export interface DefaultStatement extends Statement {
  /** The value as written (backticks removed). */
  raw: string;
  /** The value read as JSON (or a JS object literal); `undefined` when it does not read as one. */
  value?: unknown;
  /** `@default` tag or text. */
  fromTag: boolean;
}

export interface BoundStatement extends Statement {
  side: 'minimum' | 'maximum';
  value: number;
  fromTag: boolean;
}

export interface MemberFacts {
  declaration: Declaration;
  member: Member;
  presence: PresenceStatement[];
  defaults: DefaultStatement[];
  bounds: BoundStatement[];
}

/** The facts of every member of a schema.ts with a JSDoc that states any, read once per source. */
export function memberFacts(project: Project, source: SchemaSource): MemberFacts[] {
  return project.derive(factsOfSource, source);
}

const factsOfSource = derivation(
  'jsdoc member facts',
  (source: SchemaSource): MemberFacts[] => {
    const out: MemberFacts[] = [];
    for (const declaration of source.declarations)
      for (const member of declaration.members) {
        if (!member.jsdoc) continue;
        const facts = readFacts(declaration, member, member.jsdoc);
        if (facts.presence.length || facts.defaults.length || facts.bounds.length) out.push(facts);
      }
    return out;
  },
  { carriesOver: true },
);

const NOUN = '(?:field|member|property|parameter|value)';
const SUPPLIED = '(?:specified|provided|set|present|given|included|supplied)';

const SUBJECT = `(?:(?:this|the) ${NOUN}|\`([^\`]+)\`)`;
const REQUIRED = [
  /^required\s*[.!:]?$/i,
  /^required\s*:/i,
  new RegExp(`^${SUBJECT} (?:is (?:always )?required|MUST (?:always )?be (?:present|included|provided|set))\\b`, 'i'),
  /^always (?:present|included)\s*\.?$/i,
];
const OPTIONAL = [/^optional\s*(?:[.!:]|[—–]|-\s)/i, /^optional\s*$/i, new RegExp(`^${SUBJECT} is optional\\b`, 'i')];
const ABSENT = [
  new RegExp(`^(?:if|when) (?:it is |this ${NOUN} is )?(?:not ${SUPPLIED}|omitted|absent|missing)\\b`, 'i'),
  new RegExp(`^(?:this ${NOUN} )?MAY be omitted\\b`, 'i'),
];
/** Words without which a comment states none of these facts: most comments are passed over on this test. */
const ANY_FACT =
  /required|optional|omit|absent|missing|not (?:specified|provided|set|present|given|included|supplied)|default|between|at (?:most|least)|exceed|no (?:more|greater|less) than|or equal to|range|non-negative|always (?:present|included)/i;

/** Whether a sentence says the member is required, optional or may be absent; a backticked subject must be the member. */
function presenceOf(text: string, name: string, first: boolean): Presence | undefined {
  const matches = (patterns: RegExp[]) =>
    patterns.some((r) => {
      const m = r.exec(text);
      return !!m && (m[1] === undefined || m[1] === name);
    });
  if (matches(REQUIRED)) return 'required';
  // "Optional annotations for the client." / "An optional name …": the comment's opening words.
  if (matches(OPTIONAL) || (first && /^(?:an? )?optional\s+[\w`]/i.test(text))) return 'optional';
  if (matches(ABSENT)) return 'absent';
  return undefined;
}

function readFacts(declaration: Declaration, member: Member, doc: JsDoc): MemberFacts {
  const facts: MemberFacts = { declaration, member, presence: [], defaults: [], bounds: [] };
  const tagged = doc.tags.some((t) => t.name === 'default' || t.name === 'minimum' || t.name === 'maximum');
  if (!tagged && !doc.lines.some((l) => ANY_FACT.test(l.text))) return facts;
  // A bullet starts a statement of its own: "Default is `"log"`." ends before "- `"linear"`: …".
  const lines = doc.lines.flatMap((l) => (/^\s*[-*]\s/.test(l.text) ? [{ ...l, text: '' }, l] : [l]));
  jsdocSentences({ ...doc, lines }).forEach((s, i) => {
    const text = s.text.trim();
    const says = presenceOf(text, member.name, i === 0);
    if (says) facts.presence.push({ says, text, location: s.location });
    const stated = defaultIn(text);
    if (stated !== undefined) facts.defaults.push({ ...readValue(stated), text, location: s.location, fromTag: false });
    for (const bound of boundsIn(text))
      facts.bounds.push({
        ...bound,
        text: bound.phrase,
        location: phraseLocation(doc, bound.phrase) ?? s.location,
        fromTag: false,
      });
  });
  // An enumerated value marked the default: "- `"auto"`: Model decides (default)".
  for (const line of bodyLines(doc)) {
    const m =
      /^(\s*[-*]\s+)`?("[^"]*"|[\w.-]+)`?\s*[:—–-].*\((?:the )?default(?: (?:when|if) (absent|omitted))?\)\s*\.?$/i.exec(
        line.text,
      );
    if (!m) continue;
    const location = { ...line.location, column: line.location.column + m[1].length };
    facts.defaults.push({ ...readValue(m[2]), text: line.text.trim(), location, fromTag: false });
    if (m[3]) facts.presence.push({ says: 'absent', text: line.text.trim(), location });
  }
  for (const tag of doc.tags) {
    const text = `@${tag.name} ${tag.text}`.trim();
    if (tag.name === 'default' && tag.text.trim())
      facts.defaults.push({ ...readValue(tag.text.trim()), text, location: tag.location, fromTag: true });
    if (tag.name === 'minimum' || tag.name === 'maximum') {
      const value = numberIn(tag.text.trim());
      if (value !== undefined)
        facts.bounds.push({ side: tag.name, value, text, location: tag.location, fromTag: true });
    }
  }
  return facts;
}

/** Where a phrase of a statement is written, when it stands on one line of the comment. */
function phraseLocation(doc: JsDoc, phrase: string): Location | undefined {
  for (const line of doc.lines) {
    const i = line.text.indexOf(phrase);
    if (i >= 0) return { ...line.location, column: line.location.column + i };
  }
  return undefined;
}

const ASSUMED = new RegExp(
  `^(?:if|when) (?:not ${SUPPLIED}|omitted|absent),? (?:this|it) (?:is assumed to be|defaults to)\\s+(.+?)\\s*\\.?$`,
  'i',
);

/** The value a sentence gives as the member's default, unless the sentence makes it conditional. */
function defaultIn(text: string): string | undefined {
  const stated = /^default(?:s to|\s*:|\s+is|\s+value\s+is)\s+(.+?)\s*\.?$/i.exec(text)?.[1] ?? ASSUMED.exec(text)?.[1];
  if (stated === undefined) return undefined;
  // Only the value itself, not a clause after it ("Default is `"none"`. …" is split into sentences already).
  const value = /^(`[^`]+`|"[^"]*"|[^\s,;(]+)(.*)$/.exec(stated);
  if (!value) return undefined;
  const rest = value[2].trim();
  // "… when no explicit `$schema` is provided": a default of something else, or under a condition.
  if (rest && !/^\(.*\)$/.test(rest)) return undefined;
  return value[1];
}

function readValue(raw: string): { raw: string; value?: unknown } {
  const bare = raw.replace(/^`|`$/g, '').trim();
  for (const candidate of [bare, bare.replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')]) {
    try {
      return { raw: bare, value: JSON.parse(candidate) };
    } catch {
      // not JSON: try the next reading
    }
  }
  return { raw: bare };
}

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';
/** A number that is the bound itself, not a count of something ("at most 100 items"). */
const NOT_A_COUNT = '(?![\\w%]|\\.\\d|\\s+[A-Za-z])';

const BETWEEN = new RegExp(`\\bbetween ${NUMBER} and ${NUMBER}${NOT_A_COUNT}`, 'i');
const RANGE = new RegExp(`\\bin the range \\[${NUMBER},\\s*${NUMBER}\\]`, 'i');
const AT_MOST = new RegExp(
  `\\b(?:at most|must not exceed|no (?:more|greater) than|less than or equal to)\\s+${NUMBER}${NOT_A_COUNT}`,
  'i',
);
const AT_LEAST = new RegExp(`\\b(?:at least|no less than|greater than or equal to)\\s+${NUMBER}${NOT_A_COUNT}`, 'i');

function numberIn(text: string): number | undefined {
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** Inclusive numeric bounds a sentence states: "between 0 and 1", "at most 1", "must not exceed 5". */
export function boundsIn(text: string): { side: 'minimum' | 'maximum'; value: number; phrase: string }[] {
  if (/\bexclusive\b/i.test(text)) return [];
  const out: { side: 'minimum' | 'maximum'; value: number; phrase: string }[] = [];
  const between = BETWEEN.exec(text);
  if (between) {
    const phrase = between[0];
    out.push(
      { side: 'minimum', value: Number(between[1]), phrase },
      { side: 'maximum', value: Number(between[2]), phrase },
    );
  }
  const range = RANGE.exec(text);
  if (range)
    out.push(
      { side: 'minimum', value: Number(range[1]), phrase: range[0] },
      { side: 'maximum', value: Number(range[2]), phrase: range[0] },
    );
  const max = AT_MOST.exec(text);
  if (max) out.push({ side: 'maximum', value: Number(max[1]), phrase: max[0] });
  const min = AT_LEAST.exec(text);
  if (min) out.push({ side: 'minimum', value: Number(min[1]), phrase: min[0] });
  const nonNegative = /\bnon-negative\b/i.exec(text);
  if (nonNegative) out.push({ side: 'minimum', value: 0, phrase: nonNegative[0] });
  return out;
}

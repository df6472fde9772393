/**
 * Compares one stretch of proposed wording with the stretch of the spec it targets and turns
 * every difference into one finding. The finding's main location is in the spec (the page or
 * schema.ts: that is where a pull request's edits are reviewed); its related location is the
 * SEP's wording.
 */
import type { Location } from '../core/location.js';
import type { Finding } from '../core/finding.js';
import type { RelatedLocation } from '../core/location.js';
import { align, keywordsOf, MATCH_RATIO, outOfOrder, wordHunks, type Hunk, type Keyword } from './align.js';
import type { Unit, Word } from './units.js';
import type { RuleMeta } from '../core/rule.js';
import { sepDiffKinds, type SepDiffKind } from '../rules/registry.js';
import { markedSentence, quoteWhole } from './word-diff.js';

/**
 * A difference as a finding of its registered kind, at the kind's default severity (a warning for
 * a kind off by default); `sepDiff` applies the config's, and drops the kinds that are off.
 */
export function finding(kind: SepDiffKind, message: string, location: Location, related: RelatedLocation[]): Finding {
  const { id, defaultSeverity } = sepDiffKinds[kind] as RuleMeta;
  return { rule: id, severity: defaultSeverity === 'off' ? 'warning' : defaultSeverity, message, ...location, related };
}

/** A short quotation of a text, for messages. */
export function quote(text: string, max = 70): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat}”`;
}

const noun: Record<Unit['kind'], string> = { item: 'item', sentence: 'sentence', heading: 'heading', row: 'table row' };

function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

export interface StretchOptions {
  /**
   * `section`: the stretch runs from the section's start to the last block with a matched unit;
   * `fragment`: from the first such block to the last; `whole`: all of it (a JSDoc summary).
   */
  mode: 'section' | 'fragment' | 'whole';
  /** Where to point in the spec when nothing there matches (the section's heading, the declaration). */
  anchor: Location;
  /** What the spec side is called in messages ("page", "JSDoc in schema.ts"). */
  docName: string;
  /**
   * A restatement (a SEP's TypeScript block quoting the comments of what it changes, often
   * shortened or paraphrased): of the sentences that pair with none, those only the spec has are
   * not reported, nor plain ones only the SEP has; a requirement (a sentence with an RFC 2119
   * keyword) only the SEP has still is. Paired sentences are compared as always.
   */
  restatement?: boolean;
  /**
   * The SEP states requirement levels with RFC 2119 keywords (default true). When it writes none,
   * the spec's keywords formalize its plain prose: they are not compared, and a sentence differs
   * only by its other words.
   */
  keywords?: boolean;
  /**
   * The SEP's wording is proposed as the text of a named page: a word-level difference is a
   * `proposed-wording` finding (on by default) rather than a `changed` one, and the order of
   * every list is compared, bulleted ones included.
   */
  proposal?: boolean;
  /**
   * Whether the spec says a unit only the SEP has somewhere else than the compared stretch (the
   * JSDoc of another declaration): then it moved, and is not missing.
   */
  saidElsewhere?: (unit: Unit) => boolean;
}

export interface StretchResult {
  findings: Finding[];
  matched: number;
  compared: number;
}

export function compareStretch(sepUnits: Unit[], docUnitsAll: Unit[], options: StretchOptions): StretchResult {
  const { pairs, sepOnly, docOnly: docOnlyAll } = align(sepUnits, docUnitsAll);
  const docName = options.docName;
  const wordingKind: SepDiffKind = options.proposal ? 'proposed-wording' : 'changed';
  const findings: Finding[] = [];
  const sepRef = (u: Unit, message = 'the SEP’s wording'): RelatedLocation => ({ ...u.location, message });

  // The stretch the proposal covers: up to the last block holding a matched unit (and from the first, for fragments).
  const blocks = pairs.map((p) => p.doc.block);
  const firstBlock = options.mode === 'fragment' && blocks.length ? Math.min(...blocks) : 0;
  const lastBlock = blocks.length ? Math.max(...blocks) : -1;
  const docOnly =
    options.mode === 'whole' ? docOnlyAll : docOnlyAll.filter((u) => u.block >= firstBlock && u.block <= lastBlock);

  for (const pair of pairs) {
    const { sep, doc } = pair;
    const kwSep = keywordsOf(sep);
    const kwDoc = keywordsOf(doc);
    const keywordFinding = options.keywords === false ? undefined : compareKeywords(sep, doc, kwSep, kwDoc, docName);
    // The keyword finding shows the sentence whole, every changed word marked: a second finding
    // for its other words would say the same again.
    if (keywordFinding) {
      findings.push(keywordFinding);
      continue;
    }
    const hunks = wordHunks(
      sep,
      doc,
      new Set(kwSep.flatMap((k) => k.words)),
      new Set(kwDoc.flatMap((k) => k.words)),
    ).filter((h) => !sameLetters(h.dropped, h.added) && !filledIn(h.dropped, h.added));
    if (!hunks.length || spelledOut(hunks)) continue;
    const first = hunks[0];
    const what = noun[doc.kind];
    // The spec's unit whole, the changed words marked; a unit reworded throughout is quoted on both sides.
    const message =
      pair.ratio < MATCH_RATIO
        ? `The ${docName} words this ${what} differently from the SEP: ${quoteWhole(doc.plain)} where the SEP has ${quoteWhole(sep.plain)}`
        : `This ${what} differs from the SEP’s wording in the ${docName}: ${markedSentence(sep, doc)}`;
    // A reworded unit is pointed at as a whole; a changed clause at its first differing word on each side.
    const reworded = pair.ratio < MATCH_RATIO;
    findings.push(
      finding(wordingKind, message, reworded ? doc.location : doc.locate(first.docOffset), [
        { ...(reworded ? sep.location : sep.locate(first.sepOffset)), message: `the SEP’s wording of this ${what}` },
      ]),
    );
  }

  // Order: among matched items of the SEP's numbered lists (of every list, in wording proposed for
  // a named page), those outside the longest run kept in the SEP's order. Elsewhere the order of
  // bullets, sentences and rows is the writer's, not a requirement.
  const position = (u: Unit, all: Unit[]) =>
    all.filter((o) => o.block === u.block && o.kind === u.kind && o.index <= u.index).length;
  const listed = pairs.filter((p) => p.sep.kind === 'item' && p.doc.kind === 'item');
  for (const pair of outOfOrder(options.proposal ? listed : listed.filter((p) => p.sep.ordered))) {
    const what = noun[pair.doc.kind];
    findings.push(
      finding(
        'order',
        `The ${what} ${quote(pair.doc.plain, 50)} is out of the SEP’s order: ${ordinal(position(pair.sep, sepUnits))} in the SEP, ${ordinal(position(pair.doc, docUnitsAll))} in the ${docName}`,
        pair.doc.location,
        [sepRef(pair.sep, `its place in the SEP’s wording`)],
      ),
    );
  }

  // Unmatched units, grouped by the slot between two matched units where they sit: one finding per slot.
  const bySepIndex = [...pairs].sort((a, b) => a.sep.index - b.sep.index);
  const slots = new Map<number, { sep: Unit[]; doc: Unit[] }>();
  const slot = (n: number) => {
    if (!slots.has(n)) slots.set(n, { sep: [], doc: [] });
    return slots.get(n)!;
  };
  for (const u of sepOnly) slot(bySepIndex.filter((p) => p.sep.index < u.index).length).sep.push(u);
  for (const u of docOnly) slot(bySepIndex.filter((p) => p.doc.index < u.index).length).doc.push(u);
  for (const [n, slotted] of [...slots].sort((a, b) => a[0] - b[0])) {
    let { sep, doc } = slotted;
    if (options.saidElsewhere) sep = sep.filter((u) => !options.saidElsewhere!(u));
    if (options.restatement) {
      doc = [];
      sep = sep.filter((u) => keywordsOf(u).length);
    }
    if (!sep.length && !doc.length) continue;
    const prev = bySepIndex[n - 1];
    const next = bySepIndex[n];
    if (sep.length && doc.length) {
      findings.push(
        finding(
          wordingKind,
          `The ${docName} words this passage differently from the SEP: ${units(doc)} where the SEP has ${units(sep)}`,
          doc[0].location,
          [sepRef(sep[0], 'the SEP’s wording of this passage')],
        ),
      );
    } else if (sep.length) {
      // Point at the matched neighbour in the same SEP block (list, paragraph) if there is one: it should follow or precede it.
      const neighbour =
        prev?.sep.block === sep[0].block ? prev : next?.sep.block === sep[0].block ? next : (prev ?? next);
      const where = neighbour?.doc.location ?? options.anchor;
      const place = !neighbour
        ? 'here'
        : neighbour === prev
          ? `after ${quote(neighbour.doc.plain, 40)}`
          : `before ${quote(neighbour.doc.plain, 40)}`;
      findings.push(
        finding('missing', `The ${docName} lacks ${units(sep)} that the SEP proposes ${place}`, where, [
          sepRef(sep[0], 'proposed here'),
        ]),
      );
    } else {
      const around = prev ?? next;
      findings.push(
        finding('extra', `The ${docName} has ${units(doc)}, which the SEP’s proposed wording lacks`, doc[0].location, [
          around
            ? sepRef(around.sep, 'the SEP’s wording around this place')
            : { ...sepUnits[0].location, message: 'the SEP’s proposed wording' },
        ]),
      );
    }
  }
  return { findings, matched: pairs.length, compared: sepUnits.length };
}

/** Letters and digits only: `non-conforming` and `non conforming`, `e.g.` and `eg` are the same words. */
const letters = (words: readonly Word[]) =>
  words
    .map((w) => w.raw)
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
const sameLetters = (a: readonly Word[], b: readonly Word[]) => letters(a) === letters(b);

/** Words that are one placeholder or several (`<YYYY-MM-DD>`, `<tool name>`, `{NUMBER}`). */
const PLACEHOLDERS = /^(?:<[^<>]+>|\{[^{}]+\})(?: (?:<[^<>]+>|\{[^{}]+\}))*$/;
/** The SEP's placeholders, which the spec fills in with a value (a date, a version): not a change of wording. */
const filledIn = (dropped: readonly Word[], added: readonly Word[]) =>
  added.length > 0 && PLACEHOLDERS.test(dropped.map((w) => w.key).join(' '));

/** Words with which a SEP names itself or the version it will be in (“this specification version”). */
const SELF_REFERENCE = new Set(['this', 'specification', 'spec', 'version', 'sep', 'proposal', 'release', 'protocol']);
/** A version or a SEP as the spec writes it out: `2026-07-28`, `draft`, `DRAFT-2026-v1`, `3.17`, `SEP-2577`. */
const NAMED = /^(?:\d{4}-\d{2}-\d{2}|draft(?:-[\w.-]+)?|v?\d+(?:\.\d+)+|sep-\d+)$/;
const selfOrNamed = (w: Word) => SELF_REFERENCE.has(w.key) || NAMED.test(w.key);

/**
 * The spec writes out what the SEP's words about itself refer to (“as of this specification
 * version” made “as of protocol version 2026-07-28 (SEP-2577)”): every hunk drops only such
 * words and adds only those or a named version or SEP, one of them names one, and one drops `this`.
 */
function spelledOut(hunks: readonly Hunk[]): boolean {
  return (
    hunks.some((h) => h.dropped.some((w) => w.key === 'this')) &&
    hunks.some((h) => h.added.some((w) => NAMED.test(w.key))) &&
    hunks.every((h) => h.dropped.every((w) => SELF_REFERENCE.has(w.key)) && h.added.every(selfOrNamed))
  );
}

/** “the item “…”” or “3 sentences, from “…””. */
function units(list: Unit[]): string {
  if (list.length === 1) return `the ${noun[list[0].kind]} ${quote(list[0].plain)}`;
  const kinds = new Set(list.map((u) => u.kind));
  const name = kinds.size === 1 ? `${noun[list[0].kind]}s` : 'items and sentences';
  return `${list.length} ${name}, from ${quote(list[0].plain, 50)}`;
}

function compareKeywords(sep: Unit, doc: Unit, a: Keyword[], b: Keyword[], docName: string): Finding | undefined {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ka = a[i];
    const kb = b[i];
    if (ka && kb && ka.level === kb.level) continue;
    const docAt = kb ? doc.locate(doc.words[kb.words[0]].offset) : doc.location;
    const sepAt = ka ? sep.locate(sep.words[ka.words[0]].offset) : sep.location;
    const marked = markedSentence(sep, doc);
    const message =
      ka && kb
        ? `The ${docName} says ${kb.text} where the SEP says ${ka.text}: ${marked}`
        : ka
          ? `The ${docName} drops the SEP’s ${ka.text}: ${marked}`
          : `The ${docName} adds ${kb!.text}, which the SEP’s wording lacks: ${marked}`;
    return finding('keyword', message, docAt, [
      { ...sepAt, message: ka ? `the SEP’s ${ka.text}` : 'the SEP’s wording' },
    ]);
  }
  return undefined;
}

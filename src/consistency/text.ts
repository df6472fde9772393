/** Matching vocabulary phrases in statements: normalising text, finding conditions, channels and codes. */
import type { ResolvedChannel, ResolvedCondition, ResolvedVocabulary } from './vocabulary.js';
import { sentenceSpans } from '../util/sentences.js';

/**
 * Text as phrases are matched against: markdown links reduced to their text, emphasis,
 * backticks and HTML tags removed, hyphens between letters read as spaces, lower case.
 * The length may change; callers keep their own offsets.
 */
export function normalise(text: string): string {
  return text
    .replace(/\{@\w+\s+([^}|]*?)(?:\s*\|\s*([^}]*))?\}/g, (_, target: string, label?: string) => label ?? target)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[`*]/g, '')
    .replace(/(^|[^\w])_+|_+(?=[^\w]|$)/g, '$1')
    .replace(/(?<=[A-Za-z])[-_](?=[A-Za-z])/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

/**
 * A cheap approximation of `normalise` for a first test: any phrase found in the normalised text
 * is found in this one too, so a statement that fails the test can be passed over.
 */
export function mayNameCondition(raw: string, vocabulary: ResolvedVocabulary): boolean {
  return vocabulary.anyCondition.test(raw.toLowerCase().replace(/[\s*`_[\]-]+/g, ' '));
}

interface Match {
  index: number;
  end: number;
}

function matchesOf(patterns: RegExp[], text: string): Match[] {
  const out: Match[] = [];
  for (const re of patterns) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) out.push({ index: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

/**
 * Conditions named in a normalised text. When two conditions match overlapping words, the
 * longer match wins ("unsupported protocol version" is not "unsupported method").
 */
export function conditionsIn(text: string, vocabulary: ResolvedVocabulary): ResolvedCondition[] {
  if (!vocabulary.anyCondition.test(text)) return [];
  const found: { condition: ResolvedCondition; match: Match }[] = [];
  for (const condition of vocabulary.conditions) {
    for (const match of matchesOf(condition.patterns, text)) found.push({ condition, match });
  }
  const kept = longestMatches(found, (a, b) => a.condition !== b.condition);
  return unique(kept.map((k) => k.condition));
}

/** The matches no longer match covers, among those `rival` to it. */
function longestMatches<T extends { match: Match }>(found: T[], rival: (a: T, b: T) => boolean): T[] {
  const length = (m: Match) => m.end - m.index;
  return found.filter(
    (a) =>
      !found.some(
        (b) =>
          rival(a, b) &&
          b.match.index <= a.match.index &&
          b.match.end >= a.match.end &&
          length(b.match) > length(a.match),
      ),
  );
}

export interface ChannelMention {
  channel: ResolvedChannel;
  negated: boolean;
}

/** Channels named in a normalised text; a mention right after a negation ("not as a protocol error") is negated. */
export function channelsIn(text: string, vocabulary: ResolvedVocabulary): ChannelMention[] {
  const out: ChannelMention[] = [];
  if (!vocabulary.anyChannel.test(text)) return out;
  const all = vocabulary.channels.flatMap((channel) =>
    matchesOf(channel.patterns, text).map((match) => ({ channel, match })),
  );
  // A match inside a longer one ("error response" in "protocol level error response") is the same mention.
  // Every channel competes: a longer mention of any channel covers a shorter one.
  const maximal = longestMatches(all, () => true);
  for (const { channel, match } of maximal) {
    // Negated when a negation ends the clause so far, give or take words that only lead up to a
    // channel ("not as an MCP", "must not be reported via the"); "is not found, ... a protocol error" is not.
    const before = text
      .slice(0, match.index)
      .split(/[,;:()]/)
      .at(-1)!
      .trimEnd();
    out.push({ channel, negated: vocabulary.negationTail.test(before) });
  }
  return out;
}

/** The channels a statement assigns (named and not negated), without repeats. */
export function assignedChannels(mentions: ChannelMention[]): ResolvedChannel[] {
  const positive = unique(mentions.filter((m) => !m.negated).map((m) => m.channel));
  return positive;
}

/** Negative integers written as codes (`-32602`, -1), leaving out ranges (`-32000` to `-32099`). */
export function codesIn(text: string): number[] {
  const out: number[] = [];
  const re = /(?<![\w.-])`?(-\d{1,6})`?(?![\w.])/g;
  for (const m of text.matchAll(re)) {
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 6);
    const before = text.slice(Math.max(0, m.index! - 4), m.index!);
    if (/^\s*(to|through|\.\.|–)\s/i.test(after) || /\b(to|–)\s*$/i.test(before) || /^\s*[–]\s*`?-\d/.test(after))
      continue;
    out.push(Number(m[1]));
  }
  return [...new Set(out)];
}

export function matchesAny(patterns: RegExp[], text: string): string | undefined {
  for (const re of patterns) {
    re.lastIndex = 0;
    const m = re.exec(text);
    if (m) return m[0];
  }
  return undefined;
}

export interface Sentence {
  text: string;
  /** Offset of the sentence in the text it was split from. */
  offset: number;
}

/** The sentences of prose or JSDoc (see `sentenceSpans`). */
export function sentences(text: string): Sentence[] {
  return sentenceSpans(text).map((s) => ({ text: text.slice(s.start, s.end), offset: s.start }));
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** Items by key, keys in order of first appearance. */
export function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** What the consistency engine extracts: claims "failure condition -> channel", and what it skipped. */
import type { Location } from '../core/location.js';
import type { ResolvedChannel, ResolvedCondition, ResolvedVocabulary } from './vocabulary.js';
import {
  assignedChannels,
  channelsIn,
  codesIn,
  conditionsIn,
  matchesAny,
  mayNameCondition,
  normalise,
} from './text.js';

/** Where a claim was read. */
export type ClaimSource =
  /** A bullet in the JSDoc of an error declaration (a type with a fixed error code). */
  | 'jsdoc-error'
  /** The JSDoc of a result type with a failure flag member (such as `isError`), or of that member. */
  | 'jsdoc-member'
  /** An example file: its folder names the type, its name and message the condition. */
  | 'example'
  /** A list item or sentence of an MDX page. */
  | 'prose'
  /** A JSON code block of an MDX page. */
  | 'prose-json';

export const claimSources: ClaimSource[] = ['jsdoc-error', 'jsdoc-member', 'example', 'prose', 'prose-json'];

export interface Claim {
  version: string;
  condition: ResolvedCondition;
  channel: ResolvedChannel;
  /** The error code, for error-response channels when the source gives one. */
  code?: number;
  /** The error declaration the claim comes from or whose code it uses. */
  errorType?: string;
  source: ClaimSource;
  /** Short name of the source for messages: `InvalidParamsError JSDoc`, `example InvalidParamsError/unknown-tool.json`. */
  subject: string;
  location: Location;
  /** The statement the claim was read from, as written (one line, trimmed). */
  text: string;
  /** Other places tied to this claim, such as the `@example` tag that includes an example file. */
  related?: { location: Location; message: string }[];
}

/** A statement that names a condition but gave no claim, and why. */
export interface SkippedStatement {
  version: string;
  conditions: string[];
  source: ClaimSource;
  location: Location;
  text: string;
  reason: string;
}

/** An error code used (not merely mentioned) in prose, a JSON block or an example. */
export interface CodeUse {
  version: string;
  code: number;
  source: ClaimSource;
  subject: string;
  location: Location;
  text: string;
}

/** A code that a version's schema.ts declares retired or reserved. */
export interface RetiredCode {
  version: string;
  code: number;
  location: Location;
  text: string;
}

export interface ClaimSet {
  claims: Claim[];
  skipped: SkippedStatement[];
  codeUses: CodeUse[];
  retired: RetiredCode[];
}

/** A claim set with nothing in it, to add to. */
export function emptyClaimSet(): ClaimSet {
  return { claims: [], skipped: [], codeUses: [], retired: [] };
}

/** Adds a claim set's lists to another's, in order. */
export function addClaimSet(out: ClaimSet, set: ClaimSet): void {
  out.claims.push(...set.claims);
  out.skipped.push(...set.skipped);
  out.codeUses.push(...set.codeUses);
  out.retired.push(...set.retired);
}

/** How one statement reads: claims, a reasoned skip, or nothing about failures. */
export type Reading =
  | {
      kind: 'claims';
      conditions: ResolvedCondition[];
      channel: ResolvedChannel;
      code?: number;
      codeNote?: string;
      explicitChannel: boolean;
    }
  | { kind: 'skip'; conditions: ResolvedCondition[]; reason: string }
  | { kind: 'none'; code?: number; channel?: ResolvedChannel; explicitChannel: boolean };

export interface ReadContext {
  /** The channel the surrounding list, label or heading names. */
  channel?: ResolvedChannel;
  /** A channel fixed by the source (an error declaration): a statement naming another one is ambiguous. */
  fixedChannel?: ResolvedChannel;
  /** The code fixed by the source. */
  code?: number;
}

/**
 * Reads one statement (a sentence, list item or bullet): which conditions it names, which one
 * channel it assigns them to, and the code. Anything ambiguous is a skip with a reason.
 */
export function readStatement(raw: string, vocabulary: ResolvedVocabulary, context: ReadContext = {}): Reading {
  // Most statements name no condition and no code: nothing to read.
  if (context.code === undefined && !/-\d/.test(raw) && !mayNameCondition(raw, vocabulary))
    return { kind: 'none', explicitChannel: false };
  const text = normalise(raw);
  const conditions = conditionsIn(text, vocabulary);
  const mentions = channelsIn(text, vocabulary);
  const named = assignedChannels(mentions);
  const codes = context.code !== undefined ? [context.code] : codesIn(raw);
  const errorResponse = vocabulary.channels.filter((c) => c.kind === 'error-response');

  const historical = matchesAny(vocabulary.historical, text);
  if (historical) {
    return conditions.length
      ? { kind: 'skip', conditions, reason: `speaks of other versions or compatibility ("${historical}")` }
      : { kind: 'none', explicitChannel: false };
  }

  let channel: ResolvedChannel | undefined;
  let explicitChannel = true;
  if (context.fixedChannel) {
    const other = named.filter((c) => c !== context.fixedChannel);
    if (other.length)
      return skipOrNone(
        conditions,
        `names ${other.map((c) => c.label).join(' and ')} inside a source that is a ${context.fixedChannel.label}`,
      );
    channel = context.fixedChannel;
  } else if (named.length > 1) {
    return skipOrNone(conditions, `names more than one channel (${named.map((c) => c.label).join(', ')})`);
  } else if (named.length === 1) {
    channel = named[0];
  } else if (context.channel) {
    channel = context.channel;
  } else if (codes.length && errorResponse.length === 1) {
    // A code with no channel named reads as an error response.
    channel = errorResponse[0];
    explicitChannel = false;
  } else if (mentions.length) {
    return skipOrNone(
      conditions,
      `names a channel only in the negative (${mentions.map((m) => m.channel.label).join(', ')})`,
    );
  }

  let code: number | undefined;
  let codeNote: string | undefined;
  if (channel?.kind === 'error-response') {
    if (codes.length === 1) code = codes[0];
    else if (codes.length > 1) codeNote = `gives several codes (${codes.join(', ')}); none taken`;
  }
  if (!conditions.length) return { kind: 'none', code, channel, explicitChannel };
  if (!channel) return { kind: 'skip', conditions, reason: 'names no reporting channel' };
  return { kind: 'claims', conditions, channel, code, codeNote, explicitChannel };
}

function skipOrNone(conditions: ResolvedCondition[], reason: string): Reading {
  return conditions.length ? { kind: 'skip', conditions, reason } : { kind: 'none', explicitChannel: false };
}

/** One line of text for messages and the explain output. */
export function oneLine(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

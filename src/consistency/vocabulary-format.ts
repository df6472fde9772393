/**
 * The consistency vocabulary's format: as users write it in the config file (its JSON Schema is
 * schema/vocabulary.schema.json), and resolved for matching. Types only, so that the built-in
 * vocabularies, the project and the resolver can all name them without importing each other.
 */

/** A way a failure is reported to the requester. */
export interface VocabularyChannel {
  /** How the channel shows on the wire, for display: "protocol error (JSON-RPC error response)". */
  label: string;
  /**
   * `error-response`: a JSON-RPC error response (`error` with `code` and `message`).
   * `result-flag`: a successful result whose flag member (such as `isError`) is true.
   */
  kind: 'error-response' | 'result-flag';
  /** result-flag: the member of the result that marks the failure. */
  flag?: string;
  /** Regular expressions (case-insensitive, matched on words) that name the channel in prose and JSDoc. */
  phrases: string[];
}

/** A failure condition, such as "unknown tool". */
export interface VocabularyCondition {
  label: string;
  /** Regular expressions (case-insensitive, matched on words) that name the condition. */
  phrases: string[];
}

/** The vocabulary as users write it (all keys optional). */
export interface Vocabulary {
  /** `mcp` (the default): start from the built-in MCP vocabulary; `none`: this vocabulary alone. */
  extends?: 'mcp' | 'none';
  /** Condition or channel ids of the extended vocabulary to drop. */
  remove?: string[];
  /** Channels by id; an id that exists in the extended vocabulary replaces it. */
  channels?: Record<string, VocabularyChannel>;
  /** Conditions by id; an id that exists in the extended vocabulary replaces it. */
  conditions?: Record<string, VocabularyCondition>;
  /** A statement containing one of these speaks of the past or of compatibility, not of what to do: no claim. */
  historicalPhrases?: string[];
  /** A comment paragraph containing one of these declares the codes it lists retired or reserved. */
  retiredCodePhrases?: string[];
  /** A channel phrase right after one of these is negated ("not as a protocol error"). */
  negationPhrases?: string[];
}

export interface ResolvedChannel extends VocabularyChannel {
  id: string;
  patterns: RegExp[];
}

export interface ResolvedCondition extends VocabularyCondition {
  id: string;
  patterns: RegExp[];
}

/** A vocabulary ready for matching: merged with what it extends, phrases compiled. */
export interface ResolvedVocabulary {
  channels: ResolvedChannel[];
  conditions: ResolvedCondition[];
  historical: RegExp[];
  retiredCode: RegExp[];
  negation: RegExp[];
  /** Any condition phrase / any channel phrase, to pass over the many statements that name none quickly. */
  anyCondition: RegExp;
  anyChannel: RegExp;
  /** A negation at the end of a clause, followed only by words that lead up to a channel. */
  negationTail: RegExp;
}

/**
 * The consistency vocabulary as users write it, in the config file under `vocabulary` (its JSON
 * Schema is schema/vocabulary.schema.json) or built in (vocabularies/mcp.ts). Types only: the
 * built-in vocabularies and the resolver (vocabulary.ts) both depend on this module.
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
  /** Phrases that tell what a JSON block in the prose shows when neither an `id` nor a name does. */
  jsonBlockPhrases?: VocabularyJsonBlockPhrase[];
  /** Regular expressions (case-insensitive, matched on the whole name) of method names that stand for any method. */
  placeholderMethods?: string[];
}

/**
 * A phrase the prose uses for a result or a type without naming it ("tool result"), found in the
 * text before a JSON block: the block is the result of the method `result`, or the type `declaration`.
 */
export interface VocabularyJsonBlockPhrase {
  /** A regular expression, matched case-insensitively on whole words of the text before the block. */
  phrase: string;
  result?: string;
  declaration?: string;
}

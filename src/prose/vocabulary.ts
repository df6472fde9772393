/**
 * Phrases the prose uses for a message or a type without naming it. Data, not logic: a phrase
 * found (case-insensitively, as whole words) in the text before a JSON block tells what the
 * block is when neither an `id` nor a name does.
 *
 * `result` names the method whose result the phrase means; `declaration` names a type.
 */
export interface VocabularyEntry {
  phrase: string;
  result?: string;
  declaration?: string;
}

export const vocabulary: VocabularyEntry[] = [
  { phrase: 'tool result', result: 'tools/call' },
  { phrase: 'tool results', result: 'tools/call' },
  { phrase: 'tool execution error', result: 'tools/call' },
  { phrase: 'tool execution errors', result: 'tools/call' },
  { phrase: 'tool call result', result: 'tools/call' },
  { phrase: 'structured content', result: 'tools/call' },
  { phrase: 'empty response', declaration: 'EmptyResult' },
  { phrase: 'empty result', declaration: 'EmptyResult' },
  { phrase: 'tool definition', declaration: 'Tool' },
  { phrase: 'tool with output schema', declaration: 'Tool' },
  { phrase: 'prompt result', result: 'prompts/get' },
  { phrase: 'sampling result', result: 'sampling/createMessage' },
  { phrase: 'elicitation result', result: 'elicitation/create' },
];

/** Names that stand for any name in an illustrative example (`some_method`, `example/method`). */
export const placeholderNames: RegExp[] = [/^(some|any|my|your|example|foo|bar)([_/-]|$)/i, /^(method|method_name|methodName)$/];

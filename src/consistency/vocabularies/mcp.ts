/**
 * The built-in vocabulary for the Model Context Protocol: the failure conditions its
 * specification assigns to a reporting channel, and the two channels (a JSON-RPC error
 * response, or a tool result with `isError: true`); what its prose calls the results and types
 * its JSON blocks show; the method names of its illustrative examples. Condition and channel
 * phrases are regular expressions matched case-insensitively on whole words of normalised text:
 * emphasis and backticks removed, hyphens between letters read as spaces ("protocol-level" is
 * "protocol level").
 */
import type { Vocabulary } from '../vocabulary-format.js';

export const mcpVocabulary: Vocabulary = {
  extends: 'none',
  channels: {
    'protocol-error': {
      label: 'protocol error (JSON-RPC error response)',
      kind: 'error-response',
      phrases: [
        'protocol errors?',
        'protocol level errors?(?: responses?)?',
        '(?:standard )?json rpc errors?(?: responses?)?',
        'mcp errors?(?: responses?)?',
        'mcp protocol level errors?(?: responses?)?',
        'errors? with (?:error )?code',
        'error response',
      ],
    },
    'tool-execution-error': {
      label: 'tool execution error (result with isError: true)',
      kind: 'result-flag',
      flag: 'isError',
      phrases: [
        'tool execution errors?',
        'iserror(?::| set to| =)? true',
        'in (?:the )?tool results?',
        'inside the result object',
      ],
    },
  },
  conditions: {
    'unknown-tool': {
      label: 'unknown tool',
      phrases: [
        'unknown tools?(?: names?)?',
        'invalid tool names?',
        'tool not found',
        'no such tool',
        'errors? in finding the tool',
        'non ?existent tools?',
      ],
    },
    'invalid-tool-arguments': {
      label: 'invalid tool arguments (input validation failure)',
      phrases: [
        'invalid tool arguments',
        'invalid arguments(?: for tool)?',
        'invalid tool inputs?',
        '(?:tool )?input validation(?: errors?| failures?)?',
      ],
    },
    'tool-output-validation': {
      label: 'tool output validation failure',
      phrases: ['output validation(?: errors?| failures?)'],
    },
    'tool-execution-failure': {
      label: 'failure inside the tool (API or business logic error)',
      phrases: [
        'errors? that originates? from the tool',
        'api failures?',
        'business logic errors?',
        'exceptions? thrown by the tool(?: implementation)?',
      ],
    },
    'tool-disabled': {
      label: 'tool disabled or not callable',
      phrases: ['disabled tools?', 'tool is disabled', 'tool is not callable'],
    },
    'unknown-prompt': {
      label: 'unknown prompt',
      phrases: ['unknown prompts?(?: names?)?', 'invalid prompt names?', 'prompt not found'],
    },
    'missing-required-arguments': {
      label: 'missing required arguments',
      phrases: ['missing required arguments?'],
    },
    'resource-not-found': {
      label: 'resource not found',
      phrases: [
        'resource not found',
        'unknown resources?',
        "resource (?:does not|doesn't) exist",
        'non ?existent resources?',
      ],
    },
    'invalid-cursor': {
      label: 'invalid cursor',
      phrases: ['invalid(?: or expired)? cursors?(?: values?)?', 'expired cursors?'],
    },
    'invalid-log-level': {
      label: 'invalid log level',
      phrases: ['invalid log levels?', 'unrecogni[sz]ed log levels?', 'not a recogni[sz]ed log level'],
    },
    'unsupported-method': {
      label: 'method not found or capability not supported',
      phrases: [
        'method not found',
        'unknown methods?',
        'capability not supported',
        'does not support (?:tool calls|roots|prompts|resources|sampling|elicitation|completions?|logging)',
        '(?:prompts|tools|resources|roots|sampling|completions|logging|elicitation) not supported',
      ],
    },
    'unsupported-protocol-version': {
      label: 'unsupported protocol version',
      phrases: ['unsupported protocol versions?', 'protocol version not supported'],
    },
    'malformed-request': {
      label: 'malformed request',
      phrases: ['malformed requests?', 'invalid request objects?'],
    },
  },
  historicalPhrases: [
    'earlier (?:protocol )?versions?',
    'previous (?:protocol )?versions?',
    'backwards? compatibility',
    'legacy',
    'no longer',
    'replaced by',
    'changed? [^.]{0,80}from',
  ],
  retiredCodePhrases: [
    'remain reserved',
    'never (?:be )?reused',
    'retired(?: error)? codes?',
    'codes? (?:is|are) retired',
    'must not emit',
  ],
  negationPhrases: ['not', 'rather than', 'instead of', 'never'],
  jsonBlockPhrases: [
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
  ],
  // `some_method`, `example/method`, `foo`, `method_name`: names of illustrative examples.
  placeholderMethods: ['(?:some|any|my|your|example|foo|bar)(?:[_/-].*)?', 'method(?:_name|name)?'],
};

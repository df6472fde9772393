import { describe, expect, it } from 'vitest';
import { nestedQuantifier } from '../src/consistency/vocabulary-backtracking.js';
import { mcpVocabulary, resolveVocabulary, VocabularyError } from '../src/consistency/vocabulary.js';

describe('nestedQuantifier', () => {
  it.each([
    ['(a+)+', 0],
    ['x(?:\\w+\\s?)*y', 1],
    ['((a)+b)*', 0],
    ['(?:a(?:b*)c)+', 0],
    ['(a{1,})+', 0],
    ['(a{2,50}){3,}', 0],
    ['errors? (?<n>(?:x+))*', 8],
    ['(a|a)*b', 0],
    ['x(?:a|ab)+c', 1],
  ])('finds the repeated group holding an unbounded quantifier in %s', (source, offset) => {
    expect(nestedQuantifier(source)).toBe(offset);
  });

  it.each([
    'unknown tools?',
    '(?:foo|bar)+ baz',
    '(?:very )*important',
    '[a+]+',
    '\\(a+\\)+',
    '(a{2})+',
    '(a+)?',
    '\\w*\\w*',
    '(?<![\\w-])(?:json rpc errors?)(?![\\w-])',
    '\\p{L}+',
  ])('accepts %s', (source) => {
    expect(nestedQuantifier(source)).toBeUndefined();
  });

  it('finds none in the built-in vocabulary', () => {
    expect(() => resolveVocabulary(mcpVocabulary)).not.toThrow();
  });
});

describe('a catastrophic phrase in the config vocabulary', () => {
  it('is refused when the vocabulary is resolved, with one line naming it, before anything runs it', () => {
    const vocabulary = { conditions: { slow: { label: 'slow', phrases: ['(?:\\w+\\s?)*!'] } } };
    const started = performance.now();
    expect(() => resolveVocabulary(vocabulary)).toThrow(VocabularyError);
    expect(() => resolveVocabulary(vocabulary)).toThrow(
      'vocabulary condition "slow": phrase "(?:\\\\w+\\\\s?)*!" can backtrack catastrophically: the group at character 1 repeats without bound and holds a quantifier without bound; write it without the nesting',
    );
    expect(performance.now() - started).toBeLessThan(100);
  });
});

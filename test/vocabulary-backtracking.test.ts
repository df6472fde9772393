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
    // A backreference matches text of any length: repeated, or in a repeated group.
    ['(?<x>a+)\\k<x>+b', 8],
    ['(a+)\\1*b', 4],
    ['(a)(?:b\\1)+c', 3],
    ['(?<x>a)(?:\\k<x>c)*', 7],
    ['(\\w)\\1{2,}', 4],
    // Through lookarounds: what a lookaround holds, the group around it holds.
    ['(?:(?=(a+))a)*b', 0],
    ['(?:x(?<!a+))+', 0],
    ['(?:(?=(\\w+))\\1)*!', 0],
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
    '(a)\\1',
    '(?<x>ab)\\k<x>?',
    '(\\w)\\1{2}',
    '(?=(\\w+))\\1',
    '(?<!a+)b+',
    '\\10?',
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
    // A bound against blow-ups, not a timing: wide enough for a busy machine.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('names a repeated backreference as such', () => {
    const vocabulary = { conditions: { echo: { label: 'echo', phrases: ['(?<x>a+)\\k<x>+b'] } } };
    expect(() => resolveVocabulary(vocabulary)).toThrow(
      'vocabulary condition "echo": phrase "(?<x>a+)\\\\k<x>+b" can backtrack catastrophically: the backreference at character 9 repeats without bound; write it without the repeat',
    );
  });
});

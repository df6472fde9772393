import { describe, expect, it } from 'vitest';
import { cleanHeadingId, explicitIds, siteHeadingId, siteHeadingIds } from '../src/model/anchors.js';

// The docs site's heading ids, case by case (docs/rules.md, xref/link, says where they come from).
describe('heading ids as the docs site gives them', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['camelCase HTTPHeader', 'camelcase-httpheader'],
    ['snake_case_name', 'snake_case_name'],
    ['_meta', '_meta'],
    ['The tools/list Request', 'the-tools/list-request'],
    ['Tools: tools/list', 'tools-tools/list'],
    ['Foo: bar, baz (qux)', 'foo-bar-baz-qux'],
    ['A : B', 'a--b'],
    ['A & B / C', 'a-&-b-/-c'],
    ['HTTP+SSE transport', 'http+sse-transport'],
    ['$ref Resolution', '$ref-resolution'],
    ['50% off', '50%-off'],
    ["What's new?", 'whats-new'],
    ['"Quoted" words', 'quoted-words'],
    ['v1.2 release', 'v1-2-release'],
    ['2.3.2 Title Here', '2-3-2-title-here'],
    ['Ends with dash -', 'ends-with-dash'],
    ['a -- b', 'a-b'],
    ['Café naïve', 'café-naïve'],
    ['¿Qué?', '¿qué'],
    ['Emoji 🚀 rocket', 'emoji--rocket'],
    ['MCP_Server (v2)', 'mcp_server-v2'],
  ])('%s -> %s', (text, id) => {
    expect(siteHeadingId(text)).toBe(id);
  });

  it('numbers repeats from 2, and again where a number collides', () => {
    const h = (text: string, depth = 2) => ({ text, depth });
    expect(siteHeadingIds([h('Repeat'), h('Repeat'), h('Repeat')])).toEqual(['repeat', 'repeat-2', 'repeat-3']);
    expect(siteHeadingIds([h('Foo'), h('Foo-2'), h('Foo')])).toEqual(['foo', 'foo-2', 'foo-2-2']);
  });

  it('gives no id to headings deeper than ####', () => {
    expect(
      siteHeadingIds([
        { text: 'Deep', depth: 5 },
        { text: 'Four', depth: 4 },
      ]),
    ).toEqual(['four']);
  });

  it('cleans a fragment as it cleans ids', () => {
    expect(cleanHeadingId('a-%26-b')).toBe('a-&-b');
    expect(cleanHeadingId('foo:bar')).toBe('foobar');
    expect(cleanHeadingId('100%')).toBe('100%');
  });
});

describe('explicit ids', () => {
  it('keeps ids as written on plain elements, cleans them on headings, drops them on components that do', () => {
    expect(explicitIds('<div id="Raw: Id!" />')).toEqual(['Raw: Id!']);
    expect(explicitIds('<h3 id="Has Space!">T</h3>')).toEqual(['Has Space']);
    expect(explicitIds('<Card id="x" title="Card" />')).toEqual([]);
    expect(explicitIds('<a id="named"></a> and <span id=\'s\'>x</span>')).toEqual(['named', 's']);
  });

  it('derives ids of accordions and tabs from their titles', () => {
    expect(explicitIds('<Accordion title="Some Title: Here">')).toEqual(['some-title-here']);
    expect(explicitIds('<Tab title="Tab One">')).toEqual(['tab-one']);
  });
});

import { describe, expect, it } from 'vitest';
import { xrefLink } from '../src/rules/xref-link.js';
import { headingSlug, headingSlugs } from '../src/model/anchors.js';
import { partsFiles } from './prose-fixture.js';
import { RuleTester } from './rule-tester.js';

const GUIDE = 'docs/specification/draft/server/parts.mdx';

const pages = {
  'docs/specification/draft/index.mdx':
    '---\ntitle: Overview\n---\n\n## Getting Started\n\nSee [parts](./server/parts).\n',
  'docs/specification/draft/basic/index.mdx':
    '---\ntitle: Basics\n---\n\n### `_meta`\n\n## Notes & Caveats\n\n## Notes & Caveats\n',
  'docs/specification/draft/basic/lifecycle.mdx':
    '---\ntitle: Lifecycle\n---\n\n## Shutdown\n\n<div id="custom-anchor" />\n',
};

const tester = new RuleTester({ files: { ...partsFiles, ...pages } });
/** A case whose guide page holds `line` after its front matter (so the line's first line is line 5). */
const guide = (line: string) => ({ [GUIDE]: `---\ntitle: Parts\n---\n\n${line}\n` });

tester.run(xrefLink, {
  valid: [
    ['a declaration', '[Part](/specification/draft/schema#part)'],
    ['a member', '[size](/specification/draft/schema#part-size)'],
    ['an inherited member', '[jsonrpc](/specification/draft/schema#getpartrequest-jsonrpc)'],
    ['a category heading, URL-encoded', '[get](/specification/draft/schema#parts%2Fget)'],
    ['an example', '[bolt](/specification/draft/schema#part-example-bolt)'],
    ['the reference without anchor', '[reference](/specification/draft/schema)'],
    ['a page', '[lifecycle](/specification/draft/basic/lifecycle)'],
    ['a page heading', '[shutdown](/specification/draft/basic/lifecycle#shutdown)'],
    ['an explicit id', '[custom](/specification/draft/basic/lifecycle#custom-anchor)'],
    ['an index page by its folder', '[basics](/specification/draft/basic#_meta)'],
    ['an underscore heading with its underscore', '[meta](/specification/draft/basic/index#_meta)'],
    [
      'a repeated heading, numbered from 2 as the site numbers it',
      '[again](/specification/draft/basic#notes-&-caveats-2)',
    ],
    ['a heading with `&` kept, URL-encoded', '[notes](/specification/draft/basic#notes-%26-caveats)'],
    ['a relative page', '[lifecycle](../basic/lifecycle#shutdown)'],
    ['a heading of the same page', '## Sizes\n\nSee [sizes](#sizes).'],
    ['another version the repository does not hold', '[old](/specification/2020-01-01/basic/nothing)'],
    ['another docs section', '[tutorial](/docs/tutorials/parts)'],
    ['an external URL', '[site](https://example.com/specification/draft/nothing)'],
  ].map(([name, line]) => ({ name: `a link to ${name}`, files: guide(line) })),
  invalid: [
    [
      'a misspelt declaration',
      'See [Part](/specification/draft/schema#prat).',
      5,
      5,
      'No declaration or member with anchor "#prat" in the draft Schema Reference',
    ],
    [
      'a missing member',
      'See [weight](/specification/draft/schema#part-weight).',
      5,
      5,
      'No declaration or member with anchor "#part-weight" in the draft Schema Reference',
    ],
    [
      'a missing page',
      'See [shutdown](/specification/draft/basic/shutdown).',
      5,
      5,
      'No page at /specification/draft/basic/shutdown (expected specification/draft/basic/shutdown.mdx or specification/draft/basic/shutdown/index.mdx under the docs folder)',
    ],
    [
      'a missing heading',
      'See\n[shutdown](/specification/draft/basic/lifecycle#shut-down).',
      6,
      1,
      'No heading "#shut-down" on docs/specification/draft/basic/lifecycle.mdx',
    ],
    ['a missing heading of the same page', 'See [below](#below).', 5, 5, 'No heading "#below" on this page'],
    [
      'an underscore heading without its underscore (the site keeps it)',
      'See [meta](/specification/draft/basic/index#meta).',
      5,
      5,
      'No heading "#meta" on docs/specification/draft/basic/index.mdx',
    ],
    [
      'a heading in another case (anchors are case-sensitive)',
      'See [shutdown](/specification/draft/basic/lifecycle#Shutdown).',
      5,
      5,
      'No heading "#Shutdown" on docs/specification/draft/basic/lifecycle.mdx: anchors are case-sensitive, the site\'s is "#shutdown"',
    ],
    [
      'a declaration in its own case (the Schema Reference anchors are lower-case)',
      'See [Part](/specification/draft/schema#Part).',
      5,
      5,
      'No declaration or member with anchor "#Part" in the draft Schema Reference: anchors are case-sensitive, the site\'s is "#part"',
    ],
    [
      'a relative link to a missing page',
      'See [x](./widgets).',
      5,
      5,
      'No page at /specification/draft/server/widgets (expected specification/draft/server/widgets.mdx or specification/draft/server/widgets/index.mdx under the docs folder)',
    ],
  ].map(([name, line, l, c, message]) => ({
    name: `${name}, at the link`,
    files: guide(line as string),
    errors: [{ file: GUIDE, line: l as number, column: c as number, message: message as string }],
  })),
});

describe('heading anchors', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ['`tools/call`', 'toolscall'],
    ['Time-to-Live (TTL) Field', 'time-to-live-ttl-field'],
    ['Notes & Caveats', 'notes--caveats'],
    ['`_meta`', '_meta'],
  ])('slugs %s as %s', (text, slug) => {
    expect(headingSlug(text)).toBe(slug);
  });

  it('also accepts the forms the docs site produces', () => {
    expect(headingSlugs('`tools/call`')).toContain('tools/call');
    expect(headingSlugs('`https://`')).toContain('https://');
    expect(headingSlugs('`_meta`')).toEqual(expect.arrayContaining(['_meta', 'meta']));
  });
});

import { describe, expect, it } from 'vitest';
import { xrefLink } from '../src/rules/xref-link.js';
import { siteRedirect } from '../src/rules/site-redirect.js';
import { siteNavigation, siteUnlistedPage } from '../src/rules/site-navigation.js';
import { xrefCrossVersion } from '../src/rules/xref-cross-version.js';
import { xrefPrivateHost } from '../src/rules/xref-private-host.js';
import { mdxEsmComment } from '../src/rules/mdx-esm-comment.js';
import { mdxUnclosedFence } from '../src/rules/mdx-unclosed-fence.js';
import { compileRedirect } from '../src/site/redirects.js';
import { partsFiles } from './prose-fixture.js';
import { RuleTester, type Files } from './rule-tester.js';

const at = {
  source: { file: 'docs/docs.json', line: 1, column: 1 },
  destination: { file: 'docs/docs.json', line: 1, column: 1 },
};

describe('redirect patterns', () => {
  it.each([
    ['/old', '/new', '/old', '/new'],
    ['/old/', '/new', '/old', '/new'],
    ['/latest/:slug*', '/v2/:slug*', '/latest/a/b', '/v2/a/b'],
    ['/latest/:slug*', '/v2/:slug*', '/latest', '/v2'],
    ['/p/:name', '/q/:name', '/p/one', '/q/one'],
    ['/s/*', '/t/*', '/s/x/y', '/t/x/y'],
  ])('%s -> %s takes %s to %s', (source, destination, from, to) => {
    const r = compileRedirect(source, destination, at);
    expect(r.destinationOf(from)).toBe(to);
  });

  it('matches a source of many repeating parameters against a long path in bounded steps', () => {
    const source = Array.from({ length: 25 }, (_, i) => `/:p${i}*`).join('') + '/zzz';
    const r = compileRedirect(source, '/x', at);
    expect(r.destinationOf('/a'.repeat(40))).toBeUndefined();
    expect(r.destinationOf('/a'.repeat(40) + '/zzz')).toBe('/x');
  });

  it.each([
    ['/p/:name', '/p/one/two'],
    ['/old', '/older'],
    ['/a.b', '/aXb'],
  ])('%s does not match %s', (source, path) => {
    expect(compileRedirect(source, '/x', at).destinationOf(path)).toBeUndefined();
  });
});

const SPEC = 'docs/specification/draft';
const page = (body: string) => `---\ntitle: A page\n---\n\n${body}\n`;
const docsJson = (redirects: { source: string; destination: string }[] = [], pages: unknown[] = []) =>
  JSON.stringify(
    {
      navigation: {
        tabs: [
          {
            tab: 'Docs',
            pages: ['docs/intro', { group: 'Guides', pages: ['docs/guides/index', 'docs/guides/start'] }],
          },
          { tab: 'Spec', versions: [{ version: 'Draft', pages: [`specification/draft/index`, ...pages] }] },
        ],
      },
      redirects,
    },
    null,
    2,
  );

/** A site: docs.json, two docs pages, a guides folder with an index, the draft spec's index, a static file. */
const siteFiles: Files = {
  ...partsFiles,
  'docs/docs.json': docsJson([
    { source: '/old-intro', destination: '/docs/intro' },
    { source: '/latest/:slug*', destination: '/specification/draft/:slug*' },
  ]),
  'docs/docs/intro.mdx': page('## Welcome\n\n### `_meta`\n\n## Tools: `tools/list`'),
  'docs/docs/guides/index.mdx': page('## Guides'),
  'docs/docs/guides/start.mdx': page('## Start here'),
  'docs/specification/draft/index.mdx': page('## Overview'),
  'docs/logo.svg': '<svg/>',
};

const tester = new RuleTester({ files: siteFiles });
const onIntro = (body: string): Files => ({
  'docs/docs/intro.mdx': page(`## Welcome\n\n### \`_meta\`\n\n## Tools: \`tools/list\`\n\n${body}`),
});
const introLine = 11;

tester.run(xrefLink, {
  valid: [
    ['a page', '[intro](/docs/intro)'],
    ['a folder with an index page', '[guides](/docs/guides)'],
    ['a page with a trailing slash', '[start](/docs/guides/start/)'],
    ['a page through a redirect', '[old](/old-intro#welcome)'],
    ['a page through a patterned redirect', '[overview](/latest/index#overview)'],
    ['a static file', '![logo](/logo.svg)'],
    ['an image of a kind the tree has none of', '![shot](/images/screen.png)'],
    ['an underscore heading', '[meta](#_meta)'],
    ['a heading with a slash kept', '[list](#tools-tools/list)'],
    ['a bare relative link, against the page URL', '[start](guides/start)'],
    ['a ./ relative link, against the file folder', '[start](./guides/start)'],
    ['a JSX card', '<Card title="Start" href="/docs/guides/start" />'],
    ['a reference definition', '[start]: /docs/guides/start'],
    ['an external URL', '[x](https://example.com/docs/nothing)'],
  ].map(([name, body]) => ({ name: `a link to ${name}`, files: onIntro(body) })),
  invalid: [
    ['a page that does not exist', '[x](/docs/outro)', 'No page or file at /docs/outro on the site'],
    ['a folder without an index page', '[x](/docs)', 'No page or file at /docs on the site'],
    [
      'a missing heading through a redirect',
      '[x](/old-intro#farewell)',
      'No heading "#farewell" on docs/docs/intro.mdx',
    ],
    ['a heading without its underscore', '[x](#meta)', 'No heading "#meta" on this page'],
    [
      'a missing static file of a kind the tree has',
      '![x](/missing.svg)',
      'No page or file at /missing.svg on the site',
    ],
    [
      'a JSX card to nowhere',
      '<Card title="X" href="/docs/nowhere" />',
      'No page or file at /docs/nowhere on the site',
    ],
  ].map(([name, body, message]) => ({
    name,
    files: onIntro(body),
    errors: [
      { file: 'docs/docs/intro.mdx', line: introLine, column: body.startsWith('<') ? 17 : 1, messageIncludes: message },
    ],
  })),
});

describe('without docs.json', () => {
  new RuleTester({ files: { ...siteFiles, 'docs/docs.json': null } }).run(xrefLink, {
    valid: [
      {
        name: 'links outside the spec pages are not judged',
        files: { [`${SPEC}/index.mdx`]: page('[x](/docs/outro)') },
      },
    ],
    invalid: [],
  });
});

tester.run(siteRedirect, {
  valid: [{ name: 'redirects to pages, through a patterned alias', files: {} }],
  invalid: [
    {
      name: 'a redirect to a missing page, a chain and a loop',
      files: {
        'docs/docs.json': docsJson([
          { source: '/a', destination: '/docs/gone' },
          { source: '/b', destination: '/c' },
          { source: '/c', destination: '/docs/intro' },
          { source: '/d', destination: '/e' },
          { source: '/e', destination: '/d' },
          { source: '/f', destination: '/m' },
          { source: '/m', destination: '/latest/intro' },
          { source: '/latest/:slug*', destination: '/docs/:slug*' },
        ]),
      },
      errors: [
        { messageIncludes: 'Redirect from /a leads to /docs/gone, where the site has no page', line: 33, column: 22 },
        { messageIncludes: 'Redirect from /b leads to /c, which redirects again', line: 37, column: 22 },
        { messageIncludes: 'Redirect from /d leads into a loop', line: 45, column: 22 },
        { messageIncludes: 'Redirect from /e leads into a loop', line: 49, column: 22 },
        // Each hop's destination as it applies to the path at that hop, parameters filled in.
        {
          messageIncludes: 'Redirect from /f leads to /m, which redirects again (/latest/intro -> /docs/intro)',
          line: 53,
          column: 22,
        },
      ],
    },
  ],
});

/** Pages of an unstable schema, which a config may ignore. */
const unstable: Files = { 'docs/specification/draft/unstable/intro.mdx': page('## Not yet stable') };

tester.run(siteNavigation, {
  valid: [
    { name: 'every entry has its page', files: {} },
    {
      name: 'an entry whose page the config ignores: the site still serves it',
      files: { 'docs/docs.json': docsJson([], ['specification/draft/unstable/intro']), ...unstable },
      options: { ignore: ['docs/specification/draft/unstable/'] },
    },
  ],
  invalid: [
    {
      name: 'an entry without a page',
      files: { 'docs/docs.json': docsJson([], ['specification/draft/gone']) },
      errors: [
        { message: 'Navigation lists specification/draft/gone, but the site has no such page', line: 24, column: 15 },
      ],
    },
  ],
});

tester.run(siteUnlistedPage, {
  valid: [
    { name: 'snippets are not pages', files: { 'docs/snippets/note.mdx': 'A note.\n' } },
    { name: "a folder's README is left out of the build", files: { 'docs/README.md': '# How to edit the docs\n' } },
    { name: 'nor is a CONTRIBUTING.md deeper down', files: { 'docs/docs/CONTRIBUTING.md': '# Contributing\n' } },
    { name: 'a partial whose name starts with _', files: { 'docs/docs/_agents-table.mdx': page('## Agents') } },
    { name: 'a page the config ignores', files: unstable, options: { ignore: ['docs/specification/draft/unstable/'] } },
  ],
  invalid: [
    {
      name: 'a page no entry lists',
      files: { 'docs/docs/hidden.mdx': page('## Hidden') },
      errors: [
        {
          message: 'No navigation entry in docs.json lists this page (docs/hidden)',
          file: 'docs/docs/hidden.mdx',
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});

tester.run(xrefLink, {
  valid: [
    {
      name: 'a link to a page the config ignores, which the site serves',
      files: { ...onIntro('[x](/specification/draft/unstable/intro#anything)'), ...unstable },
      options: { ignore: ['docs/specification/draft/unstable/'] },
    },
  ],
  invalid: [
    {
      name: 'a link to the docs folder README, which the site leaves out of the build',
      files: { ...onIntro('[x](/README)'), 'docs/README.md': '# How to edit the docs\n' },
      errors: [
        {
          file: 'docs/docs/intro.mdx',
          line: introLine,
          column: 1,
          messageIncludes: 'No page or file at /README on the site',
        },
      ],
    },
  ],
});

const versions: Files = {
  ...siteFiles,
  'schema/2025-01-01/schema.ts': 'export interface Part { id: string }\n',
  'docs/specification/2025-01-01/index.mdx': page('## Overview'),
  'docs/specification/2024-01-01/index.mdx': page('## Overview'),
  'schema/2024-01-01/schema.ts': 'export interface Part { id: string }\n',
};
new RuleTester({ files: versions }).run(xrefCrossVersion, {
  valid: [
    {
      name: 'a link back to an earlier version',
      files: { 'docs/specification/2025-01-01/basic.mdx': page('[old](/specification/2024-01-01/index)') },
    },
    { name: 'a link within the version', files: { 'docs/specification/2025-01-01/basic.mdx': page('[i](./index)') } },
  ],
  invalid: [
    {
      name: 'a link into the draft',
      files: { 'docs/specification/2025-01-01/basic.mdx': page('[new](/specification/draft/index)') },
      errors: [
        {
          message: 'Link from the 2025-01-01 specification into the draft one: /specification/draft/index',
          line: 5,
          column: 1,
        },
      ],
    },
    {
      name: 'a link into the draft through a redirect',
      files: { 'docs/specification/2025-01-01/basic.mdx': page('[new](/latest/index)') },
      errors: [
        { messageIncludes: 'into the draft one (through the redirect from /latest/:slug*)', line: 5, column: 1 },
      ],
    },
  ],
});

tester.run(xrefPrivateHost, {
  valid: [
    { name: 'a public host', files: { [`${SPEC}/a.mdx`]: page('[x](https://example.com/mcp)') } },
    { name: 'localhost in code', files: { [`${SPEC}/a.mdx`]: page('Connect to `http://localhost:8080`.') } },
  ],
  invalid: [
    ['http://localhost:8080/mcp', 'localhost'],
    ['http://127.0.0.1/x', '127.0.0.1'],
    ['https://192.168.1.20/x', '192.168.1.20'],
    ['https://build.internal/x', 'build.internal'],
  ].map(([url, host]) => ({
    name: `a link to ${host}`,
    files: { [`${SPEC}/a.mdx`]: page(`[server](${url})`) },
    errors: [{ message: `Link to ${host}, which readers cannot reach: ${url}`, line: 5, column: 1 }],
  })),
});

tester.run(mdxEsmComment, {
  valid: [
    {
      name: 'an export without comments on a docs page',
      files: { 'docs/docs/intro.mdx': page('export const a = 1;') },
    },
  ],
  invalid: [
    {
      name: 'a comment in an export of a docs page outside the spec',
      files: { 'docs/docs/intro.mdx': page('export const a = {\n  b: 1, // why\n};') },
      errors: [
        {
          messageIncludes: 'JavaScript comment in an MDX export block',
          file: 'docs/docs/intro.mdx',
          line: 6,
          column: 9,
        },
      ],
    },
    {
      name: 'a comment in a JSX export',
      files: { 'docs/docs/intro.mdx': page('export const A = () => <div>{/* x */}</div>;') },
      errors: [
        {
          messageIncludes: 'JavaScript comment in an MDX export block',
          file: 'docs/docs/intro.mdx',
          line: 5,
          column: 30,
        },
      ],
    },
  ],
});

tester.run(mdxUnclosedFence, {
  valid: [
    {
      name: 'closed fences, a longer closing one',
      files: { [`${SPEC}/a.mdx`]: page('```json\n{}\n````\n\n~~~\nx\n~~~') },
    },
    {
      // Reported as beyond the parser's limits (a line of 30 nested block quotes), not read for fences.
      name: 'an unclosed fence on a spec page beyond the parser limits',
      files: { [`${SPEC}/a.mdx`]: page(`${'> '.repeat(30)}deep\n\n\`\`\`json\n{}\n`) },
    },
  ],
  invalid: [
    {
      name: 'an unclosed fence on a spec page',
      files: { [`${SPEC}/a.mdx`]: page('```json\n{}\n\n## Errors') },
      errors: [
        { message: 'Code fence (json) is never closed: the rest of the page renders as code', line: 5, column: 1 },
      ],
    },
    {
      name: 'an unclosed fence on a spec page that does not parse as MDX',
      files: { [`${SPEC}/a.mdx`]: page('Text with a stray { brace\n\n```json\n{}\n') },
      errors: [
        { message: 'Code fence (json) is never closed: the rest of the page renders as code', line: 7, column: 1 },
      ],
    },
    {
      name: 'a fence closed by the other kind, on a docs page',
      files: { 'docs/docs/intro.mdx': page('~~~\nx\n```') },
      errors: [{ messageIncludes: 'Code fence is never closed', file: 'docs/docs/intro.mdx', line: 5, column: 1 }],
    },
  ],
});

describe('layout.site', () => {
  new RuleTester({ files: { ...siteFiles, 'docs/docs.json': null } }).run(siteNavigation, {
    valid: [],
    invalid: [
      {
        name: 'docs.json read from the configured site folder',
        files: {
          'site/docs.json': docsJson([], ['specification/draft/gone']),
          'site/docs/intro.mdx': page('## Welcome'),
          'site/docs/guides/index.mdx': page('## Guides'),
          'site/docs/guides/start.mdx': page('## Start'),
          'site/specification/draft/index.mdx': page('## Overview'),
        },
        options: { layout: { site: 'site' } },
        errors: [
          {
            messageIncludes: 'Navigation lists specification/draft/gone',
            file: 'site/docs.json',
            line: 24,
            column: 15,
          },
        ],
      },
    ],
  });
});

describe('patterned redirects that would take hours to match', () => {
  // A thousand sources of thirty repeated parameters, and links of forty segments: parts x segments^2 per match.
  const exploding = Array.from({ length: 1000 }, (_, i) => ({
    source: `${'/:a*'.repeat(30)}/x${i}`,
    destination: '/docs/intro',
  }));
  const links = Array.from({ length: 50 }, (_, i) => `[l${i}](/${'a/'.repeat(40)}z${i})`).join('\n');
  new RuleTester({
    files: { ...siteFiles, 'docs/docs.json': docsJson(exploding), 'docs/docs/intro.mdx': page(links) },
  }).run(xrefLink, {
    valid: [],
    invalid: [
      {
        name: 'stop at a budget, say so once, and judge no link they might redirect',
        files: {},
        errors: [
          {
            file: 'docs/docs.json',
            message:
              'Matching links against the patterned redirects of docs/docs.json took over 20000000 steps: links they might redirect are not judged',
            line: 1,
            column: 1,
          },
        ],
      },
    ],
  });
});

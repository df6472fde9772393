/**
 * Prose for each site generator: the kind from config or marker file, the generator's own syntax
 * read before parsing, its heading ids, and links resolved as it resolves them. The fixture
 * sites are small trees written here, one per generator.
 */
import { describe, expect, it } from 'vitest';
import { siteSyntax } from '../src/sources/site-syntax.js';
import { readMkDocsConfig } from '../src/sources/site-kind.js';
import { githubSlug, headingIdsFor, pythonMarkdownSlug, vitepressSlug } from '../src/model/anchors.js';
import { TextFile } from '../src/core/text-file.js';
import { parseConfig } from '../src/config/config.js';
import { xrefLink } from '../src/rules/xref-link.js';
import { mdxParse } from '../src/rules/mdx-parse.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { siteNavigation, siteUnlistedPage } from '../src/rules/site-navigation.js';
import { partsFiles } from './prose-fixture.js';
import { RuleTester, type Files } from './rule-tester.js';

describe('heading slugs per generator', () => {
  it.each([
    ['3. Sending a Widget: The Basics', '3-sending-a-widget-the-basics'],
    ['Crème brûlée', 'creme-brulee'],
    ['`widgets/list` -- a request', 'widgetslist-a-request'],
    ['7.10. `widgets/color/set`', '710-widgetscolorset'],
    ['Ünïcode only: ✓', 'unicode-only'],
  ])("MkDocs (Python-Markdown's toc) slugs %j as %j", (text, slug) => {
    expect(pythonMarkdownSlug(text)).toBe(slug);
  });

  it.each([
    ['1. Getting started', '_1-getting-started'],
    ['Hello, World!', 'hello-world'],
    ['`widgets/list` request', 'widgets-list-request'],
    ['Crème  brûlée', 'creme-brulee'],
  ])('VitePress slugs %j as %j', (text, slug) => {
    expect(vitepressSlug(text)).toBe(slug);
  });

  it.each([
    ['Hello, World!', 'hello-world'],
    ['A  B', 'a--b'],
    ['`widgets/list` request', 'widgetslist-request'],
    ['snake_case names', 'snake_case-names'],
  ])('GitHub (github-slugger) slugs %j as %j', (text, slug) => {
    expect(githubSlug(text)).toBe(slug);
  });

  it('numbers repeats as each generator does, and keeps an id the page gives', () => {
    const headings = [
      { depth: 2, text: 'Usage' },
      { depth: 2, text: 'Usage' },
      { depth: 3, text: 'Usage', id: 'own' },
    ];
    expect(headingIdsFor('mkdocs', headings)).toEqual(['usage', 'usage_1', 'own']);
    expect(headingIdsFor('github', headings)).toEqual(['usage', 'usage-1', 'own']);
    expect(headingIdsFor('vitepress', headings)).toEqual(['usage', 'usage-1', 'own']);
    expect(headingIdsFor('mintlify', headings)).toEqual(['usage', 'usage-2', 'usage-3']);
  });
});

describe('site syntax read before parsing', () => {
  it('leaves Mintlify and GitHub pages as they are', () => {
    expect(siteSyntax('!!! note\n    body\n', 'mintlify')).toBeUndefined();
    expect(siteSyntax('::: tip\nbody\n:::\n', 'github')).toBeUndefined();
  });

  it('reads an MkDocs admonition body as Markdown, keeping how far each line was moved', () => {
    const read = siteSyntax('Intro\n\n!!! note "A note"\n    See [x](#y).\n\n    More.\nAfter\n', 'mkdocs')!;
    expect(read.text).toBe('Intro\n\n\nSee [x](#y).\n\nMore.\nAfter\n');
    expect([...read.shifts]).toEqual([
      [4, 4],
      [6, 4],
    ]);
  });

  it('nests content tabs inside admonitions, and leaves fenced code in them alone', () => {
    const text = '??? tip\n    === "One"\n        ```json\n        {"a": 1}\n        ```\n';
    const read = siteSyntax(text, 'mkdocs')!;
    expect(read.text).toBe('\n\n```json\n{"a": 1}\n```\n');
    expect(read.shifts.get(4)).toBe(8);
  });

  it('finds snippet includes, in code blocks too, and drops their line ranges', () => {
    const read = siteSyntax('--8<-- "parts/a.md"\n```json\n--8<-- "parts/b.json:3:9"\n```\n', 'mkdocs')!;
    expect(read.includes.map((i) => [i.written, i.line, i.column])).toEqual([
      ['parts/a.md', 1, 9],
      ['parts/b.json', 3, 9],
    ]);
  });

  it('takes heading ids from attribute lists and blanks them out of the heading', () => {
    const read = siteSyntax('## Widgets {: #all-widgets .wide }\n', 'mkdocs')!;
    expect(read.ids.get(1)).toBe('all-widgets');
    expect(read.text.trimEnd()).toBe('## Widgets');
    expect(siteSyntax('## Widgets {#w}\n', 'docusaurus')!.ids.get(1)).toBe('w');
  });

  it('blanks VitePress containers and [[toc]], and reads <<< includes', () => {
    const read = siteSyntax('[[toc]]\n::: warning Careful\nText\n:::\n<<< @/snippets/a.ts{2-3}\n', 'vitepress')!;
    expect(read.text).toBe('\n\nText\n\n\n');
    expect(read.includes).toEqual([{ written: 'snippets/a.ts', base: 'site', line: 5, column: 5 }]);
  });
});

describe('mkdocs.yml read as data', () => {
  it('reads docs_dir, the nav entries that name files, and the exclusions', () => {
    const config = readMkDocsConfig(
      new TextFile(
        'site/mkdocs.yml',
        [
          'site_name: Widgets',
          'docs_dir: pages',
          'nav:',
          '  - Home: index.md',
          '  - Guide:',
          '      - guide/start.md',
          "      - 'Tools: all': guide/tools.md",
          '      - Elsewhere: https://example.com/',
          '      - https://example.com/bare',
          'exclude_docs: |',
          '  drafts/',
          'markdown_extensions:',
          '  - toc:',
          '      permalink: true',
        ].join('\n'),
      ),
    );
    expect(config.docsDir).toBe('site/pages');
    expect(config.nav?.map((e) => [e.page, e.location.line, e.location.column])).toEqual([
      ['index.md', 4, 11],
      ['guide/start.md', 6, 9],
      ['guide/tools.md', 7, 23],
    ]);
    expect(config.excluded).toEqual(['drafts/']);
    expect(config.defaultSlugs).toBe(true);
  });
});

describe('config site.kind', () => {
  it('takes a known kind', () => {
    expect(parseConfig('{ "site": { "kind": "mkdocs" } }').site).toEqual({ kind: 'mkdocs' });
  });
  it('names the kinds for an unknown one, and suggests the closest', () => {
    expect(() => parseConfig('{ "site": { "kind": "mkdoc" } }')).toThrow(
      /"site.kind" must be "mintlify", "mkdocs", "vitepress", "docusaurus", "github", got "mkdoc" \(did you mean "mkdocs"\?\)/,
    );
  });
  it('rejects an unknown key of site', () => {
    expect(() => parseConfig('{ "site": { "dir": "docs" } }')).toThrow(/unknown key "site.dir"/);
  });
});

const SPEC = 'docs/specification/draft';

/** An MkDocs site: mkdocs.yml at the root, pages under docs/, the spec's prose in a version folder. */
const mkdocsFiles: Files = {
  ...partsFiles,
  'mkdocs.yml': [
    'site_name: Parts',
    'nav:',
    '  - Home: index.md',
    '  - Draft: specification/draft/index.md',
    'exclude_docs: |',
    '  notes/',
  ].join('\n'),
  'docs/index.md': '# Parts\n\n## 1. Getting Started: Bolts\n\n## Sizes {#bolt-sizes}\n',
  'docs/notes/todo.md': '# To do\n',
  [`${SPEC}/index.md`]: '# The draft\n\n## Overview\n\nText with { and < in it.\n',
};
const mkdocs = new RuleTester({ files: mkdocsFiles });
const onDraft = (body: string): Files => ({
  [`${SPEC}/index.md`]: `# The draft\n\n## Overview\n\n${body}\n`,
});

describe('MkDocs', () => {
  mkdocs.run(xrefLink, {
    valid: [
      ['a page by its file, with a toc slug', '[x](../../index.md#1-getting-started-bolts)'],
      ['a heading id the page gives', '[x](../../index.md#bolt-sizes)'],
      ['a heading of this page', '[x](#overview)'],
      ['a link in an admonition body', '!!! note "See"\n    Read [x](#overview).'],
      ['a link in a content tab', '=== "One"\n    Read [x](../../index.md).'],
      ['a link a macro makes', '[x]({{ base_url }}/nowhere.md)'],
      [
        'a snippet whose section a macro fills in',
        '{% macro tabs(region) %}\n```ts\n--8<-- "docs/index.md:{{ region }}"\n```\n{% endmacro %}',
      ],
      ['a snippet whose file a macro fills in', '--8<-- "docs/{{ part }}.md"'],
      ['an absolute link, left to the server', '[x](/nowhere/)'],
    ].map(([name, body]) => ({ name, files: onDraft(body) })),
    invalid: [
      {
        name: 'an anchor in the Mintlify form, which MkDocs does not give',
        files: onDraft('[x](../../index.md#1.-getting-started:-bolts)'),
        errors: [{ line: 5, column: 1, messageIncludes: 'No heading "#1.-getting-started:-bolts" on docs/index.md' }],
      },
      {
        name: 'a page that is not there, from an admonition body',
        files: onDraft('!!! warning\n    See [x](gone.md).'),
        errors: [{ line: 6, column: 9, message: `No page or file ${SPEC}/gone.md` }],
      },
      {
        name: 'a snippet that is not there',
        files: { ...onDraft('--8<-- "docs/specification/draft/part.md"'), 'docs/specification/draft/other.md': '' },
        errors: [{ line: 5, column: 9, message: `No file ${SPEC}/part.md to include (${SPEC}/part.md)` }],
      },
      {
        name: 'a snippet outside the root',
        files: onDraft('--8<-- "../outside.md"'),
        errors: [{ line: 5, column: 9, messageIncludes: 'leads outside the root; not read' }],
      },
    ],
  });

  mkdocs.run(mdxParse, {
    valid: [{ name: 'braces and angle brackets in a Markdown page are text', files: {} }],
    invalid: [],
  });

  mkdocs.run(proseJsonValid, {
    valid: [
      { name: 'a JSON block made by a snippet is not read as JSON', files: onDraft('```json\n--8<-- "a.json"\n```') },
    ],
    invalid: [
      {
        name: 'a JSON block in an admonition body is JSON, reported where it is written',
        files: onDraft('!!! example\n    ```json\n    { "id": 1, }\n    ```'),
        errors: [{ line: 7, column: 14, message: 'Invalid JSON: Trailing comma' }],
      },
    ],
  });

  mkdocs.run(siteNavigation, {
    valid: [{ name: 'every nav entry has its page', files: {} }],
    invalid: [
      {
        name: 'a nav entry without its page',
        files: { 'mkdocs.yml': 'nav:\n  - Home: index.md\n  - Gone: gone.md\n' },
        errors: [
          { file: 'mkdocs.yml', line: 3, column: 11, message: 'Navigation lists gone.md, but docs has no gone.md' },
        ],
      },
    ],
  });

  mkdocs.run(siteUnlistedPage, {
    valid: [{ name: 'pages excluded by exclude_docs need no entry', files: {} }],
    invalid: [
      {
        name: 'a page the nav does not list',
        files: { 'docs/extra.md': '# Extra\n' },
        errors: [{ file: 'docs/extra.md', line: 1, column: 1, messageIncludes: 'lists this page (extra.md)' }],
      },
    ],
  });
});

/** A VitePress site: `.vitepress/` in docs/, the spec's prose in a version folder under it. */
const vitepress = new RuleTester({
  files: {
    ...partsFiles,
    'docs/.vitepress/config.mts': 'export default {};\n',
    'docs/guide.md': '# Guide\n\n## 2. Bolts and Nuts\n\n## Sizes {#sizes}\n',
    'docs/snippets/bolt.ts': 'export const bolt = 1;\n',
    [`${SPEC}/index.md`]: '# The draft\n',
  },
});

describe('VitePress', () => {
  vitepress.run(xrefLink, {
    valid: [
      ['a page without its extension', '[x](../../guide#_2-bolts-and-nuts)'],
      ['a page as .md', '[x](../../guide.md#sizes)'],
      ['a page from the site root', '[x](/guide)'],
      ['a link in a container', '::: tip See\n[x](/guide#sizes)\n:::'],
      ['a code include in the site', '<<< @/snippets/bolt.ts{1}'],
    ].map(([name, body]) => ({ name, files: onDraft(body) })),
    invalid: [
      {
        name: 'a heading by a slug VitePress does not make',
        files: onDraft('[x](/guide#2-bolts-and-nuts)'),
        errors: [{ line: 5, column: 1, messageIncludes: 'No heading "#2-bolts-and-nuts" on docs/guide.md' }],
      },
      {
        name: 'a code include that is not there',
        files: onDraft('<<< @/snippets/nut.ts'),
        errors: [{ line: 5, column: 5, message: 'No file docs/snippets/nut.ts to include (snippets/nut.ts)' }],
      },
      {
        name: 'a page that is not there',
        files: onDraft('[x](/nowhere)'),
        errors: [{ line: 5, column: 1, message: 'No page or file docs/nowhere.md (nor docs/nowhere/index.md)' }],
      },
    ],
  });
});

/** A Docusaurus site: MDX pages with admonitions and heading ids. */
const docusaurus = new RuleTester({
  files: {
    ...partsFiles,
    'docs/docusaurus.config.js': 'module.exports = {};\n',
    'docs/other.mdx': '# Other\n\n## Bolts, nuts & washers\n\n## Sizes {#all-sizes}\n',
    [`${SPEC}/index.mdx`]: '# The draft\n',
  },
});
const onDraftMdx = (body: string): Files => ({ [`${SPEC}/index.mdx`]: `# The draft\n\n${body}\n` });

describe('Docusaurus', () => {
  docusaurus.run(mdxParse, {
    valid: [
      {
        name: 'an admonition and a heading id are no MDX errors',
        files: onDraftMdx(':::note[Read]\nText.\n:::\n\n## Hi {#hi}'),
      },
    ],
    invalid: [],
  });
  docusaurus.run(xrefLink, {
    valid: [
      ['a GitHub slug', '[x](../../other.mdx#bolts-nuts--washers)'],
      ['a heading id', '[x](../../other.mdx#all-sizes)'],
      ['a URL of the built site, not judged', '[x](/docs/somewhere)'],
    ].map(([name, body]) => ({ name, files: onDraftMdx(body) })),
    invalid: [
      {
        name: 'a heading by the slug it would have without its id',
        files: onDraftMdx('[x](../../other.mdx#sizes)'),
        errors: [{ line: 3, column: 1, messageIncludes: 'No heading "#sizes" on docs/other.mdx' }],
      },
    ],
  });
});

/** Markdown without a site generator's marker: GitHub renders it. */
const github = new RuleTester({
  files: {
    ...partsFiles,
    [`${SPEC}/index.md`]: '# The draft\n\n{% include_relative part.md %}\n',
    [`${SPEC}/part.md`]: '## Part Two: Bolts\n\nSee [the draft](#the-draft).\n',
    [`${SPEC}/other.md`]: '# Other\n\n## `widgets/list`\n',
  },
});

describe('GitHub', () => {
  github.run(xrefLink, {
    valid: [
      { name: 'a GitHub slug on another page', files: { [`${SPEC}/x.md`]: '[x](other.md#widgetslist)' } },
      { name: 'a heading of the page that includes this part', files: {} },
      { name: 'a folder', files: { [`${SPEC}/x.md`]: '[x](../draft/)' } },
    ],
    invalid: [
      {
        name: 'a heading in the Mintlify form',
        files: { [`${SPEC}/x.md`]: '[x](other.md#widgets/list)' },
        errors: [
          { line: 1, column: 1, messageIncludes: 'No heading "#widgets/list" on docs/specification/draft/other.md' },
        ],
      },
    ],
  });
});

/** Mintlify, as before: a fragment percent-encoded is the heading's id decoded, and fence options keep the language. */
const mintlify = new RuleTester({
  files: {
    ...partsFiles,
    [`${SPEC}/index.mdx`]: '---\ntitle: Draft\n---\n\n## `parts/get`\n',
  },
});

describe('Mintlify', () => {
  mintlify.run(xrefLink, {
    valid: [{ name: 'a percent-encoded slug', files: { [`${SPEC}/x.mdx`]: '[x](./index#parts%2Fget)' } }],
    invalid: [
      {
        name: 'a percent-encoded slug of no heading',
        files: { [`${SPEC}/x.mdx`]: '[x](./index#parts%2Fput)' },
        errors: [{ line: 1, column: 1, messageIncludes: 'No heading "#parts/put"' }],
      },
    ],
  });
  mintlify.run(proseJsonValid, {
    valid: [],
    invalid: [
      {
        name: 'a JSON block with fence options is still JSON',
        files: { [`${SPEC}/x.mdx`]: '```json highlight={2} title="A bolt"\n{ "id": "b1", }\n```\n' },
        errors: [{ line: 2, column: 13, message: 'Invalid JSON: Trailing comma' }],
      },
    ],
  });
});

describe('MkDocs snippets', () => {
  mkdocs.run(siteUnlistedPage, {
    valid: [
      {
        name: 'a file another page includes is not a page the nav lacks',
        files: { 'docs/parts/shared.md': 'Shared text.\n', ...onDraft('--8<-- "docs/parts/shared.md"') },
      },
    ],
    invalid: [],
  });
});

describe('includes and anchors', () => {
  vitepress.run(xrefLink, {
    valid: [],
    invalid: [
      {
        name: 'a page that includes code still has its anchors judged',
        files: onDraft('<<< @/snippets/bolt.ts\n\n[x](#nowhere)'),
        errors: [{ line: 7, column: 1, message: 'No heading "#nowhere" on this page' }],
      },
    ],
  });
  github.run(xrefLink, {
    valid: [
      {
        name: 'a page with a part the tree lacks has its anchors unjudged',
        files: { [`${SPEC}/y.md`]: '{% include messages/part.md %}\n\n[x](#from-the-part)\n' },
      },
    ],
    invalid: [],
  });
});

describe('a site at the root', () => {
  new RuleTester({
    files: {
      ...partsFiles,
      '.vitepress/config.mts': 'export default {};\n',
      [`${SPEC}/index.md`]: '# The draft\n\n[x](#nowhere)\n',
    },
    options: { layout: { site: '.' } },
  }).run(xrefLink, {
    valid: [],
    invalid: [
      {
        name: 'a page of the prose is checked once',
        files: {},
        errors: [{ line: 3, column: 1, message: 'No heading "#nowhere" on this page' }],
      },
    ],
  });
});

describe('MkDocs with its own slugs', () => {
  mkdocs.run(xrefLink, {
    valid: [
      {
        name: 'a toc slugify of the config leaves anchors unjudged',
        files: {
          'mkdocs.yml':
            'nav:\n  - index.md\nmarkdown_extensions:\n  - toc:\n      slugify: !!python/name:pymdownx.slugs.uslugify\n',
          ...onDraft('[x](../../index.md#anything)'),
        },
      },
    ],
    invalid: [],
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { generatedSepPages } from '../src/rules/generated-sep-pages.js';
import {
  bodyTakenAsCommitted,
  indexPageText,
  navigationText,
  pageWithCommittedBody,
  readSepHeader,
  sepTab,
} from '../src/generators/sep-pages.js';
import { Runtime } from '../src/runtime/runtime.js';
import { prettierOptionsFor } from '../src/generators/prettier-config.js';
import { TextFile } from '../src/core/text-file.js';
import { edit, lineOf, runCli, writeTree } from './helpers.js';

const rules = [generatedSepPages];

// A small "kettle" protocol with two enhancement proposals, written for these tests.
const lockingSep = `# SEP-7: Kettle Lid Locking

- **Status**: Final
- **Type**: Standards Track
- **Created**: 2025-03-02
- **Author(s)**: Ada Brew (@adabrew)
- **Sponsor**: @teapot-keeper
- **PR**: https://example.test/kettles/spec/pull/71

## Abstract

A kettle MAY lock its lid while the water boils.

## Motivation

Lids that open at a boil scald hands.
`;

const timersSep = `# SEP-12: Boil Timers

- **Status**: Draft
- **Type**: Extensions Track
- **Created**: 2025-06-10
- **Author(s)**: Cy Steam (@cysteam),
  Di Vapour (@divapour)
- **Sponsor**: None
- **PR**: #12

## Abstract

A client sets a timer that ends the boil.
`;

const indexPage = `---
title: Kettle Proposals
sidebarTitle: Proposals
---

Every change to the kettle protocol starts as a proposal.

## Summary

- **Draft**: 0

## All SEPs

| SEP | Title | Status | Type | Created |
| --- | ----- | ------ | ---- | ------- |

## Statuses

Proposals move from Draft to Final.
`;

const docsJson = {
  navigation: {
    tabs: [
      { tab: 'Protocol', pages: ['specification/draft/index'] },
      { tab: 'Community', pages: ['community/intro', { group: 'SEPs', pages: ['seps/old'] }] },
    ],
  },
};

/** The kettle spec's tree, with no generated SEP page yet. */
function kettleTree(extra: Record<string, string> = {}): string {
  return writeTree({
    'schema/draft/schema.ts':
      '/** A kettle. */\nexport interface Kettle {\n  /** Litres held. */\n  litres: number;\n}\n',
    'docs/specification/draft/index.mdx': '---\ntitle: Kettles\n---\n\nKettles boil water.\n',
    'docs/docs.json': JSON.stringify(docsJson, null, 2) + '\n',
    'docs/seps/index.mdx': indexPage,
    'seps/7-kettle-lid-locking.md': lockingSep,
    'seps/12-boil-timers.md': timersSep,
    'seps/TEMPLATE.md': '# SEP-0000: Title\n',
    'package.json': JSON.stringify({ name: 'kettle-spec', prettier: { printWidth: 100 } }, null, 2) + '\n',
    // generate also writes schema.json, in this dialect.
    'spec-check.config.json': JSON.stringify({ generate: { dialect: '2020-12' } }),
    ...extra,
  });
}

/** A kettle tree whose SEP pages, index and navigation `generate` wrote, with one committed page to copy the PR link from. */
async function generatedKettleTree(): Promise<string> {
  const root = kettleTree({
    // A page from before: it shows how the site links a pull request.
    'docs/seps/7-kettle-lid-locking.mdx': '| **PR** | [#71](https://example.test/kettles/spec/pull/71) |\n',
  });
  const run = await runCli(['generate', '--root', root]);
  expect(run.stderr).toBe('');
  return root;
}

const sepFindings = async (root: string) =>
  (await check(root, { rules })).findings.filter((f) => f.rule === 'generated/sep-pages');

describe('SEP headers', () => {
  it('reads each field with its line, and the defaults of a field the header lacks', () => {
    const header = readSepHeader('seps/12-boil-timers.md', timersSep)!;
    expect(header).toMatchObject({
      number: '12',
      slug: 'boil-timers',
      title: 'Boil Timers',
      status: 'Draft',
      authors: 'Cy Steam (@cysteam), Di Vapour (@divapour)',
      authorsFirstLine: 'Cy Steam (@cysteam),',
      sponsor: 'None',
      pr: '12',
      lines: { title: 1, status: 3, type: 4, created: 5, authors: 6, sponsor: 8, pr: 9 },
    });
    const bare = readSepHeader('seps/30-bare.md', 'No header here.\n')!;
    expect(bare).toMatchObject({ title: 'Untitled', status: 'Unknown', sponsor: 'None', pr: '30', lines: {} });
  });

  it('reads a field or a title left empty on its line from the next line, as the renderer does', () => {
    const header = readSepHeader(
      'seps/5-kettle-spout.md',
      '# SEP-5:\nKettle Spout\n\n- **Status**:\n  Draft\n- **Type**: Standards Track\n- **Author(s)**:\n  Ed Boil\n- **PR**: to come\n',
    )!;
    expect(header).toMatchObject({
      title: 'Kettle Spout',
      status: 'Draft',
      type: 'Standards Track',
      authors: 'Ed Boil',
      pr: '5',
      lines: { title: 1, status: 4, type: 6, authors: 7 },
    });
    expect(header.lines.pr).toBeUndefined();
  });

  it('skips the template, the README, 0000- drafts and names off the NNNN-slug.md convention', () => {
    for (const name of ['TEMPLATE.md', 'README.md', '0000-draft.md', 'notes.md'])
      expect(readSepHeader(`seps/${name}`, lockingSep)).toBeUndefined();
  });
});

describe('the index and the navigation', () => {
  const seps = [
    readSepHeader('seps/7-kettle-lid-locking.md', lockingSep)!,
    readSepHeader('seps/12-boil-timers.md', timersSep)!,
  ];

  it('fills the committed index page: a count per status, newest first, and a row per SEP', () => {
    const text = indexPageText(indexPage, seps)!;
    expect(text).toContain('## Summary\n\n- **Draft**: 1\n- **Final**: 1\n\n## All SEPs');
    expect(text).toContain(
      '| [SEP-12](/seps/12-boil-timers) | Boil Timers | <Badge color="gray" shape="pill">Draft</Badge> | Extensions Track | 2025-06-10 |\n| [SEP-7]',
    );
    expect(text).toContain('## Statuses\n\nProposals move from Draft to Final.\n');
    expect(indexPageText('---\ntitle: x\n---\n\nNo table.\n', seps)).toBeUndefined();
  });

  it('groups the SEP tab by status in lifecycle order, and takes the SEP group out of the Community tab', () => {
    expect(sepTab(seps).pages).toEqual([
      'seps/index',
      { group: 'Final', pages: ['seps/7-kettle-lid-locking'] },
      { group: 'Draft', pages: ['seps/12-boil-timers'] },
    ]);
    const written = JSON.parse(navigationText(JSON.stringify(docsJson), seps)!);
    expect(written.navigation.tabs.map((t: { tab: string }) => t.tab)).toEqual(['Protocol', 'SEPs', 'Community']);
    expect(written.navigation.tabs[2].pages).toEqual(['community/intro']);
    expect(navigationText('{"navigation": {}}', seps)).toBeUndefined();
  });
});

describe('the Prettier config, read as data', () => {
  it('applies the overrides whose files match the page, as Prettier matches them', () => {
    const config = new TextFile(
      'package.json',
      JSON.stringify({ prettier: { tabWidth: 4, overrides: [{ files: '*.mdx', options: { proseWrap: 'never' } }] } }),
    );
    expect(prettierOptionsFor(config, 'docs/seps/7-a.mdx').options).toEqual({ tabWidth: 4, proseWrap: 'never' });
    expect(prettierOptionsFor(config, 'docs/seps/7-a.md').options).toEqual({ tabWidth: 4 });
    const yaml = new TextFile(
      'docs/.prettierrc.yaml',
      'printWidth: 60\noverrides:\n  - files: "seps/**"\n    options:\n      semi: false\n',
    );
    expect(prettierOptionsFor(yaml, 'docs/seps/7-a.mdx').options).toEqual({ printWidth: 60, semi: false });
  });

  it('runs no config written as code, follows no shared config and loads no plugin: it says so', () => {
    expect(prettierOptionsFor(new TextFile('prettier.config.js', ''), 'docs/seps/a.mdx').problem).toMatch(/not run/);
    expect(prettierOptionsFor(new TextFile('.prettierrc', '"@kettles/prettier-config"'), 'a.mdx').problem).toMatch(
      /shared Prettier config/,
    );
    expect(prettierOptionsFor(new TextFile('.prettierrc.json', '{"plugins": ["x"]}'), 'a.mdx').problem).toMatch(
      /plugins/,
    );
  });
});

describe('generate and generated/sep-pages', () => {
  it('writes each page, the index and the navigation; check then finds nothing and generate --check nothing to change', async () => {
    const root = await generatedKettleTree();
    const page = fs.readFileSync(path.join(root, 'docs/seps/12-boil-timers.mdx'), 'utf8');
    expect(page).toContain('title: "SEP-12: Boil Timers"');
    expect(page).toContain('[@divapour](https://github.com/divapour)');
    expect(page).toContain('[#12](https://example.test/kettles/spec/pull/12)');
    expect(page).toMatch(/---\n\n## Abstract\n\nA client sets a timer that ends the boil.\n$/);
    // The TEMPLATE is not published.
    expect(fs.existsSync(path.join(root, 'docs/seps/TEMPLATE.mdx'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'docs/docs.json'), 'utf8')).toContain('"group": "Draft"');
    expect(await sepFindings(root)).toEqual([]);
    const again = await runCli(['generate', '--root', root, '--check']);
    expect(again.code).toBe(0);
  });

  it("reports a page made stale by a SEP's title and status at the SEP's title, and the index and navigation once", async () => {
    const root = await generatedKettleTree();
    edit(root, 'seps/12-boil-timers.md', '# SEP-12: Boil Timers', '# SEP-12: Boil Countdown Timers');
    edit(root, 'seps/12-boil-timers.md', '**Status**: Draft', '**Status**: Accepted');
    const findings = await sepFindings(root);
    expect(findings.map((f) => [f.file, f.line])).toEqual([
      ['seps/12-boil-timers.md', 1],
      ['seps/12-boil-timers.md', 1],
    ]);
    const page = findings.find((f) => f.message.startsWith('docs/seps/12-boil-timers.mdx'))!;
    expect(page.message).toContain('its title and status differ from seps/12-boil-timers.md');
    expect(page.message).toContain('{+Countdown +}');
    expect(page.related[0]).toMatchObject({ file: 'docs/seps/12-boil-timers.mdx' });
    const index = findings.find((f) => f.message.startsWith('docs/seps/index.mdx and docs/docs.json are stale'))!;
    expect(index.message).toContain("SEP-12's row");

    const listed = await runCli(['generate', '--root', root, '--check']);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toContain(
      'would update docs/seps/12-boil-timers.mdx\nwould update docs/seps/index.mdx\nwould update docs/docs.json\n',
    );
    await runCli(['generate', '--root', root]);
    expect(await sepFindings(root)).toEqual([]);
  });

  it('reports a status change alone at the status line, and a missing page at the title', async () => {
    const root = await generatedKettleTree();
    edit(root, 'seps/7-kettle-lid-locking.md', '**Status**: Final', '**Status**: Withdrawn');
    fs.rmSync(path.join(root, 'docs/seps/12-boil-timers.mdx'));
    const findings = await sepFindings(root);
    const status = findings.find((f) => f.message.includes('its status differs'))!;
    expect([status.file, status.line]).toEqual([
      'seps/7-kettle-lid-locking.md',
      lineOf(root, 'seps/7-kettle-lid-locking.md', '**Status**'),
    ]);
    const missing = findings.find((f) => f.message.includes('has no page'))!;
    expect([missing.file, missing.line, missing.message]).toEqual([
      'seps/12-boil-timers.md',
      1,
      'seps/12-boil-timers.md has no page docs/seps/12-boil-timers.mdx in the site. Run `spec-check generate`.',
    ]);
  });

  it("reports a change of the SEP's text at its line", async () => {
    const root = await generatedKettleTree();
    edit(
      root,
      'seps/7-kettle-lid-locking.md',
      'Lids that open at a boil scald hands.',
      'Lids that open at a boil scald fingers.',
    );
    const [finding] = await sepFindings(root);
    expect(finding.message).toContain("is stale in the SEP's text");
    expect([finding.file, finding.line]).toEqual([
      'seps/7-kettle-lid-locking.md',
      lineOf(root, 'seps/7-kettle-lid-locking.md', 'Lids that'),
    ]);
  });

  it('carries the notice of committed Final pages to a SEP that becomes Final', async () => {
    const root = await generatedKettleTree();
    const pagePath = path.join(root, 'docs/seps/7-kettle-lid-locking.mdx');
    const notice = '<Note>\n  Final proposals are kept as they were accepted.\n</Note>';
    const page = fs.readFileSync(pagePath, 'utf8').replace('</div>\n\n', `</div>\n\n${notice}\n\n`);
    fs.writeFileSync(pagePath, page);
    edit(root, 'seps/12-boil-timers.md', '**Status**: Draft', '**Status**: Final');
    await runCli(['generate', '--root', root]);
    // Prettier puts a one-sentence notice on one line.
    expect(fs.readFileSync(path.join(root, 'docs/seps/12-boil-timers.mdx'), 'utf8')).toContain(
      '</div>\n\n<Note>Final proposals are kept as they were accepted.</Note>\n\n| Field',
    );
    expect(await sepFindings(root)).toEqual([]);
  });

  it('accepts a page showing the first line of a wrapped Author(s) item, as the renderer once read it', async () => {
    const root = await generatedKettleTree();
    const pagePath = path.join(root, 'docs/seps/12-boil-timers.mdx');
    const page = fs.readFileSync(pagePath, 'utf8');
    const row = page.split('\n').find((l) => l.startsWith('| **Author(s)**'))!;
    fs.writeFileSync(
      pagePath,
      page.replace(row, '| **Author(s)** | Cy Steam ([@cysteam](https://github.com/cysteam)), |'),
    );
    expect(await sepFindings(root)).toEqual([]);
    // Another author's name in that row is stale.
    fs.writeFileSync(
      pagePath,
      page.replace(row, '| **Author(s)** | Cy Stem ([@cysteam](https://github.com/cysteam)), |'),
    );
    expect((await sepFindings(root)).map((f) => f.line)).toEqual([6]);
  });

  it('accepts a page formatted by the Prettier the lockfile pins, when it is not the bundled one', async () => {
    const root = await generatedKettleTree();
    const pagePath = path.join(root, 'docs/seps/12-boil-timers.mdx');
    // Formatted some other way: its tables unaligned; the bundled Prettier aligns them as generated.
    fs.writeFileSync(
      pagePath,
      fs
        .readFileSync(pagePath, 'utf8')
        .replace(/^\|.*\|$/gm, (row) => row.replace(/ +\|/g, ' |').replace(/-{3,}/g, '---')),
    );
    expect((await sepFindings(root)).map((f) => f.message)).toEqual([
      expect.stringContaining('docs/seps/12-boil-timers.mdx is stale in its header'),
    ]);
    const lock = { lockfileVersion: 3, packages: { '': {}, 'node_modules/prettier': { version: '3.0.0' } } };
    fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));
    expect(await sepFindings(root)).toEqual([]);
    // generate leaves it as it is.
    expect((await runCli(['generate', '--root', root, '--check'])).code).toBe(0);
  });

  it('checks nothing in a site without a SEP index', async () => {
    const root = kettleTree();
    fs.rmSync(path.join(root, 'docs/seps/index.mdx'));
    expect(await sepFindings(root)).toEqual([]);
    const run = await runCli(['generate', '--root', root, '--check']);
    expect(run.stdout).not.toContain('seps');
  });

  it('says once that a config written as code is not run, and compares no page', async () => {
    const root = await generatedKettleTree();
    fs.writeFileSync(path.join(root, 'docs/.prettierrc.cjs'), 'module.exports = {};\n');
    const findings = await sepFindings(root);
    expect(findings.map((f) => [f.file, f.line])).toEqual([['docs/.prettierrc.cjs', 1]]);
    expect(findings[0].message).toMatch(/is the Prettier config of the generated pages.*not run/);
  });
});

describe('a page judged by its head, the committed body taken', () => {
  /** The sep-pages findings of a check, and how many pages it judged by their head or formatted whole. */
  async function judged(root: string) {
    const runtime = new Runtime({ worker: false });
    const findings = (await check(root, { rules, runtime })).findings.filter((f) => f.rule === 'generated/sep-pages');
    const { sepPagesByHead, sepPagesFormattedWhole } = runtime.counts;
    return { findings, byHead: sepPagesByHead, whole: sepPagesFormattedWhole };
  }

  it("takes a committed body equal to the SEP's, and still reports a change of the head", async () => {
    const root = await generatedKettleTree();
    expect(await judged(root)).toEqual({ findings: [], byHead: 2, whole: 0 });
    edit(root, 'seps/7-kettle-lid-locking.md', '**Sponsor**: @teapot-keeper', '**Sponsor**: @lid-keeper');
    const { findings, byHead, whole } = await judged(root);
    expect([byHead, whole]).toEqual([1, 1]);
    expect(findings.map((f) => [f.file, f.line])).toEqual([
      ['seps/7-kettle-lid-locking.md', lineOf(root, 'seps/7-kettle-lid-locking.md', '**Sponsor**')],
    ]);
    expect(findings[0].message).toContain('its sponsor differs');
  });

  it('reports a committed body edited by hand, one word', async () => {
    const root = await generatedKettleTree();
    edit(root, 'docs/seps/7-kettle-lid-locking.mdx', 'scald hands', 'scald palms');
    const { findings, byHead, whole } = await judged(root);
    expect([byHead, whole]).toEqual([1, 1]);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringContaining("docs/seps/7-kettle-lid-locking.mdx is stale in the SEP's text"),
    ]);
    expect(findings[0].line).toBe(lineOf(root, 'seps/7-kettle-lid-locking.md', 'Lids that'));
  });

  it("reports a head Prettier would format otherwise, the body equal to the SEP's", async () => {
    const root = await generatedKettleTree();
    // The field table left unaligned, as the renderer writes it before formatting.
    edit(root, 'docs/seps/12-boil-timers.mdx', /^\| \*\*SEP\*\* +\| 12 +\|$/m, '| **SEP** | 12 |');
    const { findings, byHead, whole } = await judged(root);
    expect([byHead, whole]).toEqual([1, 1]);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringContaining('docs/seps/12-boil-timers.mdx is stale in its header'),
    ]);
  });

  it('judges a page whose committed body Prettier rewrapped by its head and that block, and reports a word changed there', async () => {
    const root = await generatedKettleTree();
    // Paragraphs wrapped, as the MCP repository has them.
    edit(root, 'package.json', '"printWidth": 100', '"printWidth": 100, "proseWrap": "always"');
    const sep = 'seps/7-kettle-lid-locking.md';
    const long =
      'Lids that open at a boil scald hands, wrists and, on a bad day, the forearms of whoever lifts the kettle first.';
    const more =
      '\n\n## Rationale\n\nA lock that holds only while the water boils costs nothing when it is cold.'.repeat(3);
    edit(root, sep, 'Lids that open at a boil scald hands.', `${long}${more}`);
    await runCli(['generate', '--root', root]);
    const page = fs.readFileSync(path.join(root, 'docs/seps/7-kettle-lid-locking.mdx'), 'utf8');
    expect(page).not.toContain(long);
    const runtime = new Runtime({ worker: false });
    const judge = async () => {
      const findings = (await check(root, { rules, runtime })).findings.filter((f) => f.rule === 'generated/sep-pages');
      const { sepPagesByChunks, sepPagesFormattedWhole } = runtime.counts;
      return { findings, byChunks: sepPagesByChunks, whole: sepPagesFormattedWhole };
    };
    expect(await judge()).toEqual({ findings: [], byChunks: 1, whole: 0 });
    edit(root, 'docs/seps/7-kettle-lid-locking.mdx', 'wrists', 'ankles');
    const { findings, whole } = await judge();
    expect(whole).toBe(1);
    expect(findings.map((f) => f.message)).toEqual([
      expect.stringContaining("docs/seps/7-kettle-lid-locking.mdx is stale in the SEP's text"),
    ]);
  });

  it('formats whole a page whose SEP has no Abstract and does not start with a heading', async () => {
    const root = await generatedKettleTree();
    const sep = 'seps/7-kettle-lid-locking.md';
    fs.writeFileSync(path.join(root, sep), `Draft notes.\n\n${fs.readFileSync(path.join(root, sep), 'utf8')}`);
    edit(root, sep, '## Abstract', '## Summary');
    await runCli(['generate', '--root', root]);
    expect(await judged(root)).toEqual({ findings: [], byHead: 1, whole: 1 });
  });

  it('generate formats every page whole: it rewrites a committed body that Prettier would format otherwise', async () => {
    const root = await generatedKettleTree();
    // The same emphasis in the SEP and on its page, with asterisks; Prettier writes underscores on the page.
    const emphasis = 'Lids that open at a boil *scald* hands.';
    edit(root, 'seps/7-kettle-lid-locking.md', 'Lids that open at a boil scald hands.', emphasis);
    edit(root, 'docs/seps/7-kettle-lid-locking.mdx', 'Lids that open at a boil scald hands.', emphasis);
    const listed = await runCli(['generate', '--root', root, '--check']);
    expect(listed.stdout).toContain('would update docs/seps/7-kettle-lid-locking.mdx');
    // A check takes the committed body as formatted (the repository's `prettier --check` is what holds it so).
    expect((await judged(root)).findings).toEqual([]);
  });

  it('leaves to the whole page a body that could turn bracketed text of the head into a reference', () => {
    const head = '---\ntitle: "SEP-3: [Draft] Lids"\n---\n\n| **SEP** | 3 |\n\n---\n\n';
    const body = '## Abstract\n\nSee [draft].\n\n[draft]: https://example.test/draft\n';
    const committed = `formatted head\n\n---\n\n${body}`;
    expect(bodyTakenAsCommitted(head, body, committed)).toBe(false);
    expect(bodyTakenAsCommitted(head.replace('[Draft] ', ''), body, committed)).toBe(true);
    // Not a heading first, or not at the end of the committed page.
    expect(bodyTakenAsCommitted(head, 'Intro.\n', 'x\n\n---\n\nIntro.\n')).toBe(false);
    expect(bodyTakenAsCommitted(head, '## Abstract\n\nA.\n', 'x\n\n---\n\n## Abstract\n\nB.\n')).toBe(false);
    // The committed page is the formatted head, one blank line and the body, nothing else.
    const formattedHead = 'front\n\n---\n';
    expect(pageWithCommittedBody(formattedHead, '## A\n', 'front\n\n---\n\n## A\n')).toBe('front\n\n---\n\n## A\n');
    expect(pageWithCommittedBody(formattedHead, '## A\n', 'front\n\n---\n\n\n## A\n')).toBeUndefined();
    expect(pageWithCommittedBody(formattedHead, '## A\n', 'frent\n\n---\n\n## A\n')).toBeUndefined();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import type { CheckReport } from '../../src/core/report.js';
import { TextFile } from '../../src/core/text-file.js';
import { readMarkdownPage } from '../../src/sources/markdown.js';
import { outlinePage } from '../../src/sources/page-outline.js';
import { corpusRoot } from '../helpers.js';

const mint = JSON.parse(fs.readFileSync(new URL('./fixtures/mint-broken-links.json', import.meta.url), 'utf8')) as {
  mint: { version: string };
  brokenPageLinks: { page: string; target: string }[];
  brokenMediaLinks: { page: string; target: string }[];
};

let report: CheckReport;
beforeAll(async () => {
  report = await check(corpusRoot);
});
const found = (prefix: string) =>
  report.findings.filter((f) => f.rule.startsWith(prefix)).map((f) => `${f.file}:${f.line} ${f.message}`);

describe('links on the MCP spec snapshot, judged as its docs site serves them', () => {
  it('reports no link that the site redirects: docs.json is read', () => {
    const messages = report.findings.filter((f) => f.rule === 'xref/link').map((f) => f.message);
    expect(messages.filter((m) => m.includes('security_best_practices'))).toEqual([]);
  });

  it('reports only broken links, each reviewed', () => {
    const links = found('xref/link');
    const count = (pattern: RegExp) => links.filter((l) => pattern.test(l)).length;
    // `#meta` for the heading `_meta`, whose id keeps the underscore (maintainers fixed one such link by hand).
    expect(count(/No heading "#meta"/)).toBe(26);
    // Cards linking to a version's client/ folder, which has no index page of its own.
    expect(count(/No page or file at \/specification\/[^/]+\/client on the site/)).toBe(6);
    // Anchors to sections that moved to other pages or were renamed.
    expect(
      links.filter((l) => !/"#meta"|\/client on the site/.test(l)).map((l) => l.replace(/ .*?"(#[^"]+)".*/, ' $1')),
    ).toEqual([
      'docs/community/sep-guidelines.mdx:77 #creating-an-interest-group', // the section is gone from working-interest-groups
      'docs/docs/2024-11-05/develop/connect-local-servers.mdx:210 #getting-logs-from-claude-for-desktop', // heading renamed
      'docs/docs/2025-03-26/develop/connect-local-servers.mdx:210 #getting-logs-from-claude-for-desktop',
      'docs/docs/2025-06-18/develop/connect-local-servers.mdx:210 #getting-logs-from-claude-for-desktop',
      'docs/docs/2025-11-25/develop/connect-local-servers.mdx:210 #getting-logs-from-claude-for-desktop',
      'docs/docs/2026-07-28/develop/connect-local-servers.mdx:210 #getting-logs-from-claude-for-desktop',
      'docs/docs/2026-07-28/tutorials/security/authorization.mdx:23 #stdio', // stdio moved to transports/stdio
      'docs/docs/2026-07-28/tutorials/security/security_best_practices.mdx:152 #dynamic-client-registration', // moved to client-registration
      'docs/docs/draft/develop/connect-local-servers.mdx:210 #getting-logs-from-claude-for-desktop',
      'docs/docs/draft/tutorials/security/authorization.mdx:23 #stdio',
      'docs/docs/draft/tutorials/security/security_best_practices.mdx:152 #dynamic-client-registration',
      'docs/specification/2025-11-25/changelog.mdx:17 #url-elicitation-requests', // no such heading on elicitation
      'docs/specification/2026-07-28/server/tools.mdx:800 #ref-resolution', // the heading `$ref` Resolution keeps its `$`
      'docs/specification/draft/server/tools.mdx:800 #ref-resolution',
    ]);
  });

  it("agrees with Mintlify's checker on page paths, except for folders without a page (which Mintlify passes)", () => {
    expect(mint.mint.version).toBe('4.2.941');
    const pagePaths = report.findings.filter(
      (f) => f.rule === 'xref/link' && f.message.startsWith('No page or file at'),
    );
    const folders = pagePaths.filter((f) => {
      const url = /at (\S+) on the site/.exec(f.message)![1];
      return (
        fs.existsSync(path.join(corpusRoot, 'docs', url)) &&
        fs.statSync(path.join(corpusRoot, 'docs', url)).isDirectory()
      );
    });
    expect(pagePaths.length - folders.length).toBe(mint.brokenPageLinks.length);
    // Mintlify reports the snapshot's missing images; the tree holds no image, so spec-check does not judge them.
    expect(mint.brokenMediaLinks.length).toBeGreaterThan(200);
    expect(report.findings.filter((f) => /\.(png|gif|svg|jpe?g)\b/.test(f.message))).toEqual([]);
  });

  it('checks the site itself: redirects and navigation hold, one charter page is left out of the navigation', () => {
    expect(found('site/redirect')).toEqual([]);
    expect(found('site/navigation')).toEqual([]);
    expect(found('site/unlisted-page')).toEqual([
      'docs/community/working-groups/apps.mdx:1 No navigation entry in docs.json lists this page (community/working-groups/apps)',
    ]);
  });

  it('finds no cross-version link, private host, unclosed fence or ESM comment (as the repository’s own script)', () => {
    for (const rule of ['xref/cross-version', 'xref/private-host', 'mdx/unclosed-fence', 'mdx/esm-comment'])
      expect(found(rule)).toEqual([]);
  });
});

describe('page outlines', () => {
  it('give the links and headings of the full parse on every page of the site', () => {
    const docs = path.join(corpusRoot, 'docs');
    const pages = fs
      .readdirSync(docs, { recursive: true, encoding: 'utf8' })
      .filter((p) => /\.mdx$/.test(p) && !p.endsWith('schema.mdx'));
    expect(pages.length).toBeGreaterThan(300);
    const differing: string[] = [];
    for (const rel of pages) {
      const file = new TextFile(rel, fs.readFileSync(path.join(docs, rel), 'utf8'));
      const parsed = readMarkdownPage(file, 'mdx');
      if (parsed.parseError) continue;
      const outline = outlinePage(file);
      const key = (l: { url: string; kind?: string; location: { line: number } }) =>
        `${l.location.line} ${l.kind ?? 'link'} ${l.url}`;
      const same =
        JSON.stringify(parsed.links.map(key).sort()) === JSON.stringify(outline.links.map(key).sort()) &&
        JSON.stringify(parsed.headings.map((h) => `${h.location.line} ${h.text}`)) ===
          JSON.stringify(outline.headings.map((h) => `${h.location.line} ${h.text}`));
      if (!same) differing.push(rel);
    }
    expect(differing).toEqual([]);
  }, 120_000);
});

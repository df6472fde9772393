/**
 * A watch session keeps what it computed for unchanged files (folder listings, link verdicts,
 * example verdicts, claims): after every edit its report must be the report a fresh check of
 * the same tree gives.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { watchCheck } from '../src/watch.js';
import { checkRoot } from '../src/check.js';
import type { CheckReport } from '../src/core/report.js';
import type { Finding } from '../src/core/finding.js';
import { formatJson } from '../src/reporters/json.js';
import { copyTree, edit, sampleSpec } from './helpers.js';

const brief = (f: Finding) => `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`;

describe('check --watch after edits', () => {
  it('reports what a fresh check reports, edit after edit', { timeout: 180_000 }, async () => {
    const root = copyTree(sampleSpec);
    fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'docs/docs.json'),
      JSON.stringify({ navigation: { pages: ['specification/draft/index'] }, redirects: [] }, null, 2),
    );
    const checks: CheckReport[] = [];
    let wake: (() => void) | undefined;
    const controller = new AbortController();
    const done = watchCheck({
      root,
      checkOptions: () => ({}),
      io: { stdout: () => {}, stderr: () => {} },
      signal: controller.signal,
      debounceMs: 50,
      onCheck: (report) => {
        checks.push(report);
        wake?.();
      },
    });
    const next = async () => {
      while (!checks.length) await new Promise<void>((resolve) => (wake = resolve));
      return checks.shift()!;
    };
    const agrees = async () => {
      const watched = (await next()).findings.map(brief).sort();
      const fresh = (await checkRoot(root, {})).report.findings.map(brief).sort();
      expect(watched).toEqual(fresh);
      return watched;
    };
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    };
    const settle = () => new Promise((r) => setTimeout(r, 150));
    try {
      await agrees();
      await settle();
      const widgets = 'docs/specification/draft/server/widgets.mdx';
      const index = 'docs/specification/draft/index.mdx';

      // A heading another, unchanged page links to is renamed: that page's link breaks.
      edit(root, widgets, '## Listing widgets', '## Listing all widgets');
      expect(await agrees()).toContainEqual(expect.stringMatching(/^xref\/link .*messages\.mdx.*#listing-widgets/));
      await settle();

      // A link to a page that is not there yet, then the page: the unchanged linking page is judged again.
      edit(root, index, '## Features', 'See [gadgets](/specification/draft/server/gadgets).\n\n## Features');
      expect(await agrees()).toContainEqual(expect.stringMatching(/^xref\/link .*index\.mdx.*gadgets/));
      await settle();
      write('docs/specification/draft/server/gadgets.mdx', '---\ntitle: Gadgets\n---\n\nGadgets.\n');
      expect((await agrees()).filter((f) => f.startsWith('xref/link') && f.includes('gadgets'))).toEqual([]);
      await settle();

      // A redirect in docs.json that leads nowhere; then the link that used it.
      edit(root, index, 'See [gadgets]', 'See [old](/old-gadgets) and [gadgets]');
      expect(await agrees()).toContainEqual(expect.stringMatching(/^xref\/link .*index\.mdx.*old-gadgets/));
      await settle();
      edit(
        root,
        'docs/docs.json',
        '"redirects": []',
        '"redirects": [{ "source": "/old-gadgets", "destination": "/specification/draft/server/gadgets" }]',
      );
      expect((await agrees()).filter((f) => f.includes('old-gadgets'))).toEqual([]);
      await settle();

      // An example made invalid, then schema.json changed so that it is valid again.
      edit(root, 'schema/draft/examples/Widget/dial.json', /"kind": "\w+"/, '"kind": "knob"');
      expect(await agrees()).toContainEqual(expect.stringMatching(/^example\/valid .*dial\.json/));
      await settle();
      edit(root, 'schema/draft/schema.json', /"enum": \[/, '"enum": [\n                        "knob",');
      expect((await agrees()).filter((f) => f.startsWith('example/valid'))).toEqual([]);
    } finally {
      controller.abort();
      await done;
    }
  });

  it(
    'gives, after each edit of a page, an example and either schema.ts, the JSON a cold check gives',
    { timeout: 180_000 },
    async () => {
      const root = copyTree(sampleSpec);
      // A changelog whose claim holds once the draft's schema.ts declares what it says was added.
      fs.writeFileSync(
        path.join(root, 'docs/specification/draft/changelog.mdx'),
        '---\ntitle: Changelog\n---\n\n- Added the `Gadget` interface.\n',
      );
      const reports: CheckReport[] = [];
      let wake: (() => void) | undefined;
      const controller = new AbortController();
      const done = watchCheck({
        root,
        checkOptions: () => ({}),
        io: { stdout: () => {}, stderr: () => {} },
        signal: controller.signal,
        debounceMs: 50,
        onCheck: (report) => {
          reports.push(report);
          wake?.();
        },
      });
      const next = async () => {
        while (!reports.length) await new Promise<void>((resolve) => (wake = resolve));
        return reports.shift()!;
      };
      // Byte for byte: findings, their order, groups and the summary's figures.
      const sameAsCold = async () => {
        const watched = formatJson(await next());
        expect(watched).toBe(formatJson((await checkRoot(root, {})).report));
        return JSON.parse(watched) as CheckReport;
      };
      const settle = () => new Promise((r) => setTimeout(r, 150));
      const count = (report: CheckReport, rule: string, file = '') =>
        report.findings.filter((f) => f.rule === rule && f.file.startsWith(file)).length;
      try {
        const first = await sameAsCold();
        await settle();
        // A page of one version: a broken link.
        edit(
          root,
          'docs/specification/draft/server/widgets.mdx',
          '## Changing a widget',
          'See [x](#no-such-place).\n\n## Changing a widget',
        );
        expect(count(await sameAsCold(), 'xref/link')).toBe(count(first, 'xref/link') + 1);
        await settle();
        // An example of the other version made invalid.
        edit(root, 'schema/2025-01-15/examples/Widget/dial.json', /"kind": "\w+"/, '"kind": "knob"');
        expect(count(await sameAsCold(), 'example/valid')).toBe(count(first, 'example/valid') + 1);
        await settle();
        // The draft's schema.ts: a member's doc comment changes what schema.json and the Schema Reference hold.
        edit(
          root,
          'schema/draft/schema.ts',
          'Human-readable name, for display.',
          'Human-readable name, shown to users.',
        );
        const stale = await sameAsCold();
        expect(count(stale, 'generated/schema-json', 'schema/draft/')).toBeGreaterThan(
          count(first, 'generated/schema-json', 'schema/draft/'),
        );
        await settle();
        // The other version's schema.ts gains a declaration; then the draft's edit is undone.
        fs.appendFileSync(
          path.join(root, 'schema/2025-01-15/schema.ts'),
          '\n/** A gizmo. */\nexport interface Gizmo {\n  id: string;\n}\n',
        );
        await sameAsCold();
        await settle();
        edit(
          root,
          'schema/draft/schema.ts',
          'Human-readable name, shown to users.',
          'Human-readable name, for display.',
        );
        expect(count(await sameAsCold(), 'generated/schema-json', 'schema/draft/')).toBe(
          count(first, 'generated/schema-json', 'schema/draft/'),
        );
        await settle();
        // The draft's schema.ts now declares what its changelog says was added.
        expect(count(first, 'consistency/changelog')).toBe(1);
        fs.appendFileSync(
          path.join(root, 'schema/draft/schema.ts'),
          '\n/** A gadget. */\nexport interface Gadget {\n  id: string;\n}\n',
        );
        expect(count(await sameAsCold(), 'consistency/changelog')).toBe(0);
      } finally {
        controller.abort();
        await done;
      }
    },
  );
});

import { describe, expect, it } from 'vitest';
import { runCli, wordByWord, writeTree } from './helpers.js';

const SEP = 'seps/40-gadget-quotas.md';
const PAGE = 'docs/specification/draft/server/gadgets.mdx';
const OTHER = 'docs/specification/draft/server/lamps.mdx';

/** A SEP whose Specification section is prose, a TypeScript block, a deprecation table and a template. */
const sep = (sepSentence = 'Servers MUST reject a gadget request that exceeds the quota of the client.') =>
  [
    '# SEP-40: Gadget quotas',
    '',
    '- **Status**: Final',
    '',
    '## Motivation',
    '',
    'Clients MAY flood a server with gadget requests today.',
    '',
    '## Specification',
    '',
    sepSentence,
    'A quota counts the gadget requests of one client over one minute.',
    'This proposal was discussed at length by the working group last spring.',
    '',
    '- Servers SHOULD include the remaining quota in every gadget result.',
    '- Clients MAY cache the quota of a server for the length of a session.',
    '',
    'A rejected request gets an error whose message follows the template `Quota exceeded: <client>`.',
    '',
    '```typescript',
    'export interface GadgetResult {',
    '  /** The gadget. */',
    '  gadget: string;',
    '  remaining?: number;',
    '  resetAt: string;',
    '}',
    '```',
    '',
    'Add `@deprecated` to the following items:',
    '',
    '| Item | Why |',
    '| --- | --- |',
    '| `OldGadget` | replaced by quotas |',
    '| `GadgetResult.legacy` | replaced by remaining |',
    '',
    '## Rationale',
    '',
    'Servers MUST NOT be asked to count forever.',
    '',
  ].join('\n');

const schema = [
  '/** A gadget result. */',
  'export interface GadgetResult {',
  '  /** The gadget. */',
  '  gadget: string;',
  '  remaining: number;',
  '  /** @deprecated use remaining */',
  '  legacy?: number;',
  '}',
  '',
  '/** An old gadget. */',
  'export interface OldGadget {',
  '  name: string;',
  '}',
  '',
].join('\n');

const page = (keyword = 'MUST', extra = '') =>
  [
    '---',
    'title: Gadgets',
    '---',
    '',
    '## Quotas',
    '',
    `Servers **${keyword}** reject a gadget request that exceeds the quota of the client.`,
    'A quota counts the gadget requests of one client over one minute.',
    '',
    '- Servers **SHOULD** include the remaining quota in every gadget result.',
    '- Clients **MAY** cache the quota of a server for the length of a session.',
    extra,
    '',
    '```json',
    '{ "jsonrpc": "2.0", "id": 1, "error": { "code": -32001, "message": "Quota exceeded for client-7" } }',
    '```',
    '',
  ].join('\n');

function tree(files: Record<string, string> = {}): string {
  return writeTree({
    'schema/draft/schema.ts': schema,
    [PAGE]: page(),
    [OTHER]: '---\ntitle: Lamps\n---\n\nLamps glow.\n',
    [SEP]: sep(),
    ...files,
  });
}

interface Found {
  rule: string;
  message: string;
  file: string;
  line: number;
  column: number;
  related: { file: string; line: number; column: number }[];
}

async function json(root: string, ...args: string[]) {
  const run = await runCli(['sep-diff', SEP, '--root', root, '--format', 'json', ...args]);
  expect(run.stderr).toBe('');
  const report = JSON.parse(run.stdout) as { findings: Found[]; summary: Record<string, number> };
  return { code: run.code, ...report };
}

describe('sep-diff: the Specification section as a whole', () => {
  it('searches every sentence, item and row of the section, and says how many it found', async () => {
    const root = tree();
    const { summary } = await json(root);
    // Five sentences and items of the section are in the page; the working-group sentence, the
    // template's sentence and the two table rows are not. The Motivation and Rationale are not searched.
    expect(summary.specificationUnits).toBe(9);
    expect(summary.specificationUnitsLocated).toBe(4);
    expect(summary.keywordUnitsLocated).toBe(3);
    // Every page of the draft was searched: the SEP names none.
    expect(summary.pagesSearched).toBe(2);
    const text = await runCli(['sep-diff', SEP, '--root', root]);
    expect(text.stdout).toContain('Specification section: compared 4 of 9 units');
    expect(text.stdout).toContain(
      'not located: “This proposal was discussed at length by the working group…” (line 13)',
    );
    expect(text.stdout).toContain('TypeScript: compared 1 of 1 declarations with schema.ts.');
    expect(text.stdout).toContain('Deprecations: 2 of 2 items the SEP deprecates found in schema.ts.');
    expect(text.stdout).not.toContain('No differences');
  });

  it('reports a MUST that became SHOULD with the whole sentence, the changed word marked', async () => {
    const root = tree({ [PAGE]: page('SHOULD') });
    const { findings } = await json(root);
    const keyword = findings.filter((f) => f.rule === 'sep-diff/keyword');
    expect(keyword).toEqual([
      expect.objectContaining({
        message:
          'The spec says SHOULD where the SEP says MUST: “Servers [-MUST-] {+SHOULD+} reject a gadget request that exceeds the quota of the client.”',
        file: PAGE,
        line: 7,
        column: 11,
        related: [expect.objectContaining({ file: SEP, line: 11, column: 9 })],
      }),
    ]);
    // With MUST back, no keyword finding.
    expect((await json(tree())).findings.filter((f) => f.rule === 'sep-diff/keyword')).toEqual([]);
  });

  it('reports a sentence of the section edited in the spec, never cut', async () => {
    const long =
      'Servers MUST reject a gadget request that exceeds the quota of the client, and they MUST say in the error which quota it exceeded and when that quota resets.';
    const root = tree({
      [SEP]: sep(long),
      [PAGE]: page('MUST').replace(
        'Servers **MUST** reject a gadget request that exceeds the quota of the client.',
        long.replace('when that quota resets', 'when that quota is reset'),
      ),
    });
    // Off by default (most such edits are editorial); the config turns it on.
    expect((await json(root)).findings.filter((f) => f.rule === 'sep-diff/reworded')).toEqual([]);
    const reworded = (await json(wordByWord(root))).findings.filter((f) => f.rule === 'sep-diff/reworded');
    expect(reworded.map((f) => f.message)).toEqual([
      `This sentence of the SEP’s Specification reads differently in the spec: “Servers MUST reject a gadget request that exceeds the quota of the client, and they MUST say in the error which quota it exceeded and when that quota [-resets.-] {+is reset.+}”`,
    ]);
  });

  it('compares the TypeScript block with schema.ts by structure, and the deprecation table', async () => {
    const root = tree({ 'schema/draft/schema.ts': schema.replace('  /** @deprecated use remaining */\n', '') });
    const messages = (await json(root)).findings.filter((f) => f.rule === 'sep-diff/schema').map((f) => f.message);
    expect(messages).toEqual([
      "schema.ts's `GadgetResult` has no member `resetAt`, which the SEP declares (`resetAt: string`)",
      'schema.ts makes `GadgetResult.remaining` required; the SEP makes it optional',
      'schema.ts has no @deprecated tag on `GadgetResult.legacy`, which the SEP deprecates',
      'schema.ts has no @deprecated tag on `OldGadget`, which the SEP deprecates',
    ]);
    // Layout, comments and union order are not differences.
    const same = tree({
      [SEP]: sep().replace('remaining?: number;', 'remaining?: number; // left'),
      'schema/draft/schema.ts': schema.replace('remaining: number;', 'remaining?:   number;'),
    });
    expect((await json(same)).findings.filter((f) => f.rule === 'sep-diff/schema').map((f) => f.message)).not.toContain(
      'schema.ts makes `GadgetResult.remaining` required; the SEP makes it optional',
    );
  });

  it('holds the example messages of the pages searched to the SEP’s template', async () => {
    const { findings } = await json(tree());
    expect(findings.filter((f) => f.rule === 'sep-diff/template').map((f) => f.message)).toEqual([
      'The example message “Quota exceeded for client-7” does not follow the SEP’s template “Quota exceeded: <client>”',
    ]);
  });

  it('searches the pages given with --pages besides every page of the target version when the SEP names none', async () => {
    // The SEP's wording is already in a page the pull request does not change: it is still found.
    const root = tree({ [PAGE]: page('SHOULD') });
    const { summary, findings } = await json(root, '--pages', OTHER);
    expect(summary.pagesSearched).toBe(2);
    expect(summary.specificationUnitsLocated).toBe(4);
    expect(findings.filter((f) => f.rule === 'sep-diff/keyword').map((f) => f.file)).toEqual([PAGE]);
    const text = await runCli(['sep-diff', SEP, '--root', root, '--pages', OTHER]);
    expect(text.stdout).toContain(
      'compared 4 of 9 units (sentences, list items, table rows) found in every page of the target version (2; the SEP names none)',
    );
  });

  it('does not take a sentence another page writes for another feature for the SEP’s, alone on that page', async () => {
    const mine = 'Implementations are free to show gadgets through any interface pattern that suits their needs.';
    const withSentence = sep().replace('## Rationale', `${mine}\n\n## Rationale`);
    const lamps = (sentence: string) => `---\ntitle: Lamps\n---\n\n${sentence}\n`;
    // The same template sentence about lamps: a sentence of its own, neither located nor reported.
    const other = await json(
      wordByWord(
        tree({
          [SEP]: withSentence,
          [OTHER]: lamps(
            'Implementations are free to show lamps through any interface pattern that suits their needs.',
          ),
        }),
      ),
    );
    expect(other.findings.filter((f) => f.rule === 'sep-diff/reworded')).toEqual([]);
    expect(other.summary.specificationUnitsLocated).toBe(4);
    // The SEP's sentence with words added: the same sentence, edited.
    const edited = await json(
      wordByWord(tree({ [SEP]: withSentence, [OTHER]: lamps(mine.replace('needs.', 'needs, within reason.')) })),
    );
    expect(edited.summary.specificationUnitsLocated).toBe(5);
    expect(edited.findings.filter((f) => f.rule === 'sep-diff/reworded').map((f) => f.file)).toEqual([OTHER]);
  });

  it('finds no keyword change where the same keywords are reworded, nor in the BCP 14 paragraph', async () => {
    const bcp14 = (list: string) =>
      `The key words ${list} in this document are to be interpreted as described in BCP 14 when they appear in all capitals.`;
    const root = tree({
      [SEP]: sep()
        .replace(
          '- Clients MAY cache',
          '- MAY mix plain counts and quota objects in the same gadget result.\n- Clients MAY cache',
        )
        .replace('A quota counts', `${bcp14('"MUST", "SHOULD" and "MAY"')}\nA quota counts`),
      [PAGE]: page()
        .replace(
          '- Clients **MAY** cache',
          '- Plain counts and quota objects **MAY** be mixed in the same gadget result.\n- Clients **MAY** cache',
        )
        .replace(
          '- Clients **MAY** cache the quota of a server for the length of a session.',
          '- The quota of a server **MAY** be cached by clients for the length of a session.',
        )
        .replace('## Quotas\n', `## Quotas\n\n${bcp14('"MUST", "MUST NOT", "SHOULD", "SHOULD NOT" and "MAY"')}\n`)
        .replace('A quota counts', 'A quota counts'),
    });
    const { findings } = await json(wordByWord(root));
    expect(findings.filter((f) => f.rule === 'sep-diff/keyword')).toEqual([]);
    // Nor is the BCP 14 paragraph, which each document words its own way, a sentence reworded.
    expect(findings.filter((f) => f.rule === 'sep-diff/reworded' && f.message.includes('BCP 14'))).toEqual([]);
    // A keyword that did change is still one.
    const changed = await json(
      tree({
        [PAGE]: page().replace(
          '- Clients **MAY** cache the quota of a server for the length of a session.',
          '- Clients **MUST** cache the quota of a server for the length of a session.',
        ),
      }),
    );
    expect(changed.findings.filter((f) => f.rule === 'sep-diff/keyword').map((f) => f.message)).toEqual([
      expect.stringContaining('says MUST where the SEP says MAY'),
    ]);
  });

  it('finds no keyword change where the spec merged two of the SEP’s requirements into one sentence', async () => {
    const items = (extra: string) =>
      sep().replace(
        '- Clients MAY cache',
        `- Clients SHOULD treat gadget names as case-insensitive.\n- Clients SHOULD NOT require an exact gadget name match before picking a server for the session${extra}.\n- Clients MAY cache`,
      );
    const merged = (added: string) =>
      page().replace(
        '- Clients **MAY** cache',
        `- Clients **SHOULD NOT** require an exact gadget name match ${added}before picking a server for the session.\n- Clients **MAY** cache`,
      );
    // The SEP's SHOULD item joined to its SHOULD NOT one: no keyword changed, none added.
    const root = tree({
      [SEP]: items(''),
      [PAGE]: merged('').replace(
        '- Clients **SHOULD NOT** require',
        '- Clients **SHOULD** treat gadget names as case-insensitive and **SHOULD NOT** require',
      ),
    });
    expect((await json(root)).findings.filter((f) => f.rule === 'sep-diff/keyword')).toEqual([]);
    // A requirement the SEP states nowhere, added inside the sentence, is still reported.
    const added = await json(tree({ [SEP]: items(''), [PAGE]: merged('and **MUST** log each pick ') }));
    expect(added.findings.filter((f) => f.rule === 'sep-diff/keyword').map((f) => f.message)).toEqual([
      'The spec adds MUST: “Clients SHOULD NOT require an exact gadget name match {+and MUST log each pick+} before picking a server for the session.”',
    ]);
  });

  it('finds no keyword change in a SEP that writes no RFC 2119 keyword: the spec’s keywords formalize its prose', async () => {
    const plain = (extra: string) =>
      [
        '# SEP-41: Warm lamps',
        '',
        '## Specification',
        '',
        extra,
        '1. A lamp server is expected to keep its lamps warm for the length of a session.',
        '2. Clients should not switch a lamp off while its session lasts.',
        '',
      ].join('\n');
    const lamps = [
      '---',
      'title: Lamps',
      '---',
      '',
      '- A lamp server **SHOULD** keep its lamps warm for the length of a session.',
      '- Clients **SHOULD NOT** switch a lamp off while its session lasts.',
      '',
    ].join('\n');
    const root = tree({ [SEP]: plain(''), [OTHER]: lamps });
    const { findings, summary } = await json(root);
    expect(summary.specificationUnitsLocated).toBe(2);
    expect(findings.filter((f) => f.rule === 'sep-diff/keyword')).toEqual([]);
    // A SEP that states requirements with keywords elsewhere: a plain expectation made a keyword is a change.
    const stated = await json(tree({ [SEP]: plain('Lamp servers MUST glow.\n'), [OTHER]: lamps }));
    expect(stated.findings.filter((f) => f.rule === 'sep-diff/keyword').map((f) => f.message)).toEqual([
      'The spec adds SHOULD: “A lamp server [-is expected to-] {+SHOULD+} keep its lamps warm for the length of a session.”',
      'The spec adds SHOULD NOT: “Clients [-should not-] {+SHOULD NOT+} switch a lamp off while its session lasts.”',
    ]);
  });

  it('does not report a subject the spec gives in its list’s lead-in, nor a formula it shows after a colon', async () => {
    const formula = 'A quota of one client is exhausted when `requests >= limit`.';
    const root = tree({
      [SEP]: sep().replace('## Rationale', `${formula}\n\n## Rationale`),
      [PAGE]: page()
        .replace('- Servers **SHOULD** include', 'For servers:\n\n- **SHOULD** include')
        .replace(
          '- Clients **MAY** cache the quota of a server for the length of a session.\n',
          '- Clients **MAY** cache the quota of a server for the length of a session.\n\nA quota of one client is exhausted when:\n\n```\nrequests >= limit\n```\n',
        ),
    });
    const { findings, summary } = await json(wordByWord(root));
    expect(summary.specificationUnitsLocated).toBe(5);
    expect(findings.filter((f) => f.rule === 'sep-diff/reworded')).toEqual([]);
    // A subject the spec changed is still a difference.
    const changed = await json(
      wordByWord(tree({ [PAGE]: page().replace('- Servers **SHOULD** include', '- Gateways **SHOULD** include') })),
    );
    expect(changed.findings.filter((f) => f.rule === 'sep-diff/reworded').map((f) => f.message)).toEqual([
      expect.stringContaining('[-Servers-] {+Gateways+} SHOULD include'),
    ]);
  });

  it('reports a member schema.ts lacks once, though two blocks declare it in different forms', async () => {
    const block = (limits: string[]) =>
      ['```typescript', 'export interface GadgetResult {', '  gadget: string;', ...limits, '}', '```', ''].join('\n');
    const again = [
      'In short:',
      '',
      block(['  limits?: { perMinute: number };']),
      'In full, with its comments:',
      '',
      block(['  limits?: {', '    /** Requests a minute. */', '    perMinute: number;', '  };']),
      'Add `@deprecated`',
    ].join('\n');
    const root = tree({ [SEP]: sep().replace('Add `@deprecated`', again) });
    const messages = (await json(root)).findings.filter((f) => f.rule === 'sep-diff/schema').map((f) => f.message);
    expect(messages.filter((m) => m.includes('no member `limits`'))).toEqual([
      "schema.ts's `GadgetResult` has no member `limits`, which the SEP declares (`limits?: { perMinute: number }`)",
    ]);
  });

  it('takes `object` and an index signature of `unknown` as one type', async () => {
    const root = tree({
      [SEP]: sep().replace('  resetAt: string;\n', '  resetAt: string;\n  extra: object;\n  more: object;\n'),
      'schema/draft/schema.ts': schema.replace(
        '  remaining: number;\n',
        '  remaining: number;\n  resetAt: string;\n  extra: { [key: string]: unknown };\n  more: unknown;\n',
      ),
    });
    const messages = (await json(root)).findings.filter((f) => f.rule === 'sep-diff/schema').map((f) => f.message);
    expect(messages).toEqual([
      'schema.ts makes `GadgetResult.remaining` required; the SEP makes it optional',
      'schema.ts types `GadgetResult.more` as `unknown` where the SEP has `object`',
      'schema.ts has no @deprecated tag on `OldGadget`, which the SEP deprecates',
    ]);
  });

  it('leaves what an Extensions Track SEP adds to schema.ts’s declarations to the extension, and says so', async () => {
    const extension = sep()
      .replace('- **Status**: Final', '- **Status**: Final\n- **Type**: Extensions Track')
      .replace('  resetAt: string;\n}', '  resetAt: string;\n}\n\ntype GadgetKind = "small" | "large" | "leased";');
    const root = tree({
      [SEP]: extension,
      'schema/draft/schema.ts': schema + 'export type GadgetKind = "small" | "large";\n',
    });
    const messages = (await json(root)).findings.filter((f) => f.rule === 'sep-diff/schema').map((f) => f.message);
    // `resetAt` and the "leased" kind are the extension's; a member schema.ts declares otherwise is still a difference.
    expect(messages).toEqual([
      'schema.ts makes `GadgetResult.remaining` required; the SEP makes it optional',
      'schema.ts has no @deprecated tag on `OldGadget`, which the SEP deprecates',
    ]);
    const text = (await runCli(['sep-diff', SEP, '--root', root])).stdout;
    expect(text).toContain(
      "TypeScript: compared 2 of 2 declarations with schema.ts; 2 additions the extension makes to them (members, union alternatives) not compared: the extension's own.",
    );
    // The same blocks in a Standards Track SEP are differences.
    const standard = await json(
      tree({
        [SEP]: extension.replace('Extensions Track', 'Standards Track'),
        'schema/draft/schema.ts': schema + 'export type GadgetKind = "small" | "large";\n',
      }),
    );
    expect(standard.findings.filter((f) => f.rule === 'sep-diff/schema')).toHaveLength(4);
  });

  it('reports its findings as registered rules in the SARIF and GitHub formats', async () => {
    const root = tree({ [PAGE]: page('SHOULD') });
    const sarif = JSON.parse((await runCli(['sep-diff', SEP, '--root', root, '--format', 'sarif'])).stdout);
    const run = sarif.runs[0];
    expect(run.results.map((r: { ruleId: string }) => r.ruleId)).toContain('sep-diff/keyword');
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toContain('sep-diff/schema');
    const github = (await runCli(['sep-diff', SEP, '--root', root, '--format', 'github'])).stdout;
    expect(github).toMatch(/^::error file=.*gadgets\.mdx,line=7,col=11,title=sep-diff\/keyword::/m);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClaimStore, pageClaimsKey, vocabularyDigest } from '../src/consistency/claim-store.js';
import { resolveVocabulary } from '../src/consistency/vocabulary.js';
import type { ClaimSet } from '../src/consistency/claims.js';
import { TextFile } from '../src/core/text-file.js';
import { edit } from './helpers.js';
import { cachedCheck, coldCheck, specCopy, testCache } from './cached-checks.js';

const vocabulary = resolveVocabulary();

/** A page's claims as the prose reader gives them: one claim, one skipped statement, one code use. */
function pageClaims(): ClaimSet {
  const location = { file: 'docs/specification/draft/tools.mdx', line: 4, column: 3 };
  return {
    claims: [
      {
        version: 'draft',
        condition: vocabulary.conditions[0],
        channel: vocabulary.channels[0],
        code: -32602,
        source: 'prose',
        subject: 'prose',
        location,
        text: 'An unknown tool is reported as an error.',
        related: [{ location: { ...location, line: 9 }, message: 'shown here' }],
      },
    ],
    skipped: [{ version: 'draft', conditions: ['x'], source: 'prose', location, text: 'Maybe.', reason: 'hedged' }],
    codeUses: [{ version: 'draft', code: -32601, source: 'prose', subject: 'prose', location, text: 'Unknown.' }],
    retired: [],
  };
}

describe('the store of the claims read from pages', () => {
  const key = pageClaimsKey(
    { file: new TextFile('docs/specification/draft/tools.mdx', '# Tools\n'), syntax: 'mdx' },
    'mintlify',
    'draft',
    vocabularyDigest(vocabulary),
  );

  it('reads a page back as read, its conditions and channels the vocabulary own', () => {
    const { cache } = testCache('spec-check-claims-');
    const writer = new ClaimStore(cache);
    const made = writer.claims(key, vocabulary, pageClaims);
    expect(writer.counts).toMatchObject({ pageClaimsFromCache: 0, pageClaimsRead: 1 });
    writer.save();
    const reader = new ClaimStore(cache);
    const read = reader.claims(key, vocabulary, () => {
      throw new Error('read again');
    });
    expect(reader.counts).toMatchObject({ pageClaimsFromCache: 1, pageClaimsRead: 0 });
    expect(read).toEqual(made);
    expect(read.claims[0].condition).toBe(vocabulary.conditions[0]);
    expect(read.claims[0].channel).toBe(vocabulary.channels[0]);
  });

  it('reads a page again when its condition is not the vocabulary one, or the entry was tampered with', () => {
    const { dir, cache } = testCache('spec-check-claims-');
    const writer = new ClaimStore(cache);
    writer.claims(key, vocabulary, pageClaims);
    writer.save();
    const other = { ...vocabulary, conditions: vocabulary.conditions.slice(1) };
    const lacking = new ClaimStore(cache);
    lacking.claims(key, other, () => ({ claims: [], skipped: [], codeUses: [], retired: [] }));
    expect(lacking.counts).toMatchObject({ pageClaimsFromCache: 0, pageClaimsRead: 1 });
    const [entry] = fs.readdirSync(dir).filter((n) => n.startsWith('prose-claims-'));
    const stored = fs.readFileSync(path.join(dir, entry), 'utf8');
    fs.writeFileSync(path.join(dir, entry), stored.replace('An unknown tool', 'A known tool'));
    const tampered = new ClaimStore(cache);
    expect(tampered.claims(key, vocabulary, pageClaims).claims[0].text).toBe(
      'An unknown tool is reported as an error.',
    );
    expect(tampered.counts).toMatchObject({ pageClaimsFromCache: 0, pageClaimsRead: 1 });
  });

  it('reads a page again when a kept entry another build wrote holds claims of another shape', () => {
    const { dir, cache } = testCache('spec-check-claims-');
    const writer = new ClaimStore(cache);
    writer.claims(key, vocabulary, pageClaims);
    writer.save();
    const entryKey = fs
      .readdirSync(dir)
      .find((n) => n.startsWith('prose-claims-'))!
      .slice('prose-claims-'.length, -'.json'.length);
    const empty = { skipped: [], codeUses: [], retired: [] };
    for (const page of [
      { ...empty, claims: [null] },
      { ...empty, claims: [{ condition: vocabulary.conditions[0].id, channel: vocabulary.channels[0].id }] },
      { claims: [], skipped: [{ text: 'no location' }], codeUses: [], retired: [] },
      { claims: [] },
    ]) {
      cache.set('prose-claims', entryKey, { pages: { [key]: page } });
      const reader = new ClaimStore(cache);
      expect(reader.claims(key, vocabulary, pageClaims)).toEqual(pageClaims());
      expect(reader.counts).toMatchObject({ pageClaimsFromCache: 0, pageClaimsRead: 1 });
    }
  });

  it('keys a page by its vocabulary: another phrase is another key', () => {
    const changed = resolveVocabulary({
      extends: 'mcp',
      conditions: { 'unknown-tool': { label: 'unknown tool', phrases: ['no tool by that name'] } },
    });
    expect(vocabularyDigest(changed)).not.toBe(vocabularyDigest(vocabulary));
    expect(vocabularyDigest(resolveVocabulary())).toBe(vocabularyDigest(vocabulary));
  });

  it('after a page edit, reads the other pages claims back and reports what a cold check reports', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    expect(first.timings.pageClaimsRead).toBeGreaterThan(2);
    edit(root, 'docs/specification/draft/index.mdx', /$/, '\nOne more line.\n');
    const second = await cachedCheck(root, cacheDir);
    expect(second.timings.pageClaimsRead).toBe(1);
    expect(second.timings.pageClaimsFromCache).toBe(first.timings.pageClaimsRead - 1);
    expect(second.report).toBe(await coldCheck(root));
    expect(second.report).toContain('consistency/');
  });

  it('after an example edit, reads each schema.ts claims back and reports what a cold check reports', async () => {
    const { root, cacheDir } = specCopy();
    const first = await cachedCheck(root, cacheDir);
    expect(first.timings.schemaClaimsRead).toBeGreaterThan(0);
    expect(first.timings.schemaClaimsFromCache).toBe(0);
    const [example] = fs
      .readdirSync(path.join(root, 'schema/draft/examples'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.json'));
    edit(root, path.relative(root, path.join(example.parentPath, example.name)), /^\{/, '{\n  "extra": 1,');
    const second = await cachedCheck(root, cacheDir);
    expect(second.timings.schemaClaimsRead).toBe(0);
    expect(second.timings.schemaClaimsFromCache).toBe(first.timings.schemaClaimsRead);
    expect(second.report).toBe(await coldCheck(root));
    // A schema.ts edit reads that file's claims again, and only that file's.
    edit(root, 'schema/draft/schema.ts', /$/, '\n');
    const third = await cachedCheck(root, cacheDir);
    expect(third.timings.schemaClaimsRead).toBe(1);
    expect(third.report).toBe(await coldCheck(root));
  });
});

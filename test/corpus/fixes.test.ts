import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import { consistencyProtocolVersion } from '../../src/rules/consistency-protocol-version.js';
import { jsdocNestedOpener } from '../../src/rules/jsdoc-nested-opener.js';
import { corpusRoot, copyTree, edit, lineOf } from '../helpers.js';

// Mutants of two kinds of slip that maintainers of the spec repository fixed by hand (see docs/recall.md):
// each is made on a copy of the snapshot, and the unmodified snapshot has no finding of the kind.
const rules = [consistencyProtocolVersion, jsdocNestedOpener];
const RELEASED = 'schema/2025-11-25/schema.ts';
const DRAFT = 'schema/draft/schema.ts';
const PRIMITIVE = '/**\n * Restricted schema definitions that only allow primitive types';

const summary = async (root: string, versions: string[]) =>
  (await check(root, { rules, versions })).findings.map((f) => `${f.rule} ${f.file}:${f.line}`);

describe('slips fixed by hand, as mutants of the MCP spec snapshot', () => {
  it('reports neither kind on the unmodified snapshot', async () => {
    const found = await summary(corpusRoot, ['2025-11-25', 'draft']);
    expect(found.filter((f) => f.startsWith('jsdoc/nested-opener') || f.includes('schema.ts:'))).toEqual([]);
  });

  it("reports a released version's LATEST_PROTOCOL_VERSION left at the draft's label, at the constant", async () => {
    const root = copyTree(corpusRoot);
    edit(root, RELEASED, 'LATEST_PROTOCOL_VERSION = "2025-11-25"', 'LATEST_PROTOCOL_VERSION = "DRAFT-2026-v1"');
    const found = await summary(root, ['2025-11-25']);
    expect(found).toContain(
      `consistency/protocol-version ${RELEASED}:${lineOf(root, RELEASED, 'LATEST_PROTOCOL_VERSION =')}`,
    );
  });

  it('reports a comment opener left inside a JSDoc comment of the draft, at the opener', async () => {
    const root = copyTree(corpusRoot);
    edit(root, DRAFT, PRIMITIVE, `/**\n${PRIMITIVE}`);
    const found = await summary(root, ['draft']);
    // The stray opener is the second of the two, where the comment text now begins.
    expect(found).toEqual([`jsdoc/nested-opener ${DRAFT}:${lineOf(root, DRAFT, PRIMITIVE)}`]);
  });
});

import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseJsonValid } from '../src/rules/prose-json-valid.js';
import { sepHeader, sepTarget } from '../src/prose/sep-version.js';
import { loadSpec } from '../src/sources/load.js';
import { Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';
import { partsFiles, partsSchemaJson, partsSchemaTs } from './prose-fixture.js';
import { writeTree } from './helpers.js';

// Two versions of the parts spec: in the release 2025-01-01 a part's size was a string; the
// draft made it an integer. A SEP shows a part sized "8": valid in the release, not in the draft.
const OLD = '2025-01-01';
const oldSchemaJson = structuredClone(partsSchemaJson);
oldSchemaJson.$defs.Part.properties.size = { type: 'string' } as never;
const oldFiles = {
  [`schema/${OLD}/schema.ts`]: partsSchemaTs.replace('size: number;', 'size: string;'),
  [`schema/${OLD}/schema.json`]: JSON.stringify(oldSchemaJson, null, 2),
};
const DRAFT_FINDING =
  'Object (named Part by the text before it) does not match Part at /size: expected an integer, got the string "8"';

function sep(header: string, block = '{ "id": "b1", "size": "8" }'): string {
  return `# SEP-7: Sized parts\n\n${header}\n\n## Shape\n\nA \`Part\`:\n\n\`\`\`json\n${block}\n\`\`\`\n`;
}

async function run(files: Record<string, string>) {
  const report = await check(writeTree({ ...partsFiles, ...oldFiles, ...files }), { rules: [proseJsonValid] });
  return {
    messages: report.findings.map((f) => `${f.file}:${f.line} ${f.message}`),
    summary: report.summary,
  };
}

/** The version a SEP of this tree is read against. */
async function targetOf(files: Record<string, string>): Promise<string | undefined> {
  const spec = await loadSpec(writeTree({ ...partsFiles, ...oldFiles, ...files }));
  const page = spec.seps.find((p) => p.path === 'seps/7-sized.md')!;
  return sepTarget(new Project(spec, new Runtime()), page).version?.id;
}

describe('SEP blocks are read against the version that took the SEP in', () => {
  it('reads a Final SEP against the first release after its Created date', async () => {
    const got = await run({ 'seps/7-sized.md': sep('- **Status**: Final\n- **Created**: 2024-06-01') });
    expect(got.messages).toEqual([]);
    expect(got.summary.codeBlocksValidated).toBe(1);
  });

  it('reads a Final SEP written after the last release against the draft, and reports its syntax errors only', async () => {
    const files = { 'seps/7-sized.md': sep('- **Status**: Final\n- **Created**: 2025-06-01') };
    expect(await targetOf(files)).toBe('draft');
    // An adopted SEP records what was proposed: a detail the release changed is not its defect.
    expect((await run(files)).messages).toEqual([]);
  });

  it('takes the release whose changelog names the SEP over its Created date', async () => {
    const got = await run({
      'seps/7-sized.md': sep('- **Status**: Final\n- **Created**: 2025-06-01'),
      [`docs/specification/${OLD}/changelog.mdx`]:
        '---\ntitle: Changes\n---\n\n1. Parts have a size ([SEP-7](/seps/7-sized)).\n',
    });
    expect(got.messages).toEqual([]);
    expect(
      await targetOf({
        'seps/7-sized.md': sep('- **Status**: Final\n- **Created**: 2025-06-01'),
        [`docs/specification/${OLD}/changelog.mdx`]:
          '---\ntitle: Changes\n---\n\n1. Parts have a size ([SEP-7](/seps/7-sized)).\n',
      }),
    ).toBe(OLD);
  });

  it('reads a SEP still proposed against the draft', async () => {
    const got = await run({ 'seps/7-sized.md': sep('- **Status**: In-Review\n- **Created**: 2024-06-01') });
    expect(got.messages).toEqual([`seps/7-sized.md:11 ${DRAFT_FINDING}`]);
  });

  it('matches the blocks of a SEP no release took in, or of one without a status, against no schema, and counts them', async () => {
    const got = await run({
      'seps/7-sized.md': sep('- **Status**: Withdrawn\n- **Created**: 2024-06-01'),
      'seps/8-unsized.md': sep('Written before headers.').replace('SEP-7', 'SEP-8'),
      'seps/9-broken.md': sep('- **Status**: Rejected', '{ "id": "b1" "size": "8" }').replace('SEP-7', 'SEP-9'),
    });
    // A block that does not parse is reported whatever the version.
    expect(got.messages).toEqual(['seps/9-broken.md:10 Invalid JSON: Comma expected']);
    expect(got.summary).toMatchObject({ sepCodeBlocksSkippedNotAdopted: 2, sepCodeBlocksSkippedNoVersion: 1 });
    expect(got.summary.codeBlocksValidated).toBeUndefined();
  });
});

describe('sepHeader', () => {
  it('reads the status and the created date in the forms SEP headers use', () => {
    expect(sepHeader('# SEP-1: A\n\n- **Status**: Final\n- **Created**: 2025-10-20\n')).toEqual({
      status: 'Final',
      created: '2025-10-20',
    });
    expect(sepHeader('# SEP-2\n\nStatus: Accepted  \nCreated: 2024-01-02 (revised 2024-03-01)\n')).toEqual({
      status: 'Accepted',
      created: '2024-01-02',
    });
    expect(sepHeader('# SEP-3\n\nNo header.\n')).toEqual({ status: undefined, created: undefined });
  });
});

/**
 * prose/member-description: a bullet or table row that defines a member says what the member's
 * declaration and JSDoc say, where a word-level comparison can name the difference.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseMemberDescription, sentenceDifference } from '../src/rules/prose-member-description.js';
import { writeTree } from './helpers.js';

const TYPES = `/** Something a kettle can carry. */
export interface Named {
  /** The label a host shows for it. */
  label: string;
}

/** A sticker on a kettle. */
export interface Sticker extends Named {
  /**
   * Optional colour override if the source colour is unknown or faded.
   */
  colour?: string;
  /**
   * How many times it was peeled. Defaults to 0.
   */
  peels?: number;
  /**
   * The size in millimetres. Clients MUST reject a size above 90.
   */
  size: number;
  /** What holds it on. */
  backing?: GlueBacking | TapeBacking;
}

/** A handle of a kettle. */
export interface Handle {
  /** The handle's colour, which the server picks. */
  colour?: string;
  /** The label of the handle. */
  label?: string;
}

/** Glue. */
export interface GlueBacking {
  /** Always "glue". */
  kind: "glue";
}

/** Tape. */
export interface TapeBacking {
  /** Always "tape". */
  kind: "tape";
}
`;

async function findings(page: string): Promise<string[]> {
  const root = writeTree({
    'schema/draft/schema.ts': TYPES,
    'docs/specification/draft/kettles.mdx': `# Kettles\n\n${page}\n`,
  });
  const report = await check(root, { generate: { dialect: '2020-12' }, rules: [proseMemberDescription] });
  return report.findings.map((f) => `${f.line} ${f.message}`);
}

describe('prose/member-description', () => {
  it('reports a bullet that names another party than the JSDoc in a sentence restating it', async () => {
    const page = [
      'Each `Sticker` carries:',
      '',
      '- `label`: The label a host shows for it',
      "- `colour`: Optional colour override if the client's colour is unknown or faded",
    ].join('\n');
    const out = await findings(page);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^6 The page's description of Sticker\.colour names “client's” where the JSDoc names “source”/,
    );
  });

  it('leaves alone a paraphrase, an abbreviation and added detail', async () => {
    const page = [
      'Each `Sticker` carries:',
      '',
      '- `label`: The label shown by a host, for instance in a list of kettles',
      '- `colour`: Optional colour, used when the source colour is faded or unknown',
      '- `peels`: How many times it was peeled',
      '- `size`: The size in millimetres; clients **MUST** reject a size above 90.',
    ].join('\n');
    expect(await findings(page)).toEqual([]);
  });

  it('reads no member whose declaration the context leaves open', async () => {
    const swapped = "- `colour`: Optional colour override if the client's colour is unknown or faded";
    // Two declarations named, both with `colour`.
    expect(await findings(`A \`Sticker\` or a \`Handle\` has:\n\n${swapped}`)).toEqual([]);
    // None named.
    expect(await findings(`Each one has:\n\n${swapped}`)).toEqual([]);
    // Named, but most of the list's members are not the declaration's.
    expect(await findings(`Each \`Sticker\` has:\n\n${swapped}\n- \`spout\`: The spout\n- \`lid\`: The lid`)).toEqual(
      [],
    );
  });

  it('takes the declaration from the nearest heading when the lead-in names none, inherited members included', async () => {
    const out = await findings(
      '## Sticker\n\n- `label`: The label a client shows for it\n- `size`: The size in millimetres',
    );
    expect(out).toEqual([
      "5 The page's description of Sticker.label names “client” where the JSDoc names “host”: “The label a client shows for it” vs “The label a host shows for it.” (schema/draft/schema.ts)",
    ]);
  });

  it('reports a member called optional that the declaration requires, and the reverse', async () => {
    expect(await findings('Each `Sticker` has:\n\n- `size`: Optional size in millimetres')).toEqual([
      '5 The page calls Sticker.size optional, but schema/draft/schema.ts declares it required',
    ]);
    expect(await findings('Each `Sticker` has:\n\n- `colour`: The colour to show (required)')).toEqual([
      '5 The page calls Sticker.colour required, but schema/draft/schema.ts declares it optional',
    ]);
  });

  it('reports a default other than the JSDoc states', async () => {
    expect(await findings('Each `Sticker` has:\n\n- `peels`: How often it came off. Defaults to 1.')).toEqual([
      '5 The page gives Sticker.peels the default 1, but its JSDoc in schema/draft/schema.ts says 0',
    ]);
    expect(await findings('Each `Sticker` has:\n\n- `peels`: How often it came off. Defaults to `0`.')).toEqual([]);
  });

  it('reports a type the description names beside a declared one, which the declared type does not name', async () => {
    expect(await findings('Each `Sticker` has:\n\n- `backing`: A `GlueBacking` or `VelcroBacking`')).toEqual([
      '5 The page says Sticker.backing is `GlueBacking` or `VelcroBacking`, but its type in schema/draft/schema.ts is `GlueBacking | TapeBacking`, which does not name `VelcroBacking`',
    ]);
    expect(await findings('Each `Sticker` has:\n\n- `backing`: A `GlueBacking` or `TapeBacking`')).toEqual([]);
  });

  it('reads table rows, their description column', async () => {
    const table = [
      'A `Sticker` has these fields:',
      '',
      '| Field    | Description                                                  | Type   |',
      '| -------- | ------------------------------------------------------------ | ------ |',
      '| `size`   | The size in millimetres. Clients SHOULD reject a size above 90. | number |',
      '| `label`  | The label a host shows for it                                | string |',
    ].join('\n');
    expect(await findings(table)).toEqual([
      "7 The page's description of Sticker.size says SHOULD where the JSDoc says MUST: “Clients SHOULD reject a size above 90.” vs “Clients MUST reject a size above 90.” (schema/draft/schema.ts)",
    ]);
  });
});

describe('sentenceDifference', () => {
  it('names negation and number changes in a restated sentence, and nothing in unrelated ones', () => {
    expect(sentenceDifference('Clients must not cache the list for long', 'Clients must cache the list for long')).toBe(
      'says “not” where the JSDoc does not',
    );
    expect(sentenceDifference('The list holds at most 50 entries', 'The list holds at most 100 entries')).toBe(
      'says 50 where the JSDoc says 100',
    );
    expect(sentenceDifference('A server picks it', 'Something else entirely, chosen by a client')).toBeUndefined();
  });
});

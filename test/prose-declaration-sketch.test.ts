/**
 * prose/declaration-sketch: a ```ts sketch of a declaration in the prose marks the same members
 * optional as the types file, nested inline objects included.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { proseDeclarationSketch } from '../src/rules/prose-declaration-sketch.js';
import { writeTree } from './helpers.js';

const TYPES = `/** Where a lamp stands. */
export interface LampPlacement {
  /** The room. */
  room: string;
  /** The shelf, when it is on one. */
  shelf?: number;
  /** The request that placed it. */
  placedBy?: {
    /** Its id. */
    id: string | number;
    /** Who sent it. */
    sender: string;
  };
}
`;

async function findings(sketch: string): Promise<string[]> {
  const root = writeTree({
    'schema/draft/schema.ts': TYPES,
    'docs/specification/draft/lamps.md': `# Lamps\n\n\`\`\`typescript\n${sketch}\n\`\`\`\n`,
  });
  const report = await check(root, { generate: { dialect: '2020-12' }, rules: [proseDeclarationSketch] });
  return report.findings.map((f) => `${f.file}:${f.line} ${f.message}`);
}

describe('prose/declaration-sketch', () => {
  it('reports a nested member the sketch makes optional, at its top-level member, under a shorter name', async () => {
    const sketch = [
      'interface Placement {',
      '  room: string;',
      '  placedBy?: {',
      '    id?: string | number,',
      '    sender: string,',
      '  };',
      '}',
    ];
    expect(await findings(sketch.join('\n'))).toEqual([
      'docs/specification/draft/lamps.md:6 Placement.placedBy.id is optional in this sketch but required in schema/draft/schema.ts (LampPlacement.placedBy.id)',
    ]);
  });

  it('reports a top-level member marked required that the types file makes optional', async () => {
    expect(await findings('interface LampPlacement {\n  room: string;\n  shelf: number;\n}')).toEqual([
      'docs/specification/draft/lamps.md:6 LampPlacement.shelf is required in this sketch but optional in schema/draft/schema.ts (LampPlacement.shelf)',
    ]);
  });

  it('leaves alone a sketch that agrees, abbreviates types or omits members, and one sharing a single member', async () => {
    expect(await findings('interface LampPlacement {\n  room: Room;\n  shelf?: number;\n  /* … */\n}')).toEqual([]);
    expect(await findings('interface LampPlacement {\n  shelf: number;\n  colour: string;\n}')).toEqual([]);
    expect(await findings('interface Unrelated {\n  room?: string;\n  shelf: number;\n}')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { loadSpec } from '../src/sources/load.js';
import { generatedFiles } from '../src/generators/outputs.js';
import { projectOf, sampleSpec } from './helpers.js';

/** What a check keeps past its own use of it, for a later analysis by the same runtime. */
describe('what a runtime keeps of a project', () => {
  const generate = async (singleAnalysis: boolean) => {
    const project = projectOf(await loadSpec(sampleSpec), {}, { worker: false, singleAnalysis });
    const files = await generatedFiles(project, 'schema-reference');
    return { files, kept: project.runtime.memory<unknown>('generated files', 1) };
  };

  it('keeps no generated files when it serves one analysis (a check from the command line)', async () => {
    const { files, kept } = await generate(true);
    expect(files.some((f) => f.text)).toBe(true);
    expect(keysOf(kept)).toEqual([]);
    // Nor the page's declarations, a second copy of its text.
    expect(files.every((f) => f.declarations === undefined)).toBe(true);
  });

  it('keeps them for the next analysis otherwise (watch mode, the base and head of a pull request)', async () => {
    const { files, kept } = await generate(false);
    expect(keysOf(kept).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.text).every((f) => f.declarations?.length)).toBe(true);
  });
});

/** The keys a memory cache holds (its entries are private: a cache is read by key only). */
function keysOf(memory: object): string[] {
  return [...(memory as unknown as { entries: Map<string, unknown> }).entries.keys()];
}

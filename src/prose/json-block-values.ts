/**
 * The values of a page's JSON blocks, once per project: read back from what was kept with the
 * page's products, else read (see json-blocks.ts). Apart from the reader so that the page parser,
 * which keeps the values, does not import the project.
 */
import type { CodeBlock, KeptJsonValue } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import { jsonBlockLanguage, readJsonBlock, type ProseJson, type ProseJsonOptions } from './json-blocks.js';

/**
 * The values of a fenced JSON block, read once per project for every rule that reads the block
 * (prose/json-valid, the consistency claims); a page kept by watch mode keeps its blocks' values.
 */
export function jsonBlockValues(project: Project, block: CodeBlock): ProseJson[] {
  return project.derive(blockValues, block);
}

const blockValues = derivation(
  'JSON block values',
  (block: CodeBlock) =>
    block.jsonValues
      ? fromKept(block.jsonValues, block.value, jsonBlockLanguage(block.lang))
      : readJsonBlock(block.value, jsonBlockLanguage(block.lang)),
  { carriesOver: true },
);

/** The values of a block from what was kept of them: the block is read again only when a position is asked for. */
function fromKept(kept: KeptJsonValue[], text: string, options: ProseJsonOptions | undefined): ProseJson[] {
  let read: ProseJson[] | undefined;
  const again = (i: number) => (read ??= readJsonBlock(text, options))[i];
  return kept.map((k, i) => ({
    get document() {
      return again(i).document;
    },
    value: k.value,
    fragment: k.fragment,
    placeholders: k.placeholders,
    open: new Set(k.open),
    ...(k.typed ? { typed: new Set(k.typed) } : {}),
    ...(k.names ? { names: k.names } : {}),
    errors: k.errors,
    positionOf: (pointer: string, property?: string) => again(i).positionOf(pointer, property),
  }));
}

/**
 * What the rules read of a page's TypeScript blocks, once per project: its message sketches and
 * the interfaces it declares, read back from what was kept with the page's products, else read
 * from the text (see ts-sketch.ts, page-interfaces.ts). Apart from the readers so that the page
 * parser, which keeps them, does not import the project.
 */
import type { CodeBlock } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import type { ProseJson } from './json-blocks.js';
import { maySketch, readSketches, sketchOf } from './ts-sketch.js';
import { mayDeclare, readInterfaces, type PageInterface } from './page-interfaces.js';

/** A block's sketches, read once per project; undefined when the block is not made of them. */
export function sketchValues(project: Project, block: CodeBlock): ProseJson[] | undefined {
  return maySketch(block.lang, block.value) ? project.derive(blockSketches, block) : undefined;
}

const blockSketches = derivation(
  'message sketches',
  (block: CodeBlock) =>
    block.sketches === undefined
      ? readSketches(block.value)
      : block.sketches
        ? block.sketches.map((kept) => sketchOf(kept, block.value))
        : undefined,
  { carriesOver: true },
);

/** The interfaces and object type aliases a TypeScript block declares, read once per block. */
export function interfacesOf(project: Project, block: CodeBlock): PageInterface[] {
  if (!mayDeclare(block.lang, block.value)) return [];
  return project.derive(blockInterfaces, block);
}

const blockInterfaces = derivation(
  'interfaces of a TypeScript block',
  (block: CodeBlock): PageInterface[] =>
    (block.interfaces ?? readInterfaces(block.value)).map(({ name, members }) => ({ name, members: new Set(members) })),
  { carriesOver: true },
);

/**
 * The rendered declarations of a Schema Reference page as its disk cache entry holds them: each
 * by where its text stands in the page's text, not a second copy of it. The declarations' texts
 * are slices of the page (see `assembledPage`), about a third of the entry when written out; an
 * example edit rewrites the entry and every later check reads it.
 */
import type { RenderedDeclaration } from './reference-slots.js';

/** A declaration as stored: its text is `text.slice(at[0], at[1])` of its page. */
export interface StoredDeclaration {
  name: string;
  category: string;
  at: [number, number];
}

/**
 * The declarations as stored for `text`: each found in order from where the one before ends. One
 * not found there (no page assembled so has one) is stored with its text.
 */
export function storedDeclarations(
  text: string,
  declarations: RenderedDeclaration[],
): (StoredDeclaration | RenderedDeclaration)[] {
  let from = 0;
  return declarations.map((d) => {
    const start = text.indexOf(d.text, from);
    if (start < 0) return d;
    from = start + d.text.length;
    return { name: d.name, category: d.category, at: [start, from] };
  });
}

/**
 * The declarations of a stored page, their texts sliced from it again; undefined when one is not
 * of either stored shape or lies outside the text (the entry is then not used).
 */
export function revivedDeclarations(text: string, stored: unknown): RenderedDeclaration[] | undefined {
  if (!Array.isArray(stored)) return undefined;
  const out: RenderedDeclaration[] = [];
  for (const d of stored as Partial<StoredDeclaration & RenderedDeclaration>[]) {
    if (!d || typeof d.name !== 'string' || typeof d.category !== 'string') return undefined;
    if (typeof d.text === 'string') out.push({ name: d.name, category: d.category, text: d.text });
    else {
      const [start, end] = Array.isArray(d.at) ? d.at : [];
      if (!Number.isInteger(start) || !Number.isInteger(end) || start! < 0 || end! < start! || end! > text.length)
        return undefined;
      out.push({ name: d.name, category: d.category, text: text.slice(start, end) });
    }
  }
  return out;
}

/** What a generator's output is to this module: its text and, a Schema Reference page's, its declarations. */
interface WithDeclarations {
  text?: string;
  declarations?: RenderedDeclaration[];
}

/** Outputs as the disk cache keeps them: a page's declarations by where they stand in its text. */
export function storedOutputs<T extends WithDeclarations>(outputs: T[]): unknown[] {
  return outputs.map((o) =>
    o.declarations && o.text !== undefined ? { ...o, declarations: storedDeclarations(o.text, o.declarations) } : o,
  );
}

/** Outputs read from the disk cache, their declarations' texts sliced from their pages; undefined when not of that shape. */
export function outputsFromStored<T extends WithDeclarations>(stored: unknown): T[] | undefined {
  if (!Array.isArray(stored)) return undefined;
  const outputs: T[] = [];
  for (const output of stored as (T | null)[]) {
    if (!output || typeof output !== 'object') return undefined;
    if (output.declarations === undefined) {
      outputs.push(output);
      continue;
    }
    const declarations = typeof output.text === 'string' && revivedDeclarations(output.text, output.declarations);
    if (!declarations) return undefined;
    outputs.push({ ...output, declarations });
  }
  return outputs;
}

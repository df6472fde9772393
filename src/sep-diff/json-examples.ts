/**
 * The SEP's JSON examples located among the JSON blocks of the searched pages: the same JSON-RPC
 * method (when the example has one) and most of the same member paths. Located examples count
 * toward the coverage; their messages are checked against the SEP's templates (`templates.ts`).
 */
import type { CodeBlock, MarkdownPage } from '../model/spec.js';
import type { Project } from '../project/project.js';
import { jsonBlockLanguage } from '../prose/json-blocks.js';
import { jsonBlockValues } from '../prose/json-block-values.js';

/** Share of member paths two examples have in common (of all their paths) for one to be the other. */
const SAME_SHAPE = 0.5;

export interface JsonExamplesResult {
  examples: number;
  located: number;
}

interface Shape {
  method?: string;
  paths: Set<string>;
}

function shapesOf(project: Project, block: CodeBlock): Shape[] {
  const out: Shape[] = [];
  for (const json of jsonBlockValues(project, block)) {
    if (json.value === undefined || typeof json.value !== 'object' || json.value === null) continue;
    const paths = new Set<string>();
    const walk = (v: unknown, at: string) => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, `${at}/[]`));
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          paths.add(`${at}/${k}`);
          walk(x, `${at}/${k}`);
        }
    };
    walk(json.value, '');
    const method = (json.value as { method?: unknown }).method;
    if (paths.size) out.push({ method: typeof method === 'string' ? method : undefined, paths });
  }
  return out;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const p of a) if (b.has(p)) common++;
  return common / (a.size + b.size - common);
}

export function locateJsonExamples(project: Project, blocks: CodeBlock[], pages: MarkdownPage[]): JsonExamplesResult {
  const theirs = pages
    .flatMap((p) => p.codeBlocks.filter((b) => jsonBlockLanguage(b.lang)))
    .flatMap((b) => shapesOf(project, b));
  let examples = 0;
  let located = 0;
  for (const block of blocks) {
    if (!jsonBlockLanguage(block.lang)) continue;
    for (const mine of shapesOf(project, block)) {
      examples++;
      if (theirs.some((t) => t.method === mine.method && overlap(mine.paths, t.paths) >= SAME_SHAPE)) located++;
    }
  }
  return { examples, located };
}

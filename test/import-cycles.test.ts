/**
 * src/ flows one way (sources -> project -> rules -> reporters), so no module imports itself back
 * through others, not even for a type: a cycle is a module that belongs elsewhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? modules(join(dir, d.name)) : /\.ts$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** Each module's relative imports and re-exports (`import type` included), as files of src/. */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name.replace(/\.js$/, '.ts')))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle's modules, once each, by a depth-first walk (a cycle found from its first module). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const walk = (node: string, path: string[]) => {
    if (done.has(node)) return;
    const at = path.indexOf(node);
    if (at >= 0) {
      found.push([...path.slice(at), node]);
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    for (const next of graph.get(node) ?? []) walk(next, [...path, node]);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) walk(node, []);
  return found;
}

describe('import cycles', () => {
  it('finds one in a graph that has one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('reads type-only imports and re-exports', () => {
    const info = ts.preProcessFile(
      "import type { A } from './a.js';\nexport { B } from './b.js';\nexport * from './c.js';",
      true,
      true,
    );
    expect(info.importedFiles.map((f) => f.fileName)).toEqual(['./a.js', './b.js', './c.js']);
  });

  it('src/ has none, type-only imports included', () => {
    const graph = importGraph(modules(SRC));
    expect(graph.size).toBeGreaterThan(100);
    const found = cycles(graph).map((cycle) => cycle.map((f) => relative(SRC, f)).join(' -> '));
    expect(found).toEqual([]);
  });
});

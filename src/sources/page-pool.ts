/**
 * The versions' pages parsed in the worker pool: with more than one worker, a check parses its
 * share of the pages in the main thread while the workers after the first parse theirs (the first
 * generates the files). Where a page was parsed changes nothing in the model: it comes back as
 * plain data with its tree, as the disk cache keeps it.
 */
import type { TextFile } from '../core/text-file.js';
import type { SiteKind } from '../model/spec.js';
import type { Runtime } from '../runtime/runtime.js';
import type { ParsedPageProducts } from './markdown.js';
import type { PageProducts } from './page-products.js';

export const syntaxOf = (file: TextFile): 'mdx' | 'md' => (file.path.endsWith('.md') ? 'md' : 'mdx');

export const pageJobItem = (file: TextFile, kind: SiteKind) => ({
  path: file.path,
  text: file.text,
  syntax: syntaxOf(file),
  kind,
});

/**
 * With more than one worker, the versions' pages the cache does not hold are dealt out, largest
 * first, each to the share with the fewest bytes so far: one share for this thread (`here`) and
 * one for each worker after the first (which parses the SEPs and renders the Schema Reference).
 * A page comes back as plain data with its tree, so where it was parsed changes nothing in the
 * model; a share whose worker fails is parsed here.
 */
export function parsePagesInPool(
  files: TextFile[],
  kind: SiteKind,
  products: PageProducts | undefined,
  runtime: Runtime | undefined,
  sepBytes: number,
): { here: TextFile[]; there: Promise<Map<TextFile, ParsedPageProducts>> } | undefined {
  const helpers = runtime ? runtime.workers - 1 : 0;
  if (!runtime || helpers < 1) return undefined;
  const toParse = products ? files.filter((f) => !products.holds(f, syntaxOf(f), kind)) : files;
  const bytes = toParse.reduce((n, f) => n + f.text.length, 0);
  if (!toParse.length || !runtime.useWorker(bytes)) return undefined;
  const shares = Array.from({ length: helpers + 1 }, () => ({ files: [] as TextFile[], bytes: 0 }));
  // The last worker parses the SEPs first.
  shares[helpers].bytes = sepBytes;
  const largestFirst = [...toParse].sort(
    (a, b) => b.text.length - a.text.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  for (const file of largestFirst) {
    const share = shares.reduce((least, s) => (s.bytes < least.bytes ? s : least));
    share.files.push(file);
    share.bytes += file.text.length;
  }
  const there = Promise.all(
    shares
      .slice(1)
      .map((share, i) =>
        share.files.length
          ? runtime
              .runInWorker(
                { kind: 'markdown', pages: share.files.map((f) => pageJobItem(f, kind)), trees: true },
                i + 1,
              )
              .catch(() => [])
          : [],
      ),
  ).then((outputs) => {
    const parsed = new Map<TextFile, ParsedPageProducts>();
    for (const [i, output] of outputs.entries())
      for (const [j, page] of output.entries()) parsed.set(shares[i + 1].files[j], page);
    runtime.counts.pagesParsedInWorkers += parsed.size;
    return parsed;
  });
  return { here: shares[0].files, there };
}

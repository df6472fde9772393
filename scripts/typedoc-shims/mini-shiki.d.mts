// What scripts/typedoc-shims/mini-shiki.mjs exports: the highlighter's, for the tests that import it.
export * from '@gerrit0/mini-shiki';

import { defineConfig } from 'vitest/config';

// The corpus suite: real figures on ../shared/corpus/mcp-spec (run by scripts/corpus-suite.mjs).
export default defineConfig({
  test: {
    include: ['test/corpus/**/*.test.ts'],
    // A cold check of the corpus is about 10 s on a busy 2-core machine; a test may run several.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});

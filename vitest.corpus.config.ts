import { defineConfig } from 'vitest/config';

// The corpus suite: real figures on ../shared/corpus/mcp-spec (run by scripts/corpus-suite.mjs).
export default defineConfig({
  test: {
    include: ['test/corpus/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

// Two projects: `unit` runs the sources in-process (no build needed; the worker thread runs
// the sources bundled by esbuild), `e2e` runs the build (dist/cli.js as a process, the built
// worker, and test/hostile's hostile trees). `npm test` builds, then runs both; `npx vitest run
// --project unit` needs no build.
// The timeouts leave room for a machine whose two cores are busy with other work (see the
// README): a test that takes 2 s idle can take 10 s there, and a minute when other runs share it.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/hostile/**', 'test/corpus/**', 'node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/hostile/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

#!/usr/bin/env zx
// The corpus suite: runs spec-check's tests that assert real figures on the MCP spec snapshot.
// In a user's clone the snapshot is absent: say so and succeed.
import { $, fs, path } from 'zx';

const corpus = path.resolve(import.meta.dirname, '../../shared/corpus/mcp-spec');
if (!fs.existsSync(corpus)) {
  console.log(`corpus suite skipped: ${corpus} not found`);
  process.exit(0);
}
$.verbose = true;
await $`npx vitest run --config vitest.corpus.config.ts`;

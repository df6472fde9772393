#!/usr/bin/env node
// Regenerates docs/rules.md and schema/config.schema.json from the registry (src/rules: the rules
// of check and sep-diff's kinds; run after `npm run build`; `npm run docs:rules` does both).
// Output is deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { registry } from '../dist/rules/index.js';
import { renderRulesReference, RULES_REFERENCE_PATH } from '../dist/docs/rules-reference.js';
import { renderConfigSchema, CONFIG_SCHEMA_PATH } from '../dist/docs/config-schema.js';

const root = path.resolve(import.meta.dirname, '..');
const hasVocabularySchema = fs.existsSync(path.join(root, 'schema/vocabulary.schema.json'));
for (const [rel, text] of [
  [RULES_REFERENCE_PATH, renderRulesReference(registry)],
  [CONFIG_SCHEMA_PATH, renderConfigSchema(registry, hasVocabularySchema)],
]) {
  const abs = path.join(root, rel);
  const old = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined;
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  console.log(`${old === text ? 'unchanged' : 'wrote'} ${rel}`);
}

#!/usr/bin/env node
// Regenerates docs/rules.md and schema/config.schema.json from the rules' metadata (run after
// `npm run build`; `npm run docs:rules` does both). Output is deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { allRules } from '../dist/rules/index.js';
import { renderRulesReference, RULES_REFERENCE_PATH } from '../dist/docs/rules-reference.js';
import { renderConfigSchema, CONFIG_SCHEMA_PATH } from '../dist/docs/config-schema.js';

const root = path.resolve(import.meta.dirname, '..');
const hasVocabularySchema = fs.existsSync(path.join(root, 'schema/vocabulary.schema.json'));
for (const [rel, text] of [
  [RULES_REFERENCE_PATH, renderRulesReference(allRules.map((r) => r.meta))],
  [CONFIG_SCHEMA_PATH, renderConfigSchema(allRules.map((r) => r.meta), hasVocabularySchema)],
]) {
  const abs = path.join(root, rel);
  const old = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined;
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  console.log(`${old === text ? 'unchanged' : 'wrote'} ${rel}`);
}

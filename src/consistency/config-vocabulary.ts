/**
 * Reads the `vocabulary` key of `spec-check.config.json` at the root, if any.
 * CONFIG LOADER PLACEHOLDER: the full config loader (src/config*) replaces this minimal read;
 * it exists only so that `check` and `claims` use a spec's own vocabulary until that lands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VocabularyError, type Vocabulary } from './vocabulary.js';

export const CONFIG_FILE = 'spec-check.config.json';

export function readConfigVocabulary(root: string): Vocabulary | undefined {
  const file = path.join(root, CONFIG_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new VocabularyError(`${CONFIG_FILE}: invalid JSON: ${(error as Error).message}`);
  }
  const vocabulary = (config as { vocabulary?: unknown } | null)?.vocabulary;
  if (vocabulary === undefined) return undefined;
  if (typeof vocabulary !== 'object' || vocabulary === null || Array.isArray(vocabulary)) {
    throw new VocabularyError(`${CONFIG_FILE}: "vocabulary" must be an object`);
  }
  return vocabulary as Vocabulary;
}

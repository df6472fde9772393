/** The config's `generate` options: what the generators take from spec-check.config.json. */
import type { GeneratedDialect } from './keys.js';

export interface GenerateOptions {
  /**
   * The JSON Schema dialect of a version whose committed schema.json names none (none committed
   * yet): never guessed, so without it such a version cannot be generated.
   */
  dialect?: GeneratedDialect;
}

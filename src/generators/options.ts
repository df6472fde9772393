/** The config's `generate` options: what the generators take from spec-check.config.json. */
import type { GeneratedDialect } from './keys.js';

export interface GenerateOptions {
  /**
   * The JSON Schema dialect of a version whose committed schema.json names none (none committed
   * yet): never guessed, so without it such a version cannot be generated.
   */
  dialect?: GeneratedDialect;
  /**
   * How the committed schema.json is made (`generate.schemaJson`): typescript-json-schema with
   * the flags given, or `external` (another tool: validated against, never judged stale, never
   * written). Absent: as the root's package.json script that writes it says, where spec-check
   * recognises it (see `schemaJsonGenerator`).
   */
  schemaJson?: SchemaJsonChoice;
}

/** `generate.schemaJson` as the config states it, validated. */
export type SchemaJsonChoice =
  | { generator: 'external' }
  /** `flags` absent: the spec repository's invocation (`MCP_SCHEMA_JSON_FLAGS`). */
  | { generator: 'typescript-json-schema'; flags?: string[] };

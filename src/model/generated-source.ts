/**
 * A JSON Schema generated in memory (a version with no committed schema.json, a base protocol
 * given as its types file) as a source validators are made from: one object per text and path,
 * by the types file it was generated from, so that validators of the same text are shared.
 */
import type { JsonSchemaSource } from './spec.js';
import { derivation, type Project } from '../project/project.js';
import { TextFile } from '../core/text-file.js';
import { JsonDocument } from '../core/json-document.js';
import { jsonSchemaSource } from '../sources/load.js';

/** The source of a JSON Schema `text` generated from `from`, named `${path} (generated)` where it is shown. */
export function generatedSchemaSource(project: Project, from: TextFile, path: string, text: string): JsonSchemaSource {
  const sources = project.derive(generatedSources, from);
  const key = `${path}\0${text}`;
  let src = sources.get(key);
  if (!src) {
    src = jsonSchemaSource(new TextFile(`${path} (generated)`, text), new JsonDocument(text));
    sources.set(key, src);
  }
  return src;
}

const generatedSources = derivation(
  'generated JSON Schema sources',
  (_from: TextFile) => new Map<string, JsonSchemaSource>(),
);

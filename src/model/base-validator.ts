/**
 * The validator of the base protocol an extension builds on (config `extends`): of its JSON
 * Schema, committed (`extends.schema` naming a schema.json) or generated in memory from its types
 * file. The base's messages shown in the prose are validated with it (see prose/classify.ts).
 */
import type { JsonSchemaSource } from './spec.js';
import { derivation, type Project } from '../project/project.js';
import { TextFile } from '../core/text-file.js';
import { JsonDocument } from '../core/json-document.js';
import { jsonSchemaSource } from '../sources/load.js';
import { preparedBaseJsonSchema } from '../generators/outputs.js';
import { SchemaValidator, validatorOfSource } from './schema-validator.js';

/**
 * The base protocol's validator (config `extends`): of its JSON Schema, committed or generated in
 * memory from its types file (see `prepareBaseJsonSchema`); undefined before that has settled, or
 * when there is none.
 */
export function baseValidatorFor(project: Project): SchemaValidator | undefined {
  const base = project.spec.base;
  if (!base) return undefined;
  let source = base.jsonSchema;
  if (!source) {
    const text = preparedBaseJsonSchema(project)?.text;
    if (text === undefined) return undefined;
    source = project.derive(generatedBaseSource, base.file).get(text);
  }
  const got = validatorOfSource(project, source);
  return got instanceof SchemaValidator ? got : undefined;
}

/** The generated JSON Schema of a base types file, as a source, by its text (one per project and text). */
const generatedBaseSource = derivation('generated base JSON Schema source', (file: TextFile) => {
  const sources = new Map<string, JsonSchemaSource>();
  return {
    get(text: string): JsonSchemaSource {
      let src = sources.get(text);
      if (!src) {
        const generated = new TextFile(`${file.path} (its generated JSON Schema)`, text);
        sources.set(text, (src = jsonSchemaSource(generated, new JsonDocument(text))));
      }
      return src;
    },
  };
});

/**
 * The validator of the base protocol an extension builds on (config `extends`): of its JSON
 * Schema, committed (`extends.schema` naming a schema.json) or generated in memory from its types
 * file. The base's messages shown in the prose are validated with it (see prose/classify.ts).
 */
import type { Project } from '../project/project.js';
import { generatedSchemaSource } from './generated-source.js';
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
    source = generatedSchemaSource(project, base.file, base.file.path, text);
  }
  const got = validatorOfSource(project, source);
  return got instanceof SchemaValidator ? got : undefined;
}

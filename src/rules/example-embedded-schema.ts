import { valueAtPointer } from '../core/json-document.js';
import type { Rule } from '../core/rule.js';
import { embeddedSchemaIndex, parentOf, type EmbeddedSchema, type GovernedValue } from '../model/embedded-schemas.js';
import { compiledSchema, DIALECT_NAMES, type ValueViolation } from '../model/embedded-schema-compiler.js';

/** JSON Schemas inside examples compile, and the values shown with them conform. */
export const exampleEmbeddedSchema: Rule = {
  meta: {
    id: 'example/embedded-schema',
    description:
      "JSON Schemas shown inside examples (a tool's `inputSchema` and `outputSchema`, an elicitation's `requestedSchema`) are valid in their dialect, and the values shown with them conform: a `tools/call`'s `arguments` to the `inputSchema` of the tool of that name, a tool result's `structuredContent` to its `outputSchema`, an accepted elicitation's `content` to the `requestedSchema` of its request.",
    rationale:
      "The protocol's schema only says these members are objects, so nothing checks what they hold: a schema that no validator compiles, or arguments that the tool's own schema rejects, are copied by implementers and fail at the first real client.",
    defaultSeverity: 'error',
    details:
      "A member is a JSON Schema when schema.json describes it as one (`A JSON Schema object ...`). It is compiled with ajv in the dialect its `$schema` names, else its version's (schema.json's `$schema`). Values are paired within one page (its JSON blocks, in order) or one example folder: `arguments` with the tool of the call's `name` listed there (two different tools of that name, or none: not checked); `structuredContent` with the call its response answers (the same JSON-RPC id in the same section), or, on a page, the call or the tool shown right before it; `content` with the `elicitation/create` request of the same JSON-RPC id or input-request key in the same section, or the request shown right before a bare result. A JSON block the text around it does not name is read as a tool when it has `name` and `inputSchema`, and as an elicitation result when it has `action` and at most `content`. What is not paired is counted (`embeddedSchemaValuesUnmatched`, `embeddedSchemaValuesAmbiguous`). A schema with a pattern that could backtrack for minutes (`(a+)+`), a remote `$ref` or an elided part (`...`) governs nothing (`embeddedSchemaValuesNotJudged`); one too deep or too large to compile safely is reported as not checked. SEPs are not read.",
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: '{ "name": "dim", "inputSchema": { "type": "object", "properties": { "level": { "type": "integer" } } } }\n\n{ "jsonrpc": "2.0", "id": 1, "method": "tools/call",\n  "params": { "name": "dim", "arguments": { "level": "half" } } }',
      pass: '{ "name": "dim", "inputSchema": { "type": "object", "properties": { "level": { "type": "integer" } } } }\n\n{ "jsonrpc": "2.0", "id": 1, "method": "tools/call",\n  "params": { "name": "dim", "arguments": { "level": 50 } } }',
    },
  },
  check(project, { report, count, guard }) {
    for (const version of project.spec.versions) {
      const index = embeddedSchemaIndex(project, version);
      for (const schema of index.schemas)
        guard(schema.shown.path, () => {
          const compiled = compiledSchema(project, schema);
          if (compiled.kind === 'compiled') count('embeddedSchemasCompiled');
          else if (compiled.kind === 'invalid') {
            const pointer = schema.pointer + compiled.pointer;
            const member = compiled.pointer ? `"${parentOf(pointer)!.key}" at ${compiled.pointer} ` : '';
            report({
              message: `The ${schema.label} is not valid ${DIALECT_NAMES[compiled.dialect]}: ${member}${compiled.message}${compiled.metaKeyword ? ` (meta-schema "${compiled.metaKeyword}")` : ''}`,
              location: schema.shown.locate(pointer),
            });
          } else if (compiled.kind === 'too-big')
            report({
              message: `The ${schema.label} is not checked: it ${compiled.message}`,
              location: schema.shown.locate(schema.pointer),
            });
        });
      for (const governed of index.governed)
        guard(governed.shown.path, () => {
          const compiled = compiledSchema(project, governed.schema);
          const found =
            compiled.kind === 'compiled' &&
            !compiled.unsafePattern &&
            !governed.schema.shown.elidedUnder(governed.schema.pointer)
              ? compiled.judge(valueAtPointer(governed.shown.value, governed.pointer))
              : undefined;
          if (!found) {
            count('embeddedSchemaValuesNotJudged');
            return;
          }
          count('embeddedSchemaValuesChecked');
          for (const v of found) {
            const at = governed.pointer + v.pointer;
            if (governed.shown.elidedAt(at, !!v.missing)) continue;
            report({
              message: messageFor(governed, v),
              location: governed.shown.locate(at),
              related: [relatedFor(governed.schema, v)],
            });
          }
        });
      if (index.skipped.unmatched) count('embeddedSchemaValuesUnmatched', index.skipped.unmatched);
      if (index.skipped.ambiguous) count('embeddedSchemaValuesAmbiguous', index.skipped.ambiguous);
    }
  },
};

function messageFor(governed: GovernedValue, v: ValueViolation): string {
  const name = `\`${governed.kind}\``;
  // The member the violation is about: the one missing or not allowed, else the failing one.
  const holder = v.missing ? v.pointer : (parentOf(v.pointer)?.pointer ?? '');
  const at = holder ? ` at ${holder}` : '';
  const subject =
    v.member !== undefined || !v.pointer ? `${name}${at}` : `Member "${parentOf(v.pointer)!.key}" of ${name}${at}`;
  return `${subject} ${v.message} (${governed.schema.label}: "${v.keyword}" at ${v.schemaPointer || '/'}; paired ${governed.how})`;
}

function relatedFor(schema: EmbeddedSchema, v: ValueViolation) {
  const pointer = schema.pointer + v.schemaPointer;
  const exists = valueAtPointer(schema.shown.value, pointer) !== undefined;
  return {
    ...schema.shown.locate(exists ? pointer : schema.pointer),
    message: `The ${schema.label}: "${v.keyword}"`,
  };
}

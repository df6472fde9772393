import type { Example, SpecVersion } from '../model/spec.js';
import { invalidSchema, validatorFor, type SchemaValidator } from '../model/schema-validator.js';
import type { SchemaViolation } from '../model/violation-text.js';
import { checkDefinitionName, checkTarget, checkValidator, exampleEnvelope } from '../prose/envelope.js';
import type { DefinitionCheck } from '../prose/classify.js';
import type { Report, Rule } from '../core/rule.js';
import type { TextFile } from '../core/text-file.js';
import { derivation, type Project } from '../project/project.js';

/** Every example validates against the definition its folder names. */
export const exampleValid: Rule = {
  meta: {
    id: 'example/valid',
    description:
      'Every example file is valid JSON and validates against the schema.json definition named by its folder.',
    rationale:
      'Examples are what implementers copy. An example that does not match the schema teaches the wrong wire format, and the Schema Reference renders it next to the type it contradicts.',
    defaultSeverity: 'error',
    examples: {
      file: 'schema/draft/examples/Widget/basic.json',
      fail: '{\n  "id": 7,\n  "name": "lamp"\n}\n// schema.ts: interface Widget { id: string; name: string }',
      pass: '{\n  "id": "w-7",\n  "name": "lamp"\n}',
    },
  },
  check(project, { report, count, guard }) {
    const { spec } = project;
    for (const version of spec.versions) {
      // Without a committed schema.json, the one generated from the types file validates (see prepareRules).
      if (!version.jsonSchema && !validatorFor(project, version) && version.examples.length) {
        const why = version.schemaTs
          ? ', and none was generated from its types file (set "generate": { "dialect": "2020-12" } or "draft-07" in the config)'
          : '';
        report({
          message: `${version.examples.length} example${version.examples.length === 1 ? '' : 's'} not validated: ${version.schemaDir} has no schema.json${why}`,
          location: { file: version.examples[0].path, line: 1, column: 1 },
        });
      }
      const schema = version.jsonSchema;
      const invalid = invalidSchema(project, version);
      if (schema && invalid) {
        report({
          message: `${schema.file.path} is not a valid JSON Schema (${schema.dialect}): ${invalid.pointer || '/'} ${invalid.message}; ${version.examples.length} example${version.examples.length === 1 ? '' : 's'} not validated`,
          location: schema.file.location(schema.document.offsetOf(invalid.pointer)),
        });
      }
      const broken = new Map<string, number>();
      for (const example of version.examples) {
        guard(example.path, () => {
          const reason = validatorFor(project, version)?.brokenReason(example.typeName);
          if (reason !== undefined) broken.set(example.typeName, (broken.get(example.typeName) ?? 0) + 1);
          else if (keptCheck(project, validatorFor(project, version), version, example, report))
            count('examplesValidated');
        });
      }
      // A definition that does not compile is reported once, where it is, not at each of its examples.
      for (const [name, examples] of broken) {
        const validator = validatorFor(project, version)!;
        report({
          message: `Definition ${name} of ${schema!.file.path} cannot be used to validate: ${validator.brokenReason(name)}; ${examples} example${examples === 1 ? '' : 's'} not validated`,
          location: schema!.file.location(schema!.document.offsetOf(validator.definitionPointer(name), true)),
        });
      }
    }
  },
};

/**
 * `checkExample`, once per example text and validator: a watch session keeps the verdicts of the
 * examples it did not re-read while their schema.json is unchanged.
 */
function keptCheck(
  project: Project,
  validator: SchemaValidator | undefined,
  version: SpecVersion,
  example: Example,
  report: (r: Report) => void,
): boolean {
  const box = project.derive(exampleVerdicts, example.file);
  const schemaPath = version.jsonSchema?.file.path;
  let kept = box.kept;
  // An example of a message shown on the wire is checked against its envelope too (prose/envelope.ts).
  const envelope = example.document.ok
    ? exampleEnvelope(project, version, example.typeName, example.document.value)
    : undefined;
  const envelopeValidator = envelope && checkValidator(project, version, envelope.check);
  if (
    !kept ||
    kept.validator !== validator ||
    kept.typeName !== example.typeName ||
    kept.schemaPath !== schemaPath ||
    kept.envelopeValidator !== envelopeValidator
  ) {
    const reports: Report[] = [];
    const onWire = envelope && envelopeValidator && { ...envelope, validator: envelopeValidator, project };
    const validated = checkExample(validator, version, example, (r) => reports.push(r), onWire);
    box.kept = kept = { validator, typeName: example.typeName, schemaPath, envelopeValidator, reports, validated };
  }
  for (const r of kept.reports) report(r);
  return kept.validated;
}

const exampleVerdicts = derivation(
  'example verdicts',
  (
    _file: TextFile,
  ): {
    kept?: {
      validator: SchemaValidator | undefined;
      typeName: string;
      schemaPath: string | undefined;
      envelopeValidator: SchemaValidator | undefined;
      reports: Report[];
      validated: boolean;
    };
  } => ({}),
  { carriesOver: true },
);

/** Reports what is wrong with one example; true when it was validated against its definition. */
function checkExample(
  validator: SchemaValidator | undefined,
  version: SpecVersion,
  example: Example,
  report: (r: Report) => void,
  onWire?: { envelopeMembers: string[]; check: DefinitionCheck; validator: SchemaValidator; project: Project },
): boolean {
  const doc = example.document;
  const at = (offset: number) => example.file.location(offset);
  if (!doc.ok) {
    // The first syntax error only: the ones after it are mostly its echoes.
    const first = doc.errors[0];
    report({ message: `Invalid JSON: ${first.message}`, location: at(first.offset) });
    return false;
  }
  if (!validator) return false; // schema.json missing or broken (input/parse), or not a JSON Schema (above).
  if (!validator.has(example.typeName)) {
    report({
      message: `Example folder "${example.typeName}" names no definition in ${version.jsonSchema!.file.path}`,
      location: at(0),
    });
    return false;
  }
  const say = (name: string, v: SchemaViolation) => {
    let offset = doc.offsetOf(v.pointer);
    if (v.property && v.propertyPresent) offset = doc.keyOffset(v.pointer, v.property) ?? offset;
    const where = v.pointer ? ` at ${v.pointer}` : '';
    report({ message: `Does not match ${name}${where}: ${v.message}`, location: at(offset) });
  };
  // The envelope's members its type does not declare are the envelope's, checked against it.
  const value = onWire
    ? checkTarget({ ...onWire.check, envelopeMembers: onWire.envelopeMembers }, doc.value)
    : doc.value;
  if (onWire && onWire.validator.has(onWire.check.definition))
    for (const v of onWire.validator.validate(onWire.check.definition, doc.value))
      say(checkDefinitionName(onWire.project, onWire.check), v);
  for (const v of validator.validate(example.typeName, value)) say(example.typeName, v);
  return true;
}

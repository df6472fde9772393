import type { SpecVersion } from '../model/spec.js';
import { validatorFor } from '../model/schema-validator.js';
import { declaredNames, excessMembers, type ExcessMember } from '../model/excess-members.js';
import { messageIndex } from '../prose/schema-index.js';
import { readJsonBlocks } from '../prose/prose-json.js';
import { exampleEnvelope } from '../prose/envelope.js';
import { valueAtPointer } from '../core/json-document.js';
import type { Report, Rule } from '../core/rule.js';
import { keptDerivation, keptValue, type Project } from '../project/project.js';
import type { TextFile } from '../core/text-file.js';
import type { MarkdownPage } from '../model/spec.js';
import type { SchemaValidator } from '../model/schema-validator.js';
import type { ShownBlock } from '../prose/prose-json.js';

/** Members of examples and prose JSON that their type does not declare (TypeScript's excess-property check). */
export const exampleExcessMember: Rule = {
  meta: {
    id: 'example/excess-member',
    description:
      "Example files and the JSON blocks of the spec pages show only members their type declares: an interface without an index signature (in schema.json, an object schema without `additionalProperties`) admits no other member, as TypeScript's excess-property check has it.",
    rationale:
      'The JSON Schema lets unknown members through, so a misspelt or renamed field in an example validates and is copied by implementers; TypeScript would have rejected it in an object literal.',
    defaultSeverity: 'error',
    details:
      "Read from the version's schema.json. Open objects (an index signature: `Result`, `_meta`, `additionalProperties`) take any member. A union is judged by the branches that its discriminating members (`const` values such as `type`, `method`, `mode`) leave possible; a member is reported only when none of them declares it. An intersection declares what any part declares. JSON blocks count when they are matched to a type (see `prose/json-valid`); SEPs are not read, since they propose new members. The JSON-RPC envelope's members (`jsonrpc`, `id`) of a message shown on the wire, in a block or in an example file of a request or notification type, are the envelope's when the type does not declare them, never excess.",
    examples: {
      file: 'schema/draft/examples/Widget/dial.json',
      fail: '{\n  "id": "w-7",\n  "kind": "dial",\n  "lable": "Volume"\n}\n// schema.ts: interface Widget { id: string; kind: ...; label?: string }',
      pass: '{\n  "id": "w-7",\n  "kind": "dial",\n  "label": "Volume"\n}',
    },
  },
  check(project, { report, guard }) {
    for (const version of project.spec.versions) {
      const validator = validatorFor(project, version);
      if (!validator) continue;
      for (const example of version.examples) {
        if (!example.document.ok || !validator.has(example.typeName)) continue;
        guard(example.path, () => {
          // An example shown on the wire: its envelope's members are the envelope's (prose/envelope.ts).
          const envelope = exampleEnvelope(project, version, example.typeName, example.document.value);
          const onWire = new Set(envelope?.envelopeMembers ?? []);
          const reports = keptValue(project, exampleReports, example.file, [validator, example.typeName], () =>
            excessMembers(validator.source, example.typeName, example.document.value, onWire).map((excess) => ({
              message: messageFor(excess, excess.pointer),
              location: example.file.location(example.document.keyOffset(excess.pointer, excess.member) ?? 0),
            })),
          );
          for (const r of reports) report(r);
        });
      }
      checkPages(project, version, report);
    }
  },
};

function checkPages(project: Project, version: SpecVersion, report: (r: Report) => void): void {
  const validator = validatorFor(project, version)!;
  const index = messageIndex(project, version);
  const envelopes = new Set(
    Object.values(index?.envelopes ?? {})
      .filter((d) => !!d)
      .map((d) => d!.name),
  );
  for (const page of version.pages) {
    const blocks = readJsonBlocks(project, version, page);
    if (!blocks.length) continue;
    // The blocks carry the page's classification against this schema; the envelopes are the index's.
    const reports = keptValue(project, pageReports, page, [blocks, validator, index], () =>
      pageProblems(blocks, validator, envelopes),
    );
    for (const r of reports) report(r);
  }
}

function pageProblems(blocks: ShownBlock[], validator: SchemaValidator, envelopes: Set<string>): Report[] {
  const out: Report[] = [];
  const report = (r: Report) => out.push(r);
  for (const shown of blocks)
    for (const { json, classification } of shown.values) {
      // A base protocol's message is checked against the base's schema by prose/json-valid only.
      const checks = classification.checks.filter((c) => !c.schema && validator.has(c.definition));
      for (const check of checks) {
        // A message is checked against its envelope and its own type apart: each takes the other's top-level names.
        const others = checks.filter((c) => c !== check && c.pointer === check.pointer);
        if (envelopes.has(check.definition) && others.some((c) => !envelopes.has(c.definition))) continue;
        // The envelope's members its type leaves to the envelope (prose/envelope.ts) are the envelope's.
        const alsoDeclared = new Set([
          ...others.flatMap((c) => [...declaredNames(validator.source, c.definition)]),
          ...(check.envelopeMembers ?? []),
        ]);
        const value = valueAtPointer(json.value, check.pointer);
        for (const excess of excessMembers(validator.source, check.definition, value, alsoDeclared)) {
          const pointer = check.pointer + excess.pointer;
          const at = json.positionOf(pointer, excess.member);
          report({ message: messageFor(excess, pointer), location: shown.block.locate(at.line, at.column) });
        }
      }
    }
  return out;
}

/** The findings of an example, kept while its file, its type and the validator are unchanged. */
const exampleReports = keptDerivation<TextFile, Report[]>('excess members of an example');
/** The findings of a page's JSON blocks, kept while the blocks (read against the version's schema) are. */
const pageReports = keptDerivation<MarkdownPage, Report[]>('excess members of a page');

function messageFor(excess: ExcessMember, pointer: string): string {
  const where = pointer ? ` (at ${pointer})` : '';
  const hint = excess.nearest ? `; did you mean "${excess.nearest}"?` : '';
  return `Member "${excess.member}" is not declared by ${excess.declaredBy}${where}${hint}`;
}

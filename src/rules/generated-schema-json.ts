import { committedAsLf, prepareGenerated, preparedGenerated, schemaJsonGeneratorOf } from '../generators/outputs.js';
import type { GeneratorSource, SchemaJsonGenerator } from '../generators/schema-json-generator.js';
import { shownFlags } from '../generators/schema-json-flags.js';
import type { Location } from '../core/location.js';
import {
  differingSections,
  differingExcerpts,
  firstDifference,
  readableSkeleton,
  sectioned,
  shortDiff,
} from './generated-diff.js';
import type { Rule } from '../core/rule.js';
import { programRoot } from '../generators/keys.js';
import { withoutMachinePaths } from '../util/machine-paths.js';

/**
 * A definition of schema.json: from its line at eight spaces of indentation (four-space indent,
 * under `$defs`) to its closing brace at the same indentation, and the comma after it.
 */
const DEFINITION = /^ {8}"((?:[^"\\]|\\.)+)": \{\n[^]*?\n {8}\},?(?=\n)/gm;

/** A definition's text without the comma after it (the last one has none). */
const withoutComma = (text: string) => (text.endsWith(',') ? text.slice(0, -1) : text);

/**
 * Whether a committed schema.json differs from the generated one as a whole rather than
 * definition by definition: in more than half of the definitions either has (stale, missing or
 * extra), and in more than `WHOLE_FILE_MINIMUM`. A majority is what another generator, other flags
 * or another serialisation make of a file (the spec repository's own script, changed in a pull
 * request, changed 477 of 552 definitions of five versions; another tool's output shares no
 * definition text with typescript-json-schema's), and what an edit left unregenerated seldom
 * makes: an edit touches the definitions it names. The minimum keeps a small spec's findings per
 * definition: ten or fewer are no flood, and each says where to look, whereas three edits of a
 * five-type spec would be a majority.
 */
export function differsAsAWhole(differing: number, definitions: number): boolean {
  return differing > WHOLE_FILE_MINIMUM && differing * 2 > definitions;
}
const WHOLE_FILE_MINIMUM = 10;

/** A committed schema.json that differs as a whole (see `differsAsAWhole`). */
interface WholeFileDifference {
  path: string;
  at: Location;
  differing: number;
  definitions: number;
}

/** The committed schema.json is what `generate` writes from schema.ts, with the configured generator. */
export const generatedSchemaJson: Rule = {
  meta: {
    id: 'generated/schema-json',
    description:
      "The committed schema/<version>/schema.json is exactly what `spec-check generate` writes from schema.ts, where the config (or the repository's package.json script) says how it is made.",
    rationale:
      'schema.json is generated from schema.ts and is what validators and SDKs consume. A stale copy publishes a wire format that the types and their docs no longer describe. ' +
      'Freshness is judged against the generator that makes the file: typescript-json-schema with the spec repository\'s flags (the default where its package.json script is that invocation, or has none), with the flags `generate.schemaJson` names, or not at all for `"generate": { "schemaJson": "external" }` (another tool makes it: examples and prose are still validated against it). ' +
      'A file that differs in most of its definitions was made another way, not left stale definition by definition: that is one finding saying what to configure, not one per definition.',
    defaultSeverity: 'error',
    examples: {
      file: 'schema/draft/schema.json',
      fail: '// schema.ts: /** The widget\'s label. */ label: string;\n"label": { "description": "The label.", "type": "string" }',
      pass: '"label": { "description": "The widget\'s label.", "type": "string" }',
    },
  },
  // A schema.json another tool makes is not generated to compare.
  prepare: (project) =>
    schemaJsonGeneratorOf(project).kind === 'external' ? undefined : prepareGenerated(project, 'schema-json'),
  check(project, { report }) {
    const { spec } = project;
    const generator = schemaJsonGeneratorOf(project);
    if (generator.kind === 'external') return;
    const wholeFiles: WholeFileDifference[] = [];
    for (const file of preparedGenerated(project, 'schema-json')) {
      const committed = committedAsLf(file.committed);
      if (!committed) continue; // Nothing committed, nothing to compare.
      const version = spec.versions.find((v) => v.id === file.version)!;
      if (file.text === undefined) {
        // Syntax errors are input/parse findings already; type errors are said here.
        if (version.schemaTs?.syntaxErrors.length) continue;
        for (const p of file.problems) {
          // A committed file that does not parse, or names no dialect, is an input/parse finding already.
          if (p.coveredBy) continue;
          // TypeScript names files by their place in the program: named relative to the root.
          const message = withoutMachinePaths(p.message, [programRoot(spec.root), spec.root]);
          report({ message: `${file.path} cannot be generated to compare: ${message}`, location: p.location });
        }
        continue;
      }
      // A checkout with CRLF line ends holds the same file (see `committedAsLf`).
      if (committed.text === file.text) continue;
      const committedDefs = sectioned(committed.text, DEFINITION);
      const freshDefs = sectioned(file.text, DEFINITION);
      const run = 'Run `spec-check generate`.';
      // One finding per definition that differs, at its declaration in schema.ts.
      const same = (a: string, b: string) => withoutComma(a) === withoutComma(b);
      const differing = differingSections(committedDefs, freshDefs, same);
      const definitions = new Set([...committedDefs.sections.keys(), ...freshDefs.sections.keys()]).size;
      if (differsAsAWhole(differing.length, definitions)) {
        // Versions that share one schema.json (one types file, prose per version) name it once.
        if (!wholeFiles.some((f) => f.path === file.path))
          wholeFiles.push({ path: file.path, at: committed.location(0), differing: differing.length, definitions });
        continue;
      }
      for (const { name, old, fresh } of differing) {
        const definitionAt = old ? committed.location(old.offset + 8) : undefined;
        if (!fresh) {
          report({
            message: `${file.path} is stale: it defines ${name}, which schema.ts no longer generates. ${run}`,
            location: definitionAt!,
          });
          continue;
        }
        const declared = version.schemaTs?.byName.get(name)?.location;
        report({
          message: old
            ? `${file.path} is stale in definition ${name}: ${shortDiff(withoutComma(old.text), withoutComma(fresh.text))}. ${run}`
            : `${file.path} is stale: it has no definition ${name}. ${run}`,
          location: declared ?? definitionAt ?? committed.location(0),
          related: declared && definitionAt ? [{ ...definitionAt, message: `${name} in ${file.path}` }] : [],
        });
      }
      // What lies outside the definitions: one finding.
      const at = firstDifference(committedDefs.skeleton, freshDefs.skeleton);
      if (at < 0) continue;
      const [shownCommitted, shownGenerated] = differingExcerpts(committedDefs.skeleton, freshDefs.skeleton, at);
      const location = committed.location(Math.min(committedDefs.textOffset(at), committed.text.length));
      report({
        message:
          `${file.path} is stale outside the definitions, first at line ${location.line} ` +
          `(committed: ${JSON.stringify(readableSkeleton(shownCommitted))}; generated: ${JSON.stringify(readableSkeleton(shownGenerated))}). ${run}`,
        location,
      });
    }
    // Every file made another way is one finding: the cause is the generator, not each file.
    if (wholeFiles.length) report(wholeFileFinding(wholeFiles, generator));
  },
};

/** The one finding for the schema.json files that differ as a whole, at the first, naming the others. */
function wholeFileFinding(
  files: WholeFileDifference[],
  generator: Extract<SchemaJsonGenerator, { kind: 'typescript-json-schema' }>,
): { message: string; location: Location; related: (Location & { message: string })[] } {
  const [first, ...others] = files;
  const differing = files.reduce((n, f) => n + f.differing, 0);
  const definitions = files.reduce((n, f) => n + f.definitions, 0);
  const which = others.length
    ? `${first.path} and ${others.length} other schema.json file${others.length === 1 ? '' : 's'} differ`
    : `${first.path} differs`;
  const tool = `typescript-json-schema ${shownFlags(generator.flags)}`;
  return {
    message:
      `${which} from what ${tool} writes in ${differing} of ${definitions} definitions: made by another generator or with other flags, ` +
      `not stale definition by definition. ${causeAndRemedy(generator.from)}`,
    location: first.at,
    related: others.map((f) => ({
      ...f.at,
      message: `${f.path}: ${f.differing} of ${f.definitions} definitions differ`,
    })),
  };
}

const EXTERNAL = '"generate": { "schemaJson": "external" }';
const WITH_FLAGS = '"generate": { "schemaJson": { "generator": "typescript-json-schema", "flags": [...] } }';

/** What decided the generator, and what to do: configure the generator, or regenerate. */
function causeAndRemedy(from: GeneratorSource): string {
  const configure = `If another tool makes it, set ${EXTERNAL} in spec-check.config.json (it is then validated against, never called stale); if typescript-json-schema with other flags, name them in ${WITH_FLAGS}`;
  switch (from.kind) {
    case 'unrecognised':
      return `${from.reason}. ${configure}; or run \`spec-check generate\` to write this output.`;
    case 'default':
      return `No package.json script that writes it was found. ${configure}; or run \`spec-check generate\`.`;
    case 'script':
      return `That is the invocation package.json's "${from.script.name}" runs: if it made the file, schema.ts changed throughout since; run \`spec-check generate\`. ${configure}.`;
    case 'config':
      return `The flags in "generate.schemaJson" may not be those the repository's script passes (or the file was made by another tool: set ${EXTERNAL}); if they are, schema.ts changed throughout since: run \`spec-check generate\`.`;
  }
}

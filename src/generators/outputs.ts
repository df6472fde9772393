/**
 * What `generate` would write for a loaded spec: schema.json and the Schema Reference page of
 * each version. `generate` writes these; the `generated/*` rules compare them with the committed
 * files. They are computed once per loaded spec and kept with it.
 */
import ts from 'typescript';
import type { Spec, SpecVersion } from '../model/types.js';
import type { TextFile } from '../model/text-file.js';
import { buildSchemaProgram, referenceCompilerOptions } from './program.js';
import { checkWholeProgram, generateSchemaJson, schemaJsonKey, type GenerationProblem } from './schema-json.js';
import { exampleTexts, prepareTypeDoc, renderSchemaReference, schemaReferenceKey, type RenderedDeclaration } from './schema-reference.js';
import { toolVersion } from '../version.js';

export type GeneratedKind = 'schema-json' | 'schema-reference';

export interface GeneratedFile {
  kind: GeneratedKind;
  version: string;
  /** Where generate writes it, relative to the root. */
  path: string;
  /** The content; absent when it could not be generated (see `problems`). */
  text?: string;
  /** The committed file, when there is one. */
  committed?: TextFile;
  /** Content key of the inputs (see `schemaJsonKey`, `schemaReferenceKey`), for a cache. */
  key: string;
  /** Schema Reference only: the rendered declarations in page order. */
  declarations?: RenderedDeclaration[];
  problems: GenerationProblem[];
}

type Memo = Partial<Record<GeneratedKind, Promise<GeneratedFile[]>>>;
const memo = new WeakMap<Spec, Memo>();
const settled = new WeakMap<Spec, Partial<Record<GeneratedKind, GeneratedFile[]>>>();

/**
 * The generated files of one kind, computed once per loaded spec. schema.json is generated for
 * each version with a schema.ts; the Schema Reference for each version with a schema.ts and a
 * template.
 */
export function generatedFiles(spec: Spec, kind: GeneratedKind): Promise<GeneratedFile[]> {
  let m = memo.get(spec);
  if (!m) memo.set(spec, (m = {}));
  return (m[kind] ??= (kind === 'schema-json' ? schemaJsonFiles(spec) : referenceFiles(spec)).then((files) => {
    let s = settled.get(spec);
    if (!s) settled.set(spec, (s = {}));
    s[kind] = files;
    return files;
  }));
}

/** Computes and keeps one kind of generated files, for rules to read synchronously afterwards. */
export async function prepareGenerated(spec: Spec, kind: GeneratedKind): Promise<void> {
  await generatedFiles(spec, kind);
}

/** The generated files kept by `prepareGenerated`; throws when it has not run for this spec. */
export function preparedGenerated(spec: Spec, kind: GeneratedKind): GeneratedFile[] {
  const files = settled.get(spec)?.[kind];
  if (!files) throw new Error(`${kind} was not generated for this spec (run check(), or await prepareGenerated(spec, '${kind}') first)`);
  return files;
}

async function schemaJsonFiles(spec: Spec): Promise<GeneratedFile[]> {
  const withSchema = spec.versions.filter((v) => v.schemaTs);
  if (!withSchema.length) return [];
  // On a program of its own: schema.json depends on the order TypeScript creates types in,
  // which other work on the same program would change.
  const results = generateSchemaJson(spec, withSchema);
  return withSchema.map((version) => {
    const r = results.get(version.id)!;
    return {
      kind: 'schema-json',
      key: schemaJsonKey(version.schemaTs!.file.text, r.dialect, toolVersion),
      version: version.id,
      path: `${version.schemaDir}/schema.json`,
      text: r.ok ? r.text : undefined,
      committed: version.jsonSchema?.file,
      problems: r.ok ? [] : r.problems,
    };
  });
}

async function referenceFiles(spec: Spec): Promise<GeneratedFile[]> {
  const withSchema = spec.versions.filter((v) => v.schemaTs);
  const withTemplate = withSchema.filter((v) => v.referenceTemplate);
  if (!withTemplate.length) return [];
  await prepareTypeDoc();
  // As the spec repository's TypeDoc run: one strict program over every schema.ts, checked
  // whole before conversion (the order of union members in the page depends on it).
  const { program, fileNames } = buildSchemaProgram(spec, withSchema, referenceCompilerOptions);
  checkWholeProgram(program);
  const schemaTexts = withSchema.map((v) => v.schemaTs!.file.text);
  return withTemplate.map((version) => referenceFile(spec, version, program, fileNames.get(version.id)!, schemaTexts));
}

function referenceFile(spec: Spec, version: SpecVersion, program: ts.Program, fileName: string, schemaTexts: string[]): GeneratedFile {
  const includes = exampleTexts(spec, version);
  const page = renderSchemaReference({ program, fileName, template: version.referenceTemplate!, includes, schemaPath: version.schemaTs!.file.path });
  return {
    kind: 'schema-reference',
    key: schemaReferenceKey({ schemaTexts, version: version.id, template: version.referenceTemplate!.text, examples: new Map(version.examples.map((e) => [e.path, e.file.text])), toolVersion }),
    version: version.id,
    path: `${version.docsDir}/schema.mdx`,
    text: page.text,
    committed: version.referencePage,
    declarations: page.declarations,
    problems: page.problems,
  };
}

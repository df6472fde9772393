/**
 * schema.json from schema.ts, as the spec repository generates it: `typescript-json-schema`
 * with `--defaultNumberType integer --required --skipLibCheck <schema.ts> "*"`, keys sorted at
 * every level, four-space indentation, a blank line at the end; then, for a version whose
 * committed schema.json is JSON Schema 2020-12, the draft-07 `$schema` URL, `"definitions":`
 * and `#/definitions/` rewritten to their 2020-12 forms.
 *
 * The output is a function of the schema.ts text and the dialect alone (see `schemaJsonKey`),
 * so that a cache can keep it by input hash and tool version.
 */
import { createHash } from 'node:crypto';
import ts from 'typescript';
import * as TJS from 'typescript-json-schema';
import { stringify } from 'safe-stable-stringify';
import type { Location, SchemaDialect, Spec, SpecVersion } from '../model/types.js';
import { buildSchemaProgram, type SchemaProgram } from './program.js';

export const schemaJsonSettings: TJS.PartialArgs = {
  defaultNumberType: 'integer',
  required: true,
  skipLibCheck: true,
  // Errors are read from the program by `schemaDiagnostics`, per file; the generator must not
  // print them to the console, nor stop at another version's errors in the shared program.
  ignoreErrors: true,
};

/** The dialect the generated file takes: 2020-12 when the committed file says so, else draft-07. */
export type GeneratedDialect = 'draft-07' | '2020-12';

export function targetDialect(committed: SchemaDialect | undefined): GeneratedDialect {
  return committed === '2020-12' ? '2020-12' : 'draft-07';
}

export interface GenerationProblem {
  message: string;
  location: Location;
  /** The check rule that reports the same cause at a better place; the freshness rules leave it to that rule. */
  coveredBy?: string;
}

export type GenerationResult = ({ ok: true; text: string } | { ok: false; problems: GenerationProblem[] }) & { dialect: GeneratedDialect };

/** The key a content-addressed cache can store the output under. */
export function schemaJsonKey(schemaTsText: string, dialect: GeneratedDialect, toolVersion: string): string {
  return createHash('sha256')
    .update(`schema-json\0${toolVersion}\0${TJS_VERSION}\0${ts.version}\0${dialect}\0`)
    .update(schemaTsText)
    .digest('hex');
}

/** typescript-json-schema's version, part of the cache key: its output is what is compared. */
export const TJS_VERSION = '0.68.0';

/** Rewrites draft-07 output to 2020-12 the way the spec repository does: by text. */
export function toDraft2020(json: string): string {
  return json
    .replace(/http:\/\/json-schema\.org\/draft-07\/schema#/g, 'https://json-schema.org/draft/2020-12/schema')
    .replace(/"definitions":/g, '"$defs":')
    .replace(/#\/definitions\//g, '#/$defs/');
}

/** Type errors in one file of the program, as problems with locations in that file. */
export function schemaDiagnostics(program: ts.Program, fileName: string, displayPath: string): GenerationProblem[] {
  const sf = program.getSourceFile(fileName);
  if (!sf) return [{ message: 'schema.ts is not in the program', location: { file: displayPath, line: 1, column: 1 } }];
  const diagnostics = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  return diagnostics.map((d) => {
    const pos = sf.getLineAndCharacterOfPosition(d.start ?? 0);
    return {
      message: `TypeScript error TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      location: { file: displayPath, line: pos.line + 1, column: pos.character + 1 },
    };
  });
}

/**
 * Type-checks every file of the program, in program order, before any schema is generated.
 * typescript-json-schema does the same (its pre-emit diagnostics), and the order matters:
 * TypeScript orders the members of a union by the order their types were created, so checking
 * the files one by one between generations puts union members of later versions in another
 * order than the spec repository's output.
 */
export function checkWholeProgram(program: ts.Program): void {
  ts.getPreEmitDiagnostics(program);
}

/** schema.json for one schema.ts of a built program (whose files were checked with `checkWholeProgram`). */
export function schemaJsonFromProgram(program: ts.Program, fileName: string, dialect: GeneratedDialect, displayPath: string): GenerationResult {
  const problems = schemaDiagnostics(program, fileName, displayPath);
  if (problems.length) return { ok: false, problems, dialect };
  try {
    // A generator per file: its "user symbols" are the declarations of that file only, even
    // when other versions declaring the same names share the program.
    const generator = TJS.buildGenerator(program, schemaJsonSettings, [fileName]);
    if (!generator) throw new Error('typescript-json-schema found errors in the program');
    const definition = generator.getSchemaForSymbols(generator.getMainFileSymbols(program, [fileName]), true, true);
    const json = stringify(definition, null, 4) + '\n\n';
    return { ok: true, text: dialect === '2020-12' ? toDraft2020(json) : json, dialect };
  } catch (error) {
    return { ok: false, problems: [{ message: `typescript-json-schema failed: ${(error as Error).message}`, location: { file: displayPath, line: 1, column: 1 } }], dialect };
  }
}

/** The pure form: schema.ts text in, schema.json text out (builds a program of its own). */
export function schemaJsonFromText(schemaTsText: string, dialect: GeneratedDialect, fileName = '/schema/schema.ts'): GenerationResult {
  const spec = {
    root: '/',
    versions: [{ id: 'v', schemaDir: 'schema', docsDir: 'docs', examples: [], pages: [], schemaTs: { file: { path: fileName.slice(1), text: schemaTsText } } }],
  } as unknown as Spec;
  const { program, fileNames } = buildSchemaProgram(spec);
  checkWholeProgram(program);
  return schemaJsonFromProgram(program, fileNames.get('v')!, dialect, fileName.slice(1));
}

/** schema.json for each version with a schema.ts, from one shared program. */
export function generateSchemaJson(spec: Spec, versions: SpecVersion[] = spec.versions, built?: SchemaProgram): Map<string, GenerationResult> {
  const withSchema = versions.filter((v) => v.schemaTs);
  const out = new Map<string, GenerationResult>();
  if (!withSchema.length) return out;
  const { program, fileNames } = built ?? buildSchemaProgram(spec, withSchema);
  checkWholeProgram(program);
  // A version with no committed dialect (no schema.json yet, or no `$schema`) follows the
  // version before it: a new version starts as a copy of the one it succeeds.
  let previous: SchemaDialect | undefined;
  for (const version of withSchema) {
    const dialect = targetDialect(version.jsonSchema?.dialect ?? previous);
    previous = version.jsonSchema?.dialect ?? previous;
    out.set(version.id, schemaJsonFromProgram(program, fileNames.get(version.id)!, dialect, version.schemaTs!.file.path));
  }
  return out;
}

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
import { typescript } from '../util/typescript.js';
import type * as TS from 'typescript';
import * as TJS from 'typescript-json-schema';
import { stringify } from 'safe-stable-stringify';
import { buildCheckedProgram, generatorSpec, schemaCompilerOptions } from './program.js';
import type { GeneratedDialect, GenerationProblem } from './keys.js';
import type { SchemaJsonSettings } from './schema-json-flags.js';

// Only the worker threads that generate import this module: it loads TypeScript as it is imported.
const ts = typescript();

/** The generator's arguments for the spec repository's flags (see above). */
export const schemaJsonSettings: TJS.PartialArgs = {
  defaultNumberType: 'integer',
  required: true,
  skipLibCheck: true,
  // Errors are read from the program by `schemaDiagnostics`, per file; the generator must not
  // print them to the console.
  ignoreErrors: true,
};

/**
 * The generator's arguments for flags other than the spec repository's (undefined: theirs). Type
 * errors are read from the program either way, and TypeScript's lib files are never checked.
 */
function argsOf(settings: SchemaJsonSettings | undefined): TJS.PartialArgs {
  if (!settings) return schemaJsonSettings;
  return { ...settings, validationKeywords: [...settings.validationKeywords], skipLibCheck: true, ignoreErrors: true };
}

/** The program's compiler options for the flags (`--strictNullChecks` and the like reach the program, as in the tool). */
export function schemaJsonCompilerOptions(settings: SchemaJsonSettings | undefined): TS.CompilerOptions {
  if (!settings) return schemaCompilerOptions;
  return {
    ...schemaCompilerOptions,
    strictNullChecks: settings.strictNullChecks,
    esModuleInterop: settings.esModuleInterop,
    experimentalDecorators: settings.experimentalDecorators,
    emitDecoratorMetadata: settings.experimentalDecorators,
  };
}

export type GenerationResult = ({ ok: true; text: string } | { ok: false; problems: GenerationProblem[] }) & {
  dialect: GeneratedDialect;
};

/** Rewrites draft-07 output to 2020-12 the way the spec repository does: by text. */
export function toDraft2020(json: string): string {
  return json
    .replace(/http:\/\/json-schema\.org\/draft-07\/schema#/g, 'https://json-schema.org/draft/2020-12/schema')
    .replace(/"definitions":/g, '"$defs":')
    .replace(/#\/definitions\//g, '#/$defs/');
}

/** TypeScript's "Cannot find module" errors (TS2792: the same, with a hint about moduleResolution). */
const MODULE_NOT_FOUND = new Set([2307, 2792]);

/** Type errors in one file of the program, as problems with locations in that file. */
function schemaDiagnostics(program: TS.Program, fileName: string, displayPath: string): GenerationProblem[] {
  const sf = program.getSourceFile(fileName);
  if (!sf) return [{ message: 'schema.ts is not in the program', location: { file: displayPath, line: 1, column: 1 } }];
  const diagnostics = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
  return diagnostics.map((d) => {
    const pos = sf.getLineAndCharacterOfPosition(d.start ?? 0);
    return {
      message: `TypeScript error TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      location: { file: displayPath, line: pos.line + 1, column: pos.character + 1 },
      // A module not found is told once by schema/import, whatever each version's generation makes of it.
      ...(MODULE_NOT_FOUND.has(d.code) ? { coveredBy: 'schema/import' } : {}),
    };
  });
}

/**
 * The program as typescript-json-schema is given it: its checker prints each type once per set of
 * format flags. The generator prints a type again at every property, reference and base type that
 * meets it (on the MCP corpus's six versions, 6,864 prints of 2,567 distinct types and flags, about
 * 0.1 s of a cold check). A type printed without an enclosing declaration reads only the type and
 * the flags, and the program's types are all resolved by then (`buildCheckedProgram` checks it
 * whole first). The program and its checker are left as they are: both are wrapped, not changed.
 */
export function withTypesPrintedOnce(program: TS.Program): TS.Program {
  const checker = program.getTypeChecker();
  const printed = new Map<TS.TypeFormatFlags | undefined, Map<TS.Type, string>>();
  const typeToString: TS.TypeChecker['typeToString'] = (type, enclosingDeclaration, flags) => {
    if (enclosingDeclaration) return checker.typeToString(type, enclosingDeclaration, flags);
    let byType = printed.get(flags);
    if (!byType) printed.set(flags, (byType = new Map()));
    let text = byType.get(type);
    if (text === undefined) byType.set(type, (text = checker.typeToString(type, undefined, flags)));
    return text;
  };
  const printingOnce: TS.TypeChecker = Object.create(checker, { typeToString: { value: typeToString } });
  return Object.create(program, { getTypeChecker: { value: () => printingOnce } });
}

/** schema.json for the schema.ts of a program built over it alone (by `buildCheckedProgram`). */
export function schemaJsonFromProgram(
  program: TS.Program,
  fileName: string,
  dialect: GeneratedDialect,
  displayPath: string,
  settings?: SchemaJsonSettings,
): GenerationResult {
  const problems = schemaDiagnostics(program, fileName, displayPath);
  if (problems.length) return { ok: false, problems, dialect };
  try {
    const generatorProgram = withTypesPrintedOnce(program);
    const generator = TJS.buildGenerator(generatorProgram, argsOf(settings), [fileName]);
    if (!generator) throw new Error('typescript-json-schema found errors in the program');
    const definition = generator.getSchemaForSymbols(
      generator.getMainFileSymbols(generatorProgram, [fileName]),
      true,
      true,
    );
    const json = stringify(definition, null, 4) + '\n\n';
    return { ok: true, text: dialect === '2020-12' ? toDraft2020(json) : json, dialect };
  } catch (error) {
    return {
      ok: false,
      problems: [
        {
          message: `typescript-json-schema failed: ${(error as Error).message}`,
          location: { file: displayPath, line: 1, column: 1 },
        },
      ],
      dialect,
    };
  }
}

/** The pure form: schema.ts text in, schema.json text out (builds a program of its own). */
export function schemaJsonFromText(
  schemaTsText: string,
  dialect: GeneratedDialect,
  fileName = '/schema/schema.ts',
  settings?: SchemaJsonSettings,
): GenerationResult {
  const spec = generatorSpec('/', [{ id: 'v', path: fileName.slice(1), text: schemaTsText }]);
  const { program, fileNames } = buildCheckedProgram(spec, spec.versions, schemaJsonCompilerOptions(settings));
  return schemaJsonFromProgram(program, fileNames.get('v')!, dialect, fileName.slice(1), settings);
}

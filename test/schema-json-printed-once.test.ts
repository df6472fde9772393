import { describe, expect, it } from 'vitest';
import type * as TS from 'typescript';
import { buildCheckedProgram, generatorSpec, schemaCompilerOptions } from '../src/generators/program.js';
import { schemaJsonFromProgram, schemaJsonSettings, withTypesPrintedOnce } from '../src/generators/schema-json.js';
import { typescript } from '../src/util/typescript.js';
import * as TJS from 'typescript-json-schema';

const ts = typescript();

// A union long enough that TypeScript shortens it unless told not to (past 160 characters).
const colours = Array.from({ length: 30 }, (_, i) => `"colour-number-${i}"`).join(' | ');
const schemaTs = `/** A colour a lamp shows. */
export type Colour = ${colours};

/** A lamp. */
export interface Lamp {
  id: string;
  colour: Colour;
  spare?: Colour;
  /** Written out here: a type with no name of its own, printed whole. */
  mode: ${colours};
}

/** A lamp that dims. */
export interface DimmingLamp extends Lamp {
  level: number;
}
`;

function programOf(text: string) {
  const spec = generatorSpec('/', [{ id: 'v', path: 'schema/v/schema.ts', text }]);
  const { program, fileNames } = buildCheckedProgram(spec, spec.versions, schemaCompilerOptions);
  return { program, fileName: fileNames.get('v')! };
}

/** The types the file declares, by name. */
function declaredTypes(program: TS.Program, fileName: string): Map<string, TS.Type> {
  const checker = program.getTypeChecker();
  const types = new Map<string, TS.Type>();
  for (const statement of program.getSourceFile(fileName)!.statements)
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))
      types.set(statement.name.text, checker.getTypeAtLocation(statement.name));
  return types;
}

/** The prints that reach the program's own checker from now on, as type id and flags; and how it prints. */
function printsReaching(program: TS.Program): { printed: string[]; printing: TS.TypeChecker['typeToString'] } {
  const checker = program.getTypeChecker();
  const printing = checker.typeToString;
  const printed: string[] = [];
  checker.typeToString = (type, enclosing, flags) => {
    printed.push(`${(type as { id?: number }).id} ${flags}`);
    return printing(type, enclosing, flags);
  };
  return { printed, printing };
}

describe('types printed once for typescript-json-schema', () => {
  it('prints each type once per set of flags, as the checker prints it', () => {
    const { program, fileName } = programOf(schemaTs);
    const checker = program.getTypeChecker();
    const { printed, printing } = printsReaching(program);
    const once = withTypesPrintedOnce(program).getTypeChecker();
    const types = declaredTypes(program, fileName);
    const colour = types.get('Colour')!;
    const lampType = types.get('Lamp')!;
    const unionType = checker.getTypeOfSymbol(lampType.getProperty('mode')!);
    const short = ts.TypeFormatFlags.UseFullyQualifiedType;
    const whole = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType;
    for (const type of [colour, unionType]) {
      const shortText = once.typeToString(type, undefined, short);
      const wholeText = once.typeToString(type, undefined, whole);
      expect(shortText).toBe(printing(type, undefined, short));
      expect(wholeText).toBe(printing(type, undefined, whole));
      expect(once.typeToString(type, undefined, short)).toBe(shortText);
      expect(once.typeToString(type, undefined, whole)).toBe(wholeText);
    }
    // The flags are part of what is kept: shortened and whole differ for the long union.
    expect(once.typeToString(unionType, undefined, short)).not.toBe(once.typeToString(unionType, undefined, whole));
    expect(once.typeToString(unionType, undefined, whole)).toContain('"colour-number-29"');
    // Each type and flags reached the checker once (two types, two sets of flags).
    expect(printed).toHaveLength(new Set(printed).size);
    expect(printed).toHaveLength(4);
    // A type printed where it is used is not kept: the enclosing declaration decides its name.
    const lamp = program.getSourceFile(fileName)!.statements[1];
    once.typeToString(colour, lamp, short);
    once.typeToString(colour, lamp, short);
    expect(printed).toHaveLength(6);
    // The program and its checker are the ones they were.
    expect(program.getTypeChecker().typeToString).not.toBe(once.typeToString);
    expect(once.getPropertiesOfType(types.get('DimmingLamp')!).map((p) => p.name)).toEqual([
      'level',
      'id',
      'colour',
      'spare',
      'mode',
    ]);
  });

  it('gives the schema.json the generator gives with the checker as it is, asking the checker less', () => {
    const plain = programOf(schemaTs);
    const plainPrints = printsReaching(plain.program).printed;
    const generator = TJS.buildGenerator(plain.program, schemaJsonSettings, [plain.fileName])!;
    const expected = generator.getSchemaForSymbols(
      generator.getMainFileSymbols(plain.program, [plain.fileName]),
      true,
      true,
    );

    const once = programOf(schemaTs);
    const oncePrints = printsReaching(once.program).printed;
    const generated = schemaJsonFromProgram(once.program, once.fileName, 'draft-07', 'schema/v/schema.ts');
    expect(generated.ok).toBe(true);
    expect(JSON.parse(generated.ok ? generated.text : '{}')).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(generated.ok && generated.text).toContain('"colour-number-29"');
    expect(oncePrints.length).toBeGreaterThan(0);
    expect(oncePrints.length).toBeLessThan(plainPrints.length);
  });
});

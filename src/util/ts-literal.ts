/** The value a TypeScript literal expression writes, shared by schema.ts constants and message sketches. */
import type * as TS from 'typescript';
import { typescript } from './typescript.js';

/**
 * `"a"`, `` `a` ``, `1`, `-1`, `true`, `false`, seen through `as`, `satisfies` and parentheses;
 * undefined for anything else (`null` included: callers that accept it test for it).
 */
export function literalValue(expr: TS.Expression): string | number | boolean | undefined {
  const ts = typescript();
  let e = expr;
  while (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand))
    return -Number(e.operand.text);
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}

/** The text of a property name written as an identifier, a string or a number; undefined for a computed one. */
export function propertyNameText(name: TS.PropertyName): string | undefined {
  const ts = typescript();
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

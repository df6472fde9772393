import { codeConflicts, extractClaims, retiredCodeUses } from '../consistency/engine.js';
import { namedCodeConflicts } from '../consistency/code-names.js';
import type { Rule } from '../core/rule.js';

/** Within a version, a failure condition has one error code, and no source uses a retired code. */
export const consistencyErrorCode: Rule = {
  meta: {
    id: 'consistency/error-code',
    description:
      "Within one version, every source gives a failure condition the same error code, no two error constants of schema.ts share a code, a code written beside the name of one of the version's errors is that error's code, and prose and examples use no code that the version's schema.ts declares retired or reserved.",
    rationale:
      'Clients branch on error codes. Two codes for one condition, or a retired code shown in an example, make implementations that follow different pages incompatible.',
    defaultSeverity: 'error',
    details:
      'The version\'s errors are the numeric constants of schema.ts in upper snake case (`INVALID_PARAMS = -32602`) and the error declarations whose code is fixed (`InvalidParamsError`, also read without its `Error` suffix). A name is read beside a code in prose pages and schema.ts comments as "`-32602` (Invalid params)", "`InvalidParamsError` (code `-32602`)", a table row "| `-32602` | InvalidParams |", a list item "- Invalid params: `-32602`" and a JSON comment `"code": -32602, // INVALID_PARAMS`; names compare by letters and digits, case ignored. Only a name that is wholly one of the version\'s errors counts: the prose labels codes with condition phrases ("`-32601` (Capability not supported)" beside "`-32601` (Method not found)") that are not error names, and reading those as names would report agreed usage. Lines that speak of other versions or retired codes are not read.',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: '- Widget locked by another client (`-32010`)\n\n// schema.ts: Retired error codes: `-32010` (widget busy) is never reused.',
      pass: '- Widget locked by another client (`-32030`)',
    },
  },
  check(project, { report }) {
    const set = extractClaims(project);
    for (const r of codeConflicts(set)) report(r);
    for (const r of retiredCodeUses(set)) report(r);
    for (const r of namedCodeConflicts(project)) report(r);
  },
};

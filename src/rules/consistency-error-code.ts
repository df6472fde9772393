import { codeConflicts, extractClaims, retiredCodeUses } from '../consistency/engine.js';
import { namedCodeConflicts } from '../consistency/code-names.js';
import type { Rule } from '../core/rule.js';

/** Within a version, a failure condition has one error code, and no source uses a retired code. */
export const consistencyErrorCode: Rule = {
  meta: {
    id: 'consistency/error-code',
    description:
      "Within one version, every source gives a failure condition the same error code, and prose and examples use no code that the version's schema.ts declares retired or reserved.",
    rationale:
      'Clients branch on error codes. Two codes for one condition, or a retired code shown in an example, make implementations that follow different pages incompatible.',
    defaultSeverity: 'error',
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

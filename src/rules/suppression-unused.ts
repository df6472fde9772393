import type { Rule } from '../core/rule.js';

/**
 * Inline suppressions that suppress nothing. The engine applies suppressions after every rule
 * has run and reports this rule's findings itself: only then is it known what was suppressed.
 */
export const suppressionUnused: Rule = {
  meta: {
    id: 'suppression/unused',
    description:
      'A `spec-check-disable-next-line` comment names a rule that reports nothing on the next line, names an unknown rule, or names no rule.',
    rationale:
      'A suppression outlives the problem it silenced: once the drift is fixed, a stale comment would silently hide the next real finding on that line.',
    defaultSeverity: 'warning',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: '{/* spec-check-disable-next-line example/valid -- the dial example is fixed now */}\nWidgets have an `id` and a `name`.',
      pass: 'Widgets have an `id` and a `name`.',
    },
  },
  check() {
    // Reported by the engine (src/engine/suppress.ts).
  },
};

import { channelConflicts, extractClaims } from '../consistency/engine.js';
import type { Rule } from '../core/rule.js';

/** Within a version, every source reports a failure condition through the same channel. */
export const consistencyErrorReporting: Rule = {
  meta: {
    id: 'consistency/error-reporting',
    description:
      'Within one version, schema.ts JSDoc, example files, prose and prose JSON blocks assign each failure condition (unknown tool, invalid cursor, ...) to the same reporting channel (protocol error or a flagged result).',
    rationale:
      'Implementers read one of these places, not all of them. When the prose moves a condition to another channel and the JSDoc or an example still shows the old one, servers and clients disagree on the wire about how a failure looks.',
    defaultSeverity: 'error',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: '**Rejections**: a result with `isRejected: true`:\n\n- Unknown widget id\n\n// schema.ts, InvalidParamsError JSDoc: - **Widgets**: Unknown widget id',
      pass: '**Protocol Errors**: JSON-RPC errors:\n\n- Unknown widget id\n\n// schema.ts, InvalidParamsError JSDoc: - **Widgets**: Unknown widget id',
    },
  },
  check(project, { report, count }) {
    const set = extractClaims(project);
    count('consistencyClaims', set.claims.length);
    for (const r of channelConflicts(set)) report(r);
  },
};

import type { Rule } from '../core/rule.js';
import { changelogProblems } from '../changes/claims.js';
import { changelogPage } from '../changes/changelog.js';

/** What a version's changelog says was added, removed or renamed is so in its schema.ts. */
export const consistencyChangelog: Rule = {
  meta: {
    id: 'consistency/changelog',
    description:
      "An identifier a version's changelog says was added, removed or renamed is (or is no longer) in that version's schema.ts, compared with the previous version's.",
    rationale:
      'Implementers read the changelog to learn what to change; a field it announces that the schema does not have, or a method it says is gone that the schema still declares, sends them after something that is not there.',
    defaultSeverity: 'error',
    details:
      "The changelog is `<docs>/<version>/changelog.mdx`; it is compared with the schema.ts of the version before it (in date order, the draft last). The identifiers are code spans, and links whose text is code or a camelCase name. A sentence claims a change when a verb of change is followed, with at most `the`, `a`, `new`, `optional`, `required`, `experimental` or `support for` between, by a list of identifiers (`A`, `B` and `C`; `A`/`B`), each perhaps followed by a noun (`field`, `method`, `notification`...), and the list ends the clause or is followed by a preposition: `add`/`added`/`introduce`/`new` claim an addition, `remove`/`removed`/`drop` a removal, `rename X to Y` and `X renamed to Y` both. `X now includes`/`has`/`carries` a list claims an addition to `X`; `make` a list `optional` or `required`, and `require` a list, claim it is still there. `to`/`from`/`in`/`of` and identifiers after the list name where (“Add `context` field to `CompletionRequest`”: within `CompletionRequest` and the declarations its members' types and `extends` reach). A sentence that says what implementations must, should or may do, or is negated (`not`, `no longer`), before the verb claims nothing. An identifier that names nothing in either schema.ts (an HTTP header, an OAuth parameter, a file, an extension's method) is passed over unless the sentence calls it a field, member, property, method, request, notification, type, interface, capability, result, error, enum or constant, or, with no noun, puts it in a declaration (“Added `shade` to `Widget`”). An addition holds when the name is in the version's schema.ts (where the sentence says) and was not in the previous one's there, or something of that name was added (a member, a member of a new declaration, a member type that now names it); a removal holds when the name is gone from where the sentence says, or some member of that name was removed; a name made optional or required holds when the version's schema.ts has it there. A claim naming several places (to `A` and `B`) is held to each. A version checked without the one before it (`--version` naming it alone) is not checked.",
    examples: {
      file: 'docs/specification/2025-01-15/changelog.mdx',
      fail: '- Added `colour` field to `Widget`   (2025-01-15 schema.ts: Widget has no `colour`)',
      pass: '- Added `color` field to `Widget`   (2025-01-15 schema.ts: Widget has `color?: string`, the previous version had not)',
    },
  },
  check(project, { report, guard }) {
    for (const version of project.spec.versions) {
      const page = changelogPage(version);
      if (!page) continue;
      guard(page.path, () => {
        for (const problem of changelogProblems(project, version)) report(problem);
      });
    }
  },
};

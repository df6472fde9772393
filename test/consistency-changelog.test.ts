import { describe, expect, it } from 'vitest';
import { consistencyChangelog } from '../src/rules/consistency-changelog.js';
import { RuleTester } from './rule-tester.js';

/** Two versions of a small widget protocol: the second adds, removes and renames a few things. */
const before = `export interface Request {
  method: string;
  params?: { _meta?: object };
}
export interface PingRequest extends Request {
  method: "ping";
}
export interface Widget {
  id: string;
  size?: number;
  legacy?: boolean;
}
export interface ListWidgetsRequest extends Request {
  method: "widgets/list";
  params?: { cursor?: string };
}
export interface OldThing {
  a: string;
}
`;
const after = `export interface Request {
  method: string;
  params?: { _meta?: object };
}
export interface Widget {
  id: string;
  size?: number;
  color?: string;
  label: string;
}
export interface ListWidgetsRequest extends Request {
  method: "widgets/list";
  params?: ListWidgetsParams;
}
export interface ListWidgetsParams {
  cursor?: string;
  filter?: string;
}
export interface DiscoverRequest extends Request {
  method: "server/discover";
}
export interface NewThing {
  a: string;
}
`;
const CHANGELOG = 'docs/specification/2025-06-01/changelog.mdx';
/** A changelog page whose list items are `items`, from line 7 on. */
const changelog = (...items: string[]) =>
  `---\ntitle: Key Changes\n---\n\n## Changes\n\n${items.map((i) => `- ${i}`).join('\n')}\n`;
const tree = {
  'schema/2025-01-01/schema.ts': before,
  'schema/2025-06-01/schema.ts': after,
  'docs/specification/2025-01-01/index.mdx': '---\ntitle: Overview\n---\n\nThe first version.\n',
};
const tester = new RuleTester({ files: tree });

tester.run(consistencyChangelog, {
  valid: [
    { name: 'a field added to a declaration', files: { [CHANGELOG]: changelog('Added `color` field to `Widget`.') } },
    { name: 'a method removed', files: { [CHANGELOG]: changelog('Remove `ping`.') } },
    {
      name: "a field added to a request, through its params' named type",
      files: { [CHANGELOG]: changelog('Add optional `filter` field to `ListWidgetsRequest`.') },
    },
    { name: 'a rename', files: { [CHANGELOG]: changelog('Renamed `OldThing` to `NewThing`.') } },
    { name: 'a new RPC', files: { [CHANGELOG]: changelog('Servers gain a new `server/discover` RPC.') } },
    {
      name: 'two fields, a list with one noun',
      files: { [CHANGELOG]: changelog('Add `color` and `label` fields to `Widget`.') },
    },
    {
      name: 'names of neither schema.ts without a schema noun: a header, a _meta key, an extension method',
      files: {
        [CHANGELOG]: changelog(
          'Remove the `Mcp-Session-Id` header.',
          'Add the `traceparent` key to `_meta`.',
          'The extension adds a new `tasks/update` for input.',
        ),
      },
    },
    {
      name: 'a sentence about what implementations must do, and a negated one, claim nothing',
      files: {
        [CHANGELOG]: changelog('Servers MUST add `size` to every widget.', 'Clients do not remove `widgets/list`.'),
      },
    },
    {
      name: 'a neutral noun into a declaration, and a requirement on implementations, claim nothing of the schema',
      files: {
        [CHANGELOG]: changelog(
          'Add the `x-trace` key to `Widget`.',
          'Require clients to send `x-client-tag` on every request.',
        ),
      },
    },
    {
      name: 'an identifier that modifies the next word is not what was added',
      files: { [CHANGELOG]: changelog('Add `size` limits for widgets.') },
    },
    {
      name: 'the first version has no previous one to compare with',
      files: { 'docs/specification/2025-01-01/changelog.mdx': changelog('Added `colour` field to `Widget`.') },
    },
    {
      name: 'identifiers in a heading or a code block',
      files: {
        [CHANGELOG]: '---\ntitle: C\n---\n\n## Added `colour`\n\n```ts\n// Added `colour` field\n```\n',
      },
    },
  ],
  invalid: [
    {
      name: 'a field the declaration does not have, with the declaration as the related location',
      files: { [CHANGELOG]: changelog('Added `colour` field to `Widget`.') },
      errors: [
        {
          message:
            "The changelog says `colour` was added to `Widget` in 2025-06-01, but 2025-06-01's schema.ts has no `colour` in `Widget`",
          file: CHANGELOG,
          line: 7,
          column: 10,
        },
      ],
    },
    {
      name: 'a field the previous version had already',
      files: { [CHANGELOG]: changelog('Added `size` field to `Widget`.') },
      errors: [{ messageIncludes: "2025-01-01's schema.ts already has `size` in `Widget`", line: 7, column: 10 }],
    },
    {
      name: 'a method said removed that is still declared',
      files: { [CHANGELOG]: changelog('Remove `ping` and `widgets/list`.') },
      errors: [{ messageIncludes: "2025-06-01's schema.ts still has `widgets/list`", line: 7, column: 22 }],
    },
    {
      name: 'one of two fields missing, in the second list item',
      files: { [CHANGELOG]: changelog('Added `color` field to `Widget`.', 'Add `label` and `shade` fields.') },
      errors: [{ messageIncludes: 'has no `shade`', line: 8, column: 20 }],
    },
    {
      name: 'a rename whose old name is still there',
      files: { [CHANGELOG]: changelog('Renamed `Widget` to `NewThing`.') },
      errors: [{ messageIncludes: 'still has `Widget`', line: 7, column: 12 }],
    },
    {
      name: 'a field added to a type neither version declares: the nearest declaration is suggested',
      files: { [CHANGELOG]: changelog('Added `label` field to `Widgit`.') },
      errors: [
        {
          message:
            "The changelog says `label` was added to `Widgit`, which neither 2025-01-01's nor 2025-06-01's schema.ts declares (did you mean `Widget`?)",
          line: 7,
          column: 27,
        },
      ],
    },
    {
      name: 'a member said made required that the declaration does not have',
      files: { [CHANGELOG]: changelog('Make `heading` required in `Widget`.') },
      errors: [
        {
          message:
            "The changelog says `heading` was made required in `Widget` in 2025-06-01, but 2025-06-01's schema.ts has no `heading` in `Widget`",
          line: 7,
          column: 9,
        },
      ],
    },
    {
      name: 'a type said removed that neither version declares',
      files: { [CHANGELOG]: changelog('Removed the `Gadget` type.') },
      errors: [{ messageIncludes: "2025-01-01's schema.ts has no `Gadget` to remove", line: 7, column: 16 }],
    },
  ],
});

/**
 * Mutants: single edits of a changelog that the rule passes, each a slip a maintainer could make.
 * Every one must be reported at the edited identifier.
 */
describe('consistency/changelog mutants', () => {
  const clean = changelog(
    'Added `color` field to `Widget`.',
    'Remove `ping`.',
    'Renamed `OldThing` to `NewThing`.',
    'Add `filter` field to `ListWidgetsRequest`.',
  );
  const mutants: [string, string, string][] = [
    ['a misspelt field', '`color`', '`colr`'],
    ['the wrong owner', 'to `ListWidgetsRequest`', 'to `Widget`'],
    ['removed said of a kept method', '`ping`', '`widgets/list`'],
    ['a rename to a name that is not there', '`NewThing`.', '`NuThing`.'],
    ['added where it was removed', 'Remove `ping`', 'Add `ping`'],
    ['a field that was there before', '`filter` field to', '`cursor` field to'],
  ];
  it('the clean changelog passes', async () => {
    expect(await tester.findings(consistencyChangelog, { files: { [CHANGELOG]: clean } })).toEqual([]);
  });
  for (const [name, from, to] of mutants)
    it(`catches ${name}`, async () => {
      expect(clean).toContain(from);
      const text = clean.replace(from, to);
      const findings = await tester.findings(consistencyChangelog, { files: { [CHANGELOG]: text } });
      expect(findings.length).toBeGreaterThan(0);
      const token = /`([^`]+)`/.exec(to)![1];
      const line = clean.slice(0, clean.indexOf(from)).split('\n').length;
      expect(findings.map((f) => [f.line, f.message.includes(`\`${token}\``)])).toContainEqual([line, true]);
    });
});

/**
 * The phrasings the spec's changelogs use, in words of this test's own: each with a member the
 * schema has (read, no finding) and with one it does not (a finding naming it).
 */
describe('consistency/changelog reads the phrasings changelogs use', () => {
  const phrasings: [pattern: string, holds: string, fails: string, missing: string][] = [
    [
      'Add optional X field to Y interface',
      'Add optional `color` field to `Widget` interface to let clients tint it.',
      'Add optional `summary` field to `Widget` interface to let clients describe it.',
      'summary',
    ],
    ['Added X to Y', 'Added `color` to `Widget`.', 'Added `shade` to `Widget`.', 'shade'],
    [
      'Added X field to Y, with a reason after',
      'Added `label` field to `Widget` so lists can name it',
      'Added `caption` field to `Widget` so lists can name it',
      'caption',
    ],
    [
      'Add X and Y fields to Z',
      'Add `color` and `label` fields to `Widget`.',
      'Add `color` and `badge` fields to `Widget`.',
      'badge',
    ],
    [
      'Add X field to Y and Z',
      'Add `filter` field to `ListWidgetsRequest`.',
      'Add `sortBy` field to `ListWidgetsRequest`.',
      'sortBy',
    ],
    ['Remove X from Y', 'Remove `legacy` from `Widget`.', 'Remove `vintage` from `Widget`.', 'vintage'],
    [
      'Remove X, Y, and Z methods',
      'Remove the `ping` method.',
      'Remove the `ping`, `widgets/watch`, and `widgets/peek` methods.',
      'widgets/watch',
    ],
    ['Rename X to Y', 'Rename `OldThing` to `NewThing`.', 'Rename `OldThing` to `NewerThing`.', 'NewerThing'],
    ['X renamed to Y', '`OldThing` renamed to `NewThing`.', '`OldThing` renamed to `FreshThing`.', 'FreshThing'],
    [
      'Introduce X',
      'Introduce the `server/discover` method.',
      'Introduce the `server/describe` method.',
      'server/describe',
    ],
    ['X now includes Y', '`Widget` now includes a `label` field.', '`Widget` now includes a `title` field.', 'title'],
    [
      'Make X optional/required in Y',
      'Make `label` required in `Widget`.',
      'Make `heading` required in `Widget`.',
      'heading',
    ],
    ['Require X fields on Y', 'Require `label` field on `Widget`.', 'Require `legend` field on `Widget`.', 'legend'],
  ];
  for (const [pattern, holds, fails, missing] of phrasings) {
    it(`${pattern}: read when the member exists`, async () => {
      expect(await tester.findings(consistencyChangelog, { files: { [CHANGELOG]: changelog(holds) } })).toEqual([]);
    });
    it(`${pattern}: a finding when it does not`, async () => {
      const findings = await tester.findings(consistencyChangelog, { files: { [CHANGELOG]: changelog(fails) } });
      expect(findings.map((f) => f.message.includes(`\`${missing}\``))).toContain(true);
    });
  }
});

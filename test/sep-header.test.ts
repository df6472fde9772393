import { RuleTester } from './rule-tester.js';
import { sepHeader } from '../src/rules/sep-header.js';

/** A SEP's header, each field replaced or (with `null`) left out. */
function sep(fields: Record<string, string | null> = {}, title: string | null = '# SEP-2150: Dimmer curves'): string {
  const all: Record<string, string | null> = {
    Status: 'Draft',
    Type: 'Standards Track',
    Created: '2026-03-02',
    'Author(s)': 'Ada Dimmer (@ada)',
    Sponsor: '@grace',
    PR: 'https://github.com/example/spec/pull/2150',
    ...fields,
  };
  const lines = Object.entries(all).flatMap(([k, v]) => (v === null ? [] : [`- **${k}**: ${v}`]));
  return [...(title === null ? [] : [title, '']), ...lines, '', '## Abstract', '', 'Dimmers follow a curve.', ''].join(
    '\n',
  );
}

const SEP = 'seps/2150-dimmer-curves.md';

new RuleTester({
  files: {
    'schema/draft/schema.ts': 'export interface Lamp {\n  id: string;\n}\n',
    // The template lists the lifecycle's statuses and the types; it is no SEP itself.
    'seps/TEMPLATE.md':
      '# SEP-{NUMBER}: {Title}\n\n- **Status**: Draft | In-Review | Accepted | Final | Withdrawn\n- **Type**: Standards Track | Process\n',
    'seps/README.md': '# Enhancement proposals\n\nOne file per proposal.\n',
  },
}).run(sepHeader, {
  valid: [
    { name: 'a complete header', files: { [SEP]: sep() } },
    { name: 'statuses in any case', files: { [SEP]: sep({ Status: 'in-review' }) } },
    { name: 'a PR given as #number', files: { [SEP]: sep({ PR: '#2150' }) } },
    { name: 'a PR given as the file’s bare number', files: { [SEP]: sep({ PR: '2150' }) } },
    { name: 'no PR field: the file’s number is the PR’s', files: { [SEP]: sep({ PR: null }) } },
    {
      name: 'a SEP numbered by its issue: no sponsor, and the PR that added it',
      files: { 'seps/932-governance.md': sep({ Sponsor: null, PR: '#931', Issue: '#932' }, '# SEP-932: Governance') },
    },
    { name: 'a draft awaiting its number', files: { 'seps/0000-lamp-groups.md': sep({ Status: 'Sketch' }, null) } },
  ],
  invalid: [
    {
      name: 'a title that does not parse',
      files: { [SEP]: sep({}, '# SEP-2150 Dimmer curves') },
      errors: [
        {
          message: 'The SEP has no `# SEP-2150: <title>` heading: its page is titled “Untitled”',
          file: SEP,
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'a title of another number',
      files: { [SEP]: sep({}, '# SEP-2105: Dimmer curves') },
      errors: [
        {
          message: "The SEP's heading says SEP-2105, but its file is numbered 2150: its page is SEP-2150",
          line: 1,
          column: 3,
        },
      ],
    },
    {
      name: 'a status and a type outside the template’s',
      files: { [SEP]: sep({ Status: 'Approved', Type: 'Informational' }) },
      errors: [
        {
          message: "The SEP's status “Approved” is not one of Draft, In-Review, Accepted, Final, Withdrawn",
          line: 3,
          column: 15,
        },
        { message: "The SEP's type “Informational” is not one of Standards Track, Process", line: 4, column: 13 },
      ],
    },
    {
      name: 'missing created date, author and sponsor, and status: one finding',
      files: { [SEP]: sep({ Created: null, 'Author(s)': null, Sponsor: null, Status: null }) },
      errors: [
        {
          message:
            "The SEP's header has no `- **Status**:`, `- **Created**:`, `- **Author(s)**:` and `- **Sponsor**:` lines: its page shows “Unknown” or “None” for them",
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'fields written in a form the pages do not read',
      files: {
        [SEP]: sep({ Status: null, Sponsor: null }).replace('- **Type**', '- **Status:** Draft\n- **Type**'),
      },
      errors: [
        {
          message:
            "The SEP's header has no `- **Status**:` and `- **Sponsor**:` lines (it writes “- **Status:** Draft”, a form the SEP pages do not read): its page shows “Unknown” or “None” for them",
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'an empty field',
      files: { [SEP]: sep({ Created: '' }) },
      errors: [
        { message: "The SEP's Created field is empty: its page shows the line after it instead", line: 5, column: 3 },
      ],
    },
    {
      name: 'a PR of another number',
      files: { [SEP]: sep({ PR: '#2151' }) },
      errors: [
        {
          message: "The SEP's PR field names #2151, but the SEP is numbered 2150 by its pull request",
          line: 8,
          column: 11,
        },
      ],
    },
    {
      name: 'a PR field whose number cannot be read',
      files: { [SEP]: sep({ PR: 'https://github.com/example/spec/pull/{2150}' }) },
      errors: [
        {
          messageIncludes: 'gives no pull request number (`#2150` or a link to `/pull/2150`)',
          line: 8,
          column: 11,
        },
      ],
    },
    {
      name: 'a file name off the convention',
      files: { 'seps/dimmer-curves.md': sep() },
      errors: [
        {
          message:
            'The SEP file name “dimmer-curves.md” is not `<number>-<slug>.md`: the SEP pages leave SEP-2150 out (no page, no index entry)',
          file: 'seps/dimmer-curves.md',
          line: 1,
          column: 3,
        },
      ],
    },
  ],
});

// Without a template that lists them, the lifecycle's statuses and types are the built-in ones.
new RuleTester({ files: { 'schema/draft/schema.ts': 'export interface Lamp {\n  id: string;\n}\n' } }).run(sepHeader, {
  valid: [
    { name: 'Dormant and Extensions Track', files: { [SEP]: sep({ Status: 'Dormant', Type: 'Extensions Track' }) } },
  ],
  invalid: [
    {
      name: 'a status outside the lifecycle',
      files: { [SEP]: sep({ Status: 'Parked' }) },
      errors: [
        { messageIncludes: "The SEP's status “Parked” is not one of Draft, In-Review, Accepted", line: 3, column: 15 },
      ],
    },
  ],
});

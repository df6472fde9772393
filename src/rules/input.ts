import type { Rule } from '../core/rule.js';

/** Files the loaders could not parse, where no more specific rule covers them. */
export const inputParse: Rule = {
  meta: {
    id: 'input/parse',
    description: 'A source file (schema.ts, schema.json, a SEP) has a syntax error, is binary or is not UTF-8.',
    rationale:
      'A file that does not parse cannot be checked, and the spec repository build that reads it would fail too.',
    defaultSeverity: 'error',
    details:
      'A file is binary when it holds a NUL byte, or is not UTF-8, or is UTF-8 of which at least 8 characters, and at least 1 in 50, are control characters (other than tab, line feed, form feed and carriage return) or U+FFFD, the character a lossy decoding writes for a byte it could not read: random bytes, or a page saved through the wrong encoding; such a file is reported at the first of those characters.',
    examples: {
      file: 'schema/draft/schema.ts',
      fail: 'export interface Widget {\n  id: string;\n',
      pass: 'export interface Widget {\n  id: string;\n}',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    for (const p of spec.inputProblems) if (p.kind === 'parse') report({ message: p.message, location: p.location });
  },
};

export const inputUnreadable: Rule = {
  meta: {
    id: 'input/unreadable',
    description:
      'A file or folder of the spec cannot be read (permissions, a link that leaves the root or loops, an oversized file).',
    rationale: 'What cannot be read is not checked; saying so keeps a green run from hiding an unchecked file.',
    defaultSeverity: 'error',
    examples: {
      fail: 'schema/draft/examples/Widget/basic.json -> /etc/passwd (a link out of the root)',
      pass: 'schema/draft/examples/Widget/basic.json (a regular file)',
    },
  },
  check(project, { report }) {
    const { spec } = project;
    for (const p of spec.inputProblems)
      if (p.kind === 'unreadable') report({ message: p.message, location: p.location });
  },
};

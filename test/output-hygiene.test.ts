import { describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { visible } from '../src/reporters/escape.js';
import { withoutMachinePaths } from '../src/util/machine-paths.js';
import { formatGithub } from '../src/reporters/github.js';
import { formatMarkdown } from '../src/reporters/markdown.js';
import { formatText } from '../src/reporters/text.js';
import type { CheckReport } from '../src/core/report.js';

describe('visible', () => {
  it('escapes control characters, line breaks and bidirectional overrides, and keeps tab and other text', () => {
    expect(visible('a\u001b[31mb\nc\rd\te\u0000\u007f\u009b\u202ef\u2028')).toBe(
      'a\\x1b[31mb\\nc\\rd\te\\x00\\x7f\\x9b\\u202ef\\u2028',
    );
    expect(visible('plain – text ✓')).toBe('plain – text ✓');
    // The bidirectional marks reorder neutral characters around them too.
    expect(visible('a\u200eb\u200fc\u061cd')).toBe('a\\u200eb\\u200fc\\u061cd');
    // The same on every call (no regular-expression state carried over).
    expect(visible('\u001b')).toBe('\\x1b');
    expect(visible('\u001b')).toBe('\\x1b');
  });
});

describe('withoutMachinePaths', () => {
  const root = path.join(os.tmpdir(), 'checkout', 'spec');
  it('names files under a root relative to it, and the root itself `.`', () => {
    expect(withoutMachinePaths(`Type 'typeof import("${root}/schema/draft/schema")'`, [root])).toBe(
      `Type 'typeof import("schema/draft/schema")'`,
    );
    expect(withoutMachinePaths(`in ${root}: gone`, [root])).toBe('in .: gone');
  });
  it('leaves relative paths and longer names alone', () => {
    expect(withoutMachinePaths('docs/root/x.mdx and schema/draft', [root])).toBe('docs/root/x.mdx and schema/draft');
    expect(withoutMachinePaths(`${root}-other/x`, [root])).toBe(`${root}-other/x`);
  });
  it('names the working folder `.` and the home folder `~`', () => {
    expect(withoutMachinePaths(`${path.join(process.cwd(), 'a.json')} missing`)).toBe('a.json missing');
    if (!process.cwd().startsWith(os.homedir()))
      expect(withoutMachinePaths(`${path.join(os.homedir(), 'a')}`)).toBe('~/a');
  });
});

describe('reporters escape what comes from the checked tree', () => {
  const report: CheckReport = {
    tool: { name: 'spec-check', version: '0' },
    root: '.',
    findings: [
      {
        rule: 'mdx/parse',
        severity: 'error',
        message: 'Unexpected \u001b[2J here\nand there',
        file: 'docs/a\u001b]0;title\u0007\nb.mdx',
        line: 1,
        column: 1,
        related: [{ file: 'x\ny.md', line: 2, column: 3, message: 'see \u001b[5n' }],
      },
    ],
    summary: { errors: 1, warnings: 0, examplesValidated: 0, filesRead: 1 },
  };
  const raw = /[\u0000-\u0008\u000b-\u001f\u007f]/;
  it.each([
    ['text', formatText(report, { color: true })],
    ['markdown', formatMarkdown(report)],
    ['github', formatGithub(report)],
  ])('%s', (format, out) => {
    // Colour codes are the reporter's own (text with colour): strip them, then nothing raw is left.
    const withoutOwnColour = out.replace(/\u001b\[\d+(?:;\d+)*m/g, '');
    expect(withoutOwnColour).not.toMatch(raw);
    expect(out).toContain('a\\x1b]0;title\\x07\\nb.mdx');
    if (format !== 'text')
      expect(
        out
          .trimEnd()
          .split('\n')
          .filter((l) => l.includes('b.mdx')),
      ).toHaveLength(1);
  });
});

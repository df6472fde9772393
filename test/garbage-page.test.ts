/**
 * A page of garbage in place of a page is an input/parse finding on it, at its first character
 * that is not text: bytes with a NUL or that are not UTF-8, and also UTF-8 that is mostly control
 * characters or U+FFFD (random bytes decoded lossily, or read as Latin-1). A stray control
 * character or a U+FFFD named in a page is not garbage.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { check } from '../src/check.js';
import { textFileOf } from '../src/runtime/text-bytes.js';
import { copyTree, sampleSpec } from './helpers.js';

const page = 'docs/specification/draft/server/widgets.mdx';

/** 4 KB of bytes from a fixed seed (a linear congruential generator): the same bytes every run. */
function randomBytes(seed: number, length = 4096): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const withoutNul = (bytes: Buffer) => Buffer.from(bytes.filter((b) => b !== 0));

async function findingsOn(bytes: Buffer) {
  const root = copyTree(sampleSpec);
  fs.writeFileSync(path.join(root, page), bytes);
  const { findings } = await check(root);
  return findings
    .filter((f) => f.file === page && f.rule.startsWith('input/'))
    .map((f) => ({ rule: f.rule, line: f.line, column: f.column, message: f.message }));
}

describe('a page of garbage', () => {
  it('random bytes: binary (they hold a NUL)', async () => {
    expect(await findingsOn(randomBytes(36))).toEqual([
      { rule: 'input/parse', line: 1, column: 1, message: 'Binary file: expected UTF-8 text' },
    ]);
  });

  it('random bytes without a NUL: not UTF-8', async () => {
    expect(await findingsOn(withoutNul(randomBytes(36)))).toEqual([
      { rule: 'input/parse', line: 1, column: 1, message: 'File is not valid UTF-8' },
    ]);
  });

  it('random bytes decoded lossily and written as UTF-8: mostly U+FFFD, at the first', async () => {
    const text = withoutNul(randomBytes(7)).toString('utf8');
    const found = await findingsOn(Buffer.from(text, 'utf8'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ rule: 'input/parse', line: 1 });
    expect(found[0]!.message).toMatch(
      /^Binary file: \d+ of \d+ characters are control characters or U\+FFFD; expected UTF-8 text$/,
    );
    const first = text.search(/[\u0001-\u0008\u000b\u000e-\u001f\u007f-\u009f\ufffd]/u);
    const before = text.slice(0, first).split('\n');
    expect(found[0]).toMatchObject({ line: before.length, column: before.at(-1)!.length + 1 });
  });

  it('random bytes read as Latin-1 and written as UTF-8: control characters', async () => {
    const text = withoutNul(randomBytes(11)).toString('latin1');
    const found = await findingsOn(Buffer.from('# Widgets\n\n' + text, 'utf8'));
    expect(found.map((f) => f.rule)).toEqual(['input/parse']);
    expect(found[0]!.line).toBeGreaterThanOrEqual(3);
  });
});

describe('text that is not garbage', () => {
  const read = (text: string) => textFileOf(page, Buffer.from(text, 'utf8'))?.text;

  it('a stray escape character and a named U+FFFD are read', () => {
    const text = '# Widgets\n\nColours are set with \u001b[31m codes; a lost byte shows as \ufffd.\n';
    expect(read(text)).toBe(text);
  });

  it('a long page with a few control characters is read', () => {
    const text = ('A line of prose about widgets.\n'.repeat(40) + '\u0007').repeat(8);
    expect(read(text)).toBe(text);
  });

  it('a short run of control characters is read; the same run as most of a page is not', () => {
    expect(read('\u0001'.repeat(7))).toBe('\u0001'.repeat(7));
    expect(read('\u0001'.repeat(8))).toBeUndefined();
  });
});

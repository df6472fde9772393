import { describe, expect, it } from 'vitest';
import { colorWanted, paintFor } from '../src/reporters/color.js';
import { copyTree, driftedSpec, edit, runCli, sampleSpec } from './helpers.js';

describe('colour', () => {
  it.each([
    ['a terminal', { isTTY: true, env: {} }, true],
    ['a pipe', { isTTY: false, env: {} }, false],
    ['a pipe with FORCE_COLOR=1', { isTTY: false, env: { FORCE_COLOR: '1' } }, true],
    ['a pipe with FORCE_COLOR=true', { isTTY: false, env: { FORCE_COLOR: 'true' } }, true],
    ['a terminal with FORCE_COLOR=0', { isTTY: true, env: { FORCE_COLOR: '0' } }, false],
    ['a terminal with NO_COLOR=1', { isTTY: true, env: { NO_COLOR: '1' } }, false],
    ['NO_COLOR over FORCE_COLOR', { isTTY: true, env: { NO_COLOR: '1', FORCE_COLOR: '1' } }, false],
    ['a terminal with an empty NO_COLOR', { isTTY: true, env: { NO_COLOR: '' } }, true],
    ['a dumb terminal', { isTTY: true, env: { TERM: 'dumb' } }, false],
  ])('%s: %s', (_, environment, wanted) => {
    expect(colorWanted(environment)).toBe(wanted);
  });

  it('paints with ANSI styles only when on', () => {
    expect(paintFor(true)('red', 'x')).toBe('\x1b[31mx\x1b[39m');
    expect(paintFor(true)('bold', paintFor(true)('yellow', 'x'))).toBe('\x1b[1m\x1b[33mx\x1b[39m\x1b[22m');
    expect(paintFor(false)('red', 'x')).toBe('x');
  });

  it('check: FORCE_COLOR colours a pipe, NO_COLOR wins over a terminal, and JSON is never coloured', async () => {
    expect(
      (await runCli(['check', '--root', driftedSpec], { isTTY: false, env: { FORCE_COLOR: '1' } })).stdout,
    ).toContain('\x1b[31merror  \x1b[39m');
    expect(
      (await runCli(['check', '--root', driftedSpec], { isTTY: true, env: { NO_COLOR: '1' } })).stdout,
    ).not.toContain('\x1b[');
    expect(
      (await runCli(['check', '--root', driftedSpec], { isTTY: true, env: { NO_COLOR: '1', FORCE_COLOR: '1' } }))
        .stdout,
    ).not.toContain('\x1b[');
    expect(
      (await runCli(['check', '--root', driftedSpec, '--format', 'json'], { env: { FORCE_COLOR: '1' } })).stdout,
    ).not.toContain('\x1b[');
  });

  it('sep-diff text: FORCE_COLOR colours a pipe, NO_COLOR wins over a terminal', async () => {
    const root = copyTree(sampleSpec);
    edit(root, 'docs/specification/draft/server/widgets.mdx', 'Servers **SHOULD** include', 'Servers **MUST** include');
    const sepDiff = (io: { isTTY: boolean; env: Record<string, string> }) =>
      runCli(['sep-diff', 'seps/12-widget-locking.md', '--root', root], io);
    expect((await sepDiff({ isTTY: false, env: { FORCE_COLOR: '1' } })).stdout).toContain('\x1b[31merror  \x1b[39m');
    expect((await sepDiff({ isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\x1b[');
    expect((await sepDiff({ isTTY: false, env: {} })).stdout).not.toContain('\x1b[');
  });
});

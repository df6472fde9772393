import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { driftedSpec, projectRoot } from '../helpers.js';

const run = promisify(execFile);

describe('colour in the built executable', () => {
  it('the executable reads FORCE_COLOR and NO_COLOR from its environment', async () => {
    const cli = path.join(projectRoot, 'dist/cli.js');
    const env = (extra: Record<string, string>) => {
      const { NO_COLOR: _n, FORCE_COLOR: _f, ...rest } = process.env;
      return { ...rest, ...extra };
    };
    // Exit 1: the drifted spec has errors; the output is what matters here.
    const exec = (extra: Record<string, string>) =>
      run(process.execPath, [cli, 'check', '--root', driftedSpec, '--no-cache'], { env: env(extra) }).then(
        (r) => r.stdout,
        (error: { stdout: string }) => error.stdout,
      );
    expect(await exec({ FORCE_COLOR: '1' })).toContain('\x1b[31merror');
    expect(await exec({ FORCE_COLOR: '1', NO_COLOR: '1' })).not.toContain('\x1b[');
    expect(await exec({})).not.toContain('\x1b[');
  });
});

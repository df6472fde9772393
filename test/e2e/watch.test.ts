import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { copyTree, projectRoot, sampleSpec } from '../helpers.js';

describe('check --watch', () => {
  it('the installed bin stops on Ctrl-C (SIGINT) with exit code 0', async () => {
    const root = copyTree(sampleSpec);
    const child = spawn(process.execPath, [path.join(projectRoot, 'dist/cli.js'), 'check', '--root', root, '--watch'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    while (!stderr.includes('Watching')) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      child.on('exit', (code, signal) => resolve([code, signal])),
    );
    child.kill('SIGINT');
    expect(await exited).toEqual([0, null]);
  });
});

import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { copyTree, driftedSpec, projectRoot } from '../helpers.js';

describe('files spec-check may not read', () => {
  it('reports an unreadable file with input/unreadable and checks the rest', () => {
    const root = copyTree(driftedSpec);
    fs.chmodSync(root, 0o755);
    const rel = 'schema/draft/examples/Widget/switch.json';
    fs.chmodSync(path.join(root, rel), 0o000);
    // Root reads everything: run the CLI as an unprivileged user to make the permission real.
    const asRoot = process.getuid?.() === 0;
    const cmd = asRoot ? 'setpriv' : process.execPath;
    const args = [
      ...(asRoot ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : []),
      path.join(projectRoot, 'dist/cli.js'),
      'check',
      '--root',
      root,
      '--format',
      'json',
    ];
    const run = spawnSync(cmd, args, { encoding: 'utf8', cwd: os.tmpdir() });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        rule: 'input/unreadable',
        file: rel,
        line: 1,
        column: 1,
        message: 'Cannot read file: EACCES',
      }),
    );
    expect(report.findings).toContainEqual(
      expect.objectContaining({ rule: 'example/valid', file: 'schema/draft/examples/Widget/dial.json' }),
    );
  });
});

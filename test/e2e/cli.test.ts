import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { driftedSpec, projectRoot, sampleSpec } from '../helpers.js';

describe('the installed bin', () => {
  it('runs from dist/ as `spec-check` with the documented exit codes', () => {
    const bin = path.join(projectRoot, 'dist/cli.js');
    expect(fs.existsSync(bin)).toBe(true);
    const ok = spawnSync(process.execPath, [bin, 'check', '--root', sampleSpec], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    const bad = spawnSync(process.execPath, [bin, 'check', '--root', driftedSpec, '--format', 'json'], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).findings.length).toBeGreaterThan(0);
    const usage = spawnSync(process.execPath, [bin, 'check', '--nope'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    // The worker thread, started at once for check, never keeps the process alive.
    const missing = spawnSync(process.execPath, [bin, 'check', '--root', path.join(sampleSpec, 'no-such-folder')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/root folder not found/);
    expect(execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim()).toBe(
      JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).version,
    );
  });
});

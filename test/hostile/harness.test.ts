import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { expectNoStackTrace, hostileTree, projectRoot, snapshot, withHostileTree } from './harness.js';

// The harness's own assertions must be able to fail, or every hostile case passes vacuously.
describe('the hostile-input harness', () => {
  it('checks a clean tree: exit 0, no marker, outside unchanged', async () => {
    const tree = hostileTree();
    fs.cpSync(path.join(projectRoot, 'examples/sample-spec'), tree.root, { recursive: true });
    const run = await tree.run(['check', '--no-cache']);
    expect(run.code).toBe(0);
    tree.expectNoMarker(run);
    tree.expectOutsideUnchanged();
    expectNoStackTrace(run.stderr);
  });

  it('sees the marker in output and under the root, a change outside, a stack trace', async () => {
    const tree = hostileTree({ 'link.txt': { symlink: '../outside/secret.txt' } });
    const leaked = { code: 0, signal: null, stdout: tree.marker, stderr: '', timedOut: false, ms: 0 };
    expect(() => tree.expectNoMarker(leaked)).toThrow();
    // A symlink to the canary is not followed; a copy under the root is found.
    const quiet = { ...leaked, stdout: '' };
    tree.expectNoMarker(quiet);
    fs.copyFileSync(tree.canaries['secret.txt']!, tree.path('leak.txt'));
    expect(() => tree.expectNoMarker(quiet)).toThrow();
    fs.appendFileSync(tree.canaries['secret.md']!, 'x');
    expect(() => tree.expectOutsideUnchanged()).toThrow();
    expect(() => expectNoStackTrace('Error: x\n    at main (file.js:1:1)\n')).toThrow();
  });

  it('removes the tree afterwards, also when the body throws', async () => {
    let base = '';
    await expect(
      withHostileTree((tree) => {
        base = path.dirname(tree.root);
        fs.chmodSync(tree.root, 0o500);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(fs.existsSync(base)).toBe(false);
    expect(snapshot(base)).toEqual({});
  });

  it('kills a run past its time limit', async () => {
    const tree = hostileTree();
    tree.write({ 'slow.cjs': 'const end = Date.now() + 5000; while (Date.now() < end);' });
    const slow = await tree.run(['--version'], {
      timeoutMs: 500,
      env: { NODE_OPTIONS: `--require=${tree.path('slow.cjs')}` },
    });
    expect(slow.timedOut).toBe(true);
    expect(slow.code).toBeNull();
  });
});

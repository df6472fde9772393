import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** What the package ships: the CLI and library, the JSON Schemas it documents and the docs it links to. */
const SHIPPED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE(\.md)?$/,
  /^dist\/.+\.(js|d\.ts)$/,
  // TypeScript compiled by the build's Node (src/util/typescript.ts): another Node ignores it.
  /^dist\/typescript\.code-cache$/,
  /^schema\/[a-z]+\.schema\.json$/,
  /^docs\/(rules|adoption|security)\.md$/,
];

/** The files `npm pack` would put in the package, without running its scripts (no build, no clean). */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: projectRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path).sort();
}

describe('the npm package', () => {
  it('is named so that installing it by name installs spec-check, and keeps the spec-check command', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
    // `spec-check` on the registry is an unrelated package.
    expect(pkg.name).toBe('protocol-spec-check');
    expect(pkg.bin).toEqual({ 'spec-check': 'dist/cli.js' });
    for (const doc of ['README.md', 'docs/adoption.md'])
      expect(fs.readFileSync(path.join(projectRoot, doc), 'utf8')).toContain(`npm install --save-dev ${pkg.name}`);
  });

  it('ships the CLI and what it reads, and no tests, fixtures, scripts, examples or action sources', () => {
    const files = packedFiles();
    expect(files).toContain('dist/cli.js');
    expect(files).toContain('dist/runtime/worker/worker.js');
    expect(files).toContain('docs/rules.md');
    expect(files).toContain('schema/config.schema.json');
    expect(files.filter((f) => !SHIPPED.some((re) => re.test(f)))).toEqual([]);
    expect(files.filter((f) => /(^|\/)(test|tests|fixtures|scripts|examples|action)\//.test(f))).toEqual([]);
  });
});

/**
 * Every format names a finding's file the same way: relative to the root the user named,
 * whatever the working folder; in a GitHub Actions job, the github, markdown and sarif formats
 * add the root's place in the workspace (the repository), which annotations need.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { driftedSpec, projectRoot } from '../helpers.js';

const cli = path.join(projectRoot, 'dist/cli.js');

function run(format: string, cwd: string, root: string, env: Record<string, string | undefined> = {}): string {
  const r = spawnSync(process.execPath, [cli, 'check', '--root', root, '--no-cache', '--format', format], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_WORKSPACE: undefined, ...env },
  });
  expect(r.status).toBe(1);
  return r.stdout;
}

/** The distinct files findings are reported at, in each format. */
function filesByFormat(cwd: string, root: string, env?: Record<string, string | undefined>): Record<string, string[]> {
  const sorted = (files: Iterable<string>) => [...new Set(files)].sort();
  const json = JSON.parse(run('json', cwd, root, env)) as { findings: { file: string }[] };
  const sarif = JSON.parse(run('sarif', cwd, root, env)) as {
    runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
  };
  // The text format names a file above its findings, and the other places of a root cause beneath its first.
  const text = run('text', cwd, root, env)
    .split('\n')
    .flatMap((line) =>
      /^\S+\.(mdx|json|ts|md)$/.test(line)
        ? [line]
        : (/^\s+(\S+\.(?:mdx|json|ts|md)):\d+:\d+(?: {2}\((?:new|already there)\))?$/.exec(line)?.slice(1, 2) ?? []),
    );
  const github = run('github', cwd, root, env)
    .split('\n')
    .filter(Boolean)
    .map((line) => decodeURIComponent(/[ ,]file=([^,:]+)/.exec(line)![1]));
  // Every place in a row's location cell (a root cause's row lists all of its places).
  const markdown = [...run('markdown', cwd, root, env).matchAll(/^\| (.+?) \| (?:error|warning) \|/gm)].flatMap((row) =>
    [...row[1].matchAll(/`([^`]+):\d+:\d+`/g)].map((m) => m[1]),
  );
  return {
    json: sorted(json.findings.map((f) => f.file)),
    text: sorted(text),
    github: sorted(github),
    markdown: sorted(markdown),
    sarif: sorted(
      sarif.runs[0].results.flatMap((r) => r.locations.map((l) => decodeURI(l.physicalLocation.artifactLocation.uri))),
    ),
  };
}

// Each test runs ten cold checks, one process each.
describe('paths in every format', { timeout: 300_000 }, () => {
  it('are relative to the root, run from another folder', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-cwd-'));
    try {
      const files = filesByFormat(elsewhere, driftedSpec);
      expect(files.json).toContain('docs/specification/draft/server/widgets.mdx');
      for (const format of ['text', 'github', 'markdown', 'sarif']) expect(files[format]).toEqual(files.json);
      // The same from a relative --root that climbs out of the working folder.
      expect(filesByFormat(elsewhere, path.relative(elsewhere, driftedSpec)).github).toEqual(files.json);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('in a GitHub Actions job, are relative to the workspace in the github, markdown and sarif formats', () => {
    const files = filesByFormat(os.tmpdir(), driftedSpec, { GITHUB_WORKSPACE: projectRoot });
    const inRepo = files.json.map((f) => `examples/drifted-spec/${f}`);
    for (const format of ['github', 'markdown', 'sarif']) expect(files[format]).toEqual(inRepo);
    expect(files.text).toEqual(files.json);
    // A root outside the workspace keeps its own paths.
    const outside = filesByFormat(os.tmpdir(), driftedSpec, { GITHUB_WORKSPACE: path.join(projectRoot, 'src') });
    expect(outside.github).toEqual(outside.json);
  });
});

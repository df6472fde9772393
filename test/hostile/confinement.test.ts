/**
 * Item 1 of the hostile-input contract: nothing outside the root is read or written. Each case
 * builds the sample spec in a temp root, adds one way out (a link, an include tag, a `../` path),
 * and asserts the finding at that place, the exit code, that the canary's marker reaches no
 * output and no file under the root, and that the canary folder is unchanged.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { expectNoStackTrace, hostileTree, projectRoot, type HostileTree } from './harness.js';

const sample = path.join(projectRoot, 'examples/sample-spec');
const schemaTs = 'schema/draft/schema.ts';

/** A hostile tree holding the sample spec. */
function sampleTree(): HostileTree {
  const tree = hostileTree();
  fs.cpSync(sample, tree.root, { recursive: true });
  return tree;
}

/** Inserts comment lines into the JSDoc of `Widget` in the draft schema.ts; returns the first one's line. */
function addToWidgetComment(tree: HostileTree, lines: string[]): number {
  const file = tree.path(schemaTs);
  const text = fs.readFileSync(file, 'utf8');
  const anchor = ' * @example Dial\n';
  const at = text.indexOf(anchor);
  expect(at).toBeGreaterThan(0);
  fs.writeFileSync(file, text.slice(0, at) + lines.map((l) => ` * ${l}\n`).join('') + text.slice(at));
  return text.slice(0, at).split('\n').length;
}

interface JsonFinding {
  rule: string;
  message: string;
  file: string;
  line: number;
  column: number;
}

async function checkJson(tree: HostileTree, extra: string[] = []) {
  const run = await tree.run(['check', '--no-cache', '--format', 'json', ...extra]);
  expectNoStackTrace(run.stderr);
  expect(run.timedOut).toBe(false);
  const findings = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings;
  return { run, findings };
}

describe('confinement: include tags', () => {
  it('reports {@include} and {@includeCode} of files outside the root at the tag, and reads none', async () => {
    const tree = sampleTree();
    const line = addToWidgetComment(tree, [
      `{@include ${tree.canaries['secret.md']}}`,
      '{@include ../../../outside/secret.md}',
      '{@includeCode ../../../outside/secret.json}',
      `{@includeCode ${tree.canaries['secret.txt']}}`,
      '@document ../../../outside/secret.md',
    ]);
    const { run, findings } = await checkJson(tree);
    expect(run.code).toBe(1);
    const outside = findings.filter((f) => f.rule === 'jsdoc/link' && /outside the root/.test(f.message));
    expect(outside.map((f) => [f.file, f.line, f.column])).toEqual([
      [schemaTs, line, 4],
      [schemaTs, line + 1, 4],
      [schemaTs, line + 2, 4],
      [schemaTs, line + 3, 4],
    ]);
    expect(findings.some((f) => /@document/.test(f.message))).toBe(true);

    // generate renders the Schema Reference with none of them (and writes nothing outside).
    const generated = await tree.run(['generate']);
    expectNoStackTrace(generated.stderr);
    expect(generated.code).toBe(1);
    tree.expectNoMarker([run, generated]);
    tree.expectOutsideUnchanged();
  });

  it('still inlines {@include} of an example inside the root', async () => {
    const tree = sampleTree();
    addToWidgetComment(tree, ['{@include ./examples/Widget/dial.json}']);
    const { findings } = await checkJson(tree);
    expect(findings.filter((f) => f.rule === 'jsdoc/link')).toEqual([]);
    const generated = await tree.run(['generate']);
    expect(generated.code).toBe(0);
    const dial = JSON.parse(fs.readFileSync(tree.path('schema/draft/examples/Widget/dial.json'), 'utf8')) as object;
    const page = fs.readFileSync(tree.path('docs/specification/draft/schema.mdx'), 'utf8');
    expect(page).toContain(Object.keys(dial)[0]);
    tree.expectOutsideUnchanged();
  });
});

describe('confinement: links', () => {
  it('does not follow a linked file that leads outside the root, and says so at the link', async () => {
    const tree = sampleTree();
    tree.write({
      'schema/draft/examples/Widget/leak.json': { symlink: tree.canaries['secret.json']! },
      'docs/specification/draft/leak.mdx': { symlink: '../../../../outside/secret.md' },
      'seps/99-leak.md': { symlink: '../../outside/secret.md' },
    });
    const { run, findings } = await checkJson(tree);
    expect(run.code).toBe(1);
    const refused = findings.filter((f) => f.rule === 'input/unreadable').map((f) => f.file);
    expect(refused.sort()).toEqual([
      'docs/specification/draft/leak.mdx',
      'schema/draft/examples/Widget/leak.json',
      'seps/99-leak.md',
    ]);
    // With the cache, the fingerprint of the inputs refuses them too.
    fs.mkdirSync(tree.path('node_modules'));
    const cached = await tree.run(['check', '--format', 'json']);
    expect(JSON.parse(cached.stdout).findings).toEqual(findings);
    tree.expectNoMarker([run, cached]);
    tree.expectOutsideUnchanged();
  });

  it.each(['docs', 'schema', 'seps'])(
    'a top-level %s folder that is a link outside the root is a finding, and generate writes nothing through it',
    async (folder) => {
      const tree = sampleTree();
      // The folder moves outside the root, next to the canary; the root keeps a link to it.
      const moved = path.join(tree.outside, folder);
      fs.renameSync(tree.path(folder), moved);
      fs.symlinkSync(path.relative(tree.root, moved), tree.path(folder));
      const movedBefore = snapshotOf(moved);
      const { run, findings } = await checkJson(tree);
      expect(run.code).toBe(1);
      expect(findings.some((f) => f.rule === 'input/unreadable' && f.file.startsWith(folder))).toBe(true);
      const generated = await tree.run(['generate']);
      expectNoStackTrace(generated.stderr);
      // The link is an error line of generate too.
      expect(generated.code).toBe(1);
      expect(generated.stderr).toMatch(
        new RegExp(`^${folder}\\S*:1:1: error: Symbolic link points outside the root`, 'm'),
      );
      if (folder === 'docs') {
        // The Schema Reference would be written through the link: refused, one line naming it.
        expect(generated.code).toBe(1);
        expect(generated.stderr).toMatch(/^docs\/specification\/\S+\/schema\.mdx:1:1: error: .*outside the root/m);
      }
      expect(snapshotOf(moved)).toEqual(movedBefore);
      tree.expectNoMarker([run, generated]);
      // The canary files themselves are untouched (the moved folder sits next to them).
      for (const file of Object.values(tree.canaries)) expect(fs.readFileSync(file, 'utf8')).toContain(tree.marker);
    },
  );

  it('a version folder that is a link to another tree outside the root is a finding, not passed over', async () => {
    const tree = sampleTree();
    const other = path.join(tree.outside, 'other-version');
    fs.cpSync(tree.path('schema/2025-01-15'), other, { recursive: true });
    fs.symlinkSync(other, tree.path('schema/2099-01-01'));
    const otherBefore = snapshotOf(other);
    const { run, findings } = await checkJson(tree);
    expect(run.code).toBe(1);
    expect(findings).toContainEqual(
      expect.objectContaining({
        rule: 'input/unreadable',
        file: 'schema/2099-01-01',
        message: expect.stringMatching(/outside the root/),
      }),
    );
    expect(snapshotOf(other)).toEqual(otherBefore);
  });

  it('a default config file that is a link outside the root is not read: one line, exit 2', async () => {
    const tree = sampleTree();
    fs.rmSync(tree.path('spec-check.config.json'));
    tree.write({ 'spec-check.config.json': { symlink: tree.canaries['secret.json']! } });
    const run = await tree.run(['check', '--no-cache']);
    expect(run.code).toBe(2);
    expectNoStackTrace(run.stderr);
    expect(run.stderr).toBe(
      'spec-check: spec-check.config.json is a symbolic link leading outside the root or nowhere; not read\n',
    );
    tree.expectNoMarker(run);
    tree.expectOutsideUnchanged();
  });

  it('a link loop and links to files already listed add no findings', async () => {
    const tree = sampleTree();
    // A page with a finding (a broken link) to see duplicated.
    tree.write({ 'docs/specification/draft/broken.mdx': '# Broken\n\nSee [nowhere](/specification/draft/nowhere).\n' });
    const plain = await checkJson(tree);
    expect(plain.findings.length).toBeGreaterThan(0);
    tree.write({
      'docs/specification/draft/loop': { symlink: '.' },
      'docs/specification/draft/basic/up': { symlink: '..' },
      'docs/specification/draft/again.mdx': { symlink: 'broken.mdx' },
      'docs/specification/draft/aaa': { symlink: 'basic' },
    });
    const looped = await checkJson(tree);
    expect(looped.findings).toEqual(plain.findings);
    tree.expectOutsideUnchanged();
  });
});

function snapshotOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const abs = path.join(dir, rel);
    const st = fs.lstatSync(abs);
    out[rel] = st.isFile() ? `${st.mtimeMs}:${fs.readFileSync(abs, 'base64')}` : st.isDirectory() ? 'dir' : 'other';
  }
  return out;
}

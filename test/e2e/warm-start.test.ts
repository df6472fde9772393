import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyTree, driftedSpec, projectRoot, tempDir } from '../helpers.js';
import { SETTLED_MS } from '../../src/runtime/file-digests.js';

const cli = path.join(projectRoot, 'dist/cli.js');

/**
 * Runs the built executable with two traces of what it loads, in every thread: a module hook
 * that notes each ES module (Node runs the hooks for the main thread and the worker alike), and
 * a preload script that notes, at exit, each CommonJS module of its thread (TypeScript and ajv
 * are loaded with `require`).
 */
function tracedCheck(root: string, args: string[] = []): { code: number | null; stdout: string; loaded: string[] } {
  const dir = tempDir('trace-');
  const trace = path.join(dir, 'loaded.txt');
  fs.writeFileSync(
    path.join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(trace)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'required.cjs'),
    `const { appendFileSync } = require('node:fs');\nconst write = () => appendFileSync(${JSON.stringify(trace)}, Object.keys(require.cache).join('\\n') + '\\n');\nprocess.on('exit', write);\nif (!require('node:worker_threads').isMainThread) require('node:worker_threads').parentPort?.once('close', write);\n`,
  );
  const r = spawnSync(
    process.execPath,
    [
      '--require',
      path.join(dir, 'required.cjs'),
      '--import',
      path.join(dir, 'register.mjs'),
      cli,
      'check',
      '--root',
      root,
      '--format',
      'json',
      ...args,
    ],
    { encoding: 'utf8' },
  );
  const loaded = fs.existsSync(trace) ? fs.readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
  return { code: r.status, stdout: r.stdout, loaded: withBundledModules(loaded) };
}

const dist = path.join(projectRoot, 'dist');
/** The files of the bundled executable: dist/cli.js, the worker's script and the chunks they load. */
const BUNDLED = /[/\\](chunks[/\\][^/\\]+|cli|runtime[/\\]worker[/\\]worker)\.js$/;

/**
 * What was loaded, with each file of the bundled executable standing also for the modules of src/
 * it holds (esbuild writes a `// src/<module>.ts` line before each), named as tsc compiles them
 * (dist/<module>.js): what a check loads reads the same whether a module is bundled or not.
 */
function withBundledModules(loaded: string[]): string[] {
  const modules = [...loaded];
  for (const entry of new Set(loaded)) {
    const file = entry.startsWith('file:') ? fileURLToPath(entry) : entry;
    if (!file.startsWith(dist) || !BUNDLED.test(file) || !fs.existsSync(file)) continue;
    for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/^\/\/ src\/(.+)\.ts$/gm))
      modules.push(path.join(dist, `${name}.js`));
  }
  return modules;
}

/** The packages (and the bundled Markdown pipeline) a cached report has no use for. */
const HEAVY = [
  /\/node_modules\/typescript\/lib\//,
  /\/node_modules\/typedoc\/dist\//,
  /\/node_modules\/typescript-json-schema\/dist\//,
  /\/node_modules\/ajv\//,
  /\/node_modules\/(unified|remark-[a-z-]+|micromark[a-z-]*|mdast-[a-z-]+)\//,
  /\/dist\/vendor\/markdown\.js$/,
  /\/dist\/util\/typescript\.js$/,
  /\/dist\/rules\/(?!registry\.js$)/,
  // keys, pins and the flag table import nothing: the config and the cache key read them.
  /\/dist\/generators\/(?!(keys|pins|schema-json-flags)\.js$)/,
  /\/dist\/sources\/(markdown|schema-ts|load|site)\.js$/,
];

/** cspell, which only an enabled spelling/unknown-word loads. */
const SPELLER = /\/node_modules\/(cspell-[a-z-]+|@cspell\/[a-z-]+)\/|\/dist\/prose\/speller\.js$/;

const heavyIn = (loaded: string[]) => loaded.filter((m) => HEAVY.some((h) => h.test(m)));

/**
 * A copy of the drifted spec with a node_modules folder for its cache and no config file (as the
 * MCP repository has none; a config's vocabulary is validated with ajv), its files older than the
 * time a recorded digest needs to be trusted (`SETTLED_MS`): as a tree is between two checks.
 */
async function settledCopy(): Promise<string> {
  const root = copyTree(driftedSpec);
  fs.mkdirSync(path.join(root, 'node_modules'));
  fs.rmSync(path.join(root, 'spec-check.config.json'));
  await new Promise((resolve) => setTimeout(resolve, SETTLED_MS + 100));
  return root;
}

describe('a warm check', () => {
  it('loads no parser, rule or generator, in either thread, when its report is cached', async () => {
    const root = await settledCopy();
    const cold = tracedCheck(root);
    expect(cold.code).toBe(1);
    // The trace sees what it should: a check that misses loads them all.
    expect(heavyIn(cold.loaded).length).toBeGreaterThan(10);
    expect(cold.loaded.some((m) => m.includes('/node_modules/typescript/lib/typescript.js'))).toBe(true);
    // spelling/unknown-word is off by default: a cold check does not load cspell either.
    expect(cold.loaded.filter((m) => SPELLER.test(m))).toEqual([]);

    const warm = tracedCheck(root);
    expect(warm.code).toBe(1);
    expect(warm.stdout).toBe(cold.stdout);
    expect(warm.loaded.some((m) => m.endsWith('/dist/report-cache.js'))).toBe(true);
    expect(heavyIn(warm.loaded)).toEqual([]);
    expect(warm.loaded.filter((m) => SPELLER.test(m))).toEqual([]);
  });

  it('loads cspell when spelling/unknown-word is turned on', () => {
    const root = copyTree(driftedSpec);
    const on = tracedCheck(root, ['--no-cache', '--rule', 'spelling/unknown-word=warning']);
    expect(on.loaded.some((m) => /\/node_modules\/cspell-lib\//.test(m))).toBe(true);
  });

  it('loads the rules for a format that reads their metadata, and the parsers when an input changed', async () => {
    const root = await settledCopy();
    const cold = tracedCheck(root, ['--format', 'sarif']);
    const sarif = tracedCheck(root, ['--format', 'sarif']);
    expect(sarif.stdout).toBe(cold.stdout);
    expect(sarif.loaded.some((m) => m.endsWith('/dist/report-cache.js'))).toBe(true);
    expect(sarif.loaded.some((m) => /\/dist\/rules\/index\.js$/.test(m))).toBe(true);
    expect(sarif.loaded.some((m) => m.endsWith('/dist/check.js'))).toBe(false);

    fs.appendFileSync(path.join(root, 'docs/specification/draft/index.mdx'), '\nOne more line.\n');
    const changed = tracedCheck(root);
    expect(changed.loaded.some((m) => m.endsWith('/dist/vendor/markdown.js'))).toBe(true);
  });

  it('loads no TypeScript, in either thread, after an edit of a page with no TypeScript block', async () => {
    const root = await settledCopy();
    const cold = tracedCheck(root);
    expect(cold.loaded.some((m) => m.includes('/node_modules/typescript/lib/typescript.js'))).toBe(true);
    fs.appendFileSync(path.join(root, 'docs/specification/draft/index.mdx'), '\nOne more line.\n');
    const edited = tracedCheck(root);
    // The page is parsed again and the rules run; the schema.ts models, the sketches and
    // declarations of the other pages' TypeScript blocks are read back.
    expect(edited.loaded.some((m) => m.endsWith('/dist/vendor/markdown.js'))).toBe(true);
    expect(edited.loaded.some((m) => /\/dist\/rules\/prose-json-valid\.js$/.test(m))).toBe(true);
    expect(edited.loaded.filter((m) => m.includes('/node_modules/typescript/lib/'))).toEqual([]);
    const fresh = spawnSync(process.execPath, [cli, 'check', '--root', root, '--format', 'json', '--no-cache'], {
      encoding: 'utf8',
    });
    expect(edited.stdout).toBe(fresh.stdout);
  });

  it('with --base, loads none of them either when the reports of the tree and of the base are cached', async () => {
    const root = await settledCopy();
    const git = (...args: string[]) =>
      expect(
        spawnSync('git', args, {
          cwd: root,
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: 't',
            GIT_AUTHOR_EMAIL: 't@t',
            GIT_COMMITTER_NAME: 't',
            GIT_COMMITTER_EMAIL: 't@t',
          },
        }).status,
      ).toBe(0);
    fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
    git('init', '-q');
    git('add', '-A');
    git('-c', 'commit.gpgsign=false', 'commit', '-qm', 'base');
    fs.appendFileSync(path.join(root, 'docs/specification/draft/index.mdx'), '\nSee [nothing](#nowhere).\n');
    await new Promise((resolve) => setTimeout(resolve, SETTLED_MS + 100));
    const cold = tracedCheck(root, ['--base', 'HEAD']);
    expect(heavyIn(cold.loaded).length).toBeGreaterThan(10);
    const warm = tracedCheck(root, ['--base', 'HEAD']);
    expect(warm.stdout).toBe(cold.stdout);
    expect(JSON.parse(warm.stdout).summary.new).toBeGreaterThan(0);
    expect(heavyIn(warm.loaded)).toEqual([]);
  });
});

import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyTree, edit, projectRoot, sampleSpec, tempDir } from '../helpers.js';
import { SETTLED_MS } from '../../src/runtime/file-digests.js';

// `npm test` builds first: these tests read the build.
const built = (file: string) => fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'dist', file), 'utf8');

describe('the build', () => {
  it('bundles the Markdown stack into one module that imports only Node built-ins', () => {
    const bundle = built('vendor/markdown.js');
    // Static imports and re-exports, bare imports, dynamic imports and the bundle's require calls.
    const code = bundle
      .split('\n')
      .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line))
      .join('\n');
    const specifiers = [
      ...code.matchAll(/(?:\bfrom\s+|^import\s+|\bimport\(\s*|\brequire\(\s*)["']([^"']+)["']/gm),
    ].map((m) => m[1]);
    expect(specifiers.length).toBeGreaterThan(0);
    const builtins = new Set(builtinModules);
    expect(specifiers.filter((s) => !s.startsWith('node:') && !builtins.has(s))).toEqual([]);
    // What the sources import from it is there.
    for (const name of ['unified', 'remarkParse', 'remarkMdx', 'gfmTable', 'toString', 'visit'])
      expect(bundle).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("parses as the packages do, though the bundle hands each event's handler one context per document and keeps the subtokenizer's jumps in a Map", async () => {
    const bundled = await import('../../dist/vendor/markdown.js');
    const packages = await import('../../src/vendor/markdown.js');
    expect(built('vendor/markdown.js')).toContain('bound.sliceSerialize = events[');
    expect(built('vendor/markdown.js')).toContain('while (jumps.has(index');
    const pages = [
      '---\ntitle: A page\n---\n\n# Heading *one* {"expression"}\n\nSome `code`, a [link](/a#b "title") and ![an image](i.png).\n',
      'import { Widget } from "./widget";\nexport const size = 2;\n\n<Note kind="warn" open>\n  Text with {size} and <b>bold</b> inside.\n</Note>\n',
      '1. one\n2. two\n   - nested *a*\n   - nested **b**\n\n   loose\n\n> quoted [ref][r]\n\n[r]: https://example.org "R"\n',
      '| a | b |\n| :- | -: |\n| `x \\| y` | ~~gone~~ |\n\n- [x] done\n- [ ] open\n\nNote[^1].\n\n[^1]: The note.\n',
      '```json title="x.json"\n{ "a": 1 }\n```\n\n    indented\n\n***\n\nSetext\n======\n\n<div>\n\n*html*\n\n</div>\n',
      // Content over many lines inside containers: what the subtokenizer expands and jumps over.
      '- [ ] first *line*\n  second `line`\n  third [line][d]\n  - [x] inner\n    lazy\nline\n\n  [d]: /d\n\n> a\n> b **c\n> d** e\nlazy\n> > f\n> > g\n\n1. x\n   y\n\n   > z\n   > w\n',
      `${Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i % 4)}- item ${i} with *em* and\n${'  '.repeat(i % 4)}  more ${i}`).join('\n')}\n`,
    ];
    const parsers = [bundled, packages].map((m) =>
      m.unified().use(m.remarkParse).use(m.remarkFrontmatter).use(m.remarkMdx),
    );
    for (const page of pages) {
      const [fromBundle, fromPackages] = parsers.map((p) => JSON.stringify(p.parse(page)));
      expect(fromBundle).toEqual(fromPackages);
    }
    // An unclosed tag fails the same way, at the same place.
    const failures = parsers.map((p) => {
      try {
        p.parse('<Note>\n\ntext\n');
        return 'parsed';
      } catch (error) {
        return String(error);
      }
    });
    expect(failures[0]).not.toBe('parsed');
    expect(failures[0]).toBe(failures[1]);
  });

  it("converts comments as the package does, though the bundle's comment parser skips plain text at once", async () => {
    expect(built('vendor/typedoc.js')).toContain('SPECIAL.lastIndex = data.pos');
    const ts = (await import('typescript')).default;
    // Relative links of every shape the parser looks for, among text, code and links that are not relative.
    const source = [
      '/**',
      ' * A widget. See [the guide](./guide.md "Guide"), [the spec](https://example.org/spec) and',
      ' * [a label that goes',
      ' * on](../other.md#part). `[not a link](./x.md)` and <b>bold</b> <img src="./img.png" alt="i">',
      ' * <a href="./page.html">page</a> <link imagesrcset="./a.png 1x, ./b.png 2x"> <source src="./v.mp4">',
      ' *',
      ' * [ref]: ./ref.md',
      ' *   [indented]: <./spaced name.md>',
      ' * [^note]: not a reference',
      ' * text before [mid]: ./mid.md is no reference either',
      ' * Text [with [nested] brackets](./nested.md) and {@link Other} and [Other] and an [unclosed one',
      ' * @example',
      ' * ```ts',
      ' * const a = [1, 2]; // [x](./y.md)',
      ' * ```',
      ' */',
      'export interface Widget {',
      '  /** The label, [as shown](./label.md). */',
      '  label: string;',
      '}',
      '/** Another. */',
      'export interface Other { a: number }',
    ].join('\n');
    const fileName = path.join(tempDir('typedoc-comments-'), 'widget.ts');
    fs.writeFileSync(fileName, source);
    const program = ts.createProgram([fileName], { noEmit: true, target: ts.ScriptTarget.ES2022, types: [] });
    const converted: string[] = [];
    for (const td of [await import('../../dist/vendor/typedoc.js'), await import('typedoc')]) {
      const app = await td.Application.bootstrap({}, []);
      app.logger = new td.Logger();
      const project = app.converter.convert([
        { displayName: 'widget', program, sourceFile: program.getSourceFile(fileName)! },
      ]);
      converted.push(JSON.stringify(app.serializer.projectToObject(project, td.normalizePath(path.dirname(fileName)))));
    }
    expect(converted[0]).toContain('relative-link');
    expect(converted[0]).toEqual(converted[1]);
  });

  it("leaves a code cache of TypeScript that a thread under the executable's flags loads it from, as one module for every require", () => {
    expect(fs.existsSync(path.join(projectRoot, 'dist/typescript.code-cache'))).toBe(true);
    const loader = JSON.stringify(pathToFileURL(path.join(projectRoot, 'dist/util/typescript.js')).href);
    const flags = JSON.stringify(pathToFileURL(path.join(projectRoot, 'dist/util/v8-flags.js')).href);
    const dir = tempDir('ts-code-cache-');
    // A thread that loads TypeScript, parses, and says where it came from and whether `require` gives the same module.
    fs.writeFileSync(
      path.join(dir, 'load.mjs'),
      `import { createRequire } from 'node:module';
       import { isMainThread, parentPort, Worker } from 'node:worker_threads';
       if (isMainThread && process.argv[2] === 'flags') (await import(${flags})).setExecutableFlags();
       const { typescript, typescriptLoadedFrom } = await import(${loader});
       const ts = typescript();
       const parsed = ts.createSourceFile('a.ts', 'interface A { b: string }', ts.ScriptTarget.ES2022).statements.length;
       const same = createRequire(${JSON.stringify(path.join(projectRoot, 'package.json'))})('typescript') === ts;
       const mine = [typescriptLoadedFrom(), parsed, same];
       if (isMainThread) {
         const worker = new Worker(new URL(import.meta.url));
         worker.once('message', (theirs) => console.log(JSON.stringify([mine, theirs])));
       } else parentPort.postMessage(mine);`,
    );
    const load = (...args: string[]) => {
      const run = spawnSync(process.execPath, [path.join(dir, 'load.mjs'), ...args], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      return JSON.parse(run.stdout) as unknown;
    };
    expect(load('flags')).toEqual([
      ['code cache', 1, true],
      ['code cache', 1, true],
    ]);
    // Other flags (here none): V8 would reject the data, so it is not offered; TypeScript loads from its text.
    expect(load()).toEqual([
      ['require', 1, true],
      ['require', 1, true],
    ]);
    // The executable sets them.
    const check = spawnSync(
      process.execPath,
      [path.join(projectRoot, 'dist/cli.js'), 'check', '--root', sampleSpec, '--no-cache'],
      {
        encoding: 'utf8',
        env: { ...process.env, SPEC_CHECK_TIMING: '1' },
      },
    );
    expect(check.stderr).toMatch(/"typescriptFromCodeCache":1\b/);
  });

  it('bundles the command line and the worker into chunks whose relative imports are all there, none a compiled module', () => {
    const dist = path.join(projectRoot, 'dist');
    const bundled = [
      'cli.js',
      'runtime/worker/worker.js',
      ...fs.readdirSync(path.join(dist, 'chunks')).map((f) => `chunks/${f}`),
    ];
    expect(bundled.length).toBeGreaterThan(2);
    const relative = (file: string) =>
      [...built(file).matchAll(/(?:\bfrom\s+|^import\s+|\bimport\(\s*)["'](\.{1,2}\/[^"']+)["']/gm)].map((m) =>
        path.join(path.dirname(path.join(dist, file)), m[1]),
      );
    const targets = bundled.flatMap(relative);
    expect(targets.filter((t) => !fs.existsSync(t))).toEqual([]);
    // Only chunks and the two vendored bundles: a compiled module would be a second copy of its state.
    const outside = targets.filter((t) => !t.startsWith(path.join(dist, 'chunks') + path.sep));
    expect([...new Set(outside.map((t) => path.relative(dist, t)))].sort()).toEqual(
      expect.arrayContaining(['vendor/markdown.js']),
    );
    expect(
      outside.map((t) => path.relative(dist, t)).filter((t) => !/^vendor\/(markdown|typedoc)\.js$/.test(t)),
    ).toEqual([]);
  });

  it('runs a check with the packages it bundles taken from its chunks, none of their files loaded from node_modules', () => {
    // A spec whose config has no vocabulary (its check loads ajv as a package: see scripts/bundle.mjs).
    const extensionSpec = path.join(projectRoot, 'examples/extension-spec');
    // Every CommonJS module the process loaded, written out as it exits.
    const hook = path.join(tempDir('modules'), 'loaded.cjs');
    fs.writeFileSync(
      hook,
      "process.on('exit', () => process.stderr.write('loaded: ' + JSON.stringify(Object.keys(require.cache)) + '\\n'));\n",
    );
    const run = spawnSync(
      process.execPath,
      ['--require', hook, path.join(projectRoot, 'dist/cli.js'), 'check', '--root', extensionSpec, '--no-cache'],
      { encoding: 'utf8' },
    );
    expect([0, 1], run.stderr).toContain(run.status);
    expect(run.stdout).toMatch(/examples validated/);
    const loaded = JSON.parse(/loaded: (.*)/.exec(run.stderr)![1]) as string[];
    const fromPackages = loaded.filter((f) =>
      /[\\/]node_modules[\\/](ajv|ajv-formats|commander|jsonc-parser)[\\/]/.test(f),
    );
    expect(fromPackages).toEqual([]);
    // What stays a package is still loaded from node_modules (TypeScript, for schema.ts).
    expect(loaded.some((f) => /[\\/]node_modules[\\/]typescript[\\/]/.test(f))).toBe(true);
  });

  it('runs a check with the cache from the bundle, starting the worker thread only when a job may need it', async () => {
    const root = copyTree(sampleSpec);
    fs.mkdirSync(path.join(root, 'node_modules'));
    // Files the first check records as settled: later checks know their digests from their stamps.
    await new Promise((resolve) => setTimeout(resolve, SETTLED_MS + 200));
    const check = (...flags: string[]) => {
      const run = spawnSync(
        process.execPath,
        [path.join(projectRoot, 'dist/cli.js'), 'check', '--root', root, '--format', 'json', ...flags],
        { encoding: 'utf8', env: { ...process.env, SPEC_CHECK_TIMING: '1' } },
      );
      expect([0, 1], run.stderr).toContain(run.status);
      const timing = JSON.parse(/spec-check timing: (.*)/.exec(run.stderr)![1]) as Record<string, number>;
      return { report: run.stdout, threads: timing.workerThreadsStarted };
    };
    // Nothing in the cache: the worker generates the files.
    expect(check().threads).toBe(1);
    // Nothing changed: the report is the cached one.
    expect(check().threads).toBe(0);
    // A page edit: everything the worker would make is in the cache, and no thread is started.
    edit(root, 'docs/specification/draft/index.mdx', /$/, '\nOne more line.\n');
    const afterPage = check();
    expect(afterPage.threads).toBe(0);
    expect(afterPage.report).toBe(check('--no-cache').report);
    // A schema.ts edit: the worker is started to generate that version again.
    edit(root, 'schema/draft/schema.ts', /$/, '\n/** One more. */\nexport interface OneMore { a: string }\n');
    const afterSchema = check();
    expect(afterSchema.threads).toBe(1);
    expect(afterSchema.report).toBe(check('--no-cache').report);
  });
});

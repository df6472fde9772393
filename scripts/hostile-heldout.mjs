#!/usr/bin/env node
// A held-out round of hostile trees, different from test/hostile: each is the sample spec with
// one hostile change, in a temp root with a canary folder beside it. For each tree the built CLI
// runs `check` (and `generate` where the tree aims at writing), and the round asserts: no stack
// trace, exit code 0, 1 or 2, the canary's marker in no output and in no file under the root,
// nothing in the canary folder changed, no absolute path of the machine in the output, and the
// run within its time limit. Prints one line per tree; exit code 1 when a tree fails.
//
//   npm run build && node scripts/hostile-heldout.mjs [--only NAME] [--keep]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const projectRoot = path.resolve(import.meta.dirname, '..');
const cli = process.env.SPEC_CHECK_HOSTILE_CLI ?? path.join(projectRoot, 'dist/cli.js');
const sample = path.join(projectRoot, 'examples/sample-spec');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const keep = args.includes('--keep');

const draftDocs = 'docs/specification/draft';
const draftSchema = 'schema/draft';
const page = `${draftDocs}/index.mdx`;

/** Each tree: a name, what it does to the sample, and the commands to run (default: check). */
const trees = [
  {
    name: 'unicode-normalisation',
    make: (t) =>
      t.write({
        [`${draftDocs}/caf\u00e9.mdx`]: '# NFC\n\nSee [the other](./cafe\u0301.mdx).\n',
        [`${draftDocs}/cafe\u0301.mdx`]: '# NFD\n\nSee [the other](./caf\u00e9.mdx#nfc).\n',
      }),
  },
  {
    name: 'case-colliding-names',
    make: (t) => {
      t.write({ [`${draftDocs}/Index.mdx`]: '# Upper\n\n[lower](./index.mdx)\n' });
      fs.cpSync(t.path(`${draftSchema}/examples/Widget`), t.path(`${draftSchema}/examples/widget`), {
        recursive: true,
      });
    },
  },
  {
    name: 'hard-link-to-outside',
    make: (t) => fs.linkSync(t.canary('secret.md'), t.path(`${draftDocs}/hard.mdx`)),
    // A hard link is the outside file itself; git cannot check one out (see docs/security.md).
    accepted: 'marker',
  },
  {
    name: 'node_modules-is-a-link-out',
    make: (t) => fs.symlinkSync(t.outside, t.path('node_modules')),
    cache: true,
  },
  {
    name: 'cache-entry-folder-link-out',
    make: (t) => {
      fs.mkdirSync(t.path('node_modules/.cache'), { recursive: true });
      fs.symlinkSync(t.outside, t.path('node_modules/.cache/spec-check'));
    },
    cache: true,
  },
  {
    name: 'config-huge-ignore',
    make: (t) =>
      t.config((c) => {
        c.ignore = [
          ...Array.from({ length: 20_000 }, (_, i) => `docs/specification/**/x${i}/**/*.mdx`),
          `${'**/'.repeat(2000)}*.mdx`,
        ];
      }),
  },
  {
    name: 'config-huge-numbers',
    make: (t) =>
      t.config((c) => {
        c.rules = { 'example/valid': 1e400, 'xref/link': -1e308 };
        c.generate = { depth: 9e99 };
      }),
  },
  {
    name: 'config-deep-and-wide',
    make: (t) =>
      t.write({
        'spec-check.config.json': `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      }),
  },
  {
    name: 'docs.json-deep-nesting',
    make: (t) => t.write({ 'docs/docs.json': `{"navigation": ${'['.repeat(100_000)}${']'.repeat(100_000)}}` }),
  },
  {
    name: 'docs.json-100k-redirects',
    make: (t) =>
      t.write({
        'docs/docs.json': JSON.stringify({
          navigation: { pages: ['specification/draft/index'] },
          redirects: Array.from({ length: 100_000 }, (_, i) => ({
            source: `/old/${i}`,
            destination: `/old/${i + 1}`,
          })),
        }),
      }),
  },
  {
    name: 'docs.json-exploding-patterns',
    make: (t) =>
      t.write({
        'docs/docs.json': JSON.stringify({
          navigation: { pages: ['specification/draft/index'] },
          redirects: Array.from({ length: 1000 }, (_, i) => ({
            source: `${'/:a*'.repeat(30)}/x${i}`,
            destination: `${'/:a*'.repeat(30)}/y${i}`,
          })),
        }),
        [page]: `# Home\n\n${Array.from({ length: 300 }, (_, i) => `[l${i}](/${'a/'.repeat(40)}z${i})`).join('\n')}\n`,
      }),
  },
  {
    name: 'docs.json-not-an-object',
    make: (t) => t.write({ 'docs/docs.json': '[1, "two", null, {"redirects": 5}]' }),
  },
  {
    name: 'docs.json-conflict-markers',
    make: (t) =>
      t.write({
        'docs/docs.json':
          '{\n<<<<<<< HEAD\n  "navigation": {"pages": ["specification/draft/index"]}\n=======\n  "navigation": []\n>>>>>>> branch\n}\n',
      }),
  },
  {
    name: 'schema.ts-50k-declarations',
    make: (t) =>
      fs.appendFileSync(
        t.path(`${draftSchema}/schema.ts`),
        Array.from(
          { length: 50_000 },
          (_, i) =>
            `/** Item ${i}, see {@link Item${(i + 1) % 50_000}}. @category Items */\nexport interface Item${i} { v${i}: string }\n`,
        ).join(''),
      ),
    commands: [['check'], ['generate']],
    timeoutMs: 300_000,
  },
  {
    name: 'example-50MB',
    make: (t) => {
      const fd = fs.openSync(t.path(`${draftSchema}/examples/Widget/huge.json`), 'w');
      const chunk = Buffer.from(`[${'0,'.repeat(500_000)}0],`);
      fs.writeSync(fd, '[');
      for (let written = 0; written < 50 * 1024 * 1024; written += chunk.length) fs.writeSync(fd, chunk);
      fs.writeSync(fd, '0]');
      fs.closeSync(fd);
    },
  },
  {
    name: 'example-19MB-under-the-limit',
    make: (t) =>
      t.write({
        [`${draftSchema}/examples/Widget/big.json`]: JSON.stringify({
          id: 'w',
          kind: 'dial',
          value: 1,
          notes: Array.from({ length: 600_000 }, (_, i) => `note ${i} ${'x'.repeat(20)}`),
        }),
      }),
  },
  {
    name: 'nul-in-headings-and-anchors',
    make: (t) =>
      t.write({
        [`${draftDocs}/nul.mdx`]:
          '# Head\u0000ing\n\n## A\u0000\u0000\n\n[x](#head\u0000ing) [y](./index.mdx#a\u0000)\n',
      }),
  },
  {
    name: 'zero-width-in-links',
    make: (t) =>
      t.write({
        [`${draftDocs}/zw.mdx`]:
          '# Zero\n\n[a](./ind\u200bex.mdx) [b](\u200b/specification/draft/index) [c](./index.mdx#\ufeffx) [d](\u2060../../../../outside/secret.md)\n',
      }),
  },
  {
    name: 'links-and-includes-to-outside',
    make: (t) => {
      t.write({
        [`${draftDocs}/out.mdx`]: `# Out\n\n[a](../../../../outside/secret.md) [b](${t.canary('secret.md')}) [c](file://${t.canary('secret.md')}) [d](..%2f..%2f..%2f..%2foutside%2fsecret.md)\n`,
      });
      fs.appendFileSync(
        t.path(`${draftSchema}/schema.ts`),
        `\n/**\n * {@includeCode ..\u2215..\u2215..\u2215outside\u2215secret.ts}\n * {@include ./examples/../../../../outside/secret.md}\n * @category Widgets\n */\nexport interface Leak { a: string }\n`,
      );
      fs.symlinkSync(t.canary('secret.json'), t.path(`${draftSchema}/examples/Widget/linked.json`));
    },
    commands: [['check'], ['generate']],
  },
  {
    name: 'fifo-as-page-and-example',
    make: (t) => {
      spawnSyncOk('mkfifo', [t.path(`${draftDocs}/pipe.mdx`)]);
      spawnSyncOk('mkfifo', [t.path(`${draftSchema}/examples/Widget/pipe.json`)]);
    },
    commands: [['check'], ['generate']],
  },
  {
    name: 'devices-through-links',
    make: (t) => {
      fs.symlinkSync('/dev/zero', t.path(`${draftDocs}/zero.mdx`));
      fs.symlinkSync('/dev/stdin', t.path(`${draftSchema}/examples/Widget/stdin.json`));
      fs.symlinkSync('/proc/self/environ', t.path('seps/environ.md'));
    },
  },
  {
    name: 'folders-named-like-files',
    make: (t) => {
      fs.mkdirSync(t.path(`${draftDocs}/folder.mdx`));
      fs.mkdirSync(t.path(`${draftSchema}/examples/Widget/folder.json`));
      fs.rmSync(t.path(`${draftSchema}/schema.json`));
      fs.mkdirSync(t.path(`${draftSchema}/schema.json`));
    },
    commands: [['check'], ['generate']],
  },
  {
    name: '400-nested-folders',
    make: (t) => {
      const deep = path.join(t.path(draftDocs), ...Array.from({ length: 400 }, () => 'd'));
      fs.mkdirSync(deep, { recursive: true });
      fs.writeFileSync(path.join(deep, 'deep.mdx'), '# Deep\n\n[up](/specification/draft/index)\n');
    },
  },
  {
    name: 'schema.json-ref-cycles',
    make: (t) => {
      const file = t.path(`${draftSchema}/schema.json`);
      const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
      const defs = schema.$defs ?? schema.definitions;
      for (let i = 0; i < 5000; i++)
        defs[`R${i}`] = { $ref: `#/${schema.$defs ? '$defs' : 'definitions'}/R${(i + 1) % 5000}` };
      defs.Widget = { $ref: `#/${schema.$defs ? '$defs' : 'definitions'}/R0` };
      fs.writeFileSync(file, JSON.stringify(schema));
    },
  },
  {
    name: 'prototype-keys-in-json',
    make: (t) =>
      t.write({
        [`${draftSchema}/examples/Widget/proto.json`]:
          '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "id": "w", "kind": "dial", "value": 1}',
        'docs/docs.json':
          '{"__proto__": {"redirects": [{"source": "/a", "destination": "/b"}]}, "navigation": {"pages": ["__proto__", "constructor"]}}',
      }),
  },
  {
    name: 'sep-frontmatter-bomb',
    make: (t) =>
      t.write({
        'seps/9999-bomb.md': `---\na: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(98 + (i % 20))}${i}: &l${i} [*${i ? `l${i - 1}` : 'a'},*${i ? `l${i - 1}` : 'a'},*${i ? `l${i - 1}` : 'a'}]`).join('\n')}\n---\n# SEP-9999: Bomb\n\n**Status**: Draft\n`,
      }),
  },
  {
    name: 'five-pages-of-1MB-prose',
    make: (t) => {
      const prose = 'Some prose, and [a link](/specification/draft/index) in it.\n\n'.repeat(16_000);
      for (let i = 0; i < 5; i++) t.write({ [`${draftDocs}/big${i}.mdx`]: `# Big ${i}\n\n${prose}` });
    },
    timeoutMs: 240_000,
  },
];

function spawnSyncOk(command, argv) {
  if (spawnSync(command, argv).status !== 0) throw new Error(`${command} failed`);
}

function makeTree() {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-heldout-')));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  const marker = `heldout-canary-${randomBytes(8).toString('hex')}`;
  fs.cpSync(sample, root, { recursive: true });
  fs.mkdirSync(outside);
  for (const name of ['secret.txt', 'secret.json', 'secret.md', 'secret.ts'])
    fs.writeFileSync(
      path.join(outside, name),
      name.endsWith('.json') ? `{"${marker}": "${marker}"}\n` : `# ${marker}\n\n${marker}\n`,
    );
  return {
    base,
    root,
    outside,
    marker,
    path: (rel) => path.join(root, rel),
    canary: (name) => path.join(outside, name),
    write(files) {
      for (const [rel, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      }
    },
    config(edit) {
      const file = path.join(root, 'spec-check.config.json');
      const config = JSON.parse(fs.readFileSync(file, 'utf8'));
      edit(config);
      fs.writeFileSync(file, JSON.stringify(config));
    },
  };
}

/** Paths, kinds and contents of every entry under `dir` (not following links; FIFOs not opened). */
function snapshot(dir) {
  const out = {};
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const st = fs.lstatSync(p);
      const key = path.relative(dir, p);
      if (st.isDirectory()) {
        out[key] = `dir ${st.mode}`;
        walk(p);
      } else if (st.isFile()) out[key] = `file ${st.mode} ${st.mtimeMs} ${fs.readFileSync(p).toString('base64')}`;
      else if (st.isSymbolicLink()) out[key] = `link ${fs.readlinkSync(p)}`;
      else out[key] = `other ${st.mode}`;
    }
  };
  walk(dir);
  return out;
}

/** Whether any regular file under the root (not through links) holds the marker. */
function markerUnderRoot(root, marker) {
  const found = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && fs.statSync(p).nlink === 1 && fs.readFileSync(p).includes(marker)) found.push(p);
    }
  };
  walk(root);
  return found;
}

function run(argv, cwd, timeoutMs, env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [cli, ...argv], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

const STACK = /^\s+at .+\(.+:\d+:\d+\)$|^\s+at .+:\d+:\d+$/m;
let failed = 0;
for (const tree of trees) {
  if (only && tree.name !== only) continue;
  const t = makeTree();
  const problems = [];
  const notes = [];
  try {
    tree.make(t);
    const before = snapshot(t.outside);
    const machinePaths = [t.base, os.homedir() !== '/' ? os.homedir() : undefined, projectRoot].filter(Boolean);
    for (const command of tree.commands ?? [['check']]) {
      const argv =
        command[0] === 'check' ? [...command, '--format', 'json', ...(tree.cache ? [] : ['--no-cache'])] : command;
      const env = tree.cache ? { SPEC_CHECK_CACHE_KEY: 'heldout-key' } : {};
      const r = await run(argv, t.root, tree.timeoutMs ?? 90_000, env);
      const output = r.stdout + r.stderr;
      const label = command[0];
      if (r.timedOut) problems.push(`${label}: over its time limit`);
      if (![0, 1, 2].includes(r.code)) problems.push(`${label}: exit code ${r.code}`);
      if (STACK.test(r.stderr) || STACK.test(r.stdout)) problems.push(`${label}: stack trace`);
      if (output.includes(t.marker)) (tree.accepted === 'marker' ? notes : problems).push(`${label}: marker in output`);
      for (const p of machinePaths) if (output.includes(p)) problems.push(`${label}: machine path ${p} in output`);
      if (command[0] === 'check' && r.code !== 2) {
        try {
          const report = JSON.parse(r.stdout);
          const internal = report.findings.filter((f) => f.rule === 'internal');
          if (internal.length) problems.push(`${label}: internal finding: ${internal[0].message}`);
          const rules = [...new Set(report.findings.map((f) => f.rule))].join(',');
          notes.push(
            `${label} exit ${r.code} in ${(r.ms / 1000).toFixed(1)} s, ${report.findings.length} findings (${rules || 'none'})`,
          );
        } catch {
          problems.push(`${label}: output is not JSON`);
        }
      } else
        notes.push(
          `${label} exit ${r.code} in ${(r.ms / 1000).toFixed(1)} s: ${r.stderr.split('\n')[0].slice(0, 160)}`,
        );
    }
    const inRoot = markerUnderRoot(t.root, t.marker);
    if (inRoot.length) problems.push(`marker written under the root: ${inRoot.map((p) => path.relative(t.root, p))}`);
    if (JSON.stringify(snapshot(t.outside)) !== JSON.stringify(before)) problems.push('the canary folder changed');
  } catch (error) {
    problems.push(`tree could not be made: ${error.message}`);
  } finally {
    if (!keep) fs.rmSync(t.base, { recursive: true, force: true });
  }
  if (problems.length) failed++;
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${tree.name}: ${[...problems, ...notes].join('; ')}`);
}
process.exit(failed ? 1 : 0);

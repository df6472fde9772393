import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, onTestFinished } from 'vitest';
import { main } from '../src/cli.js';
import { Project, type ProjectOptions } from '../src/project/project.js';
import { Runtime, type RuntimeOptions } from '../src/runtime/runtime.js';
import type { Spec } from '../src/model/spec.js';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const corpusRoot = path.resolve(projectRoot, '../shared/corpus/mcp-spec');
export const sampleSpec = path.join(projectRoot, 'examples/sample-spec');
export const driftedSpec = path.join(projectRoot, 'examples/drifted-spec');

/**
 * A new temp folder (`spec-check-<prefix>XXXXXX` in the system's temp folder), removed when the
 * test that made it finishes, or, made outside a test (`beforeAll`, a describe body), after its
 * suite or when the test process exits. Every temp folder of the tests comes from here, so none is left behind.
 */
export function tempDir(prefix = ''): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `spec-check-${prefix}`));
  try {
    onTestFinished(() => removeTemp(dir));
  } catch {
    // Made in a describe body (test arguments) or a hook: removed after the suite, else at exit.
    leftForExit.add(dir);
    try {
      afterAll(() => removeTemp(dir));
    } catch {
      // Not in a suite being collected either: the exit handler removes it.
    }
  }
  return dir;
}

const leftForExit = new Set<string>();
process.on('exit', () => {
  for (const dir of leftForExit) removeTemp(dir);
});

function removeTemp(dir: string): void {
  leftForExit.delete(dir);
  try {
    fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    // A test left it unremovable (permissions): the system's temp cleaning takes it.
  }
}

/** A new temp folder holding `files` (path -> text). */
export function writeTree(files: Record<string, string>, dir = tempDir()): string {
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
  return dir;
}

/** A temp copy of a folder (the corpus or a sample spec), to edit in a test. */
export function copyTree(src: string): string {
  const dir = tempDir('copy-');
  fs.cpSync(src, dir, { recursive: true });
  return dir;
}

/** Replaces `from` with `to` in a file of a copied tree; fails when `from` is absent. */
export function edit(root: string, rel: string, from: string | RegExp, to: string): void {
  const abs = path.join(root, rel);
  const text = fs.readFileSync(abs, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit: ${String(from)} not found in ${rel}`);
  fs.writeFileSync(abs, next);
}

/** What rules read of a page, without its tree and functions (to compare pages parsed in different ways). */
export function pageData(page: {
  path: string;
  syntax: string;
  parseError?: unknown;
  headings: unknown[];
  codeBlocks: { locate(l: number, c: number): unknown }[];
  links: unknown[];
}) {
  return {
    path: page.path,
    syntax: page.syntax,
    parseError: page.parseError,
    headings: page.headings,
    // `locate` is rebuilt from the data: it must map the same places.
    codeBlocks: page.codeBlocks.map(({ locate, ...block }) => ({
      ...block,
      first: locate(0, 0),
      second: locate(1, 2),
    })),
    links: page.links,
  };
}

/** 1-based line of the first occurrence of `needle` in a file. */
export function lineOf(root: string, rel: string, needle: string): number {
  const text = fs.readFileSync(path.join(root, rel), 'utf8');
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`lineOf: ${needle} not found in ${rel}`);
  return text.slice(0, i).split('\n').length;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process, capturing its output. */
export async function runCli(
  args: string[],
  options: { isTTY?: boolean; env?: Record<string, string> } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
  });
  return { code, stdout, stderr };
}

/** A project of a loaded spec, on a runtime of its own (no cache; the worker when it pays). */
export function projectOf(spec: Spec, options: ProjectOptions = {}, runtime: RuntimeOptions = {}): Project {
  return new Project(spec, new Runtime(runtime), options);
}

/** Parses a workflow command line the way the Actions runner does (`::name k=v,k=v::data`). */
export function parseWorkflowCommand(
  line: string,
): { command: string; properties: Record<string, string>; message: string } | undefined {
  const m = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!m) return undefined;
  const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const unescapeProperty = (s: string) =>
    s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties: Record<string, string> = {};
  for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return undefined;
    properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
  }
  return { command: m[1], properties, message: unescapeData(m[3]) };
}

/**
 * Turns on, in the root's spec-check.config.json, the kinds of sep-diff difference that ship off
 * (word-level ones: `sep-diff/changed`, `sep-diff/reworded`), as a reviewer reading a SEP's
 * wording word by word would. Returns the root.
 */
export function wordByWord(root: string): string {
  const file = path.join(root, 'spec-check.config.json');
  const config = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  config.rules = { ...config.rules, 'sep-diff/changed': 'error', 'sep-diff/reworded': 'warning' };
  fs.writeFileSync(file, JSON.stringify(config, null, 2) + '\n');
  return root;
}

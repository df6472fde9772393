import { Option } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import { LoadError } from '../core/errors.js';
import { loadSpec, type LoadOptions } from '../sources/load.js';
import { configOptions, loadConfig } from '../config/config.js';
import type { Spec } from '../model/spec.js';
import { readMarkdownPage } from '../sources/markdown.js';
import { TextFile } from '../core/text-file.js';
import type { MarkdownPage } from '../model/spec.js';
import { sepDiff } from '../sep-diff/index.js';
import { formatSepDiffJson, formatSepDiffMarkdown, formatSepDiffText, sepDiffReport } from '../sep-diff/report.js';
import { UsageError } from '../core/errors.js';
import { type RegisterCommand } from './types.js';
import { displayRoot } from '../check.js';
import { slashed } from '../util/paths.js';
import { Project } from '../project/project.js';
import { Runtime } from '../runtime/runtime.js';
import { withoutBom } from '../util/bom.js';

const formats = ['text', 'json', 'markdown'];

export const registerSepDiff: RegisterCommand = (program, { io, setExitCode }) => {
  program
    .command('sep-diff')
    .description("compare a SEP's proposed wording with what the spec says")
    .argument('<sep>', 'the SEP (a Markdown file), relative to the working folder or to the root')
    .option('--root <dir>', 'root of the spec repository', '.')
    .addOption(new Option('--format <format>', 'output format').choices(formats).default('text'))
    .action(async (sepArg: string, opts: { root: string; format: string }) => {
      const root = path.resolve(opts.root);
      if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new LoadError(`root folder not found: ${opts.root}`);
      const abs = [path.resolve(sepArg), path.resolve(root, sepArg)].find((p) => fs.statSync(p, { throwIfNoEntry: false })?.isFile());
      if (!abs) throw new UsageError(`SEP file not found: ${sepArg}`);
      // The spec's own config: its layout, ignores, rule severities and vocabulary apply here too.
      const config = configOptions(loadConfig(opts.root).config);
      const spec = await loadFor(opts.root, fs.readFileSync(abs, 'utf8'), config);
      const rel = slashed(path.relative(spec.root, abs));
      const sep = spec.seps.find((s) => s.path === rel) ?? readSep(abs, rel);
      const result = sepDiff(new Project(spec, new Runtime(), { vocabulary: config.vocabulary }), sep, { runOptions: config });
      const rootShown = displayRoot(opts.root);
      const report = sepDiffReport(spec, rootShown, result);
      const color = !!io.isTTY && !io.env?.NO_COLOR && opts.format === 'text';
      const out = opts.format === 'json' ? formatSepDiffJson(report) : opts.format === 'markdown' ? formatSepDiffMarkdown(report) : formatSepDiffText(report, { color });
      io.stdout(out);
      setExitCode(report.summary.errors > 0 ? 1 : 0);
    });
};

/**
 * Loads the versions a SEP can target: the draft and every version folder the SEP names. That
 * halves the load on a repository with many versions. When one of them does not exist (no
 * draft, a version named but absent), all versions are loaded instead.
 */
async function loadFor(root: string, sepText: string, options: LoadOptions): Promise<Spec> {
  const named = [...sepText.matchAll(/(?:specification|schema)\/(\d{4}-\d{2}-\d{2}|draft)\//g)].map((m) => m[1]);
  const versions = [...new Set(['draft', ...named])];
  try {
    return await loadSpec(root, { ...options, versions });
  } catch (error) {
    if (error instanceof LoadError && error.message.startsWith('unknown version')) return loadSpec(root, options);
    throw error;
  }
}

/** A SEP outside the root's SEP folder (a draft under review): read and parsed here, as the loader would. */
function readSep(abs: string, rel: string): MarkdownPage {
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read SEP ${rel}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const page = readMarkdownPage(new TextFile(rel, withoutBom(text)), 'md');
  if (page.parseError) throw new UsageError(`cannot parse SEP ${rel}: ${page.parseError.message}`);
  return page;
}

import { Option } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import { LoadError } from '../core/errors.js';
import { loadSpec, type Layout, type LoadOptions } from '../sources/load.js';
import { resolveRunConfig, ruleOptionsOf } from '../cli/run-config.js';
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
import { colorWanted } from '../reporters/color.js';
import { withoutBom } from '../util/bom.js';

const formats = ['text', 'json', 'markdown'];

export const registerSepDiff: RegisterCommand = (program, { io, setExitCode }) => {
  program
    .command('sep-diff')
    .description("compare a SEP's proposed wording with what the spec says")
    .argument('<sep>', 'the SEP (a Markdown file), relative to the working folder or to the root')
    .option('--root <dir>', 'root of the spec repository', '.')
    .addOption(new Option('--format <format>', 'output format').choices(formats).default('text'))
    .option('--config <file>', `config file (default: spec-check.config.json at the root, when present)`)
    .action(async (sepArg: string, opts: { root: string; format: string; config?: string }) => {
      // The spec's own config: its layout, ignores, rule severities and vocabulary apply here too.
      const run = resolveRunConfig({ root: opts.root, configFile: opts.config });
      const root = run.root;
      const abs = [path.resolve(sepArg), path.resolve(root, sepArg)].find((p) =>
        fs.statSync(p, { throwIfNoEntry: false })?.isFile(),
      );
      if (!abs) throw new UsageError(`SEP file not found: ${sepArg}`);
      const config = ruleOptionsOf(run);
      const spec = await loadFor(run.rootArg, fs.readFileSync(abs, 'utf8'), config, run.layout);
      const rel = slashed(path.relative(spec.root, abs));
      const sep = spec.seps.find((s) => s.path === rel) ?? readSep(abs, rel);
      const result = sepDiff(new Project(spec, new Runtime(), { vocabulary: config.vocabulary }), sep, {
        runOptions: config,
      });
      const rootShown = displayRoot(run.rootArg);
      const report = sepDiffReport(spec, rootShown, result);
      const color = colorWanted(io) && opts.format === 'text';
      const out =
        opts.format === 'json'
          ? formatSepDiffJson(report)
          : opts.format === 'markdown'
            ? formatSepDiffMarkdown(report)
            : formatSepDiffText(report, { color });
      io.stdout(out);
      setExitCode(report.summary.errors > 0 ? 1 : 0);
    });
};

/**
 * Loads the versions a SEP can target: the draft and every version folder the SEP names. That
 * halves the load on a repository with many versions. When one of them does not exist (no
 * draft, a version named but absent), all versions are loaded instead.
 */
async function loadFor(root: string, sepText: string, options: LoadOptions, layout: Layout): Promise<Spec> {
  // A version is named by a path through the schema or docs folder: its last segment, then the version.
  const folders = [layout.docs, layout.schema]
    .map((f) => path.posix.basename(f).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const named = [...sepText.matchAll(new RegExp(`(?:${folders})/(\\d{4}-\\d{2}-\\d{2}|draft)/`, 'g'))].map((m) => m[1]);
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
    throw new UsageError(
      `cannot read SEP ${rel}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const page = readMarkdownPage(new TextFile(rel, withoutBom(text)), 'md');
  if (page.parseError) throw new UsageError(`cannot parse SEP ${rel}: ${page.parseError.message}`);
  return page;
}

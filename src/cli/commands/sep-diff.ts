import { Option } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import { LoadError } from '../../core/errors.js';
import type { Layout, LoadOptions } from '../../sources/load.js';
import { isUnversioned, layoutFolders } from '../../sources/layout.js';
import { resolveRunConfig, ruleOptionsOf, runtimeOf } from '../run-config.js';
import type { Spec } from '../../model/spec.js';
import type { TextFile } from '../../core/text-file.js';
import { textFileOf } from '../../runtime/text-bytes.js';
import { escapeRegExp } from '../../util/regexp.js';
import type { MarkdownPage } from '../../model/spec.js';
import { formatters } from '../../reporters/index.js';
import { UsageError } from '../../core/errors.js';
import { collect, type RegisterCommand } from '../command-module.js';
import { displayRoot } from '../../report-cache.js';
import { slashed } from '../../util/paths.js';
import { Project } from '../../project/project.js';

const formats = ['text', 'json', 'markdown', 'sarif', 'github'];

interface SepDiffCommandOptions {
  root: string;
  format: string;
  config?: string;
  pages?: string;
  rule?: string[];
}

export const registerSepDiff: RegisterCommand = (program, { io, setExitCode }) => {
  program
    .command('sep-diff')
    .description("compare a SEP's proposed wording with what the spec says")
    .argument(
      '<sep>',
      "the SEP: its number (2145: the SEP folder's 2145-*.md), or its Markdown file, relative to the working folder or to the root",
    )
    .option('--root <dir>', 'root of the spec repository', '.')
    .addOption(new Option('--format <format>', 'output format').choices(formats).default('text'))
    .option('--config <file>', `config file (default: spec-check.config.json at the root, when present)`)
    .option(
      '--rule <id=severity>',
      "a rule's severity (off, warning, error) over the config's (repeatable): --rule sep-diff/reworded=warning reports the Specification section's sentences found reworded too",
      collect,
    )
    .option(
      '--pages <files>',
      'pages to search besides those the SEP names: the files a pull request changes (comma-separated, from the root)',
    )
    .action(async (sepArg: string, opts: SepDiffCommandOptions) => {
      // The spec's own config: its layout, ignores, rule severities and vocabulary apply here too.
      const run = resolveRunConfig({
        root: opts.root,
        configFile: opts.config,
        flags: { format: opts.format, rules: opts.rule },
        terminal: io,
      });
      // Loaded once the command runs: the program's start loads no loader, parser or rule.
      const [{ loadSpec }, { readMarkdownPage }, { sepDiff }, sepDiffReports, { registry }] = await Promise.all([
        import('../../sources/load.js'),
        import('../../sources/markdown.js'),
        import('../../sep-diff/index.js'),
        import('../../sep-diff/report.js'),
        import('../../rules/index.js'),
      ]);
      const { documentOf, formatSepDiffJson, formatSepDiffMarkdown, formatSepDiffText, sepDiffReport } = sepDiffReports;
      // The rules a sep-diff report can carry: its own kinds and the `prose/*` rules run on the SEP.
      const reportedRules = registry.filter((r) => r.command === 'sep-diff' || r.id.startsWith('prose/'));
      const root = run.root;
      const abs = /^\d+$/.test(sepArg)
        ? sepByNumber(root, run.layout.seps, sepArg)
        : [path.resolve(sepArg), path.resolve(root, sepArg)].find((p) =>
            fs.statSync(p, { throwIfNoEntry: false })?.isFile(),
          );
      if (!abs) throw new UsageError(`SEP file not found: ${sepArg}`);
      const config = ruleOptionsOf(run);
      const file = readSepFile(abs, slashed(path.relative(root, abs)));
      const spec = await loadFor(loadSpec, run.rootArg, file.text, config, run.layout);
      const sep = spec.seps.find((s) => s.path === file.path) ?? parseSep(readMarkdownPage, file);
      const result = sepDiff(new Project(spec, runtimeOf(run), { vocabulary: config.vocabulary }), sep, {
        runOptions: config,
        pages: opts.pages
          ?.split(',')
          .map((p) => slashed(p.trim()))
          .filter(Boolean),
      });
      const rootShown = displayRoot(run.rootArg);
      const report = sepDiffReport(spec, rootShown, result);
      const { format, color } = run.output;
      const source = (file: string) =>
        file === sep.path
          ? sep.file
          : spec.versions
              .flatMap((v) => [...v.pages.map((p) => p.file), ...(v.schemaTs ? [v.schemaTs.file] : [])])
              .find((f) => f.path === file);
      const out =
        format === 'json'
          ? formatSepDiffJson(report)
          : format === 'markdown'
            ? formatSepDiffMarkdown(report)
            : format === 'text'
              ? formatSepDiffText(report, { color })
              : formatters[format](documentOf(report), { rules: reportedRules, source });
      io.stdout(out);
      setExitCode(report.summary.errors > 0 ? 1 : 0);
    });
};

/**
 * Loads the versions a SEP can target: the draft and every version folder the SEP names. That
 * halves the load on a repository with many versions. When one of them does not exist (no
 * draft, a version named but absent), all versions are loaded instead.
 */
async function loadFor(
  loadSpec: typeof import('../../sources/load.js').loadSpec,
  root: string,
  sepText: string,
  options: LoadOptions,
  layout: Layout,
): Promise<Spec> {
  if (isUnversioned(layout)) return loadSpec(root, options);
  // A version is named by a path through the schema or docs folder: its last segment, then the version.
  const { docs, schema } = layoutFolders(layout);
  const folders = [docs, ...schema].map((f) => escapeRegExp(path.posix.basename(f))).join('|');
  const named = [...sepText.matchAll(new RegExp(`(?:${folders})/(\\d{4}-\\d{2}-\\d{2}|draft)/`, 'g'))].map((m) => m[1]);
  const versions = [...new Set(['draft', ...named])];
  try {
    return await loadSpec(root, { ...options, versions });
  } catch (error) {
    if (error instanceof LoadError && error.message.startsWith('unknown version')) return loadSpec(root, options);
    throw error;
  }
}

/**
 * The file of the SEP numbered `number` in the SEP folder: `NNNN-slug.md`, the number written
 * with or without leading zeros. None, or more than one, is a usage error naming what was looked for.
 */
function sepByNumber(root: string, sepsFolder: string, number: string): string {
  const folder = path.join(root, sepsFolder);
  let names: string[] = [];
  try {
    names = fs.readdirSync(folder);
  } catch {
    throw new UsageError(`no SEP ${number}: the SEP folder ${sepsFolder}/ cannot be read`);
  }
  const wanted = BigInt(number);
  const found = names
    .filter((name) => {
      const m = /^(\d+)-.+\.md$/.exec(name);
      return m && BigInt(m[1]) === wanted && fs.statSync(path.join(folder, name)).isFile();
    })
    .sort();
  if (!found.length) throw new UsageError(`no SEP ${number}: ${sepsFolder}/ has no ${number}-*.md`);
  if (found.length > 1)
    throw new UsageError(`SEP ${number} is ambiguous: ${found.map((f) => `${sepsFolder}/${f}`).join(', ')}`);
  return path.join(folder, found[0]);
}

/** The SEP's text, read once: for choosing the versions to load and, outside the SEP folder, for parsing. */
function readSepFile(abs: string, rel: string): TextFile {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(abs);
  } catch (error) {
    throw new UsageError(
      `cannot read SEP ${rel}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const file = textFileOf(rel, bytes);
  if (!file) throw new UsageError(`cannot read SEP ${rel}: not UTF-8 text`);
  return file;
}

/** A SEP outside the root's SEP folder (a draft under review): parsed here, as the loader would. */
function parseSep(
  readMarkdownPage: typeof import('../../sources/markdown.js').readMarkdownPage,
  file: TextFile,
): MarkdownPage {
  const page = readMarkdownPage(file, 'md');
  if (page.parseError) throw new UsageError(`cannot parse SEP ${file.path}: ${page.parseError.message}`);
  return page;
}

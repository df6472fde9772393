import { Option } from 'commander';
import { loadOptionsOf, resolveRunConfig } from '../run-config.js';
import { type RegisterCommand } from '../command-module.js';
import { UsageError } from '../../core/errors.js';
import { displayRoot } from '../../report-cache.js';

/** `spec-check changes <from> <to>`: what changed between two versions' schema.ts, and whether the changelog says so. */
export const registerChanges: RegisterCommand = (program, { io }) => {
  program
    .command('changes')
    .description(
      "list the declarations and members added, removed or changed between two versions' schema.ts, each marked with where the later version's changelog mentions it",
    )
    .argument('<from>', 'the earlier version (its folder name)')
    .argument('<to>', 'the later version')
    .option('--root <dir>', 'root of the spec repository', '.')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--config <file>', `config file (default: spec-check.config.json at the root, when present)`)
    .action(async (from: string, to: string, opts: { root: string; format: string; config?: string }) => {
      const run = resolveRunConfig({
        root: opts.root,
        configFile: opts.config,
        flags: { versions: [from, to], format: opts.format },
      });
      // Loaded here, not at the top: every command module is imported on each start-up.
      const [{ loadSpec }, { changesReport, formatChangesJson, formatChangesText }] = await Promise.all([
        import('../../sources/load.js'),
        import('../../changes/report.js'),
      ]);
      const spec = await loadSpec(run.rootArg, loadOptionsOf(run));
      const version = (id: string) => {
        const found = spec.versions.find((v) => v.id === id);
        if (!found?.schemaTs) throw new UsageError(`version ${id} has no schema.ts`);
        if (found.schemaTs.syntaxErrors.length) {
          const { message, location } = found.schemaTs.syntaxErrors[0];
          throw new UsageError(`${location.file}:${location.line}:${location.column}: ${message}`);
        }
        return found;
      };
      const report = changesReport(displayRoot(run.rootArg), version(from), version(to));
      io.stdout(run.output.format === 'json' ? formatChangesJson(report) : formatChangesText(report));
    });
};

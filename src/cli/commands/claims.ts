import { Option } from 'commander';
import { loadOptionsOf, resolveRunConfig, runtimeOf } from '../run-config.js';
import { projectVocabulary } from '../../consistency/vocabulary.js';
import { collect, type RegisterCommand } from '../command-module.js';
import { UsageError } from '../../core/errors.js';
import { Project } from '../../project/project.js';
import { UNVERSIONED } from '../../model/versions.js';

/** `spec-check claims`: the extracted claims, grouped by condition, and what was skipped and why. */
export const registerClaims: RegisterCommand = (program, { io }) => {
  program
    .command('claims')
    .description(
      'explain the consistency rules: print the failure-condition claims read from every source, grouped by condition',
    )
    .option('--root <dir>', 'root of the spec repository', '.')
    .option('--version <version>', 'only this version (repeatable)', collect)
    .option('--condition <id>', 'only this condition (its id or label, repeatable)', collect)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--config <file>', `config file (default: spec-check.config.json at the root, when present)`)
    .action(
      async (opts: { root: string; version?: string[]; condition?: string[]; format: string; config?: string }) => {
        const run = resolveRunConfig({
          root: opts.root,
          configFile: opts.config,
          flags: { versions: opts.version, format: opts.format },
        });
        // Loaded once the command runs: the program's start loads no loader or parser.
        const [
          { loadSpec },
          { extractClaims },
          { formatClaims, claimsAsJson },
          { consistencyVocabulary, discoveredFailures },
        ] = await Promise.all([
          import('../../sources/load.js'),
          import('../../consistency/engine.js'),
          import('../../consistency/explain.js'),
          import('../../consistency/discover.js'),
        ]);
        const spec = await loadSpec(run.rootArg, loadOptionsOf(run));
        const project = new Project(spec, runtimeOf(run), { vocabulary: run.vocabulary });
        // The conditions asked for are checked against the project's vocabulary before any claim is read.
        const known = projectVocabulary(project).conditions;
        const wanted = opts.condition?.map((c) => {
          const found = known.find((k) => k.id === c || k.label.toLowerCase() === c.toLowerCase());
          if (!found) throw new UsageError(`unknown condition: ${c} (known: ${known.map((k) => k.id).join(', ')})`);
          return found.id;
        });
        const set = extractClaims(project);
        const filter = { conditions: wanted };
        const context = {
          vocabulary: consistencyVocabulary(project),
          builtIn: !run.vocabulary,
          discovered: discoveredFailures(project),
          versions: spec.versions.length,
          unversioned: spec.versions.some((v) => v.id === UNVERSIONED),
        };
        io.stdout(
          run.output.format === 'json' ? claimsAsJson(set, filter, context) : formatClaims(set, filter, context),
        );
      },
    );
};

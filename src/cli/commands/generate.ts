import fs from 'node:fs/promises';
import path from 'node:path';
import { LoadError } from '../../core/errors.js';
import { loadSpec } from '../../sources/load.js';
import { generatedFiles, withLf, type GeneratedFile } from '../../generators/outputs.js';
import { writeIfChanged } from '../../generators/write.js';
import { targetDialects } from '../../generators/keys.js';
import { Project } from '../../project/project.js';
import { collect, type RegisterCommand } from '../command-module.js';
import { loadOptionsOf, resolveRunConfig, runtimeOf } from '../run-config.js';

export const registerGenerate: RegisterCommand = (program, { io, setExitCode }) => {
  program
    .command('generate')
    .description(
      'write schema/<version>/schema.json and docs/specification/<version>/schema.mdx (the Schema Reference) from schema.ts',
    )
    .option('--root <dir>', 'root of the spec repository', '.')
    .option('--version <version>', 'generate only this version (repeatable)', collect)
    .option('--config <file>', `config file (default: spec-check.config.json at the root, when present)`)
    .option('--check', 'write nothing; list the files that would change and exit 1 when there are any')
    .action(async (opts: { root: string; version?: string[]; config?: string; check?: boolean }) => {
      // The config's layout and ignores apply; its --version filters what is written, not what is loaded.
      const run = resolveRunConfig({ root: opts.root, configFile: opts.config, flags: { versions: opts.version } });
      // Every version is loaded even when only some are written: the Schema Reference program
      // holds every schema.ts, as the spec repository's does (union member order depends on it).
      // Generating needs no prose: the pages are left unparsed.
      const spec = await loadSpec(run.rootArg, { ...loadOptionsOf(run), versions: undefined, prose: false });
      const wanted = run.versions ? new Set(run.versions) : undefined;
      const unknown = [...(wanted ?? [])].filter((v) => !spec.versions.some((s) => s.id === v));
      if (unknown.length)
        throw new LoadError(
          `unknown version: ${unknown.join(', ')} (found: ${spec.versions.map((v) => v.id).join(', ') || 'none'})`,
        );
      // The dialect of each schema.json to write is never guessed: without one, nothing is written.
      const dialects = targetDialects(
        spec.versions.filter((v) => v.schemaTs && (!wanted || wanted.has(v.id))),
        run.generate?.dialect,
      );
      const undecided = dialects.find((d) => d.problem)?.problem;
      if (undecided) throw new LoadError(undecided.message);
      const project = new Project(spec, runtimeOf(run), { generate: run.generate });
      const files: GeneratedFile[] = [
        ...(await generatedFiles(project, 'schema-json')),
        ...(await generatedFiles(project, 'schema-reference')),
      ].filter((f) => !wanted || wanted.has(f.version));
      let problems = 0;
      let written = 0;
      for (const file of files) {
        for (const p of file.problems) {
          problems++;
          io.stderr(`${p.location.file}:${p.location.line}:${p.location.column}: error: ${p.message}\n`);
        }
        // A page with an error (a category missing from the template) would drop declarations: not written.
        if (file.text === undefined || file.problems.length) continue;
        const target = path.join(spec.root, ...file.path.split('/'));
        if (opts.check) {
          const current = await fs.readFile(target, 'utf8').catch(() => undefined);
          if (current !== undefined && withLf(current) === file.text) continue;
          written++;
          io.stdout(`${current === undefined ? 'would create' : 'would update'} ${file.path}\n`);
        } else if (await writeIfChanged(target, file.text)) {
          written++;
          io.stdout(`${file.committed ? 'updated' : 'created'} ${file.path}\n`);
        }
      }
      const generated = files.filter((f) => f.text !== undefined && !f.problems.length).length;
      io.stdout(
        written
          ? `${written} of ${generated} generated files ${opts.check ? 'would change; run `spec-check generate`' : 'changed'}.\n`
          : `All ${generated} generated files are up to date.\n`,
      );
      setExitCode(problems || (opts.check && written) ? 1 : 0);
    });
};

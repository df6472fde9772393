import { LoadError, WriteError } from '../../core/errors.js';
import { OUTSIDE_ROOT } from '../../runtime/files.js';
import type { GeneratedFile } from '../../generators/outputs.js';
import { programRoot, targetDialects, type GeneratedDialect } from '../../generators/keys.js';
import type { Spec } from '../../model/spec.js';
import type { Project } from '../../project/project.js';
import { visible } from '../../reporters/escape.js';
import { layoutFolders, UNVERSIONED } from '../../sources/layout.js';
import { withoutMachinePaths } from '../../util/machine-paths.js';
import { collect, type RegisterCommand } from '../command-module.js';
import { loadOptionsOf, resolveRunConfig, runtimeOf } from '../run-config.js';

/** What generating needs, loaded once the command runs: the program's start loads no loader or generator. */
function generateModules() {
  return Promise.all([
    import('../../sources/load.js'),
    import('../../generators/outputs.js'),
    import('../../generators/write.js'),
    import('../../project/project.js'),
  ]);
}

export const registerGenerate: RegisterCommand = (program, { io, setExitCode }) => {
  program
    .command('generate')
    .description(
      "write schema/<version>/schema.json and docs/specification/<version>/schema.mdx (the Schema Reference) from schema.ts, and the site's SEP pages, SEP index and SEP navigation from seps/*.md (when the site has a SEP index)",
    )
    .option('--root <dir>', 'root of the spec repository', '.')
    .option('--version <version>', 'generate only this version (repeatable)', collect)
    .option('--config <file>', `config file (default: spec-check.config.json at the root, when present)`)
    .option('--check', 'write nothing; list the files that would change and exit 1 when there are any')
    .action(async (opts: { root: string; version?: string[]; config?: string; check?: boolean }) => {
      // The config's layout and ignores apply; its --version filters what is written, not what is loaded.
      const run = resolveRunConfig({ root: opts.root, configFile: opts.config, flags: { versions: opts.version } });
      const [
        { loadSpec },
        { generatedFiles, inLineEndsOf, schemaJsonGeneratorOf, upToDate },
        { writeIfChanged },
        { Project },
      ] = await generateModules();
      // Every version is loaded even when only some are written: the Schema Reference program
      // holds every schema.ts, as the spec repository's does (union member order depends on it).
      // Generating needs no prose: the pages are left unparsed (the SEP pages need the SEPs' texts only).
      const loadOptions = { ...loadOptionsOf(run), versions: undefined, prose: false, sepPages: true };
      const spec = await loadSpec(run.rootArg, loadOptions);
      const wanted = run.versions ? new Set(run.versions) : undefined;
      knownVersions(spec, wanted);
      const project = new Project(spec, runtimeOf(run), { generate: run.generate });
      // A schema.json another tool makes (`generate.schemaJson: "external"`) is not written.
      const writesSchemaJson = schemaJsonGeneratorOf(project).kind !== 'external';
      if (writesSchemaJson) dialectsDecided(spec, wanted, run.generate?.dialect);
      const files: Pick<GeneratedFile, 'path' | 'text' | 'committed' | 'problems'>[] = [
        ...(writesSchemaJson ? await generatedFiles(project, 'schema-json') : []),
        ...(await generatedFiles(project, 'schema-reference')),
      ].filter((f) => !wanted || wanted.has(f.version));
      if (!wanted) files.push(...(await sepPagesToWrite(project)));
      let problems = 0;
      let written = 0;
      const schemaFolders = layoutFolders(run.layout).schema;
      // A schema.ts that cannot be read or parsed generates nothing, and a link leading outside the
      // root was not followed (what it held is missing from the output): said, not passed over.
      for (const p of spec.inputProblems) {
        const file = p.location.file;
        const underSchema = schemaFolders.some((folder) => file === folder || file.startsWith(`${folder}/`));
        if (!underSchema && p.message !== OUTSIDE_ROOT) continue;
        problems++;
        io.stderr(`${visible(file)}:${p.location.line}:${p.location.column}: error: ${p.message}\n`);
      }
      // A types file that serves several versions fails the same way for each: told once.
      const told = new Set<string>();
      for (const file of files) {
        for (const p of file.problems) {
          const line = `${visible(p.location.file)}:${p.location.line}:${p.location.column}: error: ${visible(withoutMachinePaths(p.message, [programRoot(spec.root), spec.root]))}\n`;
          if (told.has(line)) continue;
          told.add(line);
          problems++;
          io.stderr(line);
        }
        // A page with an error (a category missing from the template) would drop declarations: not written.
        if (file.text === undefined || file.problems.length) continue;
        // The committed text, as loading read it (confined to the root like every read); the same
        // text with other line ends is up to date, as `check` has it (see `committedAsLf`).
        const current = file.committed?.text;
        const fresh = upToDate(current, file.text);
        if (opts.check) {
          if (fresh) continue;
          written++;
          io.stdout(`${current === undefined ? 'would create' : 'would update'} ${visible(file.path)}\n`);
          continue;
        }
        // An up-to-date file is "written" as it is: nothing changes, and what a killed run left goes.
        const text = fresh ? current! : inLineEndsOf(file.text, current);
        const outcome = await writeIfChanged(spec.root, file.path, text).catch((error: unknown) => {
          throw new WriteError(
            `cannot write ${file.path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
          );
        });
        if (outcome.refused !== undefined) {
          problems++;
          io.stderr(`${visible(file.path)}:1:1: error: ${outcome.refused}\n`);
        } else if (outcome.written) {
          written++;
          io.stdout(`${file.committed ? 'updated' : 'created'} ${file.path}\n`);
        }
      }
      const generated = files.filter((f) => f.text !== undefined && !f.problems.length).length;
      const external = writesSchemaJson
        ? ''
        : 'schema.json is made by another tool ("generate.schemaJson": "external"): not written.\n';
      io.stdout(external + generateSummary({ written, generated, problems, check: !!opts.check }));
      setExitCode(problems || (opts.check && written) ? 1 : 0);
    });
};

/**
 * The SEP pages, which belong to no version (written unless --version asks for some only). A
 * committed page the repository's own check accepts (see `SepPageFile.accepted`) is left as it is.
 */
async function sepPagesToWrite(
  project: Project,
): Promise<Pick<GeneratedFile, 'path' | 'text' | 'committed' | 'problems'>[]> {
  const { generatedSepPages } = await import('../../generators/sep-outputs.js');
  return (await generatedSepPages(project)).files.map((f) => (f.accepted ? { ...f, text: f.committed!.text } : f));
}

/** Every version `--version` names is one the spec has. */
function knownVersions(spec: Spec, wanted: Set<string> | undefined): void {
  const unknown = [...(wanted ?? [])].filter((v) => !spec.versions.some((s) => s.id === v));
  if (wanted && spec.versions.some((v) => v.id === UNVERSIONED))
    throw new LoadError(`--version ${[...wanted][0]}: the spec has no versions (no {version} in its layout)`);
  if (unknown.length)
    throw new LoadError(
      `unknown version: ${unknown.join(', ')} (found: ${spec.versions.map((v) => v.id).join(', ') || 'none'})`,
    );
}

/** The dialect of each schema.json to write is never guessed: without one, nothing is written. */
function dialectsDecided(spec: Spec, wanted: Set<string> | undefined, configured: GeneratedDialect | undefined): void {
  const versions = spec.versions.filter((v) => v.schemaTs && (!wanted || wanted.has(v.id)));
  const undecided = targetDialects(versions, configured).find((d) => d.problem)?.problem;
  if (undecided) throw new LoadError(undecided.message);
}

/**
 * The last line of `generate`: what changed, and never "up to date" when an error above means
 * something was not generated or not written.
 */
export function generateSummary({
  written,
  generated,
  problems,
  check,
}: {
  written: number;
  generated: number;
  problems: number;
  check: boolean;
}): string {
  const errors = problems
    ? `${problems} error${problems === 1 ? '' : 's'} above: not every file could be generated or written`
    : '';
  if (written) {
    const changed = `${written} of ${generated} generated files ${check ? 'would change; run `spec-check generate`' : 'changed'}`;
    return `${changed}${errors ? `; ${errors}` : ''}.\n`;
  }
  if (errors && !generated) return `${problems} error${problems === 1 ? '' : 's'} above: no file could be generated.\n`;
  if (errors)
    return `${errors}; the ${generated} file${generated === 1 ? '' : 's'} generated ${check ? 'would not change' : 'were unchanged'}.\n`;
  // A spec whose JSON Schema is the source, or made by another tool, has nothing spec-check makes.
  if (!generated) return 'Nothing to generate: no file of this spec is made by spec-check.\n';
  return `All ${generated} generated files are up to date.\n`;
}

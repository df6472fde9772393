/**
 * Formatting generated pages with Prettier, in process (Prettier is a library here; no code of the
 * checked repository runs): plain data in and out, so that it runs the same in this thread or in
 * the worker thread. The options are the repository's config, read as data (`prettier-config.ts`).
 */
import type { PrettierOptions } from './prettier-config.js';

export interface FormatJob {
  kind: 'format';
  files: { path: string; text: string; options: PrettierOptions }[];
}

/** The formatted text, or why Prettier could not format it (a syntax error, in one line). */
export type FormatOutput = { text: string; problem?: undefined } | { problem: string; text?: undefined };

export async function runFormatJob(job: FormatJob): Promise<FormatOutput[]> {
  const prettier = await import('prettier');
  const out: FormatOutput[] = [];
  for (const file of job.files) {
    try {
      // `filepath` chooses the parser (mdx for .mdx), as the command line does by extension.
      out.push({ text: await prettier.format(file.text, { ...file.options, filepath: file.path }) });
    } catch (error) {
      out.push({ problem: `Prettier cannot format ${file.path}: ${String((error as Error).message).split('\n')[0]}` });
    }
  }
  return out;
}

/** The version of Prettier that formats: part of every key a formatted page is kept by. */
export async function prettierVersion(): Promise<string> {
  return (await import('prettier')).version;
}

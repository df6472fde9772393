/**
 * An in-memory rule tester, after ESLint's `RuleTester`: each case is a tree given as a map of
 * paths to texts (schema.ts, schema.json, examples, MDX pages, SEPs), loaded through a
 * `memoryFileSystem` (no disk), checked with one rule, and compared with the expected findings
 * by message and exact position.
 *
 *   new RuleTester({ files: baseTree }).run(exampleValid, {
 *     valid: [{ name: 'a valid example', files: { 'schema/draft/examples/Part/a.json': '{...}' } }],
 *     invalid: [{ name: 'a wrong type', files: {...}, errors: [{ message: '...', line: 3, column: 11 }] }],
 *   });
 */
import { describe, it } from 'vitest';
import { loadSpec, type Layout } from '../src/sources/load.js';
import { memoryFileSystem } from '../src/runtime/files.js';
import { Project } from '../src/project/project.js';
import { Runtime } from '../src/runtime/runtime.js';
import { prepareRules, runRules } from '../src/engine/run.js';
import { allRules } from '../src/rules/index.js';
import type { Rule } from '../src/core/rule.js';
import type { Finding } from '../src/core/finding.js';
import type { Vocabulary } from '../src/consistency/vocabulary.js';
import type { SiteKind } from '../src/model/spec.js';
import type { SpellingOptions } from '../src/prose/spelling-options.js';
import { ignoreMatcher } from '../src/config/glob.js';

/** A tree: paths relative to the root (`/`-separated) to texts; `null` leaves out a file of the tester's base tree. */
export type Files = Record<string, string | null>;

export interface ExpectedFinding {
  /** The whole message; or give `messageIncludes`. */
  message?: string;
  messageIncludes?: string;
  /** The file, relative to the root; not compared when absent. */
  file?: string;
  line: number;
  column: number;
  /** Compared when given. */
  endLine?: number;
  endColumn?: number;
}

export interface CaseOptions {
  vocabulary?: Vocabulary;
  layout?: Partial<Layout>;
  /** The base protocol (config `extends`): its file is one of the case's files. */
  extends?: { schema: string; imports: string[] };
  /** The site generator (config `site.kind`); found from the marker file when absent. */
  siteKind?: SiteKind;
  /** Paths and globs the config ignores (config `ignore`). */
  ignore?: string[];
  /** The config's `spelling` options. */
  spelling?: SpellingOptions;
}

export interface ValidCase {
  /** The test's title; the index of the case when absent. */
  name?: string;
  files: Files;
  options?: CaseOptions;
}

export interface InvalidCase extends ValidCase {
  /** The rule's findings, in report order (by file, line, column). */
  errors: ExpectedFinding[];
}

export interface RuleCases {
  valid: ValidCase[];
  invalid: InvalidCase[];
}

/** Where the trees live: a path no test writes, so that a case which read the disk would find nothing. */
const VIRTUAL_ROOT = '/spec-check-rule-tester/spec';

export class RuleTester {
  constructor(private readonly defaults: { files?: Files; options?: CaseOptions } = {}) {}

  /** The rule's findings on a case's tree (base tree and case files merged), with the internal ones. */
  async findings(rule: Rule, testCase: ValidCase): Promise<Finding[]> {
    const texts: Record<string, string> = {};
    for (const [rel, text] of Object.entries({ ...this.defaults.files, ...testCase.files }))
      if (text !== null) texts[rel] = text;
    const options = { ...this.defaults.options, ...testCase.options };
    const fileSystem = memoryFileSystem(VIRTUAL_ROOT, texts);
    const spec = await loadSpec(VIRTUAL_ROOT, {
      fileSystem,
      layout: options.layout,
      extends: options.extends,
      siteKind: options.siteKind,
      ignore: options.ignore ? ignoreMatcher(options.ignore) : undefined,
    });
    const project = new Project(spec, new Runtime({ worker: false }), {
      vocabulary: options.vocabulary,
      spelling: options.spelling,
    });
    await prepareRules(project, [rule]).done;
    return runRules(project, [rule], { knownRules: allRules.map((r) => r.meta.id) }).findings;
  }

  /** Checks one case; rejects with what differs (every finding is listed) when the findings are not those expected. */
  async verify(rule: Rule, testCase: ValidCase | InvalidCase): Promise<void> {
    const found = await this.findings(rule, testCase);
    const expected = 'errors' in testCase ? testCase.errors : [];
    const problems: string[] = [];
    if ('errors' in testCase && !expected.length) problems.push('an invalid case needs at least one expected finding');
    if (found.length !== expected.length) problems.push(`expected ${expected.length} finding(s), got ${found.length}`);
    for (const [i, want] of expected.entries()) {
      const got = found[i];
      if (!got) break;
      problems.push(...differences(want, got).map((d) => `finding ${i + 1}: ${d}`));
    }
    if (problems.length) {
      const title = testCase.name ? `"${testCase.name}"` : 'case';
      throw new Error(
        `${rule.meta.id} ${title}: ${problems.join('; ')}\nfound:\n${found.map(describeFinding).join('\n') || '  (nothing)'}`,
      );
    }
  }

  /** Registers one vitest test per case, in a `describe` named after the rule. */
  run(rule: Rule, cases: RuleCases): void {
    describe(rule.meta.id, () => {
      for (const [i, c] of cases.valid.entries()) it(`valid: ${c.name ?? i}`, () => this.verify(rule, c));
      for (const [i, c] of cases.invalid.entries()) it(`invalid: ${c.name ?? i}`, () => this.verify(rule, c));
    });
  }
}

function differences(want: ExpectedFinding, got: Finding): string[] {
  const out: string[] = [];
  if (got.rule === 'internal') out.push(`the rule failed: ${got.message}`);
  if (want.message === undefined && want.messageIncludes === undefined)
    out.push('the expected finding gives neither message nor messageIncludes');
  if (want.message !== undefined && got.message !== want.message)
    out.push(`message ${JSON.stringify(got.message)}, expected ${JSON.stringify(want.message)}`);
  if (want.messageIncludes !== undefined && !got.message.includes(want.messageIncludes))
    out.push(`message ${JSON.stringify(got.message)} does not include ${JSON.stringify(want.messageIncludes)}`);
  if (want.file !== undefined && got.file !== want.file) out.push(`file ${got.file}, expected ${want.file}`);
  for (const key of ['line', 'column', 'endLine', 'endColumn'] as const) {
    const expected = want[key];
    if ((key === 'line' || key === 'column' || expected !== undefined) && got[key] !== expected)
      out.push(`${key} ${got[key]}, expected ${expected}`);
  }
  return out;
}

function describeFinding(f: Finding): string {
  const end = f.endLine !== undefined ? `-${f.endLine}:${f.endColumn}` : '';
  return `  ${f.file}:${f.line}:${f.column}${end} ${f.rule} ${f.message}`;
}

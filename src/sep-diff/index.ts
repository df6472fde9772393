/**
 * sep-diff: compares what a SEP proposes with what the spec says. Pure over the loaded model:
 * the SEP page, the target pages and schema.ts come from `loadSpec` (or, for a SEP outside the
 * root, from the command's own read of that one file).
 */
import type { MarkdownPage } from '../model/spec.js';
import { applySuppressions } from '../engine/suppress.js';
import type { Finding } from '../core/finding.js';
import { sortFindings, withSeverities, type SeverityOverride } from '../engine/run.js';
import type { RuleMeta } from '../core/rule.js';
import { sepDiffKinds } from '../rules/registry.js';
import type { Project } from '../project/project.js';
import { findProposals, targetVersion } from './proposals.js';
import { checkMessages, exampleMessages, exampleTemplates, findTemplates } from './templates.js';
import { compareProse, parseBlock, type ComparedTarget } from './prose.js';

export type { ComparedTarget } from './prose.js';
import { compareJsDoc, saidIn, schemaJsDocUnits } from './jsdoc.js';
import { statesKeywords } from './align.js';
import type { Unit } from './units.js';
import { fromRules, type RuleFindingsOptions } from './rule-findings.js';
import { compareSection, pagesToSearch, specificationSection } from './section.js';
import { compareTypeScript, type TypeScriptResult } from './typescript.js';
import { locateJsonExamples, type JsonExamplesResult } from './json-examples.js';
import type { Location } from '../core/location.js';

/** Fence languages whose blocks hold wording. */
const MARKDOWN_LANGS = new Set(['', 'md', 'markdown', 'mdx']);

/** The rules whose findings join the report (`prose/*` ones located in the SEP), and the pages a pull request changes. */
export interface SepDiffOptions extends RuleFindingsOptions {
  /** Pages to search besides those the SEP names (the files a pull request changes), paths from the root. */
  pages?: string[];
}

/** What of the SEP's Specification section was searched in the spec, and found. */
export interface Coverage {
  /** The SEP has a Specification section. */
  section: boolean;
  /** Pages searched; `all` when the SEP names none and none were given (every page of the target version). */
  pages: string[];
  all: boolean;
  /** Sentences, list items and table rows of the section. */
  units: number;
  located: number;
  /** Located units that carry an RFC 2119 keyword. */
  keywordUnits: number;
  notLocated: { text: string; location: Location }[];
  typescript: Omit<TypeScriptResult, 'findings'>;
  json: JsonExamplesResult;
}

export interface SepDiffResult {
  sep: string;
  /** The SEP's status line (Draft, Accepted, Final, ...), when it has one. */
  status?: string;
  compared: ComparedTarget[];
  /** JSDoc proposals for declarations or members that the target schema.ts does not have. */
  unknownDeclarations: string[];
  templates: number;
  messagesChecked: number;
  changedFiles: string[];
  coverage: Coverage;
  findings: Finding[];
  /**
   * Differences found but not reported, by rule: those whose rule is off (sep-diff/changed and
   * sep-diff/reworded ship off), so that a report never reads as if there were none.
   */
  notReported: { rule: string; count: number; shipsOff: boolean }[];
}

/** The default severity of each kind of difference, by rule id (some ship off; see the registry). */
const KIND_DEFAULTS: Record<string, SeverityOverride> = Object.fromEntries(
  Object.values(sepDiffKinds as Record<string, RuleMeta>).map((k) => [k.id, k.defaultSeverity]),
);

export function sepDiff(project: Project, sep: MarkdownPage, options: SepDiffOptions = {}): SepDiffResult {
  const { spec } = project;
  const { prose, jsdoc, changedFiles } = findProposals(spec, sep);
  const named = [...changedFiles];
  const findings: Finding[] = [];
  const compared: ComparedTarget[] = [];
  const unknownDeclarations: string[] = [];

  // A SEP that writes no RFC 2119 keyword states no requirement level for the spec's to differ from.
  const keywords = statesKeywords(sep.file.text);
  for (const p of prose) {
    const r = compareProse(sep, p, keywords);
    findings.push(...r.findings);
    if (r.compared) compared.push(r.compared);
  }

  const version = targetVersion(spec, changedFiles);
  // A sentence of a proposed comment that schema.ts has in another comment moved there: not missing.
  let schemaUnits: Unit[] | undefined;
  const saidElsewhere = (u: Unit) =>
    !!version?.schemaTs && saidIn((schemaUnits ??= schemaJsDocUnits(version.schemaTs)), u);
  for (const p of jsdoc) {
    const decl = version?.schemaTs?.byName.get(p.declaration);
    const target = p.member ? decl?.members.find((m) => m.name === p.member) : decl;
    const name = p.member ? `${p.declaration}.${p.member}` : p.declaration;
    if (!target || !version?.schemaTs) {
      unknownDeclarations.push(name);
      continue;
    }
    if (!changedFiles.includes(version.schemaTs.file.path)) changedFiles.push(version.schemaTs.file.path);
    const r = compareJsDoc(p, target.jsdoc, target.location, { keywords, saidElsewhere });
    findings.push(...r.findings);
    compared.push({
      target: `${version.schemaTs.file.path} ${name}`,
      proposal: p.jsdoc.location,
      units: r.units,
      matched: r.matched,
    });
  }

  // The Specification section as a whole: its prose, TypeScript blocks and JSON examples.
  const nodes = specificationSection(sep) ?? [];
  const first = nodes[0]?.position?.start.line ?? 0;
  const last = nodes.at(-1)?.position?.end.line ?? -1;
  const blocks = sep.codeBlocks.filter((b) => b.location.line >= first && b.location.line <= last);
  const searched = pagesToSearch(spec, named, options.pages ?? [], version);
  const proposed = new Set(prose.map((p) => p.block));
  const wording = blocks
    .filter((b) => !proposed.has(b) && MARKDOWN_LANGS.has((b.lang ?? '').toLowerCase()))
    .flatMap((b) => parseBlock(sep, b) ?? []);
  const touched = new Set(options.pages);
  const section = compareSection(project, sep, nodes, wording, searched.pages, searched.all, touched, keywords);
  findings.push(...section.findings);
  const extension = /^\s*[-*]\s*\*\*Type\*\*:?\s*Extensions Track\s*$/im.test(sep.file.text);
  const { findings: tsFindings, ...typescript } = compareTypeScript(sep, blocks, version?.schemaTs, nodes, extension);
  findings.push(...tsFindings);
  if ((typescript.located || typescript.deprecationsLocated) && version?.schemaTs) {
    const path = version.schemaTs.file.path;
    if (!changedFiles.includes(path)) changedFiles.push(path);
  }
  const coverage: Coverage = {
    section: nodes.length > 0,
    pages: searched.pages.map((p) => p.path),
    all: searched.all,
    units: section.units.length,
    located: section.located.length,
    keywordUnits: section.keywordUnits,
    notLocated: section.notLocated.map((u) => ({ text: u.plain, location: u.location })),
    typescript,
    json: locateJsonExamples(project, blocks, searched.pages),
  };
  for (const p of options.pages ?? []) if (!changedFiles.includes(p)) changedFiles.push(p);

  // Message templates (stated, or read from the SEP's example messages) against the example
  // messages of the target pages and, for stated templates, of the SEP itself.
  const stated = findTemplates(sep);
  const own = exampleMessages(sep.codeBlocks);
  const templates = [...stated, ...exampleTemplates(own, stated)];
  let messagesChecked = 0;
  if (templates.length) {
    const allPages = spec.versions.flatMap((v) => v.pages);
    const pages = [...new Set([...changedFiles, ...coverage.pages])]
      .map((f) => allPages.find((pg) => pg.path === f))
      .filter((pg): pg is MarkdownPage => !!pg);
    for (const page of pages) {
      const messages = exampleMessages(page.codeBlocks);
      messagesChecked += messages.length;
      findings.push(...checkMessages(templates, messages, 'docs'));
    }
    if (stated.length) {
      messagesChecked += own.length;
      findings.push(...checkMessages(stated, own, 'sep'));
    }
  }

  // The comparison's own findings take the config's severities and the spec's suppression
  // comments, as a rule's do in the engine; the other rules' findings come with both applied.
  const severities = options.runOptions?.severities;
  const unsuppressed = applySuppressions(
    findings,
    project.spec.suppressions ?? [],
    // Unused suppressions are check's to report (suppression/unused), not sep-diff's.
    { ran: new Set(), known: new Set() },
  ).findings;
  const comparison = withSeverities(unsuppressed, severities, KIND_DEFAULTS);
  // What the comparison found that the severities leave out, so that the report can say so.
  const reportedRules = new Set(comparison.map((f) => f.rule));
  const notReported = new Map<string, number>();
  for (const f of unsuppressed)
    if (!reportedRules.has(f.rule)) notReported.set(f.rule, (notReported.get(f.rule) ?? 0) + 1);
  const status = /^\s*[-*]\s*\*\*Status\*\*:?\s*(.+?)\s*$/m.exec(sep.file.text)?.[1].replace(/\*\*/g, '');
  return {
    sep: sep.path,
    status,
    compared,
    unknownDeclarations,
    templates: templates.length,
    messagesChecked,
    changedFiles,
    coverage,
    findings: sortFindings([...comparison, ...fromRules(project, sep, options)]),
    notReported: [...notReported]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([rule, count]) => ({ rule, count, shipsOff: KIND_DEFAULTS[rule] === 'off' })),
  };
}

/**
 * SARIF 2.1.0, for code scanning: one run whose driver lists every rule with its description,
 * help (the rules reference text) and a link to its heading in the rules reference, and one
 * result per finding with its physical location, related locations and a line-independent
 * fingerprint (the baseline key). The rules come from `FormatOptions.rules` (the registry); each
 * gets a `helpUri` to its heading when `FormatOptions.rulesUrl` gives the reference a public
 * address, and its family (`example`, `xref`, ...) as a tag, which code scanning filters by.
 * A root cause with several places stays one result per place (code scanning shows each where
 * it is), tied together: each lists the group's other places among its related locations, and
 * carries the group's id and size in its property bag (`specCheck/rootCause`,
 * `specCheck/rootCausePlaces`). With `check --base`, `baselineState` says whether a result is new.
 */
import type { Log, PhysicalLocation, Region, ReportingDescriptor, Result } from 'sarif';
import type { CheckReport } from '../core/report.js';
import type { Location } from '../core/location.js';
import type { RuleMeta } from '../core/rule.js';
import { findingKey, sourceHash } from '../engine/baseline.js';
import type { FormatOptions } from './format.js';
import { workspacePath } from './paths.js';
import { fence, languageOf } from '../docs/rules-reference.js';
import { ruleUrl } from './links.js';
import { placesByGroup } from './places.js';

/** Other places of a root cause among a result's related locations; the property bag has the count. */
const LISTED_PLACES = 50;

export function formatSarif(report: CheckReport, options: FormatOptions = {}): string {
  const rules: RuleMeta[] = [...(options.rules ?? [])];
  for (const f of report.findings) {
    if (!rules.some((r) => r.id === f.rule)) rules.push(syntheticRule(f.rule));
  }
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const places = placesByGroup(report.findings);
  const lineText = (file: string, line: number) => options.source?.(file)?.lineText(line);
  // Two findings with the same key (same rule, file, message and line text) would be one alert to
  // code scanning: the second and later get their rank among them, in report order.
  const seen = new Map<string, number>();
  const fingerprint = (key: string) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}:${n}`;
  };
  const sarif: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'spec-check',
            version: report.tool.version,
            semanticVersion: report.tool.version,
            rules: rules.map((r) => ruleDescriptor(r, options.rulesUrl)),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: report.findings.map((f): Result => {
          const group = f.group ? places.get(f.group) : undefined;
          const related = [
            ...f.related.map((r) => ({ location: r as Location, message: r.message })),
            ...(group ?? [])
              .filter((p) => p !== f && p.file !== '.')
              .slice(0, LISTED_PLACES)
              .map((p) => ({
                location: p as Location,
                message: `The same problem (${group!.indexOf(p) + 1} of ${group!.length} places of this root cause)`,
              })),
          ];
          return {
            ruleId: f.rule,
            ruleIndex: ruleIndex.get(f.rule),
            level: f.severity === 'error' ? 'error' : 'warning',
            message: { text: f.message },
            locations: f.file === '.' ? [] : [{ physicalLocation: physical(report.root, f.file, region(f)) }],
            relatedLocations: related.length
              ? related.map((r, i) => ({
                  id: i + 1,
                  physicalLocation: physical(report.root, r.location.file, region(r.location)),
                  message: { text: r.message },
                }))
              : undefined,
            partialFingerprints: {
              'specCheck/v1': fingerprint(sourceHash(findingKey(f, (file, line) => lineText(file, line)))),
            },
            ...(f.new !== undefined ? { baselineState: f.new ? 'new' : 'unchanged' } : {}),
            ...(group
              ? { properties: { 'specCheck/rootCause': f.group, 'specCheck/rootCausePlaces': group.length } }
              : {}),
          };
        }),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

function ruleDescriptor(rule: RuleMeta, rulesUrl: string | undefined): ReportingDescriptor {
  const help = helpText(rule);
  return {
    id: rule.id,
    shortDescription: { text: rule.description },
    fullDescription: { text: `${rule.description} ${rule.rationale}`.trim() },
    help: { text: help.text, markdown: help.markdown },
    ...(rulesUrl ? { helpUri: ruleUrl(rulesUrl, rule.id) } : {}),
    // A rule off by default: described, and not enabled until a config turns it on.
    defaultConfiguration:
      rule.defaultSeverity === 'off' ? { enabled: false, level: 'warning' } : { level: rule.defaultSeverity },
    properties: { tags: [rule.id.includes('/') ? rule.id.slice(0, rule.id.indexOf('/')) : rule.id] },
  };
}

function helpText(rule: RuleMeta): { text: string; markdown: string } {
  const text = [rule.rationale];
  const markdown = [rule.rationale];
  if (rule.examples) {
    const where = rule.examples.file ? ` (${rule.examples.file})` : '';
    text.push(`Fails${where}:\n${rule.examples.fail}`, `Passes:\n${rule.examples.pass}`);
    const lang = languageOf(rule.examples.file);
    markdown.push(
      `Fails${where}:\n\n${fence(rule.examples.fail, lang)}`,
      `Passes:\n\n${fence(rule.examples.pass, lang)}`,
    );
  }
  return { text: text.join('\n\n'), markdown: markdown.join('\n\n') };
}

/** A rule the options do not list: `internal` (explained in the rules reference too), or one a caller added. */
function syntheticRule(id: string): RuleMeta {
  const internal = id === 'internal';
  return {
    id,
    description: internal ? 'spec-check itself failed while running a rule.' : `Findings of rule ${id}.`,
    rationale: internal ? 'A rule that fails checks nothing; please report it.' : '',
    defaultSeverity: 'error',
  };
}

function region(l: { line: number; column: number; endLine?: number; endColumn?: number }): Region {
  const r: Region = { startLine: l.line, startColumn: l.column };
  if (l.endLine !== undefined && l.endColumn !== undefined) {
    r.endLine = l.endLine;
    r.endColumn = l.endColumn;
  }
  return r;
}

function physical(root: string, file: string, r: Region): PhysicalLocation {
  const uri = workspacePath(root, file).split('/').map(encodeURIComponent).join('/');
  return { artifactLocation: { uri }, region: r };
}

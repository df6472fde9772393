/**
 * The consistency engine: extracts every claim of a spec once per vocabulary (both rules and
 * the `claims` command share the result) and finds where claims of one version disagree.
 */
import { derivation, type Project } from '../project/project.js';
import type { SchemaSource, Spec, SpecVersion } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import type { RelatedLocation } from '../core/location.js';
import type { Report } from '../core/rule.js';
import type { ResolvedVocabulary } from './vocabulary.js';
import { consistencyVocabulary } from './discover.js';
import { addClaimSet, emptyClaimSet, type Claim, type ClaimSet } from './claims.js';
import { errorCodes, extractFromSchema } from './extract-schema.js';
import { extractFromExamples } from './extract-examples.js';
import { digestOfVocabulary, extractFromProse } from './extract-prose.js';
import { claimStoreOf, schemaClaimsKey } from './claim-store.js';
import { groupBy } from './text.js';
import { inVersion } from '../model/versions.js';

/** Every claim, skipped statement, code use and retired code of the project, in a stable order (read once). */
export function extractClaims(project: Project): ClaimSet {
  return project.derive(claimsOfSpec, project.spec);
}

const claimsOfSpec = derivation('claims', (spec: Spec, project: Project): ClaimSet => {
  const resolved = consistencyVocabulary(project);
  const set = emptyClaimSet();
  for (const version of spec.versions) {
    addClaimSet(set, sourceClaims(project, version, resolved));
    extractFromProse(project, version, resolved, set);
  }
  const byPlace = (a: { version: string; location: { file: string; line: number; column: number } }, b: typeof a) =>
    cmp(a.version, b.version) ||
    cmp(a.location.file, b.location.file) ||
    a.location.line - b.location.line ||
    a.location.column - b.location.column;
  set.claims.sort((a, b) => byPlace(a, b) || cmp(a.condition.id, b.condition.id));
  set.skipped.sort(byPlace);
  set.codeUses.sort(byPlace);
  return set;
});

/**
 * The claims of a version's schema.ts and examples. They depend on those files, the version's id
 * and the vocabulary alone: a watch session keeps them while none of these changed.
 */
function sourceClaims(project: Project, version: SpecVersion, vocabulary: ResolvedVocabulary): ClaimSet {
  const extract = (): ClaimSet => {
    const set = emptyClaimSet();
    const codes = version.schemaTs ? errorCodes(version.schemaTs) : new Map<string, number>();
    addClaimSet(set, schemaTsClaims(project, version, vocabulary, codes));
    extractFromExamples(version, vocabulary, codes, set);
    return set;
  };
  if (!version.schemaTs) return extract();
  const box = project.derive(schemaClaims, version.schemaTs);
  const examples = version.examples.map((e) => e.file);
  const kept = box.kept;
  if (
    kept &&
    kept.version === version.id &&
    kept.vocabulary === vocabulary &&
    kept.examples.length === examples.length &&
    kept.examples.every((file, i) => file === examples[i])
  )
    return kept.set;
  box.kept = { version: version.id, vocabulary, examples, set: extract() };
  return box.kept.set;
}

/**
 * The claims of a version's schema.ts alone: a function of its path and text, the version's id and
 * the vocabulary (the error codes are the file's own). A check that keeps its products on disk
 * reads them back from the last check's, as a page's: an edit of an example or a page leaves
 * them as they were (reading them is about a twentieth of such a check on the MCP corpus).
 */
function schemaTsClaims(
  project: Project,
  version: SpecVersion,
  vocabulary: ResolvedVocabulary,
  codes: Map<string, number>,
): ClaimSet {
  const read = (): ClaimSet => {
    const set = emptyClaimSet();
    extractFromSchema(version, vocabulary, codes, set);
    return set;
  };
  const store = claimStoreOf(project.runtime);
  const file = version.schemaTs?.file;
  if (!store || !file) return read();
  const key = schemaClaimsKey(file, version.id, project.derive(digestOfVocabulary, vocabulary));
  return store.claims(key, vocabulary, read, 'schema');
}

const schemaClaims = derivation(
  'schema and example claims',
  (
    _source: SchemaSource,
  ): { kept?: { version: string; vocabulary: ResolvedVocabulary; examples: TextFile[]; set: ClaimSet } } => ({}),
  { carriesOver: true },
);

/** `docs/.../tools.mdx:743 (list item under "Protocol Errors")` or `InvalidParamsError JSDoc`: where a claim is, for messages. */
export function describeClaim(claim: Claim): string {
  // No line numbers in messages: baselines and SARIF fingerprints key on the message; the related locations carry the lines.
  if (claim.source === 'prose' || claim.source === 'prose-json') return `${claim.location.file} (${claim.subject})`;
  return claim.subject;
}

function relatedFor(others: Claim[], describe: (c: Claim) => string): RelatedLocation[] {
  return others.map((c) => ({ ...c.location, message: `${describe(c)}: ${c.text}` }));
}

function channelText(c: Claim): string {
  return c.code !== undefined ? `${c.channel.label}, code ${c.code}` : c.channel.label;
}

/** One report per claim whose condition another claim of the same version assigns to a different channel. */
export function channelConflicts(set: ClaimSet): Report[] {
  const reports: Report[] = [];
  for (const group of groupBy(set.claims, (c) => `${c.version}\u0000${c.condition.id}`).values()) {
    const channels = new Set(group.map((c) => c.channel.id));
    if (channels.size < 2) continue;
    // One contradiction, whichever versions have it: the condition and the channels in conflict.
    const cause = JSON.stringify(['channel', group[0]!.condition.id, [...channels].sort()]);
    for (const claim of group) {
      const others = group.filter((c) => c.channel.id !== claim.channel.id);
      const otherChannels = [...new Set(others.map((c) => c.channel.label))];
      const bySide = [...groupBy(group, (c) => c.channel.label)]
        .map(([label, cs]) => `${label}: ${[...new Set(cs.map(describeClaim))].join(', ')}`)
        .join('; ');
      reports.push({
        message: inVersion(
          claim.version,
          `"${claim.condition.label}" is reported as a ${claim.channel.label} here (${claim.subject}), ` +
            `but as a ${otherChannels.join(' or ')} elsewhere. Sources say — ${bySide}`,
        ),
        location: claim.location,
        cause,
        related: [
          ...relatedFor(others, (c) => `says ${c.channel.label}`),
          ...(claim.related ?? []).map((r) => ({ ...r.location, message: r.message })),
        ],
      });
    }
  }
  return reports;
}

/** One report per coded claim whose condition another claim of the same version gives a different code. */
export function codeConflicts(set: ClaimSet): Report[] {
  const reports: Report[] = [];
  const coded = set.claims.filter((c) => c.code !== undefined);
  for (const group of groupBy(coded, (c) => `${c.version}\u0000${c.condition.id}`).values()) {
    const codes = new Set(group.map((c) => c.code));
    if (codes.size < 2) continue;
    const cause = JSON.stringify(['code', group[0]!.condition.id, [...codes].sort()]);
    for (const claim of group) {
      const others = group.filter((c) => c.code !== claim.code);
      const bySide = [...groupBy(group, (c) => String(c.code))]
        .map(([code, cs]) => `${code}: ${[...new Set(cs.map(describeClaim))].join(', ')}`)
        .join('; ');
      reports.push({
        message: inVersion(
          claim.version,
          `"${claim.condition.label}" gets code ${claim.code} here (${claim.subject}), ` +
            `but ${[...new Set(others.map((c) => c.code))].join(' or ')} elsewhere. Sources say — ${bySide}`,
        ),
        location: claim.location,
        cause,
        related: [
          ...relatedFor(others, (c) => `says ${channelText(c)}`),
          ...(claim.related ?? []).map((r) => ({ ...r.location, message: r.message })),
        ],
      });
    }
  }
  return reports;
}

/** One report per use of a code that the same version's schema.ts declares retired or reserved. */
export function retiredCodeUses(set: ClaimSet): Report[] {
  const retired = new Map(set.retired.map((r) => [`${r.version}\u0000${r.code}`, r]));
  const reports: Report[] = [];
  const seen = new Set<string>();
  for (const use of set.codeUses) {
    const declaration = retired.get(`${use.version}\u0000${use.code}`);
    if (!declaration) continue;
    const key = `${use.location.file}:${use.location.line}:${use.location.column}:${use.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    reports.push({
      message: `Code ${use.code} is used here (${use.subject}), but ${declaration.location.file} declares it retired or reserved in ${use.version}: ${declaration.text}`,
      location: use.location,
      related: [{ ...declaration.location, message: `declares ${use.code} retired or reserved` }],
    });
  }
  return reports;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

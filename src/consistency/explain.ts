/** The explain output of `spec-check claims`: claims grouped by version and condition, and the skipped statements. */
import { claimSources, type Claim, type ClaimSet, type ClaimSource, type SkippedStatement } from './claims.js';
import { groupBy } from './text.js';
import type { ResolvedVocabulary } from './vocabulary.js';
import type { DiscoveredFailures } from './discover.js';
import { UNVERSIONED } from '../model/versions.js';

/** What `claims` says when it finds no claim: what it read with, and what the schema offers. */
export interface ClaimsContext {
  vocabulary: ResolvedVocabulary;
  /** Whether the vocabulary is the built-in MCP one (no `vocabulary` in the config). */
  builtIn: boolean;
  discovered: DiscoveredFailures;
  versions: number;
  /** An unversioned spec: its one version is not named. */
  unversioned?: boolean;
}

export interface ClaimsFilter {
  /** Condition ids to keep; all when absent. */
  conditions?: string[];
}

function keep(filter: ClaimsFilter, ids: string[]): boolean {
  return !filter.conditions || ids.some((id) => filter.conditions!.includes(id));
}

function where(l: { file: string; line: number; column: number }): string {
  return `${l.file}:${l.line}:${l.column}`;
}

function channelText(c: Claim): string {
  const parts = [c.channel.label];
  if (c.code !== undefined) parts.push(`code ${c.code}`);
  if (c.errorType) parts.push(c.errorType);
  return parts.join(', ');
}

/** Claim counts per version and source kind. */
export function claimCounts(set: ClaimSet): Record<string, Record<ClaimSource, number>> {
  const out: Record<string, Record<ClaimSource, number>> = {};
  for (const c of set.claims) {
    out[c.version] ??= Object.fromEntries(claimSources.map((s) => [s, 0])) as Record<ClaimSource, number>;
    out[c.version][c.source]++;
  }
  return out;
}

export function formatClaims(set: ClaimSet, filter: ClaimsFilter = {}, context?: ClaimsContext): string {
  const claims = set.claims.filter((c) => keep(filter, [c.condition.id]));
  const skipped = set.skipped.filter((s) => keep(filter, s.conditions));
  const versions = [...new Set([...claims.map((c) => c.version), ...skipped.map((s) => s.version)])];
  const lines: string[] = [];
  for (const version of versions) {
    lines.push(version === UNVERSIONED ? 'the spec' : version);
    const byCondition = groupBy(
      claims.filter((c) => c.version === version),
      (c) => c.condition.id,
    );
    for (const [id, group] of [...byCondition].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const channels = [...new Set(group.map((c) => c.channel.label))];
      const codes = [...new Set(group.filter((c) => c.code !== undefined).map((c) => c.code))];
      const flags = [channels.length > 1 ? 'CHANNELS DISAGREE' : '', codes.length > 1 ? 'CODES DISAGREE' : ''].filter(
        Boolean,
      );
      lines.push(
        `  ${group[0].condition.label} [${id}]: ${group.length} claim${group.length === 1 ? '' : 's'}${flags.length ? `  <- ${flags.join(', ')}` : ''}`,
      );
      for (const c of group) {
        lines.push(`    ${channelText(c)}`);
        lines.push(`      ${where(c.location)}  ${c.source}: ${c.subject}`);
        lines.push(`      "${c.text}"`);
      }
    }
    const versionSkipped = skipped.filter((s) => s.version === version);
    if (versionSkipped.length) {
      lines.push(`  skipped (${versionSkipped.length}):`);
      for (const s of versionSkipped) lines.push(...skippedLines(s));
    }
    lines.push('');
  }
  const counts = claimCounts({ ...set, claims });
  lines.push(`${claims.length} claims, ${skipped.length} skipped statements`);
  for (const [version, bySource] of Object.entries(counts)) {
    lines.push(`  ${version}: ${claimSources.map((s) => `${s} ${bySource[s]}`).join(', ')}`);
  }
  if (!claims.length && context && !filter.conditions) lines.push('', ...whyNoClaims(set, context));
  return `${lines.join('\n')}\n`;
}

/**
 * Why no claim was found, in the order a user fixes it: the conditions the vocabulary knows,
 * the channels (its own and the schema's), and conditions the schema's error types suggest.
 */
export function whyNoClaims(set: ClaimSet, context: ClaimsContext): string[] {
  const { vocabulary, discovered } = context;
  const lines: string[] = [];
  const conditions = vocabulary.conditions.map((c) => c.label);
  const whose = context.builtIn ? 'the built-in MCP vocabulary' : "the config's vocabulary";
  const versions = context.unversioned ? 'the spec' : `${context.versions} version${context.versions === 1 ? '' : 's'}`;
  if (!conditions.length) lines.push(`No claims: ${whose} names no failure condition.`);
  else if (set.skipped.length)
    lines.push(
      `No claims: ${set.skipped.length} statement${set.skipped.length === 1 ? '' : 's'} named a condition of ${whose} but gave no claim (each says why above).`,
    );
  else
    lines.push(
      `No claims: no statement in the pages, JSDoc or examples of ${versions} names one of the ${conditions.length} failure conditions of ${whose} (${shortList(conditions)}).`,
    );
  const channels = vocabulary.channels.map((c) => c.label);
  lines.push(`Channels read: ${channels.length ? channels.join('; ') : 'none'}.`);
  const unique = <T>(xs: T[]) => [...new Set(xs)];
  const envelopes = unique(discovered.errorEnvelopes.map((e) => e.declaration));
  const flags = unique(discovered.resultFlags.map((f) => `${f.declaration}.${f.flag}`));
  lines.push(
    `Found in the schema: error envelope ${envelopes.length ? envelopes.join(', ') : 'none'}; result failure flags ${flags.length ? flags.join(', ') : 'none'}.`,
  );
  const types = new Map<string, string>();
  for (const t of discovered.errorTypes) types.set(t.declaration, `"${t.condition}" (${t.declaration}, ${t.code})`);
  if (types.size)
    lines.push(`Error types with a fixed code, whose names suggest conditions: ${shortList([...types.values()], 12)}.`);
  lines.push(
    'Conditions are the spec\'s own: name them, with the phrases its prose uses, under "vocabulary.conditions" in spec-check.config.json (docs/adoption.md, section 2).',
  );
  return lines;
}

function shortList(items: string[], max = 6): string {
  return items.length > max ? `${items.slice(0, max).join(', ')}, and ${items.length - max} more` : items.join(', ');
}

function skippedLines(s: SkippedStatement): string[] {
  return [`    ${where(s.location)}  ${s.source} [${s.conditions.join(', ')}]: ${s.reason}`, `      "${s.text}"`];
}

export function claimsAsJson(set: ClaimSet, filter: ClaimsFilter = {}, context?: ClaimsContext): string {
  const claims = set.claims
    .filter((c) => keep(filter, [c.condition.id]))
    .map((c) => ({
      version: c.version,
      condition: c.condition.id,
      channel: c.channel.id,
      code: c.code,
      errorType: c.errorType,
      source: c.source,
      subject: c.subject,
      ...c.location,
      text: c.text,
    }));
  const skipped = set.skipped
    .filter((s) => keep(filter, s.conditions))
    .map((s) => ({
      version: s.version,
      conditions: s.conditions,
      source: s.source,
      ...s.location,
      text: s.text,
      reason: s.reason,
    }));
  const retiredCodes = set.retired.map((r) => ({ version: r.version, code: r.code, ...r.location }));
  const explained = context
    ? {
        discovered: context.discovered,
        ...(!claims.length && !filter.conditions ? { noClaims: whyNoClaims(set, context) } : {}),
      }
    : {};
  return `${JSON.stringify({ claims, skipped, retiredCodes, ...explained }, null, 2)}\n`;
}

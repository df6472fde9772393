/**
 * Root-cause groups: the findings that are places of one problem. A rule says what a report is
 * about when its message does not (`Report.cause`, such as the failure condition two sources
 * disagree on); otherwise the copies of one finding across versions are one group: the same rule,
 * the same file and message once the version is written out of both, and the same occurrence
 * among such findings in its version (two identical findings in one page are two problems, each
 * with its copies in the other versions). Ids hash no line numbers, so they survive edits above.
 */
import { createHash } from 'node:crypto';
import type { Finding, Severity } from '../core/finding.js';
import type { FindingGroup } from '../core/report.js';

/** A finding as the engine holds it before grouping: with the cause its rule gave, if any. */
export interface Caused {
  finding: Finding;
  cause?: string;
}

/**
 * Sets `group` on every finding (in place), from the rule's cause or the version-neutral file
 * and message; `versions` are the spec's version ids. Findings must be in report order.
 */
export function assignGroups(caused: readonly Caused[], versions: readonly string[]): void {
  const neutral = versionNeutralizer(versions);
  const occurrences = new Map<string, number>();
  for (const { finding: f, cause } of caused) {
    let key: string;
    if (cause !== undefined) key = JSON.stringify([f.rule, 'cause', cause]);
    else {
      const file = neutral.path(f.file);
      const base = JSON.stringify([f.rule, file.path, neutral.text(f.message)]);
      const seen = `${file.version}\u0000${base}`;
      const n = occurrences.get(seen) ?? 0;
      occurrences.set(seen, n + 1);
      key = JSON.stringify([base, n]);
    }
    f.group = createHash('sha256').update(key).digest('hex').slice(0, 16);
  }
}

/** The groups of two or more findings, in the order of their first finding; `new` when some place is. */
export function groupsOf(findings: readonly Finding[]): FindingGroup[] {
  const byId = new Map<string, FindingGroup>();
  const rank: Record<Severity, number> = { warning: 0, error: 1 };
  for (const f of findings) {
    if (!f.group) continue;
    const g = byId.get(f.group);
    if (!g) {
      byId.set(f.group, { id: f.group, rule: f.rule, severity: f.severity, message: f.message, size: 1 });
      continue;
    }
    g.size++;
    if (rank[f.severity] > rank[g.severity]) g.severity = f.severity;
  }
  const groups = [...byId.values()].filter((g) => g.size > 1);
  if (findings.some((f) => f.new !== undefined)) {
    const fresh = new Set(findings.filter((f) => f.new).map((f) => f.group));
    for (const g of groups) g.new = fresh.has(g.id);
  }
  return groups;
}

/** How many root causes the findings are: a group once, a finding without a shared group once. */
export function rootCauseCount(findings: readonly Finding[]): number {
  const ids = new Set<string>();
  let alone = 0;
  for (const f of findings) {
    if (f.group) ids.add(f.group);
    else alone++;
  }
  return ids.size + alone;
}

/** Writes the version out of paths (a path segment that is a version id) and texts (the id as a word). */
function versionNeutralizer(versions: readonly string[]) {
  const ids = new Set(versions);
  const escaped = [...ids].sort((a, b) => b.length - a.length).map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const word = escaped.length ? new RegExp(`(?<![\\w-])(?:${escaped.join('|')})(?![\\w-])`, 'g') : undefined;
  return {
    path(file: string): { path: string; version: string } {
      let version = '';
      const parts = file.split('/').map((part) => {
        if (!ids.has(part)) return part;
        version ||= part;
        return '{version}';
      });
      return { path: parts.join('/'), version };
    },
    text: (text: string) => (word ? text.replace(word, '{version}') : text),
  };
}

/**
 * The report of `spec-check changes <from> <to>`: what changed between two versions' schema.ts,
 * each change marked with where the `to` version's changelog mentions it, as text or as one
 * JSON document (schema/changes.schema.json).
 */
import type { SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { toolVersion } from '../version.js';
import { schemaChanges, type ChangeSide, type SchemaChange } from './diff.js';
import { changelogPage, mentionOf, methodOf, readChangelog } from './changelog.js';

export interface ChangesReport {
  tool: { name: string; version: string };
  root: string;
  from: { version: string; file: string };
  to: { version: string; file: string };
  /** The `to` version's changelog page; null when it has none. */
  changelog: string | null;
  changes: (SchemaChange & { mentioned: Location | null })[];
  summary: { added: number; removed: number; changed: number; mentioned: number };
}

export function changesReport(root: string, from: SpecVersion, to: SpecVersion): ChangesReport {
  const before = from.schemaTs!;
  const after = to.schemaTs!;
  const page = changelogPage(to);
  const changelog = page?.tree ? readChangelog(page, page.tree) : undefined;
  const methods = (name: string) =>
    [after.byName.get(name), before.byName.get(name)]
      .map((d) => (d ? methodOf(d) : undefined))
      .filter((m): m is string => !!m);
  const changes = schemaChanges(before, after).map((change) => {
    const token = changelog && mentionOf(changelog, change, methods);
    return { ...change, mentioned: token ? token.location : null };
  });
  const count = (kind: SchemaChange['change']) => changes.filter((c) => c.change === kind).length;
  return {
    tool: { name: 'spec-check', version: toolVersion },
    root,
    from: { version: from.id, file: before.file.path },
    to: { version: to.id, file: after.file.path },
    changelog: page?.path ?? null,
    changes,
    summary: {
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      mentioned: changes.filter((c) => c.mentioned).length,
    },
  };
}

export function formatChangesJson(report: ChangesReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/** One line per change: what, where (in `to`, or in `from` for a removal), and the changelog's mention. */
export function formatChangesText(report: ChangesReport): string {
  const lines = [`${report.from.file} → ${report.to.file}`];
  const width = Math.max(0, ...report.changes.map((c) => c.path.length));
  for (const c of report.changes) {
    const side = c.change === 'removed' ? c.from! : c.to!;
    const where = `${side.location.file}:${side.location.line}:${side.location.column}`;
    const mention = c.mentioned
      ? `changelog ${c.mentioned.line}:${c.mentioned.column}`
      : report.changelog
        ? 'not in changelog'
        : '';
    lines.push(
      `  ${c.change.padEnd(7)}  ${(c.subject === 'declaration' ? side.declarationKind! : 'member').padEnd(9)}  ${c.path.padEnd(width)}  ${describe(c)}${describe(c) ? '  ' : ''}${where}${mention ? `  ${mention}` : ''}`,
    );
  }
  const s = report.summary;
  lines.push(
    '',
    `${s.added} added, ${s.removed} removed, ${s.changed} changed; ${report.changelog ? `${s.mentioned} mentioned in ${report.changelog}` : `no changelog for ${report.to.version}`}`,
  );
  return lines.join('\n') + '\n';
}

/** What changed about a changed item, briefly. */
function describe(c: SchemaChange): string {
  if (c.change !== 'changed') return '';
  const from = c.from!;
  const to = c.to!;
  return c.aspects
    .map((aspect) => {
      if (aspect === 'optionality') return to.optional ? 'now optional' : 'now required';
      if (aspect === 'deprecated') return to.deprecated ? 'now @deprecated' : 'no longer @deprecated';
      if (aspect === 'kind') return `${from.declarationKind} → ${to.declarationKind}`;
      if (aspect === 'extends') return `extends ${list(from.extends)} → ${list(to.extends)}`;
      return `type ${short(from)} → ${short(to)}`;
    })
    .join(', ');
}

const list = (names: string[] | undefined) => (names?.length ? names.join(', ') : '(nothing)');

function short(side: ChangeSide): string {
  const type = side.type ?? 'object';
  return `\`${type.length > 60 ? `${type.slice(0, 59)}…` : type}\``;
}

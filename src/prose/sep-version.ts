/**
 * The version of the specification a SEP's JSON blocks are read against: the release that took
 * it in, not today's draft, which has moved on since (methods renamed, members added, features
 * moved out). Decided from the SEP's header (`Status`, `Created`) and the versions' changelogs;
 * a SEP for which no version can be told is not matched against any schema.
 */
import type { MarkdownPage, Spec, SpecVersion } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';

export type SepTarget =
  { version: SpecVersion; how: 'changelog' | 'created' | 'proposal' } | { version?: undefined; skipped: SepSkipReason };

/**
 * Why a SEP's blocks are not matched: `not-adopted` (rejected, withdrawn, superseded, dormant:
 * no release has it), `no-version` (no status in its header, or no version with a schema to
 * read it against).
 */
export type SepSkipReason = 'not-adopted' | 'no-version';

/** Statuses of a SEP that no release took in. */
const NOT_ADOPTED = /^(rejected|withdrawn|superseded|dormant|deferred|abandoned)\b/i;
/** Statuses of a SEP a release took in, or will. */
const ADOPTED = /^(final|accepted|implemented|active)\b/i;
/** Statuses of a SEP still proposed: it targets the next release. */
const PROPOSED = /^(draft|proposal|proposed|in[- ]review|review)\b/i;

/** A header field `- **Name**: value` (list marker and emphasis optional), its value captured. */
function headerField(name: string): RegExp {
  return new RegExp(
    `^[ \\t]*(?:[-*+][ \\t]+)?(?:\\*\\*|__)?${name}(?:\\*\\*|__)?[ \\t]*:[ \\t]*(?:\\*\\*|__)?[ \\t]*(.+)$`,
    'im',
  );
}
const STATUS_FIELD = headerField('Status');
const CREATED_FIELD = headerField('Created');

/** The `Status` and `Created` fields of a SEP's header (`- **Status**: Final`), among its first lines. */
export function sepHeader(text: string): { status?: string; created?: string } {
  const head = text.split('\n', 40).join('\n');
  const created = CREATED_FIELD.exec(head)?.[1]
    .trim()
    .match(/\b\d{4}-\d{2}-\d{2}\b/)?.[0];
  return { status: STATUS_FIELD.exec(head)?.[1].trim(), created };
}

/** The SEP's number: from its title (`# SEP-1686: Tasks`), else its file name (`1686-tasks.md`). */
export function sepNumber(page: MarkdownPage): string | undefined {
  const title = /^#[ \t]+SEP-(\d+)\b/m.exec(page.file.text.split('\n', 20).join('\n'))?.[1];
  const number = title ?? /(?:^|\/)(\d+)-[^/]*$/.exec(page.path)?.[1];
  return number === undefined ? undefined : String(Number(number));
}

/** The version a SEP's blocks are read against, or why none is. */
export function sepTarget(project: Project, page: MarkdownPage): SepTarget {
  const { status, created } = sepHeader(page.file.text);
  if (!status) return { skipped: 'no-version' };
  if (NOT_ADOPTED.test(status)) return { skipped: 'not-adopted' };
  const readable = (v: SpecVersion | undefined) => (v?.schemaTs && v.jsonSchema ? v : undefined);
  const { spec } = project;
  const number = sepNumber(page);
  const named = number !== undefined ? project.derive(changelogSeps, spec).get(number) : undefined;
  if (named) {
    const version = readable(named);
    return version ? { version, how: 'changelog' } : { skipped: 'no-version' };
  }
  const draft = spec.versions.find((v) => v.id === 'draft');
  if (PROPOSED.test(status)) {
    const version = readable(draft);
    return version ? { version, how: 'proposal' } : { skipped: 'no-version' };
  }
  if (!ADOPTED.test(status) || !created) return { skipped: 'no-version' };
  // The first release dated after the SEP was written (a SEP of a release's day missed it), else the draft.
  const next = spec.versions.find((v) => isDated(v) && v.id > created) ?? draft;
  const version = readable(next);
  return version ? { version, how: 'created' } : { skipped: 'no-version' };
}

function isDated(v: SpecVersion): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v.id);
}

/**
 * SEP numbers by the first version whose changelog names them (`SEP-1686`, a link to
 * `seps/1686-...`): the release that took the SEP in. Versions are in release order.
 */
const changelogSeps = derivation('SEPs named by changelogs', (spec: Spec): Map<string, SpecVersion> => {
  const out = new Map<string, SpecVersion>();
  for (const version of spec.versions) {
    const changelog = version.pages.find((p) => /(?:^|\/)changelog\.mdx?$/i.test(p.path));
    if (!changelog) continue;
    for (const m of changelog.file.text.matchAll(/\bSEP-(\d+)\b|\/seps\/(\d+)-/gi)) {
      const n = String(Number(m[1] ?? m[2]));
      if (!out.has(n)) out.set(n, version);
    }
  }
  return out;
});

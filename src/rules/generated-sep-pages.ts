import { committedAsLf } from '../generators/outputs.js';
import { checkedSepPages, preparedSepPages, type SepPageFile } from '../generators/sep-outputs.js';
import { FIELD_LABELS, fieldRows, sepTab, type SepField, type SepHeader } from '../generators/sep-pages.js';
import { differingExcerpts, firstDifference, shortDiff } from './generated-diff.js';
import type { Rule } from '../core/rule.js';
import type { Location, RelatedLocation } from '../core/location.js';
import type { TextFile } from '../core/text-file.js';

const RUN = 'Run `spec-check generate`.';

/** The fields of the page's table, in its order, with the SEP field each shows. */
const TABLE_FIELDS = Object.entries(FIELD_LABELS) as [SepField | 'number', string][];

/** Where the SEP states a field: its line (the title's heading for the number), else its first line. */
function fieldLocation(sep: SepHeader, field: SepField | 'number'): Location {
  const line = sep.lines[field === 'number' ? 'title' : field] ?? sep.lines.title ?? 1;
  return { file: sep.path, line, column: 1 };
}

/** A row of the index's SEP table, cells trimmed, by SEP number. */
function indexTableRows(text: string): Map<string, { cells: string[]; line: string; offset: number }> {
  const rows = new Map<string, { cells: string[]; line: string; offset: number }>();
  for (const m of text.matchAll(/^\|\s*\[SEP-(\d+)\]\([^)]*\)\s*\|.*$/gm)) {
    const cells = m[0]
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    if (!rows.has(m[1])) rows.set(m[1], { cells, line: m[0], offset: m.index });
  }
  return rows;
}

/** The index table's columns after the link, with the SEP field each shows. */
const INDEX_COLUMNS: [number, SepField][] = [
  [1, 'title'],
  [2, 'status'],
  [3, 'type'],
  [4, 'created'],
];

/** The group of each SEP page in docs.json's SEP tab, by route; undefined when it has no such tab. */
function navigationGroups(docsJson: string): Map<string, string> | undefined {
  let tabs: unknown;
  try {
    tabs = (JSON.parse(docsJson) as { navigation?: { tabs?: unknown } })?.navigation?.tabs;
  } catch {
    return undefined;
  }
  if (!Array.isArray(tabs)) return undefined;
  const tab = tabs.find((t) => (t as { tab?: unknown } | null)?.tab === 'SEPs') as { pages?: unknown } | undefined;
  const groups = new Map<string, string>();
  for (const entry of Array.isArray(tab?.pages) ? tab.pages : []) {
    const { group, pages } = (entry ?? {}) as { group?: unknown; pages?: unknown };
    if (typeof group !== 'string' || !Array.isArray(pages)) continue;
    for (const p of pages) if (typeof p === 'string') groups.set(p, group);
  }
  return groups;
}

/** The line a docs.json text names a route on, for a related location. */
function routeLocation(file: TextFile, route: string): Location {
  const at = file.text.indexOf(JSON.stringify(route));
  return at < 0 ? { file: file.path, line: 1, column: 1 } : file.location(at);
}

/** The committed pages of the site's SEP folder are what `generate` writes from the SEPs. */
export const generatedSepPages: Rule = {
  meta: {
    id: 'generated/sep-pages',
    description:
      "The site's SEP pages (`<site>/seps/<number>-<slug>.mdx`), the SEP index (`<site>/seps/index.mdx`) and the SEP tab of docs.json are exactly what `spec-check generate` writes from the SEPs, formatted with Prettier under the repository's config. A committed page that ends with its SEP's text as the SEP has it is compared by formatting its head alone: that text is taken as formatted, as the repository's own `prettier --check` keeps it (`generate` formats every page whole). Checked when the site has a SEP index.",
    rationale:
      "A SEP's page is how readers find its status and its text. A page left behind after a SEP's title, status or text changed publishes the old ones, and a SEP missing from the index or the navigation cannot be found at all.",
    defaultSeverity: 'error',
    examples: {
      file: 'seps/2145-widget-errors.md',
      fail: '- **Status**: Accepted\n// docs/seps/2145-widget-errors.mdx: | **Status** | Draft |',
      pass: '- **Status**: Accepted\n// docs/seps/2145-widget-errors.mdx: | **Status** | Accepted |',
    },
  },
  // Nothing to generate in a site without a SEP index.
  prepare: (project) => (project.spec.sepPages ? checkedSepPages(project).then(() => undefined) : undefined),
  check(project, { report }) {
    if (!project.spec.sepPages) return;
    const { files } = preparedSepPages(project);
    // A config that cannot be read gives every page the same problem: told once.
    const told = new Set<string>();
    for (const file of files)
      for (const p of file.problems) {
        if (told.has(p.message)) continue;
        told.add(p.message);
        report({ message: p.message, location: p.location });
      }
    const sources = new Map(project.spec.sepPages?.seps.map((f) => [f.path, f]));
    for (const file of files) if (file.kind === 'sep-page') checkSepPage(file, sources.get(file.sep!.path), report);
    checkIndexAndNavigation(
      files.filter((f) => f.kind !== 'sep-page'),
      files.filter((f) => f.kind === 'sep-page').flatMap((f) => (f.sep ? [f.sep] : [])),
      report,
    );
  },
};

type Report = Parameters<Rule['check']>[1]['report'];

function checkSepPage(file: SepPageFile, source: TextFile | undefined, report: Report): void {
  const sep = file.sep!;
  if (file.text === undefined || file.accepted) return;
  const committed = committedAsLf(file.committed);
  if (!committed) {
    report({
      message: `${sep.path} has no page ${file.path} in the site. ${RUN}`,
      location: fieldLocation(sep, 'title'),
    });
    return;
  }
  if (committed.text === file.text) return;
  // The header fields that differ, each where the SEP states it.
  const old = fieldRows(committed.text);
  const fresh = fieldRows(file.text);
  const differing = TABLE_FIELDS.filter(([, label]) => old.get(label)?.value !== fresh.get(label)?.value);
  if (differing.length) {
    const [field, label] = differing[0];
    const shown = old.get(label);
    const diffs = differing
      .slice(0, 2)
      .map(([, l]) => `${l}: ${shortDiff(old.get(l)?.value ?? '', fresh.get(l)?.value ?? '')}`)
      .join('; ');
    const names = differing.map(([, l]) => l.toLowerCase());
    const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    report({
      message: `${file.path} is stale: its ${listed} ${names.length === 1 ? 'differs' : 'differ'} from ${sep.path} (${diffs}). ${RUN}`,
      location: fieldLocation(sep, field),
      related: shown ? [{ ...committed.location(shown.offset), message: `${label} on ${file.path}` }] : [],
    });
    return;
  }
  // The same fields: the notice, the badges or the SEP's text differ.
  const at = firstDifference(committed.text, file.text);
  const pageLocation = committed.location(Math.min(at, committed.text.length));
  const [was, now] = differingExcerpts(committed.text, file.text, at);
  const bodyStart = file.text.indexOf('\n---\n', file.text.indexOf('| **'));
  const inBody = bodyStart >= 0 && at > bodyStart;
  report({
    message: `${file.path} is stale ${inBody ? "in the SEP's text" : 'in its header'}, first at line ${pageLocation.line} (committed: ${JSON.stringify(was)}; generated: ${JSON.stringify(now)}). ${RUN}`,
    location: (inBody ? bodyLine(source, file.text, at) : undefined) ?? fieldLocation(sep, 'title'),
    related: [{ ...pageLocation, message: `first difference on ${file.path}` }],
  });
}

/** The SEP's line holding the generated page's line at `offset`, when the SEP has it word for word after its Abstract. */
function bodyLine(source: TextFile | undefined, pageText: string, offset: number): Location | undefined {
  if (!source) return undefined;
  const start = pageText.lastIndexOf('\n', offset - 1) + 1;
  const end = pageText.indexOf('\n', offset);
  const wanted = pageText.slice(start, end < 0 ? undefined : end).trim();
  if (!wanted) return undefined;
  const from = Math.max(0, source.text.indexOf('## Abstract'));
  for (let at = from; at < source.text.length;) {
    const next = source.text.indexOf('\n', at);
    const lineEnd = next < 0 ? source.text.length : next;
    if (source.text.slice(at, lineEnd).trim() === wanted) return source.location(at);
    at = lineEnd + 1;
  }
  return undefined;
}

/** One finding for the index page and the navigation together, at the SEP that makes them stale. */
function checkIndexAndNavigation(files: SepPageFile[], seps: SepHeader[], report: Report): void {
  const stale = files.filter((f) => f.text !== undefined && !f.accepted && committedAsLf(f.committed)?.text !== f.text);
  if (!stale.length) return;
  const index = stale.find((f) => f.kind === 'sep-index');
  const navigation = stale.find((f) => f.kind === 'sep-navigation');
  const causes: { sep: SepHeader; field: SepField; why: string; related: RelatedLocation }[] = [];
  if (index) {
    const committed = committedAsLf(index.committed)!;
    const old = indexTableRows(committed.text);
    const fresh = indexTableRows(index.text!);
    for (const sep of seps) {
      const was = old.get(sep.number);
      const now = fresh.get(sep.number);
      if (!now) continue;
      const related = {
        ...(was ? committed.location(was.offset) : committed.location(0)),
        message: `SEP-${sep.number} on ${index.path}`,
      };
      if (!was) {
        causes.push({ sep, field: 'title', why: `SEP-${sep.number} has no row in ${index.path}`, related });
        continue;
      }
      const column = INDEX_COLUMNS.find(([i]) => was.cells[i] !== now.cells[i]);
      if (column)
        causes.push({
          sep,
          field: column[1],
          why: `SEP-${sep.number}'s row in ${index.path} shows another ${FIELD_LABELS[column[1]].toLowerCase()} (${shortDiff(was.cells[column[0]], now.cells[column[0]])})`,
          related,
        });
    }
  }
  if (navigation) {
    const committed = committedAsLf(navigation.committed)!;
    const old = navigationGroups(committed.text) ?? new Map<string, string>();
    const fresh = new Map<string, string>();
    for (const entry of sepTab(seps).pages)
      if (typeof entry === 'object') for (const p of entry.pages) fresh.set(p, entry.group);
    for (const sep of seps) {
      const route = `seps/${sep.number}-${sep.slug}`;
      const [was, now] = [old.get(route), fresh.get(route)];
      if (was === now || causes.some((c) => c.sep === sep)) continue;
      causes.push({
        sep,
        field: was ? 'status' : 'title',
        why: was
          ? `docs.json lists SEP-${sep.number} under ${was}, not ${now}`
          : `docs.json's SEP tab does not list SEP-${sep.number}`,
        related: { ...routeLocation(committed, route), message: `SEP-${sep.number} in ${navigation.path}` },
      });
    }
  }
  const names = stale.map((f) => f.path).join(' and ');
  const verb = stale.length === 1 ? 'is' : 'are';
  if (causes.length) {
    const [first] = causes;
    const more = causes.length > 1 ? `; and ${causes.length - 1} more SEP${causes.length === 2 ? '' : 's'}` : '';
    report({
      message: `${names} ${verb} stale: ${first.why}${more}. ${RUN}`,
      location: fieldLocation(first.sep, first.field),
      related: causes.slice(0, 5).map((c) => c.related),
    });
    return;
  }
  // No SEP explains it: the rest of the page or of docs.json differs.
  const file = stale[0];
  const committed = committedAsLf(file.committed)!;
  const at = firstDifference(committed.text, file.text!);
  const location = committed.location(Math.min(at, committed.text.length));
  const [was, now] = differingExcerpts(committed.text, file.text!, at);
  report({
    message: `${names} ${verb} stale, first at line ${location.line} of ${file.path} (committed: ${JSON.stringify(was)}; generated: ${JSON.stringify(now)}). ${RUN}`,
    location,
  });
}

/**
 * Proposed JSDoc against schema.ts: the summary and the prose tags (`@deprecated`, `@remarks`)
 * of a declaration or member, compared segment by segment.
 */
import type { JsDoc, JsDocLine, SchemaSource } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { TextFile } from '../core/text-file.js';
import type { Finding } from '../core/finding.js';
import { readMarkdownPage } from '../sources/markdown.js';
import { lcsLength } from './align.js';
import { compareStretch, finding, quote, type StretchOptions } from './compare.js';
import type { JsDocProposal } from './proposals.js';
import { unitsOf, type Region, type Unit } from './units.js';

/** Block tags whose text is prose that a SEP may propose; others (`@example`, `@category`, ...) are not wording. */
const PROSE_TAGS = new Set(['deprecated', 'remarks']);

interface Segment {
  /** `summary`, or a tag name. */
  name: string;
  lines: JsDocLine[];
}

/**
 * A comment cut into its summary (the lines before the first block tag) and its prose tags,
 * each with its lines located in the comment.
 */
function segmentsOf(jsdoc: JsDoc): Segment[] {
  const segments: Segment[] = [{ name: 'summary', lines: [] }];
  let inFence = false;
  for (const line of jsdoc.lines) {
    if (/^\s*```/.test(line.text)) inFence = !inFence;
    const tag = !inFence && /^\s*@(\w+)\s*/.exec(line.text);
    if (tag) {
      // The tag's text starts after `@name `: its first line is cut there, its location moved along.
      const cut = tag[0].length;
      // `@description` and `@summary` are the summary written as a tag: compared with leading text.
      segments.push({
        name: tag[1] === 'description' || tag[1] === 'summary' ? 'summary' : tag[1],
        lines: [{ text: line.text.slice(cut), location: { ...line.location, column: line.location.column + cut } }],
      });
    } else {
      segments.at(-1)!.lines.push(line);
    }
  }
  // The leading text and a `@description` tag make one summary, as descriptionLines reads them.
  const summary: Segment = {
    name: 'summary',
    lines: segments.filter((seg) => seg.name === 'summary').flatMap((seg) => seg.lines),
  };
  return [summary, ...segments.filter((seg) => seg.name !== 'summary' && PROSE_TAGS.has(seg.name))];
}

/**
 * An inline tag read as the words it shows: `{@link Resource}` as `Resource`, `{@link Tool.name | the
 * name}` as `the name`. The rest becomes blanks, so that every column stays where it was.
 */
function inlineTagsAsText(text: string): string {
  return text.replace(
    /\{@link(?:code|plain)?\s+([^}|]*?)(\s*\|\s*([^}]*?))?\s*\}/g,
    (whole, target: string, bar, label) => {
      const shown = bar && label ? label : target;
      const at = whole.indexOf(shown, bar && label ? whole.indexOf('|') : 0);
      return ' '.repeat(at) + shown + ' '.repeat(whole.length - at - shown.length);
    },
  );
}

/** A segment parsed as Markdown, its units located line by line in the comment. */
function segmentUnits(seg: Segment | undefined, fallback: Location): Unit[] {
  if (!seg) return [];
  const file = new TextFile(fallback.file, seg.lines.map((l) => inlineTagsAsText(l.text)).join('\n'));
  const page = readMarkdownPage(file, 'md');
  if (!page.tree) return [];
  const region: Region = {
    source: file,
    map: (line, column) => {
      const l = seg.lines[line - 1]?.location ?? fallback;
      return { file: l.file, line: l.line, column: l.column + column - 1 };
    },
  };
  return unitsOf(page.tree.children, region);
}

/** The units of every JSDoc comment of a schema (declarations and members): where a sentence may have moved to. */
export function schemaJsDocUnits(schema: SchemaSource): Unit[] {
  const out: Unit[] = [];
  const add = (jsdoc: JsDoc | undefined) => {
    if (jsdoc) for (const seg of segmentsOf(jsdoc)) out.push(...segmentUnits(seg, jsdoc.location));
  };
  for (const decl of schema.declarations) {
    add(decl.jsdoc);
    for (const member of decl.members) add(member.jsdoc);
  }
  return out;
}

/** A unit is said in a set of units when one of them is this similar to it (2 * common words / all words). */
const SAID_RATIO = 0.6;

/** Whether one of `units` says `unit` (nearly the same words, in order). */
export function saidIn(units: readonly Unit[], unit: Unit): boolean {
  return units.some((u) => (2 * lcsLength(u.keys, unit.keys)) / (u.keys.length + unit.keys.length) >= SAID_RATIO);
}

/** What the comparison knows of the SEP beyond the comment (see `StretchOptions`). */
export type JsDocContext = Pick<StretchOptions, 'keywords' | 'saidElsewhere'>;

/** Compares the proposed comment's summary and prose tags with the model's, segment by segment. */
export function compareJsDoc(
  p: JsDocProposal,
  model: JsDoc | undefined,
  declaredAt: Location,
  context: JsDocContext = {},
): { findings: Finding[]; units: number; matched: number } {
  const modelSegments = model ? segmentsOf(model) : [];
  const anchor = model?.location ?? declaredAt;
  const out = { findings: [] as Finding[], units: 0, matched: 0 };
  for (const seg of segmentsOf(p.jsdoc)) {
    const sepUnits = segmentUnits(seg, p.jsdoc.location);
    if (!sepUnits.length) continue;
    const theirs = modelSegments.find((m) => m.name === seg.name);
    if (!theirs && seg.name !== 'summary') {
      out.findings.push(
        finding(
          'missing',
          `The JSDoc in schema.ts has no @${seg.name} tag; the SEP proposes one: ${quote(sepUnits.map((u) => u.plain).join(' '))}`,
          anchor,
          [{ ...seg.lines[0].location, message: `the SEP’s @${seg.name} tag` }],
        ),
      );
      out.units += sepUnits.length;
      continue;
    }
    const docUnits = segmentUnits(theirs, anchor);
    const docName = seg.name === 'summary' ? 'JSDoc in schema.ts' : `@${seg.name} tag in schema.ts`;
    const r = compareStretch(sepUnits, docUnits, {
      mode: 'whole',
      anchor: theirs?.lines[0]?.location ?? anchor,
      docName,
      restatement: true,
      ...context,
    });
    out.findings.push(...r.findings);
    out.units += sepUnits.length;
    out.matched += r.matched;
  }
  return out;
}

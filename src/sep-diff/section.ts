/**
 * The SEP's Specification section: its prose units (sentences, list items, table rows) searched
 * in the pages the SEP or the pull request touches. A unit is located when a unit of those pages
 * holds nearly the same words; a located unit whose RFC 2119 keyword differs, or whose words
 * were edited, is reported with the spec's sentence shown whole, the changed words marked.
 */
import type { Heading as MdastHeading, RootContent } from 'mdast';
import { toString } from '../vendor/markdown.js';
import type { MarkdownPage, Spec, SpecVersion } from '../model/spec.js';
import type { Finding } from '../core/finding.js';
import { derivation, type Project } from '../project/project.js';
import { keywordsOf, lcsLength, wordHunks, type Keyword } from './align.js';
import { diffArrays } from 'diff/lib/diff/array.js';
import { finding } from './compare.js';
import { markedSentence } from './word-diff.js';
import { unitsOf, type Region, type Unit } from './units.js';

/** A Specification section heading: `Specification`, `Proposed Specification`, `Specification Changes`. */
const SECTION_HEADING = /^(?:proposed\s+)?specification\b/i;
/** Units shorter than this say too little to be found again (a cell, a label). */
const MIN_WORDS = 4;
/** A unit is located when a unit of the pages is this similar (2 * common words / all words)... */
const LOCATE_RATIO = 0.6;
/** ...or holds this share of its words, in order, and at least CONTAINED_WORDS of them. */
const CONTAINED_SHARE = 0.85;
const CONTAINED_WORDS = 6;
/** A located unit this similar whose words differ is the same sentence edited (below it: paraphrased, not reported). */
const REWORDED_RATIO = 0.75;
/** Words too common to say two units are about the same thing. */
const COMMON = new Set(
  'a an and are as at be by for from if in is it its of on or that the this to with when which must should may not'.split(
    ' ',
  ),
);

/** The nodes of the SEP's Specification section (up to the next heading as high), or undefined. */
export function specificationSection(sep: MarkdownPage): RootContent[] | undefined {
  const children = sep.tree?.children ?? [];
  const i = children.findIndex(
    (n) => n.type === 'heading' && n.depth > 1 && SECTION_HEADING.test(toString(n).trim()),
  );
  if (i < 0) return undefined;
  const depth = (children[i] as MdastHeading).depth;
  let end = i + 1;
  while (end < children.length && !(children[end].type === 'heading' && (children[end] as MdastHeading).depth <= depth))
    end++;
  return children.slice(i + 1, end);
}

export const sepRegion = (page: MarkdownPage): Region => ({
  source: page.file,
  map: (line, column) => ({ file: page.path, line, column }),
});

/** A page's units that wording can be found in (headings left out), once per page. */
const pageUnits = derivation(
  'sep-diff page units',
  (page: MarkdownPage) => (page.tree ? unitsOf(page.tree.children, sepRegion(page)) : []).filter((u) => u.kind !== 'heading'),
  { carriesOver: true },
);

/**
 * The pages searched: those the SEP names and those given (the files a pull request changes);
 * when there are none, every page of the target version (its generated Schema Reference aside).
 */
export function pagesToSearch(
  spec: Spec,
  named: readonly string[],
  given: readonly string[],
  version: SpecVersion | undefined,
): { pages: MarkdownPage[]; all: boolean } {
  const wanted = new Set([...named, ...given]);
  const pages = spec.versions.flatMap((v) => v.pages).filter((p) => wanted.has(p.path));
  if (pages.length || !version) return { pages, all: false };
  return { pages: version.pages.filter((p) => p.path !== version.referencePage?.path), all: true };
}

export interface Located {
  sep: Unit;
  doc: Unit;
  /** Similarity of the two (2 * common words / all words). */
  ratio: number;
}

export interface SectionResult {
  /** The SEP's units searched (the Specification section's sentences, items and rows). */
  units: Unit[];
  located: Located[];
  notLocated: Unit[];
  /** Located SEP units that carry an RFC 2119 keyword. */
  keywordUnits: number;
  findings: Finding[];
}

/** Searches the section's units in the pages and reports how the located ones differ. */
export function compareSection(
  project: Project,
  sep: MarkdownPage,
  nodes: RootContent[],
  blocks: readonly { nodes: RootContent[]; region: Region }[],
  pages: MarkdownPage[],
): SectionResult {
  // The section's prose, then the wording of its Markdown blocks that name no page (those that do are proposals, compared as such).
  const units = [unitsOf(nodes, sepRegion(sep)), ...blocks.map((b) => unitsOf(b.nodes, b.region))]
    .flat()
    .filter((u) => u.kind !== 'heading' && u.keys.length >= MIN_WORDS)
    .map((u, index) => ({ ...u, index }));
  const docUnits = pages.flatMap((p) => project.derive(pageUnits, p));
  // Each distinct, not too common word, to the page units that hold it.
  const byWord = new Map<string, number[]>();
  docUnits.forEach((d, k) => {
    for (const key of new Set(d.keys)) {
      if (COMMON.has(key)) continue;
      let list = byWord.get(key);
      if (!list) byWord.set(key, (list = []));
      list.push(k);
    }
  });

  const candidates: Located[] = [];
  for (const s of units) {
    const distinct = [...new Set(s.keys)].filter((k) => !COMMON.has(k));
    const shared = new Map<number, number>();
    for (const key of distinct) for (const k of byWord.get(key) ?? []) shared.set(k, (shared.get(k) ?? 0) + 1);
    const least = Math.max(2, Math.ceil(distinct.length * 0.4));
    for (const [k, n] of shared) {
      if (n < least) continue;
      const d = docUnits[k];
      const common = lcsLength(s.keys, d.keys);
      const ratio = (2 * common) / (s.keys.length + d.keys.length);
      const contained = common >= CONTAINED_WORDS && common >= CONTAINED_SHARE * s.keys.length;
      if (ratio >= LOCATE_RATIO || contained) candidates.push({ sep: s, doc: d, ratio });
    }
  }
  // One page unit answers one SEP unit: the closest pairs first.
  candidates.sort((a, b) => b.ratio - a.ratio || a.sep.index - b.sep.index);
  const usedSep = new Set<Unit>();
  const usedDoc = new Set<Unit>();
  const located: Located[] = [];
  for (const c of candidates) {
    if (usedSep.has(c.sep) || usedDoc.has(c.doc)) continue;
    usedSep.add(c.sep);
    usedDoc.add(c.doc);
    located.push(c);
  }
  located.sort((a, b) => a.sep.index - b.sep.index);

  const findings: Finding[] = [];
  for (const pair of located) {
    const f = keywordFinding(pair) ?? rewordedFinding(pair);
    if (f) findings.push(f);
  }
  return {
    units,
    located,
    notLocated: units.filter((u) => !usedSep.has(u)),
    keywordUnits: located.filter((p) => keywordsOf(p.sep).length).length,
    findings,
  };
}

interface KeywordChange {
  sep?: Keyword;
  doc?: Keyword;
  /** The spec has the keyword's word in lower case: not a keyword (RFC 8174). */
  lowered?: boolean;
}

/** How the located unit's RFC 2119 keywords differ from the SEP's, aligned through the words' diff. */
export function keywordChanges(pair: Located): KeywordChange[] {
  const { sep, doc } = pair;
  const kwSep = keywordsOf(sep);
  const kwDoc = keywordsOf(doc);
  if (!kwSep.length && !kwDoc.length) return [];
  // Word index in the SEP unit to the index of the same word in the spec's, and the hunk each changed word is in.
  const toDoc = new Map<number, number>();
  const hunkOfSep = new Map<number, number>();
  const hunkOfDoc = new Map<number, number>();
  let i = 0;
  let j = 0;
  let hunk = 0;
  let open = false;
  for (const change of diffArrays(sep.words, doc.words, { comparator: (x, y) => x.key === y.key })) {
    if (change.removed || change.added) {
      if (!open) hunk++;
      open = true;
      for (let n = 0; n < change.count; n++) {
        if (change.removed) hunkOfSep.set(i++, hunk);
        else hunkOfDoc.set(j++, hunk);
      }
    } else {
      open = false;
      for (let n = 0; n < change.count; n++) toDoc.set(i++, j++);
    }
  }
  const docKeywordAt = (w: number) => kwDoc.find((k) => k.words.includes(w));
  const paired = new Set<Keyword>();
  const out: KeywordChange[] = [];
  for (const ks of kwSep) {
    const at = toDoc.get(ks.words[0]);
    let kd: Keyword | undefined;
    if (at !== undefined) {
      kd = docKeywordAt(at);
      if (!kd) {
        // The same word, not upper case: the requirement is no longer a keyword.
        out.push({ sep: ks, lowered: true });
        continue;
      }
    } else {
      const h = hunkOfSep.get(ks.words[0]);
      kd = kwDoc.find((k) => !paired.has(k) && hunkOfDoc.get(k.words[0]) === h);
    }
    if (kd) paired.add(kd);
    if (!kd) out.push({ sep: ks });
    else if (kd.level !== ks.level) out.push({ sep: ks, doc: kd });
  }
  // A keyword the spec adds counts only where the unit is the SEP's as a whole, not a longer sentence holding it.
  if (pair.ratio >= LOCATE_RATIO)
    for (const kd of kwDoc) if (!paired.has(kd) && !kwSep.some((ks) => toDoc.get(ks.words[0]) === kd.words[0])) out.push({ doc: kd });
  return out;
}

function keywordFinding(pair: Located): Finding | undefined {
  const changes = keywordChanges(pair);
  if (!changes.length) return undefined;
  const { sep, doc } = pair;
  const what = changes.map((c) =>
    c.sep && c.doc
      ? `says ${c.doc.text} where the SEP says ${c.sep.text}`
      : c.sep
        ? c.lowered
          ? `writes the SEP’s ${c.sep.text} in lower case (not a keyword)`
          : `drops the SEP’s ${c.sep.text}`
        : `adds ${c.doc!.text}`,
  );
  const first = changes[0];
  const docAt = first.doc ? doc.locate(doc.words[first.doc.words[0]].offset) : doc.location;
  const sepAt = first.sep ? sep.locate(sep.words[first.sep.words[0]].offset) : sep.location;
  return finding('keyword', `The spec ${what.join(', and ')}: ${markedSentence(sep, doc)}`, docAt, [
    { ...sepAt, message: first.sep ? `the SEP’s ${first.sep.text}` : 'the SEP’s wording' },
  ]);
}

function rewordedFinding(pair: Located): Finding | undefined {
  if (pair.ratio < REWORDED_RATIO || pair.ratio === 1) return undefined;
  const hunks = wordHunks(pair.sep, pair.doc);
  if (!hunks.length) return undefined;
  const { sep, doc } = pair;
  const noun = doc.kind === 'row' ? 'table row' : doc.kind;
  return finding(
    'reworded',
    `This ${noun} of the SEP’s Specification reads differently in the spec: ${markedSentence(sep, doc)}`,
    doc.locate(hunks[0].docOffset),
    [{ ...sep.locate(hunks[0].sepOffset), message: `the SEP’s wording of this ${noun}` }],
  );
}

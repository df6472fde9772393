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
import { keywordsOf, lcsLength, statesKeywords, wordHunks, type Keyword } from './align.js';
import { diffArrays } from 'diff/lib/diff/array.js';
import { finding } from './compare.js';
import { markedSentence, sameWord } from './word-diff.js';
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
/** Shorter units that differ say too little to be the SEP's sentence edited rather than one like it. */
const REWORDED_WORDS = 6;
/** Words too common to say two units are about the same thing. */
const COMMON = new Set(
  'a an and are as at be by for from if in is it its of on or that the this to with when which must should may not'.split(
    ' ',
  ),
);

/** The nodes of the SEP's Specification section (up to the next heading as high), or undefined. */
export function specificationSection(sep: MarkdownPage): RootContent[] | undefined {
  const children = sep.tree?.children ?? [];
  const i = children.findIndex((n) => n.type === 'heading' && n.depth > 1 && SECTION_HEADING.test(toString(n).trim()));
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
  (page: MarkdownPage) =>
    (page.tree ? unitsOf(page.tree.children, sepRegion(page)) : []).filter((u) => u.kind !== 'heading'),
  { carriesOver: true },
);

/**
 * The pages searched: those the SEP names and those given (the files a pull request changes);
 * when the SEP names none, every page of the target version (its generated Schema Reference
 * aside) besides the given ones, since the wording a SEP proposes may already be in a page the
 * pull request does not touch.
 */
export function pagesToSearch(
  spec: Spec,
  named: readonly string[],
  given: readonly string[],
  version: SpecVersion | undefined,
): { pages: MarkdownPage[]; all: boolean } {
  const wanted = new Set([...named, ...given]);
  const pages = spec.versions.flatMap((v) => v.pages).filter((p) => wanted.has(p.path));
  const namedPages = pages.filter((p) => named.includes(p.path));
  if (namedPages.length || !version) return { pages, all: false };
  const every = version.pages.filter((p) => p.path !== version.referencePage?.path);
  return { pages: [...every, ...pages.filter((p) => !every.includes(p))], all: true };
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
  /** The pages are every page of the version (the SEP names none): those it touches are inferred. */
  inferred = false,
  /** Pages known to be touched (a pull request changes them): no inference needed there. */
  touched: ReadonlySet<string> = new Set(),
  /** The SEP states requirement levels with RFC 2119 keywords (see `statesKeywords`). */
  keywords = statesKeywords(sep.file.text),
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
  let located: Located[] = [];
  for (const c of candidates) {
    if (usedSep.has(c.sep) || usedDoc.has(c.doc)) continue;
    usedSep.add(c.sep);
    usedDoc.add(c.doc);
    located.push(c);
  }
  if (inferred) {
    // A page the SEP touches holds more than one of its units: a lone match elsewhere is a
    // sentence two pages share (boilerplate such as "Servers SHOULD return standard errors", or
    // "Implementations are free to expose tasks..." written for another feature), unless the
    // spec's unit holds every word of the SEP's, in order (verbatim, or with words added).
    const perPage = new Map<string, number>();
    for (const p of located) perPage.set(p.doc.location.file, (perPage.get(p.doc.location.file) ?? 0) + 1);
    located = located.filter((p) => {
      const file = p.doc.location.file;
      const keep =
        (perPage.get(file) ?? 0) >= 2 || touched.has(file) || lcsLength(p.sep.keys, p.doc.keys) === p.sep.keys.length;
      if (!keep) usedSep.delete(p.sep);
      return keep;
    });
  }
  located.sort((a, b) => a.sep.index - b.sep.index);

  const findings: Finding[] = [];
  for (const pair of located) {
    const f = (keywords ? keywordFinding(pair, units) : undefined) ?? rewordedFinding(pair);
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
}

/** A run of changed words between two runs of common ones: indexes of its words on each side. */
interface ChangedRun {
  sep: number[];
  doc: number[];
  /** At the start or the end of the spec's unit: words it has before or after the SEP's. */
  edge: boolean;
}

/** A keyword dropped or added alone counts when its run is this small, or the units this alike. */
const SMALL_RUN = 4;
const KEYWORD_RATIO = 0.75;

/** A sentence that names the keywords in quotes ("MUST", "SHOULD", ...), as the BCP 14 paragraph does. */
function quotesKeywords(text: string): boolean {
  return (
    (text.match(/["“”'](?:MUST|SHOULD|SHALL|MAY|REQUIRED|RECOMMENDED|OPTIONAL)(?: NOT)?["“”']/g) ?? []).length >= 3
  );
}

/** A unit's words with each RFC 2119 keyword (`SHOULD NOT`) one token, so that a keyword is aligned whole. */
interface Token {
  /** Indexes of its words in the unit. */
  words: number[];
  keyword?: Keyword;
}

function tokensOf(unit: Unit, keywords: Keyword[]): Token[] {
  const byFirst = new Map(keywords.map((k) => [k.words[0], k]));
  const out: Token[] = [];
  for (let i = 0; i < unit.words.length; i++) {
    const keyword = byFirst.get(i);
    out.push(keyword ? { words: keyword.words, keyword } : { words: [i] });
    if (keyword) i = keyword.words.at(-1)!;
  }
  return out;
}

/** Word keys without a plural `s`, so that `keywords` and `keyword` count as one word. */
const stem = (key: string) => (key.length > 3 ? key.replace(/s$/, '') : key);

/**
 * Whether the spec's added words around a keyword restate another requirement of the SEP at the
 * same level: the spec merged two of the SEP's sentences into one (the SEP's "Clients SHOULD
 * treat keywords as case-insensitive" joined to its next item), which adds no requirement. The
 * added words must hold at least two words that are not common ones, most of them in that unit.
 */
function restatesAnother(words: string[], keyword: Keyword, pair: Located, others: readonly Unit[]): boolean {
  const content = new Set(words.filter((k) => !COMMON.has(k)).map(stem));
  if (content.size < 2) return false;
  return others.some((u) => {
    if (u === pair.sep || !keywordsOf(u).some((k) => k.level === keyword.level)) return false;
    const theirs = new Set(u.keys.map(stem));
    return [...content].filter((k) => theirs.has(k)).length >= MERGED_SHARE * content.size;
  });
}

/** The share of the added words another unit of the SEP must hold to be the requirement merged in. */
const MERGED_SHARE = 0.6;

/**
 * How the located unit's RFC 2119 keywords differ from the SEP's, aligned through the diff of
 * their words (a keyword one token). `others`: the SEP's other units, whose requirements the
 * spec may have merged into this sentence.
 */
export function keywordChanges(pair: Located, others: readonly Unit[] = []): KeywordChange[] {
  const { sep, doc } = pair;
  const kwSep = keywordsOf(sep);
  const kwDoc = keywordsOf(doc);
  if (!kwSep.length && !kwDoc.length) return [];
  // The same requirements, reworded ("MAY mix" to "MAY be mixed"): no keyword changed.
  const levels = (ks: Keyword[]) =>
    ks
      .map((k) => k.level)
      .sort()
      .join(' ');
  if (levels(kwSep) === levels(kwDoc)) return [];
  // The BCP 14 paragraph quotes the keywords; it states none.
  if (quotesKeywords(sep.plain) || quotesKeywords(doc.plain)) return [];
  const sepTokens = tokensOf(sep, kwSep);
  const docTokens = tokensOf(doc, kwDoc);
  const same = (a: Token, b: Token) =>
    a.keyword || b.keyword
      ? a.keyword?.level === b.keyword?.level
      : sameWord(sep.words[a.words[0]], doc.words[b.words[0]]);
  // Token index in the SEP unit to the index of the same token in the spec's, and the run each changed token is in.
  const toDoc = new Map<number, number>();
  const runOfSep = new Map<number, ChangedRun>();
  const runOfDoc = new Map<number, ChangedRun>();
  let i = 0;
  let j = 0;
  let run: ChangedRun | undefined;
  const changes = diffArrays(sepTokens, docTokens, { comparator: same });
  changes.forEach((change, n) => {
    if (change.removed || change.added) {
      run ??= { sep: [], doc: [], edge: n === 0 };
      if (n === changes.length - 1 || (n === changes.length - 2 && (changes[n + 1].added || changes[n + 1].removed)))
        run.edge = true;
      for (let k = 0; k < change.count; k++) {
        if (change.removed) {
          run.sep.push(i);
          runOfSep.set(i++, run);
        } else {
          run.doc.push(j);
          runOfDoc.set(j++, run);
        }
      }
    } else {
      run = undefined;
      for (let k = 0; k < change.count; k++) toDoc.set(i++, j++);
    }
  });
  // Below KEYWORD_RATIO, a unit edited in several places may be another sentence much like it
  // (the same requirement for prompts, not tasks): its keyword is compared only when it is the one edit.
  const runs = new Set(runOfSep.values()).size + [...new Set(runOfDoc.values())].filter((r) => !r.sep.length).length;
  if (pair.ratio < KEYWORD_RATIO && runs > 1) return [];
  // A keyword alone in or out: only where the run is a small edit, or the units are the same sentence.
  const counts = (r: ChangedRun | undefined) =>
    !!r && ((r.sep.length <= SMALL_RUN && r.doc.length <= SMALL_RUN) || pair.ratio >= KEYWORD_RATIO);
  const sepAt = new Map(sepTokens.flatMap((t, n) => (t.keyword ? [[t.keyword, n] as const] : [])));
  const docAt = new Map(docTokens.flatMap((t, n) => (t.keyword ? [[t.keyword, n] as const] : [])));
  const keywordAt = (n: number | undefined) => (n === undefined ? undefined : docTokens[n]?.keyword);
  const paired = new Set<Keyword>();
  const out: KeywordChange[] = [];
  for (const ks of kwSep) {
    const n = sepAt.get(ks)!;
    const r = runOfSep.get(n);
    const kd =
      keywordAt(toDoc.get(n)) ??
      (r ? r.doc.map((m) => docTokens[m].keyword).find((k) => k && !paired.has(k)) : undefined);
    if (kd) {
      paired.add(kd);
      if (kd.level !== ks.level) out.push({ sep: ks, doc: kd });
    } else if (counts(r)) out.push({ sep: ks });
  }
  for (const kd of kwDoc) {
    if (paired.has(kd)) continue;
    const r = runOfDoc.get(docAt.get(kd)!);
    // Words the spec has before or after all of the SEP's are a sentence of its own, not this one changed.
    if (r && r.edge && !r.sep.length) continue;
    if (!counts(r)) continue;
    const added = r!.doc.flatMap((m) => (docTokens[m].keyword ? [] : docTokens[m].words.map((w) => doc.words[w].key)));
    if (!r!.sep.length && restatesAnother(added, kd, pair, others)) continue;
    out.push({ doc: kd });
  }
  return out;
}

function keywordFinding(pair: Located, others: readonly Unit[]): Finding | undefined {
  const changes = keywordChanges(pair, others);
  if (!changes.length) return undefined;
  const { sep, doc } = pair;
  const what = changes.map((c) =>
    c.sep && c.doc
      ? `says ${c.doc.text} where the SEP says ${c.sep.text}`
      : c.sep
        ? `drops the SEP’s ${c.sep.text}`
        : `adds ${c.doc!.text}`,
  );
  const first = changes[0];
  const docAt = first.doc ? doc.locate(doc.words[first.doc.words[0]].offset) : doc.location;
  const sepAt = first.sep ? sep.locate(sep.words[first.sep.words[0]].offset) : sep.location;
  return finding('keyword', `The spec ${what.join(', and ')}: ${markedSentence(sep, doc)}`, docAt, [
    { ...sepAt, message: first.sep ? `the SEP’s ${first.sep.text}` : 'the SEP’s wording' },
  ]);
}

/** Letters and digits only: `ambiguous it` and `ambiguous—it`, `2^53` and `2⁵³` are the same words. */
const letters = (words: { raw: string }[]) =>
  words
    .map((w) => w.raw)
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

/** RFC 2119 keywords that can open a requirement whose subject is said before it. */
const OPENING_KEYWORDS = new Set(['must', 'should', 'may', 'shall', 'required', 'recommended', 'optional']);
const startsWithKeyword = (u: Unit) => OPENING_KEYWORDS.has(u.words[0]?.key ?? '');
const lastWordEnd = (u: Unit) => {
  const w = u.words.at(-1);
  return w ? w.offset + w.raw.length : 0;
};
const endsWithColon = (u: Unit) => /:\s*$/.test(u.plain) || !!u.words.at(-1)?.raw.endsWith(':');

function rewordedFinding(pair: Located): Finding | undefined {
  if (pair.ratio < REWORDED_RATIO || pair.ratio === 1 || pair.sep.keys.length < REWORDED_WORDS) return undefined;
  // The BCP 14 paragraph is boilerplate each document words its own way (which keywords it lists, which RFCs it cites).
  if (quotesKeywords(pair.sep.plain) || quotesKeywords(pair.doc.plain)) return undefined;
  const hunks = wordHunks(pair.sep, pair.doc).filter(
    (h, i, all) =>
      letters(h.dropped) !== letters(h.added) &&
      // A label the SEP puts before the sentence (`**Note:**`, `Client Requirement:`), which the spec leaves out.
      !(i === 0 && h.sepOffset === 0 && !h.added.length && h.dropped.at(-1)?.raw.endsWith(':')) &&
      // The subject, which the spec's item leaves to its list's lead-in ("For servers:" then "- SHOULD fetch...").
      !(
        i === 0 &&
        h.sepOffset === 0 &&
        h.docOffset <= (pair.doc.words[0]?.offset ?? 0) &&
        !h.added.length &&
        startsWithKeyword(pair.doc)
      ) &&
      // The end of the sentence, which the spec continues in the block after its colon (a formula shown apart).
      !(i === all.length - 1 && !h.added.length && h.docOffset >= lastWordEnd(pair.doc) && endsWithColon(pair.doc)),
  );
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

/**
 * Turns a stretch of Markdown (a proposal block in a SEP, a section of a docs page, a JSDoc
 * summary) into the units sep-diff aligns: list items, sentences of paragraphs, headings and
 * table rows. Each unit keeps its plain text and a map from plain-text offsets back to exact
 * positions in the file the reader sees (the SEP, the page, schema.ts).
 */
import type { Nodes, Parent, PhrasingContent, RootContent } from 'mdast';
import type { Location } from '../core/location.js';
import type { TextFile } from '../core/text-file.js';
import { sentenceSpans } from '../util/sentences.js';

/** Where a parsed text sits: its own text file, and how its 1-based line/column map to the real file. */
export interface Region {
  /** The text that was parsed (the page itself, or a block's value). */
  source: TextFile;
  /** Maps a 1-based line and column of `source` to a location in the file the user reads. */
  map(line: number, column: number): Location;
}

export type UnitKind = 'item' | 'sentence' | 'heading' | 'row';

export interface Word {
  /** The word as written. */
  raw: string;
  /** Lower case, surrounding punctuation removed: what comparisons use. */
  key: string;
  /** Offset in the unit's plain text. */
  offset: number;
}

export interface Unit {
  kind: UnitKind;
  /** Plain text, whitespace runs collapsed by the reader only (offsets index `plain`). */
  plain: string;
  words: Word[];
  /** The words' keys, kept for comparing units (alignment compares every pair). */
  keys: string[];
  /** Index of the top-level block (child of the compared stretch) that holds the unit. */
  block: number;
  /** Position in reading order within the stretch. */
  index: number;
  /** An item of a numbered list: its place in the list means something (steps, precedence). */
  ordered?: boolean;
  /** Location of a plain-text offset. */
  locate(offset: number): Location;
  /** Location of the unit's first character. */
  location: Location;
}

/** A piece of plain text that came from one mdast node, with the stretch of source it came from. */
interface Piece {
  plainStart: number;
  text: string;
  /** Offsets in the region's source of the node's text (from `start` to `end`). */
  start: number;
  end: number;
  /** Source offset of each character of `text`, computed when first needed. */
  offsets?: number[];
}

/** How far ahead in the source a value character is looked for (escapes, entities, indentation). */
const LOOKAHEAD = 12;

/** Text with its pieces, built from phrasing content. */
class PlainText {
  text = '';
  pieces: Piece[] = [];

  constructor(readonly region: Region) {}

  add(text: string, start: number, end: number): void {
    this.pieces.push({ plainStart: this.text.length, text, start, end });
    this.text += text;
  }

  /**
   * Location of a plain offset. The node's value differs from its source (escapes, entities,
   * the indentation of continuation lines, code backticks), so each value character is matched
   * to the next equal source character a little ahead; characters with no match keep the place.
   */
  locate(offset: number): Location {
    let piece = this.pieces[0];
    for (const p of this.pieces) {
      if (p.plainStart <= offset) piece = p;
      else break;
    }
    if (!piece) return this.region.map(1, 1);
    const src = this.region.source.text;
    if (!piece.offsets) {
      const offsets: number[] = [];
      let j = piece.start;
      for (const ch of piece.text) {
        let k = j;
        while (k < piece.end && k < j + LOOKAHEAD && src[k] !== ch) k++;
        if (k < piece.end && src[k] === ch) j = k;
        offsets.push(Math.min(j, Math.max(piece.start, piece.end - 1)));
        if (src[j] === ch) j++;
        // Code units beyond the first of a character (surrogate pairs) follow it.
        for (let extra = 1; extra < ch.length; extra++) offsets.push(offsets.at(-1)! + extra);
      }
      piece.offsets = offsets;
    }
    const within = offset - piece.plainStart;
    const at = within < piece.offsets.length ? piece.offsets[within] : (piece.offsets.at(-1) ?? piece.start - 1) + 1;
    const pos = this.region.source.position(at);
    return this.region.map(pos.line, pos.column);
  }
}

function addPhrasing(out: PlainText, nodes: readonly (PhrasingContent | Nodes)[]): void {
  for (const node of nodes) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        out.add(node.value, start, end);
        break;
      case 'break':
        out.add(' ', start, end);
        break;
      case 'image':
        if (node.alt) out.add(node.alt, start, end);
        break;
      default:
        if ('children' in node) addPhrasing(out, (node as Parent).children as PhrasingContent[]);
    }
  }
}

const WORD = /\S+/g;

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    // Typographic quotes are the straight ones (`don’t` is `don't`), whichever the writer's editor put.
    const key = m[0]
      .toLowerCase()
      .replace(/[‘’ʼ]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/^[^\p{L}\p{N}<{$-]+|[^\p{L}\p{N}>}]+$/gu, '');
    if (key) words.push({ raw: m[0], key, offset: m.index! });
  }
  return words;
}

function makeUnit(
  kind: UnitKind,
  plain: PlainText,
  start: number,
  end: number,
  block: number,
  index: number,
): Unit | undefined {
  // Placeholders escaped for the MDX parser (`⟨name⟩`, see parseBlock) read as written again.
  const slice = plain.text.slice(start, end).replace(/⟨/g, '<').replace(/⟩/g, '>');
  const lead = slice.length - slice.trimStart().length;
  const text = slice.trim();
  const words = wordsOf(text);
  if (!words.length) return undefined;
  const base = start + lead;
  return {
    kind,
    plain: text,
    words,
    keys: words.map((w) => w.key),
    block,
    index,
    locate: (offset) => plain.locate(base + offset),
    location: plain.locate(base),
  };
}

/**
 * The units of a sequence of top-level nodes. Code blocks are left out: examples are checked
 * by the template and JSON rules, not compared as wording. JSX elements count by their content.
 */
export function unitsOf(nodes: readonly RootContent[], region: Region): Unit[] {
  const units: Unit[] = [];
  const push = (u: Unit | undefined) => {
    if (u) units.push(u);
  };
  const visitNode = (node: RootContent | Nodes, block: number, inOrderedList = false): void => {
    switch (node.type) {
      case 'list':
        for (const item of node.children) visitNode(item, block, !!node.ordered);
        return;
      case 'heading': {
        const plain = new PlainText(region);
        addPhrasing(plain, node.children);
        push(makeUnit('heading', plain, 0, plain.text.length, block, units.length));
        return;
      }
      case 'paragraph': {
        const plain = new PlainText(region);
        addPhrasing(plain, node.children);
        for (const s of sentenceSpans(plain.text))
          push(makeUnit('sentence', plain, s.start, s.end, block, units.length));
        return;
      }
      case 'listItem': {
        // The item's own text (its paragraphs); nested lists become items of their own.
        const plain = new PlainText(region);
        for (const child of node.children) {
          if (child.type === 'paragraph') {
            if (plain.text) plain.add(' ', child.position?.start.offset ?? 0, child.position?.start.offset ?? 0);
            addPhrasing(plain, child.children);
          }
        }
        const item = makeUnit('item', plain, 0, plain.text.length, block, units.length);
        push(item && inOrderedList ? { ...item, ordered: true } : item);
        for (const child of node.children) if (child.type !== 'paragraph') visitNode(child, block);
        return;
      }
      case 'tableRow': {
        const plain = new PlainText(region);
        node.children.forEach((cell, i) => {
          if (i) plain.add(' | ', cell.position?.start.offset ?? 0, cell.position?.start.offset ?? 0);
          addPhrasing(plain, cell.children);
        });
        push(makeUnit('row', plain, 0, plain.text.length, block, units.length));
        return;
      }
      case 'code':
      case 'html':
      case 'yaml':
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'definition':
      case 'thematicBreak':
        return;
      default:
        if ('children' in node) for (const child of (node as Parent).children) visitNode(child as RootContent, block);
    }
  };
  nodes.forEach((node, i) => visitNode(node, i));
  return units;
}

/**
 * Claims from MDX prose: list items under a heading, bold label or lead-in sentence that
 * names a channel; sentences that bind a condition to a channel; and JSON code blocks that
 * show an error response or a flagged result, with the condition read from the message or
 * from the caption just before the block.
 */
import type { CodeBlock, MarkdownPage, SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import type { ResolvedChannel, ResolvedVocabulary } from './vocabulary.js';
import { derivation, type Project } from '../project/project.js';
import {
  addClaimSet,
  emptyClaimSet,
  oneLine,
  readStatement,
  type ClaimSet,
  type ClaimSource,
  type Reading,
} from './claims.js';
import {
  assignedChannels,
  channelsIn,
  conditionsIn,
  matchesAny,
  mayNameCondition,
  normalise,
  sentences,
} from './text.js';
import { jsonBlockLanguage, type ProseJson } from '../prose/json-blocks.js';
import { jsonBlockValues } from '../prose/json-block-values.js';
import { stringsIn } from './extract-examples.js';
import { isObject } from '../util/is-object.js';
import { claimStoreOf, pageClaimsKey, vocabularyDigest } from './claim-store.js';
import { treeForKeptProduct } from '../sources/page-products.js';

interface Point {
  line: number;
  column: number;
  offset?: number;
}

interface Node {
  type: string;
  children?: Node[];
  position?: { start: Point; end: Point };
  depth?: number;
  lang?: string | null;
  value?: string;
}

const CONTAINERS = new Set(['root', 'listItem', 'blockquote', 'mdxJsxFlowElement']);

export function extractFromProse(
  project: Project,
  version: SpecVersion,
  vocabulary: ResolvedVocabulary,
  out: ClaimSet,
): void {
  for (const page of version.pages) {
    // A page's claims depend on the page, the version's id and the vocabulary alone: watch mode
    // keeps unchanged pages, so their claims are read once.
    const box = project.derive(pageClaims, page);
    let kept = box.kept;
    if (!kept || kept.version !== version.id || kept.vocabulary !== vocabulary) {
      // A page without a tree has none; a kept page's tree is not asked for (it is parsed when first walked).
      const read = (): ClaimSet => {
        const set = emptyClaimSet();
        const tree = treeForKeptProduct(page);
        if (tree) new PageReader(project, version, page, vocabulary, set).container(tree as Node, []);
        return set;
      };
      // A check that keeps its products on disk reads them back from the last check's.
      const store = claimStoreOf(project.runtime);
      const key =
        store &&
        pageClaimsKey(
          { file: page.file, syntax: page.syntax },
          project.spec.siteKind ?? '',
          version.id,
          project.derive(digestOfVocabulary, vocabulary),
        );
      box.kept = kept = { version: version.id, vocabulary, set: key ? store.claims(key, vocabulary, read) : read() };
    }
    addClaimSet(out, kept.set);
  }
}

export const digestOfVocabulary = derivation('vocabulary digest', (vocabulary: ResolvedVocabulary) =>
  vocabularyDigest(vocabulary),
);

/** The claims last read from a page, with what they were read for; carried over to the next project of a watch session. */
const pageClaims = derivation(
  'page claims',
  (_page: MarkdownPage): { kept?: { version: string; vocabulary: ResolvedVocabulary; set: ClaimSet } } => ({}),
  { carriesOver: true },
);

class PageReader {
  private readonly blocksByLine: Map<number, CodeBlock>;
  private readonly failureKeys: string[];

  constructor(
    private readonly project: Project,
    private readonly version: SpecVersion,
    private readonly page: MarkdownPage,
    private readonly vocabulary: ResolvedVocabulary,
    private readonly out: ClaimSet,
  ) {
    this.blocksByLine = new Map(page.codeBlocks.map((b) => [b.location.line, b]));
    this.failureKeys = [
      '"error"',
      ...vocabulary.channels.filter((c) => c.kind === 'result-flag').map((c) => `"${c.flag}"`),
    ];
  }

  private raw(node: Node): string {
    const p = node.position;
    if (!p || p.start.offset === undefined || p.end.offset === undefined) return '';
    return this.page.file.text.slice(p.start.offset, p.end.offset);
  }

  private at(node: Node, offset = 0): Location {
    const start = node.position?.start.offset ?? 0;
    return this.page.file.location(start + offset);
  }

  /** Reads the children of a container, keeping the headings seen so far (innermost last). */
  container(node: Node, headings: string[]): void {
    const children = node.children ?? [];
    const path = [...headings];
    children.forEach((child, i) => {
      const previous = children[i - 1];
      if (child.type === 'heading') {
        const depth = child.depth ?? 1;
        path.splice(depth - 1);
        path[depth - 1] = this.raw(child).replace(/^#+\s*/, '');
      } else if (child.type === 'paragraph') {
        // The first paragraph of a list item is read as the item (see list()).
        if (!(node.type === 'listItem' && i === 0)) this.paragraph(child);
      } else if (child.type === 'list') {
        this.list(child, node, previous, path.filter(Boolean));
      } else if (child.type === 'code') {
        this.codeBlock(child, previous);
      } else if (CONTAINERS.has(child.type)) {
        this.container(child, path.filter(Boolean));
      }
    });
  }

  private paragraph(node: Node): void {
    const text = this.raw(node);
    // Most paragraphs name no condition and no code: nothing to read.
    if (!/-\d/.test(text) && !mayNameCondition(text, this.vocabulary)) return;
    for (const s of sentences(text))
      this.statement(s.text, this.at(node, s.offset), 'prose', 'sentence', readStatement(s.text, this.vocabulary));
  }

  private list(list: Node, parent: Node, previous: Node | undefined, headings: string[]): void {
    const items = (list.children ?? [])
      .map((item) => item.children?.[0])
      .filter((n): n is Node => n?.type === 'paragraph')
      .map((n) => this.raw(n));
    if (!items.some((t) => /-\d/.test(t) || mayNameCondition(t, this.vocabulary))) {
      // No item names a condition or a code: only nested content can hold claims.
      for (const item of list.children ?? []) this.container(item, headings);
      return;
    }
    const context = this.listContext(parent, previous, headings);
    for (const item of list.children ?? []) {
      const first = item.children?.[0];
      if (first?.type === 'paragraph' && !context.channel && !context.skip) {
        // Nothing around the list names a channel: its items are ordinary sentences.
        this.paragraph(first);
      } else if (first?.type === 'paragraph') {
        const text = this.raw(first);
        const where = context.channel ? `list item under "${oneLine(context.label, 60)}"` : 'list item';
        const reading: Reading = context.skip
          ? skipReading(text, this.vocabulary, context.skip)
          : readStatement(text, this.vocabulary, { channel: context.channel });
        this.statement(text, this.at(first), 'prose', where, reading);
      }
      this.container(item, headings);
    }
  }

  /**
   * The channel a list's items inherit: from the lead-in paragraph just before the list, else
   * the bold label of the enclosing list item, else the innermost heading that names one.
   */
  private listContext(
    parent: Node,
    previous: Node | undefined,
    headings: string[],
  ): { channel?: ResolvedChannel; label: string; skip?: string } {
    const candidates: string[] = [];
    if (previous?.type === 'paragraph') candidates.push(this.raw(previous));
    if (parent.type === 'listItem' && parent.children?.[0]?.type === 'paragraph' && parent.children[0] !== previous)
      candidates.push(this.raw(parent.children[0]));
    for (const text of candidates) {
      const norm = normalise(text);
      const retired = matchesAny(this.vocabulary.retiredCode, norm);
      if (retired) return { label: text, skip: `the list follows a statement about retired codes ("${retired}")` };
      const historical = matchesAny(this.vocabulary.historical, norm);
      if (historical)
        return {
          label: text,
          skip: `the list follows a statement about other versions or compatibility ("${historical}")`,
        };
      const label = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__)/.exec(text)?.[1] ?? '';
      const fromLabel = label ? assignedChannels(channelsIn(normalise(label), this.vocabulary)) : [];
      if (fromLabel.length === 1) return { channel: fromLabel[0], label };
      // A sentence leads in to the list only when it ends with a colon ("... for common failure cases:").
      if (!/:\s*$/.test(text)) continue;
      const named = assignedChannels(channelsIn(norm, this.vocabulary));
      if (named.length === 1) return { channel: named[0], label: text };
      if (named.length > 1)
        return {
          label: text,
          skip: `the lead-in names more than one channel (${named.map((c) => c.label).join(', ')})`,
        };
    }
    for (const heading of [...headings].reverse()) {
      const named = assignedChannels(channelsIn(normalise(heading), this.vocabulary));
      if (named.length === 1) return { channel: named[0], label: heading };
    }
    return { label: '' };
  }

  private statement(text: string, location: Location, source: ClaimSource, subject: string, reading: Reading): void {
    const version = this.version.id;
    if (reading.kind === 'skip') {
      this.out.skipped.push({
        version,
        conditions: reading.conditions.map((c) => c.id),
        source,
        location,
        text: oneLine(text),
        reason: reading.reason,
      });
      return;
    }
    const code = reading.code;
    // A code counts as used when the statement binds it to a channel, not when it merely mentions it.
    if (code !== undefined && (reading.kind === 'claims' || reading.explicitChannel)) {
      this.out.codeUses.push({ version, code, source, subject, location, text: oneLine(text) });
    }
    if (reading.kind !== 'claims') return;
    if (reading.codeNote) {
      this.out.skipped.push({
        version,
        conditions: reading.conditions.map((c) => c.id),
        source,
        location,
        text: oneLine(text),
        reason: `claim kept without a code: ${reading.codeNote}`,
      });
    }
    for (const condition of reading.conditions) {
      this.out.claims.push({
        version,
        condition,
        channel: reading.channel,
        code,
        source,
        subject,
        location,
        text: oneLine(text),
      });
    }
  }

  private codeBlock(node: Node, previous: Node | undefined): void {
    const language = jsonBlockLanguage(node.lang);
    if (!language) return;
    const block = node.position && this.blocksByLine.get(node.position.start.line);
    // Only a block that shows an error object or a failure flag can hold a claim.
    if (!block || !this.failureKeys.some((k) => block.value.includes(k))) return;
    // Read as prose/json-valid reads it; a block with a syntax error gives no claim.
    const values = jsonBlockValues(this.project, block);
    if (values.some((v) => v.errors.length)) return;
    for (const json of values) this.jsonValue(json, block, previous);
  }

  private jsonValue(json: ProseJson, block: CodeBlock, previous: Node | undefined): void {
    const value = json.value;
    if (!isObject(value)) return;
    const version = this.version.id;
    const subject = 'JSON example';

    let channel: ResolvedChannel | undefined;
    let code: number | undefined;
    let message = '';
    let at = { line: 0, column: 0 };
    const errorChannel = this.vocabulary.channels.find((c) => c.kind === 'error-response');
    if (errorChannel && isObject(value.error) && typeof value.error.code === 'number') {
      channel = errorChannel;
      code = value.error.code;
      // A message left out (`"message": ...`) says nothing.
      const shown = typeof value.error.message === 'string' && !json.placeholders.includes('/error/message');
      message = shown ? (value.error.message as string) : '';
      at = json.positionOf('/error', 'code');
    } else if (isObject(value.result)) {
      for (const c of this.vocabulary.channels) {
        if (c.kind === 'result-flag' && value.result[c.flag!] === true) {
          channel = c;
          message = stringsIn(value.result).join(' ');
          at = json.positionOf('/result', c.flag!);
          break;
        }
      }
    }
    if (!channel) return;
    const location = block.locate(at.line, at.column);
    // The caption: the paragraph or heading just before the block.
    const caption =
      previous?.type === 'paragraph' || previous?.type === 'heading' ? this.raw(previous).replace(/^#+\s*/, '') : '';
    const text = oneLine(`${message}${caption ? ` (after: ${caption})` : ''}`);
    if (code !== undefined) this.out.codeUses.push({ version, code, source: 'prose-json', subject, location, text });

    const captionNorm = normalise(caption);
    const historical =
      matchesAny(this.vocabulary.historical, captionNorm) ?? matchesAny(this.vocabulary.retiredCode, captionNorm);
    let conditions = conditionsIn(normalise(message), this.vocabulary);
    if (!conditions.length) conditions = conditionsIn(captionNorm, this.vocabulary);
    if (!conditions.length) return;
    if (historical) {
      this.out.skipped.push({
        version,
        conditions: conditions.map((c) => c.id),
        source: 'prose-json',
        location,
        text,
        reason: `the caption speaks of other versions or retired codes ("${historical}")`,
      });
      return;
    }
    for (const condition of conditions) {
      this.out.claims.push({ version, condition, channel, code, source: 'prose-json', subject, location, text });
    }
  }
}

function skipReading(text: string, vocabulary: ResolvedVocabulary, reason: string): Reading {
  const conditions = conditionsIn(normalise(text), vocabulary);
  return conditions.length ? { kind: 'skip', conditions, reason } : { kind: 'none', explicitChannel: false };
}

/**
 * The text a JSON block is read with: the paragraphs and headings before it, nearest first, and
 * the prose of its section, from which classification tells what the block shows.
 */
import type { CodeBlock, MarkdownPage } from '../model/spec.js';
import type { ResolvedVocabulary } from '../consistency/vocabulary.js';

export interface BlockContext {
  /** Text units before the block, nearest first: `paragraphs`, then `headings`. */
  units: string[];
  /** Paragraphs between the previous block (or heading) and the block, nearest first. */
  paragraphs: string[];
  /** The enclosing headings, innermost first. */
  headings: string[];
  /** The prose of the section before the block (from its heading, code blocks left out), for what the section names. */
  section?: string;
}

/**
 * The text before a block, nearest first: the paragraphs between the previous block (or
 * heading) and this one, one unit each, then the enclosing headings from the innermost out.
 */
export function blockContext(page: MarkdownPage, block: CodeBlock): BlockContext {
  const units: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) units.push(paragraph.reverse().join(' '));
    paragraph = [];
  };
  for (let line = block.location.line - 1, seen = 0; line >= 1 && seen < 40; line--, seen++) {
    const text = page.file.lineText(line).trim();
    if (/^(```|~~~)/.test(text) || /^#{1,6}\s/.test(text)) break;
    if (!text || /^<\/?[A-Za-z]/.test(text)) {
      flush();
      continue;
    }
    paragraph.push(text);
  }
  flush();
  const paragraphs = units.filter((u) => u.trim());
  const headings = [...block.headingPath].reverse();
  return { units: [...paragraphs, ...headings], paragraphs, headings, section: sectionProse(page, block) };
}

/** The prose lines between the block's heading and the block, code blocks left out (a bounded look back). */
function sectionProse(page: MarkdownPage, block: CodeBlock): string {
  const lines: string[] = [];
  let inFence = false;
  for (let line = block.location.line - 1, seen = 0; line >= 1 && seen < 400; line--, seen++) {
    const text = page.file.lineText(line).trim();
    if (/^(```|~~~)/.test(text)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (/^#{1,6}\s/.test(text)) break;
    lines.push(text);
  }
  return lines.reverse().join(' ');
}

/** PascalCase words and names in backticks in a text: possible declaration names. */
export function namesIn(text: string): string[] {
  const pascal = text.match(/\b[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+\b/g) ?? [];
  const quoted = [...text.matchAll(/`([A-Z][A-Za-z0-9]*)`/g)].map((m) => m[1]);
  return [...new Set([...pascal, ...quoted])];
}

/** The vocabulary's JSON block phrases found in a text. */
export function phrasesIn(vocabulary: ResolvedVocabulary, text: string): ResolvedVocabulary['jsonBlockPhrases'] {
  return vocabulary.jsonBlockPhrases.filter((entry) => entry.pattern.test(text));
}

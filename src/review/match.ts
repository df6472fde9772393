/**
 * Which findings of the tree its base has too. A finding is matched to one of the base's by its
 * rule, its file and, from the strictest to the loosest: the message and the text of its line;
 * the message with numbers written out and the line; its root cause (`group`, which hashes no
 * line number: a consistency drift stays itself when a sentence of it is reworded); the message
 * with numbers and quoted text written out and the line; the message with numbers written out
 * alone. Each pass takes the nearest line among what is left, so that line shifts above a
 * finding never make it new, and a second copy of a defect on another line is new.
 */
import type { Finding } from '../core/finding.js';
import type { LineText } from '../engine/baseline.js';

export interface Match {
  /** For each finding of the tree, in order: whether the base has none that matches. */
  isNew: boolean[];
  /** The base's findings that the tree no longer has. */
  fixed: number;
}

const numbers = (message: string) => message.replace(/\d+/g, '#');
/**
 * The wording of a message without what it quotes: quoted text, a list of quoted items, plural
 * endings (a schema change that makes one of three missing properties optional rewords the
 * message of the same defect). Only used together with the text of the finding's line.
 */
const quotes = (message: string) =>
  numbers(message)
    .replace(/"[^"\n]*"/g, '"…"')
    .replace(/“[^”\n]*”/g, '"…"')
    .replace(/`[^`\n]*`/g, '"…"')
    .replace(/"…"(?:(?:,? and |,? or |, )"…")+/g, '"…"')
    .replace(/\b(\w+?)(?:ies|y)\b/g, '$1')
    .replace(/\b(\w+?)e?s\b/g, '$1');

type Fingerprint = (f: Finding, line: string | undefined) => string | undefined;

const passes: Fingerprint[] = [
  (f, line) => JSON.stringify([f.message, line?.trim()]),
  (f, line) => JSON.stringify([numbers(f.message), line?.trim()]),
  (f) => (f.group ? JSON.stringify(['group', f.group]) : undefined),
  (f, line) => JSON.stringify([quotes(f.message), line?.trim()]),
  (f) => JSON.stringify([numbers(f.message)]),
];

export function matchFindings(head: Finding[], base: Finding[], headLine: LineText, baseLine: LineText): Match {
  const isNew = head.map(() => true);
  const taken = base.map(() => false);
  for (const fingerprint of passes) {
    const candidates = new Map<string, number[]>();
    base.forEach((f, i) => {
      if (taken[i]) return;
      const print = fingerprint(f, baseLine(f.file, f.line));
      if (print === undefined) return;
      const key = JSON.stringify([f.rule, f.file, print]);
      if (!candidates.has(key)) candidates.set(key, []);
      candidates.get(key)!.push(i);
    });
    head.forEach((f, i) => {
      if (!isNew[i]) return;
      const print = fingerprint(f, headLine(f.file, f.line));
      if (print === undefined) return;
      const left = candidates.get(JSON.stringify([f.rule, f.file, print]))?.filter((j) => !taken[j]);
      if (!left?.length) return;
      let best = left[0]!;
      for (const j of left) if (Math.abs(base[j]!.line - f.line) < Math.abs(base[best]!.line - f.line)) best = j;
      taken[best] = true;
      isNew[i] = false;
    });
  }
  return { isNew, fixed: taken.filter((t) => !t).length };
}

/**
 * Where the sentences of a text start and end. One splitter for the consistency claims (prose
 * and JSDoc sentences) and sep-diff (the sentences it aligns), so that both cut a text alike.
 */

/** A sentence of a text: `[start, end)` offsets, without the space that follows it. */
export interface SentenceSpan {
  start: number;
  end: number;
}

/**
 * Abbreviations whose period ends no sentence: the lower-case ones in any case ("E.g."), the
 * capitalised ones only so ("yes or no. Then" is two sentences).
 */
const ABBREVIATIONS = /(?:\b(?:[Ee]\.[Gg]|[Ii]\.[Ee]|[Ee][Tt][Cc]|[Vv][Ss]|[Cc][Ff]|Dr|Mr|Ms)\.)$/;
/** Abbreviations that end no sentence when a number follows ("No. 5", "Fig. 2"); "No. Servers MAY..." is two. */
const NUMBERED = /\b(?:No|Fig)\.$/;

/**
 * A sentence ends at a `.`, `!` or `?` (and a closing quote or parenthesis after it) followed by
 * space and what can start a sentence: a capital, a digit, an opening quote or parenthesis, a
 * link, or Markdown emphasis or code. Blank sentences are left out.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  const boundary = /[.!?][)"'”’]?\s+(?=[A-Z0-9*_`"“(\[])/g;
  for (const m of text.matchAll(boundary)) {
    const end = m.index! + m[0].trimEnd().length;
    const sentence = text.slice(start, end);
    if (ABBREVIATIONS.test(sentence)) continue;
    if (NUMBERED.test(sentence) && /\d/.test(text[m.index! + m[0].length] ?? '')) continue;
    spans.push({ start, end });
    start = m.index! + m[0].length;
  }
  if (start < text.length) spans.push({ start, end: text.length });
  return spans.filter((s) => text.slice(s.start, s.end).trim());
}

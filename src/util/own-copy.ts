/**
 * A copy of `text` that keeps no larger string alive. V8 makes a slice of a long string (13
 * characters or more: `slice`, `split`, a regular expression's match) a view of the whole string
 * it was taken from, which lives as long as the slice does; a value kept for the life of a check
 * that was read from a text made only to read it (a page with its code blanked) would keep that
 * text too. Joining makes a new string, and slicing the join makes a view of that new string alone.
 */
export function ownCopy(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

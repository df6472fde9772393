/**
 * Text from the checked tree (file names, quoted source, messages that quote it) shown as
 * written, never as what a terminal or renderer would do with it: control characters become
 * visible escapes (`\x1b`, `\n`), so that no escape sequence reaches a terminal, no line break
 * splits a one-line format (a Markdown table row, a GitHub command), and no bidirectional
 * override reorders what a reviewer reads. Tab is kept.
 */
// C0 but tab, DEL, C1, the line and paragraph separators, and the bidirectional controls and marks (LRM, RLM, ALM).
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

/**
 * `s` with every control character but tab written as an escape; with `keepLineBreaks`, `\n`
 * and `\r` stay (a format that encodes them itself: GitHub's workflow commands).
 */
export function visible(s: string, keepLineBreaks = false): string {
  if (!CONTROL.test(s)) return s;
  return s.replace(CONTROLS, (c) => (keepLineBreaks && (c === '\n' || c === '\r') ? c : escapeOne(c)));
}

function escapeOne(c: string): string {
  const code = c.charCodeAt(0);
  return (
    NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

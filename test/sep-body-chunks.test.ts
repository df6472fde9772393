import { describe, expect, it } from 'vitest';
import * as prettier from 'prettier';
import { differingBodyChunks, pageWithCommittedChunks } from '../src/generators/sep-body-chunks.js';

// A page as a repository's renderer writes it: a formatted head ending in a thematic break, then the body.
const formattedHead =
  '---\ntitle: "SEP-9: Spouts"\n---\n\n| Field   | Value |\n| ------- | ----- |\n| **SEP** | 9     |\n\n---\n';
const head = '---\ntitle: "SEP-9: Spouts"\n---\n\n| Field | Value |\n| --- | --- |\n| **SEP** | 9 |\n\n---\n\n';
const long =
  '3. <b>Client</b> pours from the spout and checks the level of the water in the kettle before it boils over the rim.';
const body = [
  '## Abstract',
  '',
  'A spout pours. It pours water from the kettle into a cup, and only into a cup, at a steady rate.',
  '',
  '## Motivation',
  '',
  'Kettles without spouts spill. Spilled water scalds hands, floors and the cat, in that order.',
  '',
  '## Steps',
  '',
  long,
  '',
  '```text',
  'pour',
  '',
  'stop',
  '```',
  '',
  '```ts',
  'interface Pours {',
  '  [key: string]: unknown;',
  '}',
  '```',
  '',
  'The end.',
].join('\n');
const format = (text: string) => prettier.format(text, { filepath: 'docs/seps/9-spouts.mdx', proseWrap: 'always' });

describe('a SEP page judged by its head and the blocks of its body that differ', () => {
  it('formats alone the rewrapped block, and takes the committed page when it comes out as committed', async () => {
    const wrapped = await format(long);
    expect(wrapped).not.toBe(`${long}\n`);
    const committed = `${formattedHead}\n${body.replace(long, wrapped.trimEnd())}\n`;
    const judged = differingBodyChunks(head, body, committed)!;
    expect(judged.chunks).toEqual([{ text: long, committed: wrapped.trimEnd() }]);
    expect(committed.slice(judged.bodyStart)).toMatch(/^## Abstract/);
    const outputs = await Promise.all(judged.chunks.map((c) => format(c.text)));
    expect(pageWithCommittedChunks(formattedHead, committed, judged, outputs)).toBe(committed);
    // A block that formats otherwise, or a head that does: not taken.
    expect(pageWithCommittedChunks(formattedHead, committed, judged, ['3. other\n'])).toBeUndefined();
    expect(
      pageWithCommittedChunks(formattedHead.replace('9     |', '9 |'), committed, judged, outputs),
    ).toBeUndefined();
  });

  it('widens a change to whole blocks: a fenced block with blank lines, an indented line to its list item', () => {
    const committed = `${formattedHead}\n${body.replace('stop', 'halt').replace(long, `${long.slice(0, 60)}\n   ${long.slice(61)}`)}\n`;
    const { chunks } = differingBodyChunks(head, body, committed)!;
    expect(chunks.map((c) => c.text)).toEqual([long, '```text\npour\n\nstop\n```']);
    expect(chunks[1].committed).toBe('```text\npour\n\nhalt\n```');
  });

  it('leaves to the whole page what it cannot judge by parts', () => {
    const committedOf = (text: string) => `${formattedHead}\n${text}\n`;
    const reworded = body.replace('The end.', 'The very end.');
    // A definition ties blocks together (one in a code block, as above, is code).
    expect(differingBodyChunks(head, `${body}\n\n[ref]: https://example.test`, committedOf(reworded))).toBeUndefined();
    expect(differingBodyChunks(head, body, committedOf(reworded))).toBeDefined();
    // A part that starts with a thematic break would read as front matter alone.
    const ruled = body.replace('The end.', '---\n\nThe end.');
    expect(differingBodyChunks(head, ruled, committedOf(ruled.replace('---', '***')))).toBeUndefined();
    // On the committed side, the part is not between blank lines.
    expect(differingBodyChunks(head, body, committedOf(body.replace('\n\nThe end.', '\nThe end.')))).toBeUndefined();
    // Most of the body differs.
    expect(differingBodyChunks(head, body, committedOf('## Abstract\n\nSomething else entirely.'))).toBeUndefined();
    // The same body: the head alone judges it (`bodyTakenAsCommitted`); no committed head's end.
    expect(differingBodyChunks(head, body, committedOf(body))).toBeUndefined();
    expect(differingBodyChunks(head, body, `${body}\n`)).toBeUndefined();
  });
});

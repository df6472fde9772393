/**
 * HTTP messages shown in fenced ```http blocks: their JSON bodies, read as JSON blocks are.
 */
import type { CodeBlock, MarkdownPage } from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import { derivation, type Project } from '../project/project.js';
import { readJsonBlock, type ProseJson } from './json-blocks.js';

/**
 * A fence whose info string may start with `http` or `https` as a whole word in any case, or any
 * info string with an escape or an entity (`htt&#112;`), as `JSON_FENCE` is for JSON blocks.
 */
const HTTP_FENCE = /(?:`{3,}|~{3,})[ \t]*(?:https?(?![^\s`])|[^\s`]*[&\\])/i;

/** Whether a page's text may hold an ```http block, once per text. */
const mayHaveHttpBlock = derivation('may show HTTP messages', (file: TextFile) => HTTP_FENCE.test(file.text), {
  carriesOver: true,
});

/**
 * The ```http blocks of a page. Told from the text first: a SEP loaded unparsed (it shows no JSON
 * block, see `LoadOptions.sepsToParse`) is not parsed to learn that it shows no HTTP message either.
 */
export function httpBlocks(project: Project, page: MarkdownPage): CodeBlock[] {
  if (!project.derive(mayHaveHttpBlock, page.file)) return [];
  return page.codeBlocks.filter((block) => isHttp(block.lang));
}

function isHttp(lang: string | null | undefined): boolean {
  return /^https?$/i.test(lang ?? '');
}

/**
 * The JSON body of a fenced HTTP message (```http: a request or status line, headers, then the
 * body) whose `Content-Type` is JSON (`application/json`, `…+json`), read as a JSON block is;
 * undefined for any other block. The head is blanked so that positions are the block's.
 */
export function httpJsonBodyValues(project: Project, block: CodeBlock): ProseJson[] | undefined {
  return isHttp(block.lang) ? project.derive(httpBodyValues, block) : undefined;
}

const httpBodyValues = derivation(
  'HTTP body JSON values',
  (block: CodeBlock) => {
    const body = httpJsonBody(block.value);
    return body === undefined ? undefined : readJsonBlock(body);
  },
  { carriesOver: true },
);

const HTTP_START_LINE = /^\s*(?:[A-Z]+ \S+ HTTP\/\d(?:\.\d)?|HTTP\/\d(?:\.\d)? \d{3}\b)/;
const JSON_CONTENT_TYPE = /^\s*content-type\s*:\s*application\/(?:[\w.-]+\+)?json\s*(?:;.*)?$/i;

function httpJsonBody(text: string): string | undefined {
  const lines = text.split('\n');
  if (!HTTP_START_LINE.test(lines[0] ?? '')) return undefined;
  // The head ends at the first blank line, or where the body's JSON starts without one.
  let end = 1;
  while (end < lines.length && lines[end].trim() && !/^\s*[{[]/.test(lines[end])) end++;
  if (!lines.slice(1, end).some((line) => JSON_CONTENT_TYPE.test(line))) return undefined;
  const body = lines.slice(end);
  if (!body.some((line) => line.trim())) return undefined;
  return [...lines.slice(0, end).map((line) => ' '.repeat(line.length)), ...body].join('\n');
}

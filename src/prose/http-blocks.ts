/**
 * HTTP messages shown in fenced ```http blocks: their JSON bodies, read as JSON blocks are.
 */
import type { CodeBlock } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import { readJsonBlock, type ProseJson } from './json-blocks.js';

/**
 * The JSON body of a fenced HTTP message (```http: a request or status line, headers, then the
 * body) whose `Content-Type` is JSON (`application/json`, `…+json`), read as a JSON block is;
 * undefined for any other block. The head is blanked so that positions are the block's.
 */
export function httpJsonBodyValues(project: Project, block: CodeBlock): ProseJson[] | undefined {
  return /^https?$/i.test(block.lang ?? '') ? project.derive(httpBodyValues, block) : undefined;
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

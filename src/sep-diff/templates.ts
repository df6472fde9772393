/**
 * Message templates: a SEP that says error messages follow a template, such as
 * `Unknown tool: <name>. Re-run tools/list and retry.`, is checked against the example messages
 * of the pages it targets (and its own JSON examples). A message is held to a template only
 * when it is about the same condition: it begins with the template's leading words.
 */
import type { InlineCode, List, Paragraph } from 'mdast';
import type { Node, Parent } from 'unist';
import { visit } from '../vendor/markdown.js';
import type { CodeBlock, MarkdownPage } from '../model/spec.js';
import type { Location } from '../core/location.js';
import { finding, quote } from './compare.js';
import type { Finding } from '../core/finding.js';
import { escapeRegExp } from '../util/regexp.js';
import { jsonBlockLanguage } from '../prose/json-blocks.js';

export interface MessageTemplate {
  /** Where it comes from: a template the SEP states, or one of its example messages. */
  source: 'template' | 'example';
  text: string;
  location: Location;
  /** Lower-case leading words that name the condition. */
  condition: string[];
  /** The condition as the label of the template's list item names it (`Input validation:`), when it has one. */
  labelCondition?: string[];
  pattern: RegExp;
}

export interface ExampleMessage {
  text: string;
  location: Location;
}

const PLACEHOLDER = /<[A-Za-z_][\w .-]*>|\{[A-Za-z_][\w.-]*\}/g;
const HAS_PLACEHOLDER = new RegExp(PLACEHOLDER.source);
const CONDITION_WORDS = 3;

/**
 * Inline code holding words, not code or a path, in two places: a paragraph that speaks of a
 * message or template, and the items of a list that such a paragraph introduces (`Recommended
 * patterns:`), where the code must have a placeholder. A list item's label (`- Unknown tool:
 * `Unknown tool: <name>.``) names the condition too.
 */
export function findTemplates(sep: MarkdownPage): MessageTemplate[] {
  const out: MessageTemplate[] = [];
  if (!sep.tree) return out;
  const textOf = (node: Node) => sep.file.text.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
  const add = (code: InlineCode, label?: string) => {
    const text = code.value.trim();
    if (!/\s/.test(text) || /[=();]|:\/\/|^[/.]|^[{[]/.test(text) || !/^[A-Za-z<]/.test(text)) return;
    if (label !== undefined && !HAS_PLACEHOLDER.test(text)) return;
    // A requirement quoted as code, or an HTTP request line, is not a message.
    if (/\b(MUST|SHOULD|SHALL|MAY)\b/.test(text) || /^[A-Z]+ \//.test(text)) return;
    const condition = conditionOf(text);
    const labelCondition = label === undefined ? [] : words(label).slice(0, CONDITION_WORDS);
    if (condition.length < 2 && labelCondition.length < 2) return;
    const start = code.position!.start;
    const ticks = /^`+/.exec(sep.file.text.slice(start.offset))?.[0].length ?? 1;
    // A list item's paragraph that speaks of messages is met twice.
    if (out.some((t) => t.location.line === start.line && t.location.column === start.column + ticks)) return;
    out.push({
      source: 'template',
      text,
      location: { file: sep.path, line: start.line, column: start.column + ticks },
      condition,
      ...(labelCondition.length >= 2 ? { labelCondition } : {}),
      pattern: patternOf(text),
    });
  };
  visit(sep.tree, (node: Node, index: number | undefined, parent: Parent | undefined) => {
    if (node.type === 'paragraph') {
      if (TEMPLATE_WORDS.test(textOf(node))) visit(node, 'inlineCode', (code: InlineCode) => add(code));
      return;
    }
    if (node.type !== 'list' || index === undefined || !parent) return;
    const lead = parent.children[index - 1];
    if (lead?.type !== 'paragraph' || !LIST_LEAD.test(textOf(lead).trim())) return;
    for (const item of (node as List).children) {
      const first = item.children[0];
      if (first?.type !== 'paragraph') continue;
      const codes = (first as Paragraph).children;
      const at = codes.findIndex((c) => c.type === 'inlineCode');
      if (at < 0) continue;
      // The words before the code, when they are a short label ending in a colon.
      const before = codes
        .slice(0, at)
        .map((c) => ('value' in c ? String(c.value) : textOf(c)))
        .join('')
        .trim();
      const label = /^[^:]{1,40}:$/.test(before) ? before.slice(0, -1) : '';
      add(codes[at] as InlineCode, label);
    }
  });
  return out;
}

const TEMPLATE_WORDS = /\b(template|message)s?\b/i;
/** A paragraph that introduces a list of templates: it speaks of messages, templates or patterns and ends in a colon. */
const LIST_LEAD = /\b(template|message|pattern|format)s?\b[^]*:$/i;

/**
 * Templates read from the SEP's own example messages shaped `Head words: value. Rest` (such as
 * `Unknown tool: search_flights. Re-run tools/list and retry.`): the token after the colon,
 * which ends its clause and looks like a value (digits, `_`, `-`, `/`, quotes), is the variable
 * part. Other messages say nothing reliable about which part varies, so they give no template.
 * A condition a stated template covers is left to it.
 */
export function exampleTemplates(sepMessages: ExampleMessage[], stated: MessageTemplate[]): MessageTemplate[] {
  const out: MessageTemplate[] = [];
  for (const m of sepMessages) {
    // The value ends its clause, and looks like one (an identifier, a number, a quoted string).
    const shape = /^([^:]+):\s*([^\s,;]+?)([.,;](?:\s.*)?)?$/s.exec(m.text);
    if (!shape || !/[\d_\-/'"`]/.test(shape[2])) continue;
    const head = words(shape[1]);
    const condition = head.slice(0, CONDITION_WORDS);
    if (condition.length < 2 || head.length > 5) continue;
    const sameAs = (t: MessageTemplate) => t.condition.join(' ') === condition.join(' ');
    if (stated.some(sameAs) || out.some(sameAs)) continue;
    const template = `${shape[1]}: <value>${shape[3] ?? ''}`;
    out.push({ source: 'example', text: m.text, location: m.location, condition, pattern: patternOf(template) });
  }
  return out;
}

/** The words before the first placeholder, up to a colon, at most three. */
function conditionOf(template: string): string[] {
  const head = template.split(PLACEHOLDER)[0].split(':')[0];
  return words(head).slice(0, CONDITION_WORDS);
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

function patternOf(template: string): RegExp {
  const literals = template.split(PLACEHOLDER);
  const body = literals.map((l) => escapeRegExp(l).replace(/\s+/g, '\\s+')).join('.+?');
  return new RegExp(`^\\s*${body.replace(/\\\.$/, '')}\\.?\\s*$`, 'i');
}

/** Whether a message is about the template's condition: it begins with the same words. */
function sameCondition(template: MessageTemplate, message: string): boolean {
  const w = words(message);
  const begins = (condition: string[]) => condition.length >= 2 && condition.every((c, i) => w[i] === c);
  return begins(template.condition) || (template.labelCondition !== undefined && begins(template.labelCondition));
}

const MESSAGE = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
/** The text of a content item: the message of a tool execution error, in a block that shows `isError: true`. */
const ERROR_TEXT = /"text"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
const IS_ERROR = /"isError"\s*:\s*true/;

/** `"message": "..."` strings in the JSON blocks of a page, and the texts of the tool errors they show. */
export function exampleMessages(blocks: CodeBlock[]): ExampleMessage[] {
  const out: ExampleMessage[] = [];
  for (const block of blocks) {
    if (!jsonBlockLanguage(block.lang)) continue;
    const patterns = IS_ERROR.test(block.value) ? [MESSAGE, ERROR_TEXT] : [MESSAGE];
    block.value.split('\n').forEach((line, i) => {
      for (const pattern of patterns)
        for (const m of line.matchAll(pattern)) {
          let text: string;
          try {
            text = JSON.parse(`"${m[1]}"`) as string;
          } catch {
            text = m[1];
          }
          out.push({ text, location: block.locate(i, m.index! + m[0].length - m[1].length - 1) });
        }
    });
  }
  return out;
}

/** A finding for each message about a template's condition that follows none of the templates for it. */
export function checkMessages(
  templates: MessageTemplate[],
  messages: ExampleMessage[],
  where: 'docs' | 'sep',
): Finding[] {
  const out: Finding[] = [];
  for (const m of messages) {
    const relevant = templates.filter((t) => sameCondition(t, m.text));
    if (!relevant.length || relevant.some((t) => t.pattern.test(m.text))) continue;
    const t = relevant[0];
    const who = where === 'docs' ? 'The example message' : 'The SEP’s own example message';
    const what = t.source === 'template' ? 'template' : 'example message';
    out.push(
      finding(
        'template',
        `${who} ${quote(m.text, 60)} does not follow the SEP’s ${what} ${quote(t.text, 60)}`,
        m.location,
        [{ ...t.location, message: `the SEP’s ${what}` }],
      ),
    );
  }
  return out;
}

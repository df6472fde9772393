/**
 * Message templates: a SEP that says error messages follow a template, such as
 * `Unknown tool: <name>. Re-run tools/list and retry.`, is checked against the example messages
 * of the pages it targets (and its own JSON examples). A message is held to a template only
 * when it is about the same condition: it begins with the template's leading words.
 */
import type { InlineCode, Paragraph } from 'mdast';
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
  pattern: RegExp;
}

export interface ExampleMessage {
  text: string;
  location: Location;
}

const PLACEHOLDER = /<[A-Za-z_][\w .-]*>|\{[A-Za-z_][\w.-]*\}/g;
const CONDITION_WORDS = 3;

/** Inline code in a sentence that speaks of a message or template, holding words, not code or a path. */
export function findTemplates(sep: MarkdownPage): MessageTemplate[] {
  const out: MessageTemplate[] = [];
  if (!sep.tree) return out;
  visit(sep.tree, 'paragraph', (paragraph: Paragraph) => {
    const sentenceText = sep.file.text.slice(
      paragraph.position?.start.offset ?? 0,
      paragraph.position?.end.offset ?? 0,
    );
    if (!/\b(template|message)s?\b/i.test(sentenceText)) return;
    visit(paragraph, 'inlineCode', (code: InlineCode) => {
      const text = code.value.trim();
      if (!/\s/.test(text) || /[=();]|:\/\/|^[/.]|^[{[]/.test(text) || !/^[A-Za-z<]/.test(text)) return;
      const condition = conditionOf(text);
      if (condition.length < 2) return;
      const start = code.position!.start;
      const ticks = /^`+/.exec(sep.file.text.slice(start.offset))?.[0].length ?? 1;
      out.push({
        source: 'template',
        text,
        location: { file: sep.path, line: start.line, column: start.column + ticks },
        condition,
        pattern: patternOf(text),
      });
    });
  });
  return out;
}

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
  return template.condition.every((c, i) => w[i] === c);
}

const MESSAGE = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/g;

/** `"message": "..."` strings in the JSON blocks of a page. */
export function exampleMessages(blocks: CodeBlock[]): ExampleMessage[] {
  const out: ExampleMessage[] = [];
  for (const block of blocks) {
    if (!jsonBlockLanguage(block.lang)) continue;
    block.value.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(MESSAGE)) {
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

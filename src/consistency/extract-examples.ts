/**
 * Claims from example files. The folder names the type; an error object (`code` and
 * `message`, bare or under `error`) is an error response with that code, a result whose flag
 * member is true is a result-flag failure. The condition comes from the file name, or else
 * from the message (or the result's text).
 */
import type { Example, JsDocExample, SpecVersion } from '../model/spec.js';
import type { ResolvedChannel, ResolvedVocabulary } from './vocabulary.js';
import { oneLine, type ClaimSet } from './claims.js';
import { conditionsIn, normalise } from './text.js';
import { isObject } from '../util/is-object.js';

export function extractFromExamples(
  version: SpecVersion,
  vocabulary: ResolvedVocabulary,
  codes: Map<string, number>,
  out: ClaimSet,
): void {
  const includedBy = exampleTags(version);
  const errorChannel = vocabulary.channels.find((c) => c.kind === 'error-response');
  const flagChannels = vocabulary.channels.filter((c) => c.kind === 'result-flag');
  for (const example of version.examples) {
    const value = example.document.value;
    if (!isObject(value)) continue;
    const failure = readFailure(example, value, errorChannel, flagChannels);
    if (!failure) continue;
    const subject = `example ${example.typeName}/${example.name}.json`;
    const location = example.file.location(failure.offset);
    const text = `${example.name}.json: ${oneLine(failure.message ?? '', 120)}`;
    if (failure.code !== undefined)
      out.codeUses.push({ version: version.id, code: failure.code, source: 'example', subject, location, text });

    const fromName = conditionsIn(normalise(example.name), vocabulary);
    const fromMessage = failure.message ? conditionsIn(normalise(failure.message), vocabulary) : [];
    let conditions = fromName.length ? fromName : fromMessage;
    if (fromName.length && fromMessage.length && !fromMessage.some((c) => fromName.includes(c))) {
      out.skipped.push({
        version: version.id,
        conditions: [...fromName, ...fromMessage].map((c) => c.id),
        source: 'example',
        location,
        text,
        reason: `the file name names ${fromName.map((c) => c.label).join(', ')} but the message names ${fromMessage.map((c) => c.label).join(', ')}`,
      });
      conditions = [];
    }
    const tag = includedBy.get(example.path);
    for (const condition of conditions) {
      out.claims.push({
        version: version.id,
        condition,
        channel: failure.channel,
        code: failure.code,
        errorType: codes.has(example.typeName) ? example.typeName : undefined,
        source: 'example',
        subject,
        location,
        text,
        related: tag
          ? [{ location: tag.tag.location, message: `included by @example "${tag.tag.title}" of ${tag.declaration}` }]
          : undefined,
      });
    }
  }
}

interface Failure {
  channel: ResolvedChannel;
  code?: number;
  message?: string;
  /** Offset of the member that shows the failure (`code`, or the flag). */
  offset: number;
}

function readFailure(
  example: Example,
  value: Record<string, unknown>,
  errorChannel: ResolvedChannel | undefined,
  flagChannels: ResolvedChannel[],
): Failure | undefined {
  const doc = example.document;
  if (errorChannel) {
    const [error, pointer] = isObject(value.error) ? [value.error, '/error'] : [value, ''];
    if (typeof error.code === 'number' && typeof error.message === 'string') {
      return {
        channel: errorChannel,
        code: error.code,
        message: error.message,
        offset: doc.keyOffset(pointer, 'code') ?? 0,
      };
    }
  }
  for (const channel of flagChannels) {
    const [result, pointer] = isObject(value.result) ? [value.result, '/result'] : [value, ''];
    if (result[channel.flag!] === true) {
      return { channel, message: stringsIn(result).join(' '), offset: doc.keyOffset(pointer, channel.flag!) ?? 0 };
    }
  }
  return undefined;
}

/** The `@example` tag (and its declaration) that includes each example file, by path. */
function exampleTags(version: SpecVersion): Map<string, { tag: JsDocExample; declaration: string }> {
  const out = new Map<string, { tag: JsDocExample; declaration: string }>();
  for (const decl of version.schemaTs?.declarations ?? []) {
    for (const tag of decl.jsdoc?.examples ?? []) {
      if (tag.include && !out.has(tag.include.resolved)) out.set(tag.include.resolved, { tag, declaration: decl.name });
    }
  }
  return out;
}

/** Every string in a value, depth first, leaving out short enum-like words (`"type": "text"`). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return value.includes(' ') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (isObject(value)) return Object.values(value).flatMap(stringsIn);
  return [];
}

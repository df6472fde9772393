/**
 * The consistency vocabulary: which failure conditions and reporting channels a spec talks
 * about, and the phrases that name them. It is data (a built-in one for MCP, or one the user
 * writes in the config file under `vocabulary`), so the engine names no condition, channel,
 * type or file itself. The JSON Schema of the user-facing format is schema/vocabulary.schema.json.
 */
import { mcpVocabulary } from './vocabularies/mcp.js';
import type {
  Vocabulary,
  VocabularyChannel,
  VocabularyCondition,
  VocabularyJsonBlockPhrase,
} from './vocabulary-format.js';
import { derivation, type Project } from '../project/project.js';
import { LoadError } from '../core/errors.js';
import { nestedQuantifier } from './vocabulary-backtracking.js';

export interface ResolvedChannel extends VocabularyChannel {
  id: string;
  patterns: RegExp[];
}

export interface ResolvedCondition extends VocabularyCondition {
  id: string;
  patterns: RegExp[];
}

/** A vocabulary ready for matching: merged with what it extends, phrases compiled. */
export interface ResolvedVocabulary {
  channels: ResolvedChannel[];
  conditions: ResolvedCondition[];
  historical: RegExp[];
  retiredCode: RegExp[];
  negation: RegExp[];
  /** Any condition phrase / any channel phrase, to pass over the many statements that name none quickly. */
  anyCondition: RegExp;
  anyChannel: RegExp;
  /** A negation at the end of a clause, followed only by words that lead up to a channel. */
  negationTail: RegExp;
  /** What the text before a JSON block may call what the block shows, each phrase compiled. */
  jsonBlockPhrases: (VocabularyJsonBlockPhrase & { pattern: RegExp })[];
  /** Method names that stand for any method, each matching a whole name. */
  placeholderMethods: RegExp[];
}

/** A vocabulary that cannot be used: the run stops with exit code 2, as for a missing root. */
export class VocabularyError extends LoadError {}

/** Words that may stand between a negation and the channel it negates: English, not domain terms. */
const LEAD_UP =
  'as|a|an|the|in|into|inside|via|with|through|using|by|be|been|is|are|reported|returned|sent|signalled|signaled|standard|mcp|json rpc|protocol level';

/**
 * The project's vocabulary, resolved once. It carries over in watch mode, so that claims read
 * from an unchanged page (kept by resolved vocabulary) are not read again.
 */
export function projectVocabulary(project: Project): ResolvedVocabulary {
  return project.derive(resolvedVocabulary, project.options.vocabulary ?? mcpVocabulary);
}

const resolvedVocabulary = derivation(
  'resolved vocabulary',
  (vocabulary: Vocabulary) => resolveVocabulary(vocabulary),
  { carriesOver: true },
);

/** Merges a user vocabulary with what it extends and compiles its phrases (a bad one throws `VocabularyError`). */
export function resolveVocabulary(vocabulary: Vocabulary = mcpVocabulary): ResolvedVocabulary {
  checkShape(vocabulary);
  const merged = mergeVocabulary(vocabulary);
  const resolved: ResolvedVocabulary = {
    channels: Object.entries(merged.channels ?? {}).map(([id, c]) => ({
      ...c,
      id,
      patterns: compile(c.phrases, `channel "${id}"`),
    })),
    conditions: Object.entries(merged.conditions ?? {}).map(([id, c]) => ({
      ...c,
      id,
      patterns: compile(c.phrases, `condition "${id}"`),
    })),
    historical: compile(merged.historicalPhrases ?? [], 'historicalPhrases'),
    retiredCode: compile(merged.retiredCodePhrases ?? [], 'retiredCodePhrases'),
    negation: compile(merged.negationPhrases ?? [], 'negationPhrases'),
    anyCondition: anyOf(Object.values(merged.conditions ?? {}).flatMap((c) => c.phrases)),
    anyChannel: anyOf(Object.values(merged.channels ?? {}).flatMap((c) => c.phrases)),
    negationTail: merged.negationPhrases?.length
      ? new RegExp(`(?<![\\w-])(?:${merged.negationPhrases.join('|')})(?:\\s+(?:${LEAD_UP}))*\\s*$`, 'i')
      : /(?!)/,
    jsonBlockPhrases: (merged.jsonBlockPhrases ?? []).map((entry) => ({
      ...entry,
      // Whole words of the text before the block, as written (not normalised: "tool-result" is not "tool result").
      pattern: compileOne(`(?<![\\w])(?:${entry.phrase})(?![\\w])`, 'i', entry.phrase, 'jsonBlockPhrases'),
    })),
    placeholderMethods: (merged.placeholderMethods ?? []).map((p) =>
      compileOne(`^(?:${p})$`, 'i', p, 'placeholderMethods'),
    ),
  };
  return resolved;
}

/** Rejects a vocabulary that does not have the documented shape, naming the first wrong key. */
function checkShape(v: Vocabulary): void {
  const fail = (where: string, what: string) => {
    throw new VocabularyError(`vocabulary${where}: ${what} (see schema/vocabulary.schema.json)`);
  };
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail('', 'must be an object');
  const known = new Set([
    '$schema',
    'extends',
    'remove',
    'channels',
    'conditions',
    'historicalPhrases',
    'retiredCodePhrases',
    'negationPhrases',
    'jsonBlockPhrases',
    'placeholderMethods',
  ]);
  for (const key of Object.keys(v)) if (!known.has(key)) fail(`.${key}`, 'unknown key');
  if (v.extends !== undefined && v.extends !== 'mcp' && v.extends !== 'none')
    fail('.extends', 'must be "mcp" or "none"');
  const strings = (x: unknown, where: string) => {
    if (!Array.isArray(x) || x.some((p) => typeof p !== 'string')) fail(where, 'must be an array of strings');
  };
  if (v.remove !== undefined) strings(v.remove, '.remove');
  for (const key of ['historicalPhrases', 'retiredCodePhrases', 'negationPhrases', 'placeholderMethods'] as const)
    if (v[key] !== undefined) strings(v[key], `.${key}`);
  if (v.jsonBlockPhrases !== undefined) {
    if (!Array.isArray(v.jsonBlockPhrases)) fail('.jsonBlockPhrases', 'must be an array of entries');
    v.jsonBlockPhrases.forEach((entry, i) => {
      const where = `.jsonBlockPhrases[${i}]`;
      const e = entry as Partial<VocabularyJsonBlockPhrase> | null;
      if (typeof e !== 'object' || e === null || Array.isArray(e)) fail(where, 'must be an object');
      for (const key of Object.keys(e!))
        if (key !== 'phrase' && key !== 'result' && key !== 'declaration') fail(`${where}.${key}`, 'unknown key');
      if (typeof e!.phrase !== 'string' || !e!.phrase) fail(`${where}.phrase`, 'must be a non-empty string');
      if ((e!.result === undefined) === (e!.declaration === undefined))
        fail(where, 'needs either a result (a method) or a declaration (a type name)');
      for (const key of ['result', 'declaration'] as const)
        if (e![key] !== undefined && typeof e![key] !== 'string') fail(`${where}.${key}`, 'must be a string');
    });
  }
  for (const [group, entries] of [
    ['channels', v.channels],
    ['conditions', v.conditions],
  ] as const) {
    if (entries === undefined) continue;
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries))
      fail(`.${group}`, 'must be an object of entries by id');
    for (const [id, entry] of Object.entries(entries as Record<string, unknown>)) {
      const e = entry as Partial<VocabularyChannel> | null;
      if (typeof e !== 'object' || e === null) fail(`.${group}.${id}`, 'must be an object');
      if (typeof e!.label !== 'string') fail(`.${group}.${id}.label`, 'must be a string');
      strings(e!.phrases, `.${group}.${id}.phrases`);
      if (group === 'channels') {
        if (e!.kind !== 'error-response' && e!.kind !== 'result-flag')
          fail(`.${group}.${id}.kind`, 'must be "error-response" or "result-flag"');
        if (e!.kind === 'result-flag' && typeof e!.flag !== 'string')
          fail(`.${group}.${id}.flag`, 'a result-flag channel needs the name of its flag member');
      }
    }
  }
}

function mergeVocabulary(v: Vocabulary): Vocabulary {
  if (v === mcpVocabulary || (v.extends ?? 'mcp') === 'none') return v;
  const base = mcpVocabulary;
  const removed = new Set(v.remove ?? []);
  const keep = <T>(entries: Record<string, T> | undefined) =>
    Object.fromEntries(Object.entries(entries ?? {}).filter(([id]) => !removed.has(id)));
  return {
    extends: 'none',
    channels: { ...keep(base.channels), ...v.channels },
    conditions: { ...keep(base.conditions), ...v.conditions },
    historicalPhrases: [...(base.historicalPhrases ?? []), ...(v.historicalPhrases ?? [])],
    retiredCodePhrases: [...(base.retiredCodePhrases ?? []), ...(v.retiredCodePhrases ?? [])],
    negationPhrases: [...(base.negationPhrases ?? []), ...(v.negationPhrases ?? [])],
    jsonBlockPhrases: [...(base.jsonBlockPhrases ?? []), ...(v.jsonBlockPhrases ?? [])],
    placeholderMethods: [...(base.placeholderMethods ?? []), ...(v.placeholderMethods ?? [])],
  };
}

function anyOf(phrases: string[]): RegExp {
  return phrases.length ? new RegExp(phrases.map((p) => `(?:${p})`).join('|'), 'i') : /(?!)/;
}

function compile(phrases: string[], where: string): RegExp[] {
  // Phrases match whole words of the normalised text (see normalise in text.ts).
  return phrases.map((p) => compileOne(`(?<![\\w-])(?:${p})(?![\\w-])`, 'gi', p, where));
}

function compileOne(source: string, flags: string, phrase: string, where: string): RegExp {
  const nested = nestedQuantifier(phrase);
  if (nested !== undefined)
    throw new VocabularyError(
      `vocabulary ${where}: phrase ${JSON.stringify(phrase)} can backtrack catastrophically: the ` +
        (phrase[nested] === '\\'
          ? `backreference at character ${nested + 1} repeats without bound; write it without the repeat`
          : `group at character ${nested + 1} repeats without bound and holds a quantifier without bound; write it without the nesting`),
    );
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new VocabularyError(
      `vocabulary ${where}: invalid phrase ${JSON.stringify(phrase)}: ${(error as Error).message}`,
    );
  }
}

export { mcpVocabulary };
export type { Vocabulary, VocabularyChannel, VocabularyCondition, VocabularyJsonBlockPhrase };

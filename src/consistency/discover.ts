/**
 * What a spec's schema says about how it reports failures, whatever its vocabulary: the JSON-RPC
 * error envelope, failure flags of results (`isError`), and error types with a fixed code. The
 * consistency engine adds a channel for each that the vocabulary lacks, so that a spec other than
 * MCP is read with its own flags; `claims` shows all of it, and turns the error types into
 * suggested conditions when it finds no claim.
 */
import type { Declaration, SpecVersion } from '../model/spec.js';
import { derivation, type Project } from '../project/project.js';
import { messageIndex } from '../prose/schema-index.js';
import { baseErrorEnvelope } from '../prose/base-messages.js';
import { errorCodes } from './extract-schema.js';
import { projectVocabulary, resolveVocabulary, type ResolvedVocabulary } from './vocabulary.js';
import { mcpVocabulary } from './vocabularies/mcp.js';
import type { Vocabulary, VocabularyChannel } from './vocabulary-format.js';

export interface DiscoveredFailures {
  /** The declarations of the JSON-RPC error envelope, by version. */
  errorEnvelopes: { version: string; declaration: string }[];
  /** Boolean members of result types that mark a failure, by version. */
  resultFlags: { version: string; declaration: string; flag: string }[];
  /** Declarations with a fixed error code, by version, and the condition their name says. */
  errorTypes: { version: string; declaration: string; code: number; condition: string }[];
}

/** A boolean member that marks a failed result: `isError`, `failed`, `isRejected`, `error`. */
const FAILURE_FLAG = /^(?:is)?(?:error|errored|failed|failure|rejected|refused|denied|aborted)$/i;

/** What every version's schema says about failures (read once per project). */
export function discoveredFailures(project: Project): DiscoveredFailures {
  return project.derive(failuresOfSpec, project.spec);
}

const failuresOfSpec = derivation('discovered failures', (_spec: Project['spec'], project: Project) => {
  const out: DiscoveredFailures = { errorEnvelopes: [], resultFlags: [], errorTypes: [] };
  for (const version of project.spec.versions) discoverIn(project, version, out);
  // An extension's failures travel in the base protocol's error envelope too (config `extends`).
  const envelope = baseErrorEnvelope(project);
  if (envelope) out.errorEnvelopes.push({ version: 'base protocol', declaration: envelope });
  return out;
});

function discoverIn(project: Project, version: SpecVersion, out: DiscoveredFailures): void {
  const schema = version.schemaTs;
  if (!schema) return;
  const index = messageIndex(project, version);
  const envelope = index?.envelopes.error;
  if (envelope) out.errorEnvelopes.push({ version: version.id, declaration: envelope.name });
  for (const decl of schema.declarations) {
    if (!isResultType(decl)) continue;
    for (const m of decl.members)
      if (FAILURE_FLAG.test(m.name) && m.typeText.trim() === 'boolean')
        out.resultFlags.push({ version: version.id, declaration: decl.name, flag: m.name });
  }
  for (const [declaration, code] of errorCodes(schema))
    out.errorTypes.push({ version: version.id, declaration, code, condition: conditionOf(declaration) });
}

function isResultType(decl: Declaration): boolean {
  return /Result$/.test(decl.name) || decl.extends.some((e) => /Result\b/.test(e));
}

/** The condition an error type's name says: `GadgetNotFoundError` -> "gadget not found". */
export function conditionOf(name: string): string {
  return name
    .replace(/Error$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/**
 * The vocabulary the consistency engine reads with: the project's, plus a channel for each
 * failure flag and for the error envelope the schema has and the vocabulary lacks. The same
 * object as long as neither changes, so that claims kept by vocabulary stay kept in watch mode.
 */
export function consistencyVocabulary(project: Project): ResolvedVocabulary {
  const base = projectVocabulary(project);
  const found = discoveredFailures(project);
  const added: Record<string, VocabularyChannel> = {};
  const known = new Set(base.channels.filter((c) => c.kind === 'result-flag').map((c) => c.flag));
  for (const { flag } of found.resultFlags) {
    if (known.has(flag)) continue;
    known.add(flag);
    added[`result-flag-${flag}`] = {
      label: `result with ${flag}: true`,
      kind: 'result-flag',
      flag,
      phrases: [`${flag}(?::| set to| =| is)? true`],
    };
  }
  if (found.errorEnvelopes.length && !base.channels.some((c) => c.kind === 'error-response'))
    added['error-response'] = {
      label: 'error response (JSON-RPC error)',
      kind: 'error-response',
      // JSON-RPC's own words, not one spec's.
      phrases: ['json rpc errors?(?: responses?)?', 'error responses?', 'errors? with (?:error )?code'],
    };
  const ids = Object.keys(added).sort();
  if (!ids.length) return base;
  const box = project.derive(extendedVocabularies, base);
  const key = JSON.stringify(ids.map((id) => [id, added[id]]));
  let resolved = box.get(key);
  if (!resolved) {
    const own: Vocabulary = project.options.vocabulary ?? mcpVocabulary;
    resolved = resolveVocabulary({ ...own, channels: { ...own.channels, ...added } });
    box.set(key, resolved);
  }
  return resolved;
}

const extendedVocabularies = derivation(
  'vocabularies with discovered channels',
  (_base: ResolvedVocabulary) => new Map<string, ResolvedVocabulary>(),
  { carriesOver: true },
);

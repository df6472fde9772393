/**
 * What classifying a value asks of a version whose JSON Schema is the source (config
 * `layout.schema: false`): the tagged union a value named as one of its branches' definitions
 * is, and whether a method the schema does not name is a mistake.
 */
import type { Declaration, SpecVersion } from '../model/spec.js';
import type { Project } from '../project/project.js';
import type { MessageIndex } from './schema-index.js';
import { unionBranches } from '../model/json-schema-declarations.js';
import { editDistance } from '../util/edit-distance.js';

/**
 * The union a value named as one of its branches' definitions is, where the JSON Schema is the
 * source: the value shows the member the branch adds (`"type": "text"` beside `TextContent`'s
 * own), and exactly one union takes the definition in with that value.
 */
export function unionTaking(
  project: Project,
  version: SpecVersion,
  named: Declaration,
  value: Record<string, unknown>,
): string | undefined {
  if (version.source !== 'jsonSchema' || !version.jsonSchema) return undefined;
  const branches = project.derive(unionBranches, version.jsonSchema).get(named.name) ?? [];
  const unions = new Set(
    branches
      .filter((b) => value[b.member] === b.value && !named.members.some((m) => m.name === b.member))
      .map((b) => b.union),
  );
  return unions.size === 1 ? [...unions][0] : undefined;
}

/**
 * Whether a method no declaration carries is a mistake. A JSON Schema that is the source names its
 * methods one definition at a time while its envelope takes any method string: a method it does
 * not name is a custom one (`_vendor/feature`), unless it is a near namesake of one it names.
 */
export function unknownToSchema(index: MessageIndex, version: SpecVersion, method: string): boolean {
  if (version.source !== 'jsonSchema') return true;
  return nearMethod(index, method) !== undefined;
}

/** The method of the schema a misspelt one most likely meant: at most two edits away, and a third of its length. */
export function nearMethod(index: MessageIndex, method: string): string | undefined {
  const limit = Math.min(2, Math.floor(method.length / 3));
  let best: { method: string; distance: number } | undefined;
  for (const known of [...index.requests.keys(), ...index.notifications.keys()]) {
    if (Math.abs(known.length - method.length) > limit) continue;
    const distance = editDistance(known, method);
    if (distance <= limit && (!best || distance < best.distance)) best = { method: known, distance };
  }
  return best?.method;
}

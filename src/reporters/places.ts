/** The places of root causes: what every format that shows a group at once needs of the findings. */
import type { Finding } from '../core/finding.js';
import { groupsOf } from '../engine/groups.js';

/** The places of each root cause with two or more, in report order, by group id. */
export function placesByGroup(findings: readonly Finding[]): Map<string, Finding[]> {
  const shared = new Set(groupsOf(findings).map((g) => g.id));
  const places = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!f.group || !shared.has(f.group)) continue;
    if (!places.has(f.group)) places.set(f.group, []);
    places.get(f.group)!.push(f);
  }
  return places;
}

/** Spec versions: folders named by date, by version number or by a pattern the config gives, and `draft`. */

/** The one version of an unversioned spec (no `{version}` in the layout); never shown in a message. */
export const UNVERSIONED = '(unversioned)';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBERED = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?$/;

/** The order of the kinds of names: dates, then version numbers, then other names; `draft` last. */
function kindOf(name: string): number {
  if (name === 'draft') return 3;
  if (DATE.test(name)) return 0;
  if (NUMBERED.test(name)) return 1;
  return 2;
}

/**
 * Versions in order: dates by date, version numbers by their numbers (`3.9` before `3.17`, a
 * pre-release `1.0.0-rc.1` before `1.0.0`), other names as text, each kind in that order, and
 * `draft` last.
 */
export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  const kinds = kindOf(a) - kindOf(b);
  if (kinds !== 0) return kinds;
  if (kindOf(a) === 1) return compareNumbered(a, b);
  return a < b ? -1 : 1;
}

function compareNumbered(a: string, b: string): number {
  const [, numbersA, preA] = NUMBERED.exec(a)!;
  const [, numbersB, preB] = NUMBERED.exec(b)!;
  const partsA = numbersA.split('.').map(Number);
  const partsB = numbersB.split('.').map(Number);
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const diff = (partsA[i] ?? 0) - (partsB[i] ?? 0);
    if (diff !== 0) return diff;
  }
  // A pre-release comes before its release.
  if (preA !== preB) {
    if (preA === undefined) return 1;
    if (preB === undefined) return -1;
    return preA.localeCompare(preB, 'en', { numeric: true });
  }
  // `v2` and `2`, or `3.0` and `3`: the same numbers, in a stable order.
  return a < b ? -1 : 1;
}

/**
 * A message's opening about a version: `In draft, ` + the rest, or, in an unversioned spec
 * (`UNVERSIONED`), the rest alone with a capital.
 */
export function inVersion(id: string, rest: string): string {
  return id === UNVERSIONED ? rest.charAt(0).toUpperCase() + rest.slice(1) : `In ${id}, ${rest}`;
}

/** Spec versions: folders named by date, and `draft`. */

/** Dates in order, `draft` last. */
export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'draft') return 1;
  if (b === 'draft') return -1;
  return a < b ? -1 : 1;
}

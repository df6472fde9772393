/**
 * Whether a value is plain JSON: what `JSON.parse` makes of its `JSON.stringify`, so that it can
 * be kept as JSON text (in a key or a cache entry) and read back the same. A value read by
 * jsonc-parser may not be: a non-finite number, `-0`, an object without a prototype or with an own
 * `__proto__` key.
 */
export function isPlainJson(
  value: unknown,
  options: {
    /**
     * Also take objects without a prototype, and own `__proto__` keys: for a value whose JSON
     * text only is kept (a key), not the value itself.
     */
    textOnly?: boolean;
  } = {},
  depth = 0,
): boolean {
  if (depth > 200) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every((v) => isPlainJson(v, options, depth + 1));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (options.textOnly ? proto !== Object.prototype && proto !== null : proto !== Object.prototype) return false;
  if (!options.textOnly && Object.hasOwn(value, '__proto__')) return false;
  return Object.values(value).every((v) => isPlainJson(v, options, depth + 1));
}

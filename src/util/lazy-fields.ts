/**
 * Fields of an object read from another made on demand: a page whose outline, facts or tree are
 * parsed (or read back) only when a rule first asks for one of them.
 */

/**
 * Defines `keys` on `target` as enumerable getters, each reading its field of what `from` gives
 * when asked (`from` makes its value once and keeps it).
 */
export function lazyFields<T extends object, S, K extends keyof S & string>(
  target: T,
  keys: readonly K[],
  from: () => S,
): T & Pick<S, K> {
  for (const key of keys)
    Object.defineProperty(target, key, { get: () => from()[key], enumerable: true, configurable: true });
  return target as T & Pick<S, K>;
}

/**
 * Products of many inputs kept in one disk cache entry, each by a key of what it depends on (the
 * validation verdicts, the inline object types' models, the claims read from the pages). The
 * entry is read once per runtime, when a product is first asked for, and written back after the
 * check when one was made or a kept one went unused, so that it holds what the last check used
 * and does not grow with edits. It has the disk cache's integrity: a tampered entry is not
 * served, and is made again.
 */
import type { DiskCache } from './cache.js';

export class KeptEntry<T> {
  #stored: Record<string, unknown> | undefined;
  readonly #used = new Map<string, T>();
  #changed = false;

  /** `member`: the entry's one member, which holds the products by key. */
  constructor(
    private readonly cache: DiskCache,
    private readonly kind: string,
    private readonly key: string,
    private readonly member: string,
  ) {}

  /** What the entry holds for `key`, as read: its shape is the caller's to check. */
  stored(key: string): unknown {
    if (!this.#stored) {
      const held = this.cache.get<Record<string, unknown>>(this.kind, this.key)?.[this.member];
      this.#stored = held && typeof held === 'object' ? (held as Record<string, unknown>) : {};
    }
    return Object.hasOwn(this.#stored, key) ? this.#stored[key] : undefined;
  }

  /** The product used for `key` in this process, when one was. */
  used(key: string): T | undefined {
    return this.#used.get(key);
  }

  /** Uses a product read back from the entry for `key` in this process (it is written back with the others). */
  reuse(key: string, product: T): void {
    this.#used.set(key, product);
  }

  /** Uses a product made in this process for `key`: the entry is then written. */
  keep(key: string, product: T): void {
    this.#used.set(key, product);
    this.#changed = true;
  }

  /** A product in use was added to in place (a new verdict): the entry is written. */
  changed(): void {
    this.#changed = true;
  }

  /** Writes back the products used in this process, when one was made or changed, or a kept one went unused. */
  save(): void {
    const unused = Object.keys(this.#stored ?? {}).some((key) => !this.#used.has(key));
    if (!this.#changed && !unused) return;
    const products = Object.fromEntries(this.#used);
    this.cache.set(this.kind, this.key, { [this.member]: products });
    this.#stored = products;
    this.#changed = false;
  }
}

/**
 * The V8 flags the executable runs with (set by `cli.ts` before any work). The build makes
 * TypeScript's code cache under the same flags (scripts/code-cache.mjs), since V8 accepts a code
 * cache only under the flags it was made with (most of them are in its version tag).
 */
import v8 from 'node:v8';

/**
 * V8 optimises a function once it has run for a while (its "interrupt budget"), on background
 * threads. A check is a few seconds of mostly run-once code (TypeScript's checker, the Markdown
 * parser): with the default budget, optimising took a third of a cold check's CPU (3.6 s of
 * 10 s, on four threads) and competed for two cores with the check and its worker thread.
 * A larger budget optimises only what runs long: eight times the default took 2.3 s of CPU and
 * 0.9 s of wall time off a cold check of the MCP corpus, sixteen times 4% more wall time, and
 * thirty-two times nothing more.
 */
const INTERRUPT_BUDGET = 16 * 67584;

/**
 * How much V8 lets the heap grow past what a full collection left alive, in percent. Left to
 * itself it grew the two threads' heaps to about 600 MB on the MCP corpus for 80 MB of live
 * data. A cold check peaks at the end of the rules, with only the main thread left (the workers
 * are ended once the files are generated), its heap at about 125 MB live. 25% kept the peak
 * under 450 MB while glibc held on to memory freed after TypeScript's file was read (see
 * `readWithDigest`), for about 6% more CPU than 100% (more full collections); without that, 8
 * interleaved pairs of cold checks of the corpus at each setting: 50% 0.965x the CPU of 25%
 * for 6 MiB more at the peak (median), 100% 0.930x for 32 MiB more (402 MiB), 150% the CPU of
 * 100% for 27 MiB more. The flag is read at each collection, but setting it only when the
 * rules begin does not help: the heap's limit was set during loading, by the live data then.
 */
const HEAP_GROWING_PERCENT = 100;

/**
 * While a worker thread works, the collector's work stays on the thread that collects instead of
 * going to V8's helper threads: on two cores that both threads of a check keep busy, the helpers
 * only wait for a core. Both flags are read at each collection, by every thread, and neither is
 * in V8's version tag, so TypeScript's code cache is taken either way. A check that runs in one
 * thread (after an edit, with the cache) keeps the helpers on its idle core: without them an
 * example edit's check took 2-5% longer.
 *
 * - Young-generation collections (about 270 in a cold check of the MCP corpus, most of its
 *   collection time), `--no-parallel-scavenge`: 10 interleaved pairs of cold checks of the MCP
 *   corpus, 4.5% less wall time, 2.6% less CPU, the same peak memory (all collections in one
 *   thread, `--single-threaded-gc`, saved no more and peaked 17 MB higher).
 * - Marking for a full collection, `--no-concurrent-marking` (it is then done in steps on the
 *   thread that allocates): 20 pairs, 2.2% less wall time, 1.8% less CPU, about 13 MB more at
 *   the peak (the heap grows a little more while a marking runs), 422 against 409 MB median.
 */
export function collectInOneThread(on: boolean): void {
  v8.setFlagsFromString(on ? '--no-parallel-scavenge' : '--parallel-scavenge');
  v8.setFlagsFromString(on ? '--no-concurrent-marking' : '--concurrent-marking');
}

export function setExecutableFlags(): void {
  v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

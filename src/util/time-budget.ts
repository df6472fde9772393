import vm from 'node:vm';

/**
 * Runs `run` (synchronous code) with a limit on its wall time: the value it returns, or
 * `undefined` when it ran out of time and was stopped. Node's `vm` timeout stops whatever
 * JavaScript the thread is running when the time is up, also functions from outside the
 * context, and the thread goes on: a parser that hangs on one file (micromark on some shapes
 * of MDX, see `core/limits.ts`) costs that file and not the run. Its cost is one watchdog per
 * call, about 20 µs.
 */
export function withTimeBudget<T>(run: () => T, ms: number): { value: T } | undefined {
  context.run = run;
  try {
    return { value: call.runInContext(context, { timeout: ms }) as T };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return undefined;
    throw error;
  } finally {
    context.run = undefined;
  }
}

// One context and one compiled call for every budget: making a context costs about a millisecond.
const context = vm.createContext({ run: undefined as (() => unknown) | undefined });
const call = new vm.Script('run()');

/**
 * Colour: whether to use it (decided once, by the command, from its stream and environment) and
 * the styles (picocolors, switched on or off by that decision, so reporters stay pure).
 */
import picocolors from 'picocolors';

export interface ColorEnvironment {
  /** Whether the output goes to a terminal. */
  isTTY?: boolean;
  env?: Record<string, string | undefined>;
}

/**
 * Whether output should be coloured: never when `NO_COLOR` is set (to anything but the empty
 * string), whatever else says so; always when `FORCE_COLOR` is set (a pipe to a pager or a CI
 * log), unless it is `0` or `false`; otherwise on a terminal that is not `TERM=dumb`.
 */
export function colorWanted({ isTTY, env = {} }: ColorEnvironment): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return !!isTTY && env.TERM !== 'dumb';
}

export type Style = 'red' | 'yellow' | 'green' | 'dim' | 'bold' | 'underline';

/** Wraps text in a style, or returns it as it is when colour is off. */
export type Paint = (style: Style, s: string) => string;

const styles = { on: picocolors.createColors(true), off: picocolors.createColors(false) };

export function paintFor(color: boolean | undefined): Paint {
  const colors = color ? styles.on : styles.off;
  return (style, s) => colors[style](s);
}

/**
 * The generator versions a checked repository pins, read from its package-lock.json as data
 * (nothing of the repository is run), and what of them the renderer reproduces: the spec
 * repository's own checks run the versions its lockfile pins, so a page is compared with what
 * those versions write.
 */
import { TYPEDOC_VERSION } from './keys.js';

/** The lockfile read at the root (see `Spec.lockfile`). */
export const LOCKFILE = 'package-lock.json';

/** The versions of the generator packages the lockfile pins (each absent when it pins none). */
export interface ToolchainPins {
  typedoc?: string;
  typescript?: string;
  'typescript-json-schema'?: string;
  /** The formatter of the generated SEP pages. */
  prettier?: string;
}

const PINNED = ['typedoc', 'typescript', 'typescript-json-schema', 'prettier'] as const;

/**
 * The pins of a lockfile's text: the top-level install of each package (lockfile v2/v3
 * `packages["node_modules/<name>"]`, v1 `dependencies.<name>`). A lockfile that does not parse
 * pins nothing: generating then follows the bundled versions, as without one.
 */
export function toolchainPins(lockfileText: string | undefined): ToolchainPins {
  if (lockfileText === undefined) return {};
  let lock: unknown;
  try {
    lock = JSON.parse(lockfileText);
  } catch {
    return {};
  }
  const pins: ToolchainPins = {};
  if (!lock || typeof lock !== 'object') return pins;
  const { packages, dependencies } = lock as { packages?: unknown; dependencies?: unknown };
  for (const name of PINNED) {
    const entry =
      (isRecord(packages) ? packages[`node_modules/${name}`] : undefined) ??
      (isRecord(dependencies) ? dependencies[name] : undefined);
    const version = isRecord(entry) ? entry.version : undefined;
    if (typeof version === 'string' && SEMVER.test(version)) pins[name] = version;
  }
  return pins;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:[-+][0-9A-Za-z.+-]*)?$/;

/** Compares two `x.y.z` versions (pre-release and build parts aside). */
export function compareSemver(a: string, b: string): number {
  const pa = SEMVER.exec(a)?.slice(1, 4).map(Number) ?? [0, 0, 0];
  const pb = SEMVER.exec(b)?.slice(1, 4).map(Number) ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

/**
 * How the Schema Reference renders markup that changed between TypeDoc versions, by the version
 * to reproduce. TypeDoc 0.28.20 made its HTML renderer put a line break before each block
 * element, which the spec repository's plugin turns into a space (`</div> <div`); before it, the
 * renderer's check for "something before" looked at a buffer that was always empty, so no line
 * break was written.
 */
export interface ReferenceRendering {
  /** The TypeDoc version whose rendering is reproduced. */
  typedoc: string;
  /** A line break (a space, after the plugin) before each block element. */
  blockLineBreaks: boolean;
}

/** The rendering of the pinned TypeDoc version, else of the bundled one. */
export function referenceRendering(pins: ToolchainPins): ReferenceRendering {
  const typedoc = pins.typedoc ?? TYPEDOC_VERSION;
  return { typedoc, blockLineBreaks: compareSemver(typedoc, '0.28.20') >= 0 };
}

/**
 * The root's package.json scripts, read as data: the script that writes the JSON Schema, and the
 * local file it runs (`tsx scripts/generate-schemas.ts`), read as text, so that the generators can
 * tell whether it is the typescript-json-schema invocation they reproduce (see
 * generators/schema-json-generator.ts). Nothing of it is run.
 */
import type { TextFile } from '../core/text-file.js';
import type { FileReader } from '../runtime/files.js';
import type { SchemaJsonScript } from '../model/spec.js';

export const PACKAGE_JSON = 'package.json';

/** A script's name says it makes a JSON Schema: `generate:schema:json`, `build-schemas`, `gen:jsonschema`. */
const GENERATING_NAME = /(gen|build|make|emit|write)/i;
const SCHEMA_NAME = /schema/i;
/** Scripts named for the prose, the reference page, or for checking: not the writer. */
const OTHER_NAME = /(md|mdx|doc|reference|check|test|lint|valid|format|watch)/i;

/**
 * The local script file a command runs with a TypeScript or JavaScript runner: its path relative
 * to the root, as the command names it (`tsx scripts/generate-schemas.ts`, `node ./gen.mjs`).
 */
const RUNS_FILE =
  /(?:^|[\s;&|(])(?:npx\s+|pnpm\s+(?:exec\s+)?|yarn\s+|bunx\s+)?(?:tsx|ts-node(?:-esm)?|node|bun(?:\s+run)?|deno\s+run|esno|vite-node)\s+(?:-\S+\s+)*((?:\.\/)?[\w@./-]+\.(?:[cm]?[jt]s))(?=\s|$|[;&|)])/;

/** The score of a script as the JSON Schema's writer; 0: not it. */
function writerScore(name: string, command: string): number {
  if (/\btypescript-json-schema\b/.test(command)) return 4;
  if (/\bschema\.json\b/.test(command) && !OTHER_NAME.test(name)) return 3;
  if (!SCHEMA_NAME.test(name) || !GENERATING_NAME.test(name) || OTHER_NAME.test(name)) return 0;
  // A script that only runs others (`npm run a & npm run b`) says nothing itself.
  if (/^\s*((npm|pnpm|yarn|bun)\s+(run\s+)?[\w:.-]+\s*(&&|&|;|\|\|)?\s*(wait\s*)?)+$/.test(command)) return 0;
  return /json/i.test(name) ? 2 : 1;
}

/**
 * The script of the root's package.json that writes the JSON Schema, and the file it runs, when
 * there is one: undefined without a package.json, or when none of its scripts looks like it. A
 * package.json that does not parse is no finding here (it is not a spec source).
 */
export async function readSchemaJsonScript(reader: FileReader): Promise<SchemaJsonScript | undefined> {
  const packageJson = await reader.read(PACKAGE_JSON);
  if (!packageJson) return undefined;
  const best = schemaJsonScriptOf(packageJson);
  if (!best) return undefined;
  const runs = best.runsPath ? await reader.read(best.runsPath) : undefined;
  return { packageJson, name: best.name, command: best.command, ...(runs ? { runs } : {}) };
}

/** The writer among a package.json's scripts (the highest score; the first of equals), and the file it runs. */
export function schemaJsonScriptOf(
  packageJson: TextFile,
): { name: string; command: string; runsPath?: string } | undefined {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(packageJson.text) as { scripts?: unknown }).scripts;
  } catch {
    return undefined;
  }
  if (!scripts || typeof scripts !== 'object') return undefined;
  let best: { name: string; command: string; score: number } | undefined;
  for (const [name, command] of Object.entries(scripts as Record<string, unknown>)) {
    if (typeof command !== 'string') continue;
    const score = writerScore(name, command);
    if (score && (!best || score > best.score)) best = { name, command, score };
  }
  if (!best) return undefined;
  const file = RUNS_FILE.exec(best.command)?.[1].replace(/^\.\//, '');
  // Only a file inside the root (the reader confines every read to it as well).
  const runsPath = file && !file.split('/').includes('..') && !file.startsWith('/') ? file : undefined;
  return { name: best.name, command: best.command, ...(runsPath ? { runsPath } : {}) };
}

/**
 * The TypeScript compiler (9 MB), loaded with `require` on first use. Importing its CommonJS file
 * as an ES module makes Node scan the whole file for export names first, and loading it at all
 * takes 0.2-0.3 s: a check after a page edit, whose schema.ts models come from the cache, need
 * not pay for it. Modules call `typescript()` where they parse (Node's require cache keeps the one
 * module) and take the types from `import type * as TS from 'typescript'`.
 *
 * When the build left a V8 code cache of it (`npm run build` makes one, scripts/code-cache.mjs),
 * the module is compiled from that: the functions a check runs come compiled, which takes about
 * 0.25 s of CPU off each thread that builds a program (measured on the MCP corpus). The cache is
 * used only for the exact file it was made from (its SHA-256) and this V8 under the flags it was
 * made with (the version tag, which covers most flags: the build sets the executable's, see
 * `util/v8-flags.ts`); anything else loads TypeScript as before. It is spec-check's own file, made from spec-check's
 * own dependency: nothing of a checked tree goes into it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type * as TS from 'typescript';
import { packageFile } from './package-dir.js';

const require = createRequire(import.meta.url);

/** The build's code cache of TypeScript, relative to the package's folder. */
export const TYPESCRIPT_CODE_CACHE = 'dist/typescript.code-cache';

/** How TypeScript was loaded in this thread, once it was: from the code cache, or by plain `require`. */
let loadedFrom: 'code cache' | 'require' | undefined;

/** The TypeScript module, loaded the first time it is asked for. */
export function typescript(): typeof TS {
  if (!loadedFrom) {
    const file = require.resolve('typescript');
    const cached = require.cache[file] ? undefined : readCodeCache(file);
    // V8 may still reject the data (another CPU's features, say): TypeScript is then compiled from its text.
    loadedFrom = cached && !compileInto(file, cached.source, cached.data).cachedDataRejected ? 'code cache' : 'require';
  }
  return require('typescript') as typeof TS;
}

/** Whether this thread's TypeScript came from the build's code cache (for tests and timing). */
export function typescriptLoadedFrom(): 'code cache' | 'require' | undefined {
  return loadedFrom;
}

/** The cache's data when it was made by this V8 from the file whose bytes have this SHA-256, else undefined. */
export function codeCacheData(
  cache: Buffer,
  sourceSha256: string,
  tag = v8.cachedDataVersionTag(),
): Buffer | undefined {
  const end = cache.indexOf(10);
  if (end < 0) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(cache.subarray(0, end).toString('utf8'));
  } catch {
    return undefined;
  }
  const { tag: madeBy, sha256 } = (header ?? {}) as { tag?: unknown; sha256?: unknown };
  if (madeBy !== tag || sha256 !== sourceSha256) return undefined;
  return cache.subarray(end + 1);
}

function readCodeCache(file: string): { source: string; data: Buffer } | undefined {
  let cache: Buffer;
  try {
    cache = fs.readFileSync(packageFile(TYPESCRIPT_CODE_CACHE));
  } catch {
    return undefined;
  }
  const { text: source, sha256 } = readWithDigest(file);
  const data = codeCacheData(cache, sha256);
  return data && { source, data };
}

/** Bytes read at a time by `readWithDigest`: each allocation below glibc's threshold for mapping its own memory (128 KB). */
const READ_PIECE_BYTES = 32 * 1024;

/**
 * A UTF-8 file's text and the SHA-256 of its bytes, read a piece at a time. Read whole (9 MB) and
 * digested as a string (converted back to UTF-8 in a buffer of three bytes per character), the
 * buffers of TypeScript's file were large enough for glibc to raise its mapping and trimming
 * thresholds to 27 and 54 MB for the rest of the process: memory freed afterwards, on any
 * thread, was then kept rather than returned (a cold check of the MCP corpus peaked about 45 MB
 * higher).
 */
export function readWithDigest(file: string): { text: string; sha256: string } {
  const fd = fs.openSync(file, 'r');
  try {
    const piece = Buffer.allocUnsafeSlow(READ_PIECE_BYTES);
    const hash = crypto.createHash('sha256');
    const decoder = new StringDecoder('utf8');
    const parts: string[] = [];
    for (let n: number; (n = fs.readSync(fd, piece, 0, READ_PIECE_BYTES, null)) > 0;) {
      hash.update(piece.subarray(0, n));
      parts.push(decoder.write(piece.subarray(0, n)));
    }
    parts.push(decoder.end());
    return { text: parts.join(''), sha256: hash.digest('hex') };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Compiles TypeScript's file as Node compiles a CommonJS module, with the code cache given, and
 * enters it in the require cache, so that every `require('typescript')` of this thread
 * (typescript-json-schema's and TypeDoc's too) returns this one module.
 */
function compileInto(file: string, source: string, cachedData?: Buffer): vm.Script {
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n});`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const module = new Module(file);
  module.filename = file;
  require.cache[file] = module;
  try {
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  } catch (error) {
    delete require.cache[file];
    throw error;
  }
  module.loaded = true;
  return script;
}

/**
 * For the build (scripts/code-cache.mjs): loads TypeScript in this thread so that a code cache
 * can be made of it, and returns the function that makes it, header and data, once the thread
 * has run what the cache should hold compiled.
 */
export function recordTypescriptCodeCache(): () => Buffer {
  const file = require.resolve('typescript');
  if (require.cache[file]) throw new Error('TypeScript is loaded already: its code cache cannot be recorded');
  const { text: source, sha256 } = readWithDigest(file);
  const script = compileInto(file, source);
  loadedFrom = 'require';
  return () =>
    Buffer.concat([
      Buffer.from(`${JSON.stringify({ tag: v8.cachedDataVersionTag(), sha256 })}\n`),
      script.createCachedData(),
    ]);
}

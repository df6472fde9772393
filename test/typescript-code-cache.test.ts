import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheData, readWithDigest } from '../src/util/typescript.js';

const source = 'var ts = {}; module.exports = ts;';
const sha256 = crypto.createHash('sha256').update(source).digest('hex');
const tag = v8.cachedDataVersionTag();
const cacheOf = (header: string, data = Buffer.from([1, 2, 3])) => Buffer.concat([Buffer.from(`${header}\n`), data]);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-code-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("TypeScript's code cache", () => {
  it('gives its data for the file it was made from, by this V8', () => {
    expect(codeCacheData(cacheOf(JSON.stringify({ tag, sha256 })), sha256)).toEqual(Buffer.from([1, 2, 3]));
  });

  it('is not used for another text, another V8 or a header it cannot read', () => {
    const header = JSON.stringify({ tag, sha256 });
    const other = crypto.createHash('sha256').update(source.replace('ts', 'tz')).digest('hex');
    expect(codeCacheData(cacheOf(header), other)).toBeUndefined();
    expect(codeCacheData(cacheOf(JSON.stringify({ tag: tag + 1, sha256 })), sha256)).toBeUndefined();
    expect(codeCacheData(cacheOf(JSON.stringify({ sha256 })), sha256)).toBeUndefined();
    expect(codeCacheData(cacheOf('{"tag":'), sha256)).toBeUndefined();
    expect(codeCacheData(cacheOf('null'), sha256)).toBeUndefined();
    expect(codeCacheData(Buffer.from(header), sha256)).toBeUndefined();
  });
});

describe('a file read a piece at a time', () => {
  it('is the text read whole, with the digest of its bytes, whatever characters straddle the pieces', () => {
    // Characters of two, three and four bytes at every offset around the 32 KB pieces' ends, a
    // byte-order mark kept as text, and a malformed sequence replaced as a whole read replaces it.
    const unit = 'a\u00e9\u20ac\u{1F600}';
    const bytes = Buffer.concat([
      Buffer.from('\ufeff'),
      Buffer.from(unit.repeat(12_000)),
      Buffer.from([0xe2, 0x82]),
      Buffer.from(`${unit}end`),
    ]);
    for (const shift of [0, 1, 2, 3]) {
      const file = path.join(dir, `text-${shift}.js`);
      fs.writeFileSync(file, Buffer.concat([Buffer.from('x'.repeat(shift)), bytes]));
      const read = readWithDigest(file);
      expect(read.text).toBe(fs.readFileSync(file, 'utf8'));
      expect(read.sha256).toBe(crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    }
  });

  it('reads an empty file', () => {
    const file = path.join(dir, 'empty.js');
    fs.writeFileSync(file, '');
    expect(readWithDigest(file)).toEqual({ text: '', sha256: crypto.createHash('sha256').digest('hex') });
  });
});

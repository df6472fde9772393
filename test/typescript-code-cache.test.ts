import crypto from 'node:crypto';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { codeCacheData } from '../src/util/typescript.js';

const source = 'var ts = {}; module.exports = ts;';
const sha256 = crypto.createHash('sha256').update(source).digest('hex');
const tag = v8.cachedDataVersionTag();
const cacheOf = (header: string, data = Buffer.from([1, 2, 3])) => Buffer.concat([Buffer.from(`${header}\n`), data]);

describe("TypeScript's code cache", () => {
  it('gives its data for the file it was made from, by this V8', () => {
    expect(codeCacheData(cacheOf(JSON.stringify({ tag, sha256 })), source)).toEqual(Buffer.from([1, 2, 3]));
  });

  it('is not used for another text, another V8 or a header it cannot read', () => {
    const header = JSON.stringify({ tag, sha256 });
    // Same length, other bytes: V8 itself would compare only the length.
    expect(codeCacheData(cacheOf(header), source.replace('ts', 'tz'))).toBeUndefined();
    expect(codeCacheData(cacheOf(JSON.stringify({ tag: tag + 1, sha256 })), source)).toBeUndefined();
    expect(codeCacheData(cacheOf(JSON.stringify({ sha256 })), source)).toBeUndefined();
    expect(codeCacheData(cacheOf('{"tag":'), source)).toBeUndefined();
    expect(codeCacheData(cacheOf('null'), source)).toBeUndefined();
    expect(codeCacheData(Buffer.from(header), source)).toBeUndefined();
  });
});

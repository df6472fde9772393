import { readFileSync } from 'node:fs';
import { packageFile } from './util/package-dir.js';

/** The version in spec-check's package.json. */
export const toolVersion: string = (
  JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }
).version;

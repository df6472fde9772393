import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The version in package.json (one folder above both src/ and dist/). */
export const toolVersion: string = (require('../package.json') as { version: string }).version;

/**
 * TypeDoc, as the Schema Reference renderer imports it. The build bundles TypeDoc's own modules
 * and its small dependencies into one module (`scripts/bundle.mjs`), with its import of
 * TypeScript served by `require`: imported as an ES module, TypeScript's 9 MB CommonJS file is
 * scanned for export names first (about 0.25 s on every start), and keeping TypeDoc from doing
 * so otherwise takes module hooks, which Node runs in a thread of their own (a V8 isolate, about
 * 15 MB). From the sources (tests) it is a plain re-export.
 */
export * from 'typedoc';

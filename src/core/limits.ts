/**
 * The resource bounds on input, in one place. spec-check runs in CI on trees nobody has read:
 * each bound turns input that would exhaust a file-descriptor table, a stack or minutes of CPU
 * into a finding at the file, and each is far above what real specifications need (the margins
 * are measured on the MCP specification, six versions: largest parsed page 64 KB, largest
 * schema.ts 98 KB). They are constants, not settings: no real tree comes near them, and a
 * limit a pull request could raise through the config would bound nothing.
 */

/** Files larger than this are reported, not read: no spec source is near it (largest: 726 KB). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Reads of the checked tree running at once (see `runtime/read-scheduler.ts`): enough to keep
 * the disk busy, far below the usual descriptor limit of 1,024 that the worker thread, TypeDoc
 * and the cache share.
 */
export const MAX_CONCURRENT_READS = 64;

/** How long a read keeps retrying while the process is out of file descriptors, before it is reported. */
export const READ_RETRY_MS = 10_000;

/**
 * Nesting of JSON values. jsonc-parser and the validators recurse once per level (they overflow
 * the stack at a few thousand); the MCP examples and schema.json nest under 15 levels.
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * Nesting of brackets, braces, parentheses and type arguments in schema.ts (or a TypeScript
 * block of a SEP). TypeScript's parser recurses a few frames per level and overflows the main
 * thread's stack near 490 nested tuples; the MCP schema.ts nests at most 5.
 */
export const MAX_TYPESCRIPT_DEPTH = 100;

/**
 * A Markdown or MDX page larger than this is reported, not parsed: remark parses about 1 MB of
 * prose a second, and the largest page the MCP specification has is 64 KB (the generated
 * Schema Reference, 726 KB, is compared as text, not parsed).
 */
export const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * Emphasis, strikethrough and link markers (`*`, `_`, `~`, `[`, `]`) in one block of a page (text
 * between blank lines). micromark matches them by walking back over the block's events and
 * splicing, which is quadratic: 40,000 `*a` take 15 s, and a megabyte hangs. 4,000 parse in
 * under 0.1 s; the busiest page of the MCP specification has 700 on the whole page.
 */
export const MAX_INLINE_MARKERS_PER_BLOCK = 4000;

/**
 * Nesting of a parsed page's tree (block quotes, lists, JSX elements, emphasis). The rules walk
 * trees recursively, and a few thousand levels overflow their stack; MCP pages nest under 15.
 */
export const MAX_MARKDOWN_DEPTH = 200;

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
 * A Markdown or MDX page larger than this is reported, not parsed. remark parses plain prose at
 * about 1 MB a second, but some shapes cost more per byte (deep block quotes and lists within the
 * limits below: up to about 8 s for this size). The largest page of the MCP specification is its
 * generated Schema Reference, 726 KB, which its tests parse; the largest prose page is 85 KB.
 */
export const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * The cost of a page's emphasis, strikethrough and link markers (`*`, `_`, `~`, `[`, `]`): the
 * sum over its blocks (text between blank lines) of the square of their count. micromark matches
 * them by walking back over a block's events and splicing, which is quadratic in one block:
 * 40,000 `*a` in one paragraph take 15 s, and a megabyte hangs. This budget (one block of 4,000)
 * parses in about 0.25 s; the busiest MCP page has 700 markers in all.
 */
export const MAX_INLINE_MARKER_COST = 4000 * 4000;

/**
 * Containers one line of a page opens or continues (`>`, list markers, two columns of
 * indentation each). micromark re-checks every open container on every line: 150 nested block
 * quotes per line take 6.6 s per 100 KB; at this depth, `MAX_PAGE_BYTES` of them about 2 s. MCP
 * pages reach 12 (indented JSX).
 */
export const MAX_MARKDOWN_LINE_DEPTH = 24;

/**
 * Wall time one Markdown or MDX page may take to parse; past it the parse is stopped and the page
 * is a parse finding ("took too long"), and the run goes on. The shape limits above keep the
 * known costly shapes to seconds, but not every one: micromark's MDX expressions cost about the
 * cube of a block's nested braces (16 KB of `{{{{{}}}}}` lines take 13 s, 32 KB of deeper ones
 * minutes), and a 1 MB table of 5,000 columns takes 45 s. A megabyte of plain prose, the slowest
 * honest page within `MAX_PAGE_BYTES`, takes 1 to 8 s; the MCP pages take under 0.1 s each.
 */
export const PAGE_PARSE_BUDGET_MS = 10_000;

/**
 * Nesting of a parsed page's tree (block quotes, lists, JSX elements, emphasis). The rules walk
 * trees recursively, and a few thousand levels overflow their stack; MCP pages nest under 15.
 */
export const MAX_MARKDOWN_DEPTH = 200;

/**
 * Patterned redirects (`/old/:slug*`) a site's docs.json may have: each is tried on every path a
 * link names, so their number multiplies the links' cost. The MCP site has 8; literal redirects
 * are looked up by path and need no bound.
 */
export const MAX_PATTERNED_REDIRECTS = 1000;

/**
 * Steps of matching URL paths against the patterned redirects of one site, all links together.
 * A source of many repeated parameters (`/:a*` thirty times) costs parts x segments^2 per match;
 * a thousand of them against every link would run for hours. The MCP site's links need about
 * 4,000; past this, links that patterned redirects might catch are not judged (one finding says so).
 */
export const MAX_REDIRECT_MATCH_STEPS = 20_000_000;

/**
 * Nesting of a JSON Schema shown inside an example (a tool's `inputSchema`), in JSON levels. ajv
 * compiles a schema recursively and overflows the stack near 500 nested `properties` (1,000
 * levels); MCP's embedded schemas nest under 8.
 */
export const MAX_EMBEDDED_SCHEMA_DEPTH = 64;

/**
 * Values (objects, arrays, scalars) in one embedded schema, and in all of a check's embedded
 * schemas together. ajv's compile time grows with a schema's size (3,000 values: 0.5 s; 30,000:
 * 3 s); MCP's largest embedded schema has about 40, all of them together under 1,500.
 */
export const MAX_EMBEDDED_SCHEMA_VALUES = 3000;
export const MAX_EMBEDDED_SCHEMA_VALUES_TOTAL = 30_000;

/**
 * Declaration files read to resolve a types file's package imports (sources/type-declarations.ts):
 * a package's whole declaration tree is seldom over a few hundred files.
 */
export const MAX_TYPE_DECLARATION_FILES = 2000;

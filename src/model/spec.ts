/**
 * The model: everything spec-check knows about one spec repository, read once by the
 * loaders in `src/sources` and shared by rules, generators and sep-diff. Rules read this
 * model only; they never touch the file system.
 */
import type { Root as MdastRoot } from 'mdast';
import type { JsonDocument } from '../core/json-document.js';
import type { Location } from '../core/location.js';
import type { TextFile } from '../core/text-file.js';

/** The site generators whose prose spec-check reads (see sources/site-kind.ts). */
export type SiteKind = 'mintlify' | 'mkdocs' | 'vitepress' | 'docusaurus' | 'github';

export interface Spec {
  /** Absolute path of the root folder. */
  root: string;
  versions: SpecVersion[];
  seps: MarkdownPage[];
  /** Problems met while reading files: unreadable files, syntax errors the loaders hit. */
  inputProblems: InputProblem[];
  /** How many files the loaders read. */
  filesRead: number;
  /** Every file the loaders read, by path relative to the root (code frames, baseline keys). */
  files?: Map<string, TextFile>;
  /** `spec-check-disable-next-line` comments found in the sources, in file order. */
  suppressions?: Suppression[];
  /** The docs site, when the site folder has a `docs.json`. */
  site?: Site;
  /** The generator that renders the prose (config `site.kind`, else its marker file; absent: Mintlify). */
  siteKind?: SiteKind;
  /** The site of a Markdown generator (MkDocs, VitePress, Docusaurus, GitHub): its folder, files and other pages. */
  markdownSite?: MarkdownSite;
  /** The files the pages include (`--8<--`, `<<<`), resolved inside the root. */
  includes?: ResolvedInclude[];
  /** The base protocol an extension's types file imports (config `extends`), when there is one. */
  base?: BaseProtocol;
  /** The root's package-lock.json, when there is one: the generators' pinned versions (generators/pins.ts). */
  lockfile?: TextFile;
  /** The type declarations under node_modules that the types files' package imports resolve to. */
  typeDeclarations?: TypeDeclarations;
  /** The types files' relative imports that resolve to a file of the tree: `<importing file>\0<specifier>` -> its path. */
  relativeImports?: Map<string, string>;
  /** The root's package.json script that writes the JSON Schema, read as data (sources/package-scripts.ts). */
  schemaJsonScript?: SchemaJsonScript;
  /** The site's generated SEP pages, when it has a SEP index (`<site>/seps/index.mdx`). */
  sepPages?: SepPagesSources;
}

/** What the site's SEP pages are generated from and compared with, besides the SEPs (sources/sep-pages.ts). */
export interface SepPagesSources {
  /** The folder of the pages, relative to the root (`docs/seps`). */
  dir: string;
  /** The SEPs' files, as read: there before the SEPs are parsed (generating starts then). */
  seps: TextFile[];
  /** The committed SEP index page. */
  index: TextFile;
  /** The committed pages of the folder, by path (the index among them). */
  pages: Map<string, TextFile>;
  /** docs.json, whose SEP tab is generated. */
  navigation?: TextFile;
  /**
   * The Prettier config Prettier would use for the folder's pages, when there is one. A config
   * written as code is not read: its path, with no text.
   */
  prettierConfig?: TextFile;
}

/** A package.json script that writes the JSON Schema: never run, read to recognise the generator it runs. */
export interface SchemaJsonScript {
  packageJson: TextFile;
  /** The script's name (`generate:schema:json`) and command. */
  name: string;
  command: string;
  /** The local file the command runs (`tsx scripts/generate-schemas.ts`), when it names one inside the root. */
  runs?: TextFile;
}

/** Declaration files read for a types file's package imports (sources/type-declarations.ts). */
export interface TypeDeclarations {
  /** The `.d.ts` files and `package.json` manifests read, by path relative to the root. */
  files: Map<string, TextFile>;
  /** `<importing file>\0<specifier>` -> the declaration file it resolves to. */
  resolved: Map<string, string>;
}

/** The base protocol of an extension: its types file or JSON Schema, and the package specifiers that mean it. */
export interface BaseProtocol {
  file: TextFile;
  imports: string[];
  /** A types file's declarations, read as a schema.ts is: what its messages are (see prose/classify.ts). */
  schema?: SchemaSource;
  /** A base given as its JSON Schema (a schema.json): what its messages validate against. */
  jsonSchema?: JsonSchemaSource;
  /** Found by a relative import of the types file (a vendored copy), not named by config `extends`. */
  fromImport?: boolean;
}

/** The docs site: its config, every file under its folder and the pages outside the versions' prose. */
export interface Site {
  /** The site folder (holding docs.json), relative to the root. */
  dir: string;
  config: { file: TextFile; document: JsonDocument };
  /** Every file under the site folder, relative to the root, sorted. */
  files: string[];
  /** Those of `files` the config ignores: the site serves them, spec-check neither reads nor judges them. */
  ignored?: string[];
  /** The pages outside the versions' docs folders, outlined (not parsed). */
  pages: SitePage[];
}

/**
 * The site of a Markdown generator: pages are files, linked by their paths (`other.md#anchor`),
 * as MkDocs, VitePress, Docusaurus and GitHub resolve them.
 */
export interface MarkdownSite {
  kind: Exclude<SiteKind, 'mintlify'>;
  /** The folder the pages are served from (MkDocs's `docs_dir`), relative to the root. */
  dir: string;
  /** Every file under it, relative to the root, sorted. */
  files: string[];
  /** The pages outside the versions' docs folders, outlined (not parsed). */
  pages: SitePage[];
  /** The generator's config read as data (mkdocs.yml), when there is one. */
  config?: TextFile;
  /** The navigation's page entries (MkDocs `nav`, relative to `dir`); undefined when the config has none. */
  navigation?: { page: string; location: Location }[];
  /** Pages left out of the navigation on purpose (MkDocs `exclude_docs`, `not_in_nav`), as patterns. */
  unlisted?: string[];
  /** The config replaces the generator's heading slugs (MkDocs toc `slugify`): headings' ids are not known. */
  customSlugs?: true;
}

/** An include of a file into a page, and what it resolves to. */
export interface ResolvedInclude {
  /** The path as written. */
  written: string;
  /** The file it names, relative to the root; undefined when it leads outside the root. */
  target?: string;
  found: boolean;
  location: Location;
}

/** An include as a page writes it: the path, what it is relative to, and where. */
export interface PageIncludeAt {
  written: string;
  base: 'snippets' | 'site' | 'page' | 'root';
  location: Location;
}

/** A site page outside the spec's prose: what links and MDX hygiene need of it. */
export interface SitePage {
  path: string;
  includes?: PageIncludeAt[];
  file: TextFile;
  syntax: 'mdx' | 'md';
  headings: Heading[];
  links: Link[];
  fences: CodeFence[];
  /** Top-level `import`/`export` blocks (MDX). */
  esm: EsmBlock[];
}

/** A fenced code block as the outline sees it. */
export interface CodeFence {
  /** Line of the opening fence (1-based). */
  line: number;
  column: number;
  /** Line of the closing fence; absent when the fence runs to the end of the page unclosed. */
  closedAt?: number;
  lang?: string;
}

/** A top-level `import`/`export` block of an MDX page. */
export interface EsmBlock {
  /** Its first line (1-based). */
  line: number;
  text: string;
}

/** A JavaScript comment in a top-level `import`/`export` block of an MDX page, at its page line and column. */
export interface EsmComment {
  /** As written: `// …` or `/* … *\/`. */
  text: string;
  block: 'import' | 'export';
  line: number;
  column: number;
}

/** A member a page defines in a list or table: its name, the description, where it is, and what names its declaration. */
export interface MemberDefinition {
  name: string;
  text: string;
  location: Location;
  /** The paragraph just before the list or table, and the nearest heading's text. */
  leadIn: string;
  heading: string;
  /** The member names every definition of the same list or table gives. */
  siblings: string[];
  /** The backticked words of the description. */
  codes: string[];
}

/**
 * An inline `spec-check-disable-next-line RULE[, RULE] -- reason` comment: findings of those
 * rules on the line after the comment are dropped by the engine.
 */
export interface Suppression {
  /** Rule ids as written; empty when the comment names none. */
  rules: string[];
  reason?: string;
  /** Where the comment starts. */
  location: Location;
  /** The 1-based line whose findings it suppresses. */
  targetLine: number;
}

export interface InputProblem {
  kind: 'unreadable' | 'parse';
  message: string;
  location: Location;
}

export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

export interface SpecVersion {
  /** Folder name: a date such as `2025-06-18`, or `draft`. */
  id: string;
  /** The folder of its types file (`schema/<id>`), relative to the root. */
  schemaDir: string;
  /** Where its JSON Schema is (`schema/<id>/schema.json`), whether or not it exists. */
  schemaJsonPath: string;
  /** `docs/specification/<id>`, relative to the root. */
  docsDir: string;
  schemaTs?: SchemaSource;
  jsonSchema?: JsonSchemaSource;
  /**
   * Where the version's declarations come from: absent, its types file (`schemaTs`);
   * `jsonSchema`, its JSON Schema, the spec having no types file (config `layout.schema: false`).
   */
  source?: 'jsonSchema';
  /**
   * Where the JSON Schema is the source and names no method itself: the method names a list
   * beside it gives (`meta.json`), matched to definitions by their names' words.
   */
  methods?: string[];
  examples: Example[];
  /** Every file under `schema/<id>` the loader saw (paths relative to the root), for `{@includeCode}` checks. */
  schemaFiles?: string[];
  pages: MarkdownPage[];
  /** The Schema Reference template, `schema/<id>/schema.mdx`. */
  referenceTemplate?: TextFile;
  /** The generated Schema Reference page, `docs/specification/<id>/schema.mdx`. */
  referencePage?: TextFile;
}

// ---------------------------------------------------------------------------
// schema.ts

export interface SchemaSource {
  file: TextFile;
  declarations: Declaration[];
  /** Declarations by name, for lookups by rules. */
  byName: Map<string, Declaration>;
  /** Block comments that are not JSDoc (`/* ... *\/`), which may still carry facts. */
  plainComments: PlainComment[];
  /** Syntax errors reported by the TypeScript parser. */
  syntaxErrors: { message: string; location: Location }[];
  /** Its imports and re-exports of other modules (`import type { X } from 'pkg'`), in file order. */
  imports?: ModuleImport[];
}

/** An `import … from` or `export … from` of a types file: the module it names, where. */
export interface ModuleImport {
  specifier: string;
  /** Location of the specifier's string literal. */
  location: Location;
}

export type DeclarationKind = 'interface' | 'type' | 'const' | 'enum' | 'function' | 'class';

export interface Declaration {
  name: string;
  kind: DeclarationKind;
  exported: boolean;
  /** Location of the declaration's name. */
  location: Location;
  jsdoc?: JsDoc;
  /** Names in `extends` clauses (interfaces), as written. */
  extends: string[];
  /** Properties of an interface, or of a type alias whose type is an object literal. */
  members: Member[];
  /** Source text of the type (type aliases) or of the initializer (consts). */
  typeText?: string;
  /** For consts with a literal initializer: its value. */
  constValue?: string | number | boolean;
  /**
   * A JSON Schema definition's `x-method` (where the JSON Schema is the source): the method whose
   * params (a request, a notification) or result (a response) the definition is.
   */
  xMethod?: string;
}

export interface Member {
  name: string;
  optional: boolean;
  location: Location;
  typeText: string;
  jsdoc?: JsDoc;
}

export interface JsDoc {
  /** The comment text before the first block tag, with inline tags kept as written. */
  summary: string;
  /** Location of the `/**` that opens the comment. */
  location: Location;
  /** Text of the whole comment body, `*` prefixes removed, line by line from `location.line`. */
  lines: JsDocLine[];
  tags: JsDocTag[];
  /** Every inline `{@link ...}` in the comment. */
  links: JsDocLink[];
  /** Every `{@includeCode ...}` in the comment. */
  includes: JsDocInclude[];
  category?: string;
  deprecated?: string | true;
  examples: JsDocExample[];
  see: string[];
}

export interface JsDocLine {
  text: string;
  /** Location of the first character of `text`. */
  location: Location;
}

export interface JsDocTag {
  name: string;
  text: string;
  location: Location;
}

export interface JsDocLink {
  /** The link target as written: a declaration, `Decl.member`, or a URL. */
  target: string;
  /** The display text after `|` or a space, if any. */
  label?: string;
  location: Location;
}

export interface JsDocInclude {
  /** The path as written, relative to schema.ts. */
  path: string;
  /** The path relative to the root. */
  resolved: string;
  location: Location;
  /** `{@include}` (the file's text inlined as Markdown); absent for `{@includeCode}`. */
  tag?: 'include';
  /** The path names a file outside the root (absolute, or `../` past it): never read. */
  outsideRoot?: true;
}

export interface JsDocExample {
  title: string;
  include?: JsDocInclude;
  location: Location;
}

export interface PlainComment {
  text: string;
  location: Location;
}

// ---------------------------------------------------------------------------
// JSON Schema and examples

export interface JsonSchemaSource {
  file: TextFile;
  document: JsonDocument;
  dialect?: SchemaDialect;
  /** `$defs` or `definitions`, whichever the document uses. */
  definitionsKey: '$defs' | 'definitions';
  /** Names of the definitions. */
  definitionNames: Set<string>;
}

export interface Example {
  /** Path relative to the root. */
  path: string;
  /** The folder name: the type the example must validate against. */
  typeName: string;
  /** File name without `.json`. */
  name: string;
  file: TextFile;
  document: JsonDocument;
}

// ---------------------------------------------------------------------------
// Prose

export interface MarkdownPage {
  /** Path relative to the root. */
  path: string;
  /** The files the page includes (`--8<--`, `<<<`), as written, on sites whose generator reads them. */
  includes?: PageIncludeAt[];
  /** `mdx` pages are parsed with remark-mdx; `md` pages (SEPs) with remark-parse and GFM. */
  syntax: 'mdx' | 'md';
  file: TextFile;
  /** The mdast tree; absent when the page did not parse, and for a SEP parsed in the worker thread by `check` (see `LoadOptions.sepsInWorker`). */
  tree?: MdastRoot;
  /**
   * Why the page did not parse. `readAsMarkdown`: an MDX page that parsed as plain Markdown, whose
   * tree and outline (headings, code blocks, links) are that parse's.
   */
  parseError?: { message: string; location: Location; readAsMarkdown?: true };
  headings: Heading[];
  codeBlocks: CodeBlock[];
  links: Link[];
  /**
   * The code fences never closed (see `codeFences`); none for a page beyond the parser's limits,
   * which is reported as such.
   */
  unclosedFences: CodeFence[];
  /** The JavaScript comments of its top-level `import`/`export` blocks (see `esmCommentsIn`). */
  esmComments: EsmComment[];
  /** The members it defines in lists and tables (see `memberDefinitionsIn`). */
  memberDefinitions: MemberDefinition[];
}

export interface Heading {
  depth: number;
  text: string;
  location: Location;
  /** The id the page gives the heading (`## Title {#id}`), on sites whose generator reads one. */
  id?: string;
}

export interface CodeBlock {
  lang?: string;
  meta?: string;
  value: string;
  /** Location of the opening fence. */
  location: Location;
  /** Headings enclosing the block, outermost first. */
  headingPath: string[];
  /** Maps a 0-based line and column inside `value` to a location in the page. */
  locate(line: number, column: number): Location;
  /**
   * A JSON block's values as read when the page was parsed (and kept with the page's products),
   * without their positions; absent when the block is not JSON or a value is not plain JSON.
   */
  jsonValues?: KeptJsonValue[];
  /**
   * A TypeScript block's message sketches as read when the page was parsed (see prose/ts-sketch.ts),
   * `false` when the block may be one but is not; absent when not read (not a candidate, or a
   * value that is not plain JSON).
   */
  sketches?: KeptSketch[] | false;
  /** The interfaces and object type aliases a TypeScript block declares (see prose/page-interfaces.ts), read when the page was parsed. */
  interfaces?: { name: string; members: string[] }[];
}

/** A message sketch as plain data: its value, what stands for what, and the offsets (in the block) of its values and keys. */
export interface KeptSketch {
  value?: unknown;
  placeholders: string[];
  typed: string[];
  open: string[];
  /** Pointer -> offset of the value there. */
  valueOffsets: [string, number][];
  /** `<pointer>\0<property>` -> offset of the key. */
  keyOffsets: [string, number][];
}

/** One value of a JSON block as `readJsonBlock` reads it, as plain data (positions are read again when asked). */
export interface KeptJsonValue {
  value?: unknown;
  fragment: boolean;
  placeholders: string[];
  open: string[];
  typed?: string[];
  names?: { name: string; line: number; column: number }[];
  errors: { message: string; line: number; column: number }[];
}

export interface Link {
  url: string;
  text: string;
  location: Location;
  /** How the page writes it: a Markdown link (the default), a definition, an image, or a URL-valued JSX/HTML attribute. */
  kind?: 'definition' | 'image' | 'attribute';
  /** For `attribute`: its name (`href`, `src`). */
  attribute?: string;
}

/**
 * The Schema Reference page, `docs/specification/<version>/schema.mdx`, from schema.ts and the
 * template `schema/<version>/schema.mdx`: each template line `{/* @category NAME *\/}` becomes
 * that category's declarations, rendered with TypeDoc's default theme the way the spec
 * repository's TypeDoc plugin renders them (one `<div class="type">` block per declaration,
 * HTML kept on few lines and escaped so that the docs site's MDX parser reads it as HTML).
 *
 * TypeDoc converts a program spec-check builds from the model's schema.ts texts (TypeDoc builds
 * none and reads no tsconfig), and `{@includeCode}` examples come from the model's example
 * texts, not from disk.
 */
import path from 'node:path';
import type * as TS from 'typescript';
import * as td from '../vendor/typedoc.js';
import type { TextFile } from '../core/text-file.js';
import { declarationAnchor, memberAnchor } from '../model/anchors.js';
import type { GenerationProblem } from './keys.js';
import { slashed } from '../util/paths.js';
import { renderDeclarationHtml } from './reference-theme.js';
import { categoryOf, compareInCategory, missingCategories } from './reference-categories.js';
import {
  assembledPage,
  slotCode,
  type CodeSlot,
  type Highlight,
  type RenderedDeclaration,
  type SlottedBlock,
  type SlottedPage,
} from './reference-slots.js';

export type { RenderedDeclaration, SlottedPage } from './reference-slots.js';
import type { ReferenceRendering } from './pins.js';

/** TypeDoc options of the spec repository's configuration that change the rendered page. */
const typedocOptions: td.TypeDocOptions = {
  excludeInternal: true,
  excludeTags: ['@format', '@maximum', '@minimum', '@TJS-type', '@nullable', '@maxItems'] as `@${string}`[],
  jsDocCompatibility: { exampleTag: false },
  disableSources: true,
  sort: ['source-order'],
  logLevel: 'Error',
  // The programs place schema.ts under a `node_modules` folder (see `programRoot`), which TypeDoc's
  // default pattern would mark external (`tsd-is-external` on every member). No file is external.
  externalPattern: [],
  // Specs written in JSDoc's own style put the description in `@description` (see descriptionLines).
  blockTags: [...td.OptionDefaults.blockTags, '@description'],
};

/** A template line that stands for a category's declarations. */
const CATEGORY_LINE = /^\{\/\* @category (.+) \*\/\}$/gm;

export interface ReferencePage {
  text: string;
  /** The rendered declarations in page order. */
  declarations: RenderedDeclaration[];
  problems: GenerationProblem[];
  /**
   * The example files the page depends on, absolute and `/`-separated, sorted: every file a comment
   * of the conversion names, whether it exists or not (the page changes when one appears or goes).
   */
  included: string[];
  /** Those of them whose text `{@include}` put in a comment: the conversion depends on their texts. */
  inlined: string[];
  /** The page with its code blocks left out (see `SlottedPage`). */
  slotted: SlottedPage;
}

/** An `{@includeCode}` whose file does not exist. */
interface MissingInclude {
  /** The declaration (or member) whose comment names it. */
  reflection: string;
  tag: '@include' | '@includeCode';
  /** The path as the comment writes it. */
  target: string;
  /** The path it resolves to, absolute and `/`-separated. */
  file: string;
}

interface TypeDocEnv {
  app: td.Application;
  messages: { text: string; level: td.LogLevel }[];
  /** Example texts by absolute path, for the conversion and rendering under way. */
  includes: Map<string, string>;
  /** The code blocks of the block being rendered, left as slots (see `renderedBlock`). */
  slots?: CodeSlot[];
  /** Highlights code as TypeDoc's highlighter does, once per text and language in a process. */
  highlight: Highlight;
  /** The texts `{@include}` put in the comments of the conversion under way, by path. */
  inlined: Map<string, string>;
  /** The files the comments of the conversion under way name. */
  named: Set<string>;
  /** Found by the conversion under way. */
  missingIncludes: MissingInclude[];
  /** The last conversion of each schema.ts (see `convertedProject`). */
  projects: Map<string, ConvertedProject>;
}

interface ConvertedProject {
  program: TS.Program;
  /** The example files there were, sorted: the conversion depends on which exist. */
  includePaths: string;
  /** The texts `{@include}` put in its comments, by path: the conversion depends on these texts too. */
  inlined: [string, string][];
  /** Every file a comment names with `{@include}` or `{@includeCode}`, sorted. */
  named: string[];
  project: td.ProjectReflection;
  missingIncludes: MissingInclude[];
  messages: TypeDocEnv['messages'];
  /** Each declaration's block as last rendered (see `renderedBlock`). */
  blocks: Map<td.DeclarationReflection, RenderedBlock>;
}

/** A declaration's block as rendered, with the rendering options it was rendered with (as a key). */
interface RenderedBlock {
  block: SlottedBlock;
  rendering: string;
}

/**
 * Where a comment includes an example, the converted comment holds this instead of the example's
 * text, and the text is put in where the page is made of its slotted blocks. A converted project is
 * thus rendered again with other example texts (an example edited in watch mode) without converting
 * again.
 * (Comments copied during conversion, such as inherited ones, copy the placeholder.)
 */
const INCLUDE_PLACEHOLDER = /^\uE000spec-check include (.+)\uE000\n$/;

/**
 * TypeDoc, started once per thread, and what it keeps between jobs: the conversions and their
 * rendered blocks, which a watch session re-renders from (a job with `keep` false, as every
 * one-shot command's is, lets them go with `forgetConversions` when it ends).
 */
let envPromise: Promise<TypeDocEnv> | undefined;
let readyEnv: TypeDocEnv | undefined;
/** TypeDoc's code highlighter, loaded (see `prepareTypeDoc`). */
let highlighterPromise: Promise<void> | undefined;
let highlighterReady = false;

class CollectingLogger extends td.Logger {
  constructor(private readonly messages: TypeDocEnv['messages']) {
    super();
  }
  override log(text: string, level: td.LogLevel): void {
    super.log(text, level);
    if (level >= td.LogLevel.Warn) this.messages.push({ text, level });
  }
}

/**
 * Starts TypeDoc once per process: the application (with no option readers, so it reads no
 * tsconfig or typedoc.json) and, unless `highlighter` is false, its code highlighter, which loads
 * asynchronously. After this, rendering is synchronous. A job renders pages without TypeDoc's
 * highlighter (`renderSlottedReference`; their code blocks are highlighted by
 * `reference-highlight.ts`, most often taken from a kept rendering), so it is not loaded for one.
 */
export function prepareTypeDoc({ highlighter = true }: { highlighter?: boolean } = {}): Promise<void> {
  const env = startTypeDoc();
  if (!highlighter) return env.then(() => undefined);
  highlighterPromise ??= env.then(async ({ app }) => {
    const theme = new td.DefaultTheme(app.renderer);
    await theme.preRender(new td.RendererEvent('', new td.ProjectReflection('schema', app.files), []));
    highlighterReady = true;
  });
  return highlighterPromise;
}

function startTypeDoc(): Promise<TypeDocEnv> {
  envPromise ??= (async () => {
    const app = await td.Application.bootstrap({}, []);
    for (const [key, value] of Object.entries(typedocOptions))
      app.options.setValue(key as keyof td.TypeDocOptions, value as never);
    const env: TypeDocEnv = {
      app,
      highlight: () => '',
      messages: [],
      includes: new Map(),
      missingIncludes: [],
      projects: new Map(),
      inlined: new Map(),
      named: new Set(),
    };
    app.logger = new CollectingLogger(env.messages);
    // A `@document` tag makes TypeDoc read the file it names: dropped, with an error, unread.
    (app.converter as unknown as { processDocumentTags: (r: td.Reflection) => void }).processDocumentTags = (
      reflection,
    ) => {
      for (const tag of reflection.comment?.getTags('@document') ?? [])
        env.messages.push({
          text: `@document ${td.Comment.combineDisplayParts(tag.content)} in the comment of ${reflection.getFriendlyFullName()}: spec-check reads no file a comment names; not included`,
          level: td.LogLevel.Error,
        });
      reflection.comment?.removeTags('@document');
    };
    // Before TypeDoc's own include plugin (priority 0), which would read any path from disk:
    // `{@include}` and `{@includeCode}` from the model's texts, on every event it handles.
    for (const event of [
      td.Converter.EVENT_CREATE_PROJECT,
      td.Converter.EVENT_CREATE_DOCUMENT,
      td.Converter.EVENT_CREATE_DECLARATION,
      td.Converter.EVENT_CREATE_SIGNATURE,
      td.Converter.EVENT_CREATE_PARAMETER,
      td.Converter.EVENT_CREATE_TYPE_PARAMETER,
    ] as const) {
      app.converter.on(event, (...args: unknown[]) => inlineIncludes(env, args[1] as td.Reflection), 100);
    }
    // The same example is often in several versions: highlight each code block once per process.
    // (Highlight classes are numbered per page afterwards, so a reused result is still exact.)
    const marked = app.renderer.markedPlugin;
    const highlight = marked.getHighlighted.bind(marked);
    const highlighted = new Map<string, string>();
    env.highlight = (code, lang) => {
      const key = `${lang}\0${code}`;
      let html = highlighted.get(key);
      if (html === undefined) highlighted.set(key, (html = highlight(code, lang)));
      return html;
    };
    // Every code block is left as a slot while a block renders (see `renderedBlock`) and
    // highlighted where the page is made (see `splicedBlock`): highlight classes are numbered per
    // process, so a kept block holds none.
    marked.getHighlighted = (fenced: string, lang?: string) => {
      const include = INCLUDE_PLACEHOLDER.exec(fenced)?.[1];
      const slot: CodeSlot = include === undefined ? { lang, code: fenced } : { lang, include };
      if (!env.slots) return env.highlight(slotCode(slot, env.includes), lang);
      env.slots.push(slot);
      return `\uE001${env.slots.length - 1}\uE001`;
    };
    readyEnv = env;
    return env;
  })();
  return envPromise;
}

/**
 * A `@description` tag's text as the comment's summary, where the rules read it (descriptionLines):
 * after any leading text, as its own paragraph. TypeDoc alone would render it under a heading.
 */
function descriptionAsSummary(reflection: td.Reflection): void {
  const comment = reflection.comment;
  const tags = comment?.getTags('@description') ?? [];
  if (!comment || !tags.length) return;
  for (const tag of tags) {
    const lead = td.Comment.combineDisplayParts(comment.summary).trim()
      ? [{ kind: 'text' as const, text: '\n\n' }]
      : [];
    comment.summary = [...comment.summary, ...lead, ...tag.content];
  }
  comment.removeTags('@description');
}

function inlineIncludes(env: TypeDocEnv, reflection: td.Reflection): void {
  descriptionAsSummary(reflection);
  const comment = reflection.comment;
  if (reflection.isDocument()) {
    // None are made (see `processDocumentTags` above), but TypeDoc's plugin would read theirs too.
    reflection.content = reflection.content.filter((p) => p.kind !== 'inline-tag' || !p.tag.startsWith('@include'));
  }
  if (!comment?.sourcePath) return;
  const dir = path.dirname(comment.sourcePath);
  const fix = (parts: td.CommentDisplayPart[]) => {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part.kind !== 'inline-tag' || (part.tag !== '@includeCode' && part.tag !== '@include')) continue;
      const target = part.text.trim();
      const file = path.resolve(dir, target);
      env.named.add(slashed(file));
      const text = env.includes.get(slashed(file));
      if (text === undefined) {
        env.missingIncludes.push({
          reflection: reflection.getFriendlyFullName(),
          tag: part.tag,
          target,
          file: slashed(file),
        });
        parts[i] = { kind: 'text', text: '' };
        continue;
      }
      if (part.tag === '@include') {
        env.inlined.set(slashed(file), text);
        // As TypeDoc's include plugin inlines a file: its text, as the comment's Markdown.
        parts[i] = { kind: 'text', text: text.replaceAll('\r\n', '\n') };
        continue;
      }
      // As TypeDoc's include plugin renders an included file: a fenced block named by the extension.
      const lang = path.extname(file).slice(1);
      parts[i] = {
        kind: 'code',
        text: '\n\n```' + lang + '\n\uE000spec-check include ' + slashed(file) + '\uE000\n```',
      };
    }
  };
  fix(comment.summary);
  for (const tag of comment.blockTags) fix(tag.content);
}

/** Lets go of the kept conversions (see `convertedProject`), when no page will be rendered again. */
export function forgetConversions(): void {
  readyEnv?.projects.clear();
}

/**
 * The converted project of a schema.ts: converted again only when the program, the set of
 * example files or a text `{@include}` put in a comment changed (the texts of `{@includeCode}`
 * examples are put in at rendering).
 */
function convertedProject(env: TypeDocEnv, input: ReferenceInput, sourceFile: TS.SourceFile): ConvertedProject {
  const includePaths = [...input.includes.keys()].sort().join('\n');
  const kept = env.projects.get(input.fileName);
  if (
    kept &&
    kept.program === input.program &&
    kept.includePaths === includePaths &&
    kept.inlined.every(([file, text]) => input.includes.get(file) === text)
  )
    return kept;
  env.messages.length = 0;
  env.missingIncludes.length = 0;
  env.inlined.clear();
  env.named.clear();
  const project = env.app.converter.convert([{ displayName: 'schema', program: input.program, sourceFile }]);
  const converted = {
    program: input.program,
    includePaths,
    project,
    missingIncludes: [...env.missingIncludes],
    messages: [...env.messages],
    inlined: [...env.inlined],
    named: [...env.named].sort(),
    blocks: new Map(),
  };
  env.projects.set(input.fileName, converted);
  return converted;
}

/** Anchors of the Schema Reference: declarations and their members by the shared anchor functions. */
class SchemaReferenceRouter extends td.StructureRouter {
  override getFullUrl(target: td.RouterTarget): string {
    return '#' + this.getAnchor(target);
  }

  override getAnchor(target: td.RouterTarget): string {
    if (target instanceof td.DeclarationReflection && target.parent instanceof td.ProjectReflection)
      return declarationAnchor(target.name);
    if (target instanceof td.DeclarationReflection && target.parent?.parent instanceof td.ProjectReflection) {
      return memberAnchor(target.parent.name, target.name);
    }
    return super.getFullUrl(target).replace('.html', '').replaceAll(/[./#]/g, '-').toLowerCase();
  }
}

export interface ReferenceInput {
  program: TS.Program;
  fileName: string;
  template: TextFile;
  /** Example texts by absolute path, `/`-separated. */
  includes: Map<string, string>;
  /** Where problems with schema.ts are reported. */
  schemaPath: string;
  /** How markup that changed between TypeDoc versions is rendered; the bundled version's when absent. */
  rendering?: ReferenceRendering;
}

/**
 * Renders one version's Schema Reference. Needs `prepareTypeDoc()` to have completed; the rest is
 * synchronous.
 */
export function renderSchemaReference(input: ReferenceInput): ReferencePage {
  const env = readyEnv;
  if (!env || !highlighterReady) throw new Error('TypeDoc is not prepared: await prepareTypeDoc() first');
  const page = renderSlottedReference(input);
  return { ...page, ...assembledPage(env.highlight, page.slotted, input.includes) };
}

/**
 * Renders one version's Schema Reference with its code blocks left as slots: the page is then
 * made with `assembledPage` and a highlighter (see `reference-highlight.ts`). Needs
 * `prepareTypeDoc({ highlighter: false })` to have completed.
 */
export function renderSlottedReference(input: ReferenceInput): Omit<ReferencePage, 'text' | 'declarations'> {
  const env = readyEnv;
  if (!env) throw new Error('TypeDoc is not prepared: await prepareTypeDoc() first');
  const { app } = env;
  const problems: GenerationProblem[] = [];
  const at = (file: string) => ({ file, line: 1, column: 1 });

  const sourceFile = input.program.getSourceFile(input.fileName);
  if (!sourceFile)
    return {
      problems: [{ message: 'schema.ts is not in the program', location: at(input.schemaPath) }],
      included: [],
      inlined: [],
      slotted: { parts: [] },
    };

  env.includes = input.includes;
  const converted = convertedProject(env, input, sourceFile);
  const project = converted.project;
  for (const m of converted.missingIncludes) {
    problems.push({
      message: `${m.reflection}: {${m.tag} ${m.target}} names no example file`,
      location: at(input.schemaPath),
      coveredBy: 'jsdoc/link',
    });
  }
  env.messages.length = 0;
  env.messages.push(...converted.messages);

  const { theme, events } = declarationPages(app, project);

  const used = new Set<string>();
  const parts: SlottedPage['parts'] = [];
  let last = 0;
  for (const match of input.template.text.matchAll(CATEGORY_LINE)) {
    const [line, category] = match;
    parts.push(input.template.text.slice(last, match.index));
    last = match.index + line.length;
    used.add(category);
    const inCategory = events
      .filter((e) => categoryOf(e.model) === category)
      .sort((a, b) => compareInCategory(category, a.model, b.model));
    if (!inCategory.length) {
      const offset = input.template.text.indexOf(line);
      problems.push({
        message: `Template category "${category}" has no declaration in schema.ts`,
        location: input.template.location(offset),
        coveredBy: 'schema/category',
      });
    }
    const blocks = inCategory.map((e) =>
      renderedBlock(env, converted, e, () => theme.getRenderContext(e), input.rendering),
    );
    parts.push({ category, blocks });
  }
  parts.push(input.template.text.slice(last));
  const slotted = { parts };

  problems.push(...missingCategories(events, used, input.template.path));
  // TypeDoc names files by their place in the program, under the root: named relative to the root.
  const programPrefix = input.fileName.slice(0, input.fileName.length - input.schemaPath.length);
  for (const m of env.messages) {
    if (m.level >= td.LogLevel.Error)
      problems.push({
        message: `TypeDoc: ${programPrefix ? m.text.replaceAll(programPrefix, '') : m.text}`,
        location: at(input.schemaPath),
      });
  }

  return {
    problems,
    included: converted.named,
    inlined: converted.inlined.map(([file]) => file).sort(),
    slotted,
  };
}

/**
 * A declaration's slotted block: rendered, or as last rendered from the same conversion with the
 * same options. Its code blocks are slots, so an example edit in watch mode renders no block
 * again: the page is made of the kept blocks and the example texts now.
 */
function renderedBlock(
  env: TypeDocEnv,
  converted: ConvertedProject,
  event: td.PageEvent<td.DeclarationReflection>,
  context: () => td.DefaultThemeRenderContext,
  rendering: ReferenceRendering | undefined,
): SlottedBlock {
  const renderingKey = JSON.stringify(rendering ?? null);
  const kept = converted.blocks.get(event.model);
  if (kept?.rendering === renderingKey) return kept.block;
  env.slots = [];
  try {
    const block: SlottedBlock = {
      name: event.model.name,
      title: event.model.getFriendlyFullName(),
      html: renderDeclarationHtml(event.model, context(), rendering),
      slots: env.slots,
    };
    converted.blocks.set(event.model, { block, rendering: renderingKey });
    return block;
  } finally {
    env.slots = undefined;
  }
}

/** A page event per declaration, in the order TypeDoc's router lists them, rendered with the default theme. */
function declarationPages(
  app: td.Application,
  project: td.ProjectReflection,
): { theme: td.DefaultTheme; events: td.PageEvent<td.DeclarationReflection>[] } {
  const router = new SchemaReferenceRouter(app);
  app.renderer.router = router;
  const theme = new td.DefaultTheme(app.renderer);
  app.renderer.theme = theme;
  app.renderer.trigger(td.RendererEvent.BEGIN, new td.RendererEvent('', project, []));
  // The jobs that BEGIN queues write the HTML site's assets: not wanted here.
  (app.renderer as unknown as { preRenderAsyncJobs: unknown[] }).preRenderAsyncJobs = [];

  const events: td.PageEvent<td.DeclarationReflection>[] = [];
  for (const page of router.buildPages(project)) {
    if (!(page.model instanceof td.DeclarationReflection)) continue;
    const event = new td.PageEvent(page.model);
    event.url = page.url;
    event.filename = page.url;
    event.pageKind = page.kind;
    event.project = project;
    events.push(event);
  }

  return { theme, events };
}

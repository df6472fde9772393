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
import * as td from 'typedoc';
import type { TextFile } from '../core/text-file.js';
import { declarationAnchor, memberAnchor } from '../model/anchors.js';
import type { GenerationProblem } from './keys.js';
import { slashed } from '../util/paths.js';

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
};

/** A template line that stands for a category's declarations. */
const CATEGORY_LINE = /^\{\/\* @category (.+) \*\/\}$/gm;

/** One rendered declaration of the page and the category it is listed under. */
export interface RenderedDeclaration {
  name: string;
  category: string;
  /** The block's text: `<div class="type">` ... `</div>` and the blank line after it. */
  text: string;
}

export interface ReferencePage {
  text: string;
  /** The rendered declarations in page order. */
  declarations: RenderedDeclaration[];
  problems: GenerationProblem[];
  /**
   * Example files (absolute, `/`-separated) that comments name with `{@includeCode}` but that do
   * not exist: the page depends on them too (it changes when one appears).
   */
  missingIncludes: string[];
}

/** An `{@includeCode}` whose file does not exist. */
interface MissingInclude {
  /** The declaration (or member) whose comment names it. */
  reflection: string;
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
  /** Found by the conversion under way. */
  missingIncludes: MissingInclude[];
  /** The last conversion of each schema.ts (see `convertedProject`). */
  projects: Map<string, ConvertedProject>;
}

interface ConvertedProject {
  program: TS.Program;
  /** The example files there were, sorted: the conversion depends on which exist, not on their texts. */
  includePaths: string;
  project: td.ProjectReflection;
  missingIncludes: MissingInclude[];
  messages: TypeDocEnv['messages'];
}

/**
 * Where a comment includes an example, the converted comment holds this instead of the example's
 * text, and the highlighter puts the text in at rendering. A converted project is thus rendered
 * again with other example texts (an example edited in watch mode) without converting again.
 * (Comments copied during conversion, such as inherited ones, copy the placeholder.)
 */
const INCLUDE_PLACEHOLDER = /^\uE000spec-check include (.+)\uE000\n$/;

let envPromise: Promise<TypeDocEnv> | undefined;
let readyEnv: TypeDocEnv | undefined;

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
 * tsconfig or typedoc.json) and the code highlighter, which loads asynchronously. After this,
 * rendering is synchronous.
 */
export function prepareTypeDoc(): Promise<void> {
  envPromise ??= (async () => {
    const app = await td.Application.bootstrap({}, []);
    for (const [key, value] of Object.entries(typedocOptions)) app.options.setValue(key as keyof td.TypeDocOptions, value as never);
    const env: TypeDocEnv = { app, messages: [], includes: new Map(), missingIncludes: [], projects: new Map() };
    app.logger = new CollectingLogger(env.messages);
    // Before TypeDoc's own include plugin (priority 0): `{@includeCode}` from the model's texts.
    for (const event of [td.Converter.EVENT_CREATE_DECLARATION, td.Converter.EVENT_CREATE_SIGNATURE, td.Converter.EVENT_CREATE_PARAMETER, td.Converter.EVENT_CREATE_TYPE_PARAMETER] as const) {
      app.converter.on(event, (...args: unknown[]) => inlineIncludes(env, args[1] as td.Reflection), 100);
    }
    // The same example is often in several versions: highlight each code block once per process.
    // (Highlight classes are numbered per page afterwards, so a reused result is still exact.)
    const marked = app.renderer.markedPlugin;
    const highlight = marked.getHighlighted.bind(marked);
    const highlighted = new Map<string, string>();
    marked.getHighlighted = (fenced: string, lang?: string) => {
      const include = INCLUDE_PLACEHOLDER.exec(fenced)?.[1];
      // As TypeDoc's include plugin puts a file in a fence, and as the fence gives it to the highlighter.
      const text = include === undefined ? fenced : includedCode(env.includes.get(include) ?? '') + '\n';
      const key = `${lang}\0${text}`;
      let html = highlighted.get(key);
      if (html === undefined) highlighted.set(key, (html = highlight(text, lang)));
      return html;
    };
    const theme = new td.DefaultTheme(app.renderer);
    await theme.preRender(new td.RendererEvent('', new td.ProjectReflection('schema', app.files), []));
    readyEnv = env;
    return env;
  })();
  return envPromise.then(() => undefined);
}

function inlineIncludes(env: TypeDocEnv, reflection: td.Reflection): void {
  const comment = reflection.comment;
  if (!comment?.sourcePath) return;
  const dir = path.dirname(comment.sourcePath);
  const fix = (parts: td.CommentDisplayPart[]) => {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part.kind !== 'inline-tag' || part.tag !== '@includeCode') continue;
      const target = part.text.trim();
      const file = path.resolve(dir, target);
      if (!env.includes.has(slashed(file))) {
        env.missingIncludes.push({ reflection: reflection.getFriendlyFullName(), target, file: slashed(file) });
        parts[i] = { kind: 'text', text: '' };
        continue;
      }
      // As TypeDoc's include plugin renders an included file: a fenced block named by the extension.
      const lang = path.extname(file).slice(1);
      parts[i] = { kind: 'code', text: '\n\n```' + lang + '\n\uE000spec-check include ' + slashed(file) + '\uE000\n```' };
    }
  };
  fix(comment.summary);
  for (const tag of comment.blockTags) fix(tag.content);
}

/** Lets go of the kept conversions (see `convertedProject`), when no page will be rendered again. */
export function forgetConversions(): void {
  readyEnv?.projects.clear();
}

/** An included file's text as it stands in its fence: LF line ends, no "``" that would close it. */
function includedCode(text: string): string {
  return text.replaceAll('\r\n', '\n').replace(/`(?=`)/g, '`\u200B').trimEnd();
}

/**
 * The converted project of a schema.ts: converted again only when the program or the set of
 * example files changed (example texts are put in at rendering).
 */
function convertedProject(env: TypeDocEnv, input: ReferenceInput, sourceFile: TS.SourceFile): ConvertedProject {
  const includePaths = [...input.includes.keys()].sort().join('\n');
  const kept = env.projects.get(input.fileName);
  if (kept && kept.program === input.program && kept.includePaths === includePaths) return kept;
  env.messages.length = 0;
  env.missingIncludes.length = 0;
  const project = env.app.converter.convert([{ displayName: 'schema', program: input.program, sourceFile }]);
  const converted = { program: input.program, includePaths, project, missingIncludes: [...env.missingIncludes], messages: [...env.messages] };
  env.projects.set(input.fileName, converted);
  return converted;
}

/** Anchors of the Schema Reference: declarations and their members by the shared anchor functions. */
class SchemaReferenceRouter extends td.StructureRouter {
  override getFullUrl(target: td.RouterTarget): string {
    return '#' + this.getAnchor(target);
  }

  override getAnchor(target: td.RouterTarget): string {
    if (target instanceof td.DeclarationReflection && target.parent instanceof td.ProjectReflection) return declarationAnchor(target.name);
    if (target instanceof td.DeclarationReflection && target.parent?.parent instanceof td.ProjectReflection) {
      return memberAnchor(target.parent.name, target.name);
    }
    return super.getFullUrl(target).replace('.html', '').replaceAll(/[./#]/g, '-').toLowerCase();
  }
}

function categoryOf(reflection: td.DeclarationReflection): string | undefined {
  const tag = reflection.comment?.getTag('@category');
  return tag ? tag.content.map((p) => p.text).join(' ') : undefined;
}

/** Categories named after an RPC method (`` `tools/call` ``) list request, params, result, notification first. */
function isMethodCategory(category: string): boolean {
  return /^`[a-z]/.test(category);
}

const METHOD_ORDER = ['Request', 'RequestParams', 'ResultResponse', 'Result', 'Notification', 'NotificationParams'];

function compareInCategory(category: string, a: td.DeclarationReflection, b: td.DeclarationReflection): number {
  if (isMethodCategory(category)) {
    for (const suffix of METHOD_ORDER) {
      const d = +b.name.endsWith(suffix) - +a.name.endsWith(suffix);
      if (d) return d;
    }
  }
  return a.name.localeCompare(b.name, 'en');
}

/**
 * Renders one declaration. The escapes keep the docs site's MDX parser from reading the HTML as
 * Markdown or JSX: no-break spaces as entities, `[`, `_`, `{`, `$`, backquote, backslash and `*` as
 * character references, and no line break before a tag.
 */
function renderDeclaration(reflection: td.DeclarationReflection, context: td.DefaultThemeRenderContext): string {
  // Tags are rendered the spec repository's way everywhere in the block, members included.
  context.commentTags = (props) => commentTags(context, reflection, props);
  const preview = context.reflectionPreview(reflection);
  let content = td.JSX.renderElement(
    td.JSX.createElement(
      td.JSX.Fragment,
      null,
      preview ? [preview, context.commentSummary(reflection), context.commentTags(reflection)] : context.memberDeclaration(reflection),
      (reflection.children ?? []).map((m) => renderMember(m, context)),
    ),
  );
  // Headings would enter the page's table of contents: they become `<div>`s that keep their level.
  content = content.replaceAll(/<h([1-6])([^>]*)>/g, '<div$2 data-typedoc-h="$1">').replaceAll(/<\/h[1-6]>/g, '</div>');
  content = content.replaceAll('\u00A0\u00A0', '\u00A0');
  content = content
    .replaceAll('\u00A0', '&nbsp;')
    .replaceAll(/\n+</g, ' <')
    .replaceAll('[', '&#x5B;')
    .replaceAll('_', '&#x5F;')
    .replaceAll('{', '&#x7B;')
    .replaceAll('$', '&#x24;')
    .replaceAll('`', '&#x60;')
    .replaceAll('\\', '&#x5C;')
    .replaceAll('*', '&#x2A;');
  content = content.replaceAll(/<p>@TJS-type [^<]+<\/p>/g, '');
  return `<div class="type">\n\n### \`${reflection.getFriendlyFullName()}\`\n\n${content}\n</div>\n\n`;
}

/**
 * A member: a heading with its anchor whose text is the member's signature (`name?: Type`,
 * as TypeDoc formats it), then the rest of TypeDoc's member declaration: docs, the members of
 * an object type, tags, and where it is inherited from.
 */
function renderMember(member: td.DeclarationReflection, context: td.DefaultThemeRenderContext): td.JSX.Element {
  const anchor = context.getAnchor(member);
  const declaration = context.memberDeclaration(member);
  const [signature, ...rest] = declaration.children.flat();
  const { createElement: h, Raw } = td.JSX;
  const classes = ['tsd-panel', 'tsd-member', context.getReflectionClasses(member)].filter(Boolean).join(' ');
  return h(
    'section',
    { class: classes },
    h(
      'h3',
      { class: 'tsd-anchor-link', id: anchor },
      h('span', { class: member.isDeprecated() ? 'deprecated' : undefined }, signatureTitle(signature as td.JSX.Element)),
      anchor ? h('a', { href: `#${anchor}`, 'aria-label': 'Permalink', class: 'tsd-anchor-icon' }, h(Raw, { html: ANCHOR_ICON })) : null,
    ),
    // Where the signature block stood, its line break stays (the spec repository's pages have it).
    h(Raw, { html: '\n' }),
    ...(rest as td.JSX.Children[]),
  );
}

/** The signature as one line of text: a line break before indentation goes, any other becomes a space. */
function signatureTitle(signature: td.JSX.Element): string {
  return td.JSX.renderElementToText(signature).replace(/\n( *)/g, (_m, indent: string) => indent || ' ');
}

/**
 * Block tags: `@example` as a collapsible block whose anchor is the declaration's anchor and the
 * example's slug; other tags under a plain heading with no anchor of their own.
 */
function commentTags(context: td.DefaultThemeRenderContext, page: td.DeclarationReflection, props: td.Reflection): td.JSX.Element | undefined {
  if (!props.comment) return undefined;
  const { createElement: h, Raw, Fragment } = td.JSX;
  const notRendered = context.options.getValue('notRenderedTags');
  const tags = props.comment.blockTags.filter((t) => !t.skipRendering && !notRendered.includes(t.tag));
  const rendered = tags.map((tag) => {
    const name = tag.name ? `${td.translateTagName(tag.tag)}: ${tag.name}` : td.translateTagName(tag.tag);
    const body = context.markdown(tag.content);
    if (tag.tag === '@example') {
      const anchor = `${context.getAnchor(page)}-${context.slugger.slug(name)}`;
      return h(
        'details',
        { class: 'tsd-tag-example' },
        h(Raw, { html: '\n' }),
        h('summary', { class: 'tsd-anchor-link' }, name, h('a', { href: `#${anchor}`, 'aria-label': 'Permalink', class: 'tsd-anchor-icon' }, h(Raw, { html: ANCHOR_ICON }))),
        h(Raw, { html: body.replace('<pre>', `<pre id="${anchor}">`) }),
      );
    }
    return h(
      'div',
      { class: `tsd-tag-${tag.tag.substring(1)}` },
      h('h4', { class: 'tsd-anchor-link' }, name),
      tag.typeAnnotation ? h('span', { class: 'tsd-type-annotation' }, tag.typeAnnotation) : null,
      h(Raw, { html: body }),
    );
  });
  return h(Fragment, null, rendered.length ? h('div', { class: 'tsd-comment tsd-typography' }, rendered) : null);
}

const ANCHOR_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><use href="assets/icons.svg#icon-anchor"/></svg>';

/**
 * Code highlighting numbers its colour classes (`hl-0`, `hl-1`, ...) in the order it first meets
 * each colour, across the process. The spec repository renders each page in a process of its
 * own, so the classes are numbered again per page, in order of appearance.
 */
function renumberHighlightClasses(text: string, map: Map<string, number>): string {
  return text.replace(/class="hl-(\d+)"/g, (_m, n: string) => {
    let k = map.get(n);
    if (k === undefined) map.set(n, (k = map.size));
    return `class="hl-${k}"`;
  });
}

export interface ReferenceInput {
  program: TS.Program;
  fileName: string;
  template: TextFile;
  /** Example texts by absolute path, `/`-separated. */
  includes: Map<string, string>;
  /** Where problems with schema.ts are reported. */
  schemaPath: string;
}

/**
 * Renders one version's Schema Reference. Needs `prepareTypeDoc()` to have completed; the rest is
 * synchronous.
 */
export function renderSchemaReference(input: ReferenceInput): ReferencePage {
  const env = readyEnv;
  if (!env) throw new Error('TypeDoc is not prepared: await prepareTypeDoc() first');
  const { app } = env;
  const problems: GenerationProblem[] = [];
  const at = (file: string) => ({ file, line: 1, column: 1 });

  const sourceFile = input.program.getSourceFile(input.fileName);
  if (!sourceFile) return { text: '', declarations: [], problems: [{ message: 'schema.ts is not in the program', location: at(input.schemaPath) }], missingIncludes: [] };

  env.includes = input.includes;
  const converted = convertedProject(env, input, sourceFile);
  const project = converted.project;
  for (const m of converted.missingIncludes) {
    problems.push({ message: `${m.reflection}: {@includeCode ${m.target}} names no example file`, location: at(input.schemaPath), coveredBy: 'jsdoc/link' });
  }
  env.messages.length = 0;
  env.messages.push(...converted.messages);

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

  const declarations: RenderedDeclaration[] = [];
  const used = new Set<string>();
  // Blocks are rendered in page order, so one numbering across them is the page's numbering.
  const highlightClasses = new Map<string, number>();
  const text = input.template.text.replace(CATEGORY_LINE, (line: string, category: string) => {
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
    const blocks = inCategory.map((e) => {
      const rendered = renderDeclaration(e.model, theme.getRenderContext(e));
      const block = { name: e.model.name, category, text: renumberHighlightClasses(rendered, highlightClasses) };
      declarations.push(block);
      return block.text;
    });
    return blocks.join('\n');
  });

  const missing = new Map<string, td.DeclarationReflection>();
  for (const e of events) {
    const category = categoryOf(e.model);
    if (category && !used.has(category) && !missing.has(category)) missing.set(category, e.model);
  }
  for (const [category, reflection] of [...missing].sort(([a], [b]) => (a < b ? -1 : 1))) {
    problems.push({
      message: `Category "${category}" (used by ${reflection.name} and others in schema.ts) is missing from the template ${input.template.path}; add a line {/* @category ${category} */}`,
      location: at(input.template.path),
      coveredBy: 'schema/category',
    });
  }
  for (const m of env.messages) {
    if (m.level >= td.LogLevel.Error) problems.push({ message: `TypeDoc: ${m.text}`, location: at(input.schemaPath) });
  }

  return { text, declarations, problems, missingIncludes: [...new Set(converted.missingIncludes.map((m) => m.file))] };
}

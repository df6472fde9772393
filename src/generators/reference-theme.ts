/**
 * How the Schema Reference renders a declaration with TypeDoc's default theme, the way the spec
 * repository's pages show it: members under anchored headings, block tags, `@example` blocks,
 * and the escapes the docs site's MDX parser needs.
 */
import * as td from '../vendor/typedoc.js';
import type { ReferenceRendering } from './pins.js';
import { finishDeclaration } from './reference-slots.js';

/**
 * Renders one declaration. The escapes keep the docs site's MDX parser from reading the HTML as
 * Markdown or JSX: no-break spaces as entities, `[`, `_`, `{`, `$`, backquote, backslash and `*` as
 * character references, and no line break before a tag.
 */
export function renderDeclaration(
  reflection: td.DeclarationReflection,
  context: td.DefaultThemeRenderContext,
  rendering: Pick<ReferenceRendering, 'blockLineBreaks'> = { blockLineBreaks: true },
): string {
  return finishDeclaration(reflection.getFriendlyFullName(), renderDeclarationHtml(reflection, context, rendering));
}

/**
 * A declaration's HTML as TypeDoc's renderer writes it, before the escapes and the block around
 * it (see `finishDeclaration`): code the highlighter gave in is still as it gave it.
 */
export function renderDeclarationHtml(
  reflection: td.DeclarationReflection,
  context: td.DefaultThemeRenderContext,
  rendering: Pick<ReferenceRendering, 'blockLineBreaks'> = { blockLineBreaks: true },
): string {
  const breaks = rendering.blockLineBreaks;
  // Tags are rendered the spec repository's way everywhere in the block, members included.
  context.commentTags = (props) => commentTags(context, reflection, props, breaks);
  const preview = context.reflectionPreview(reflection);
  // The renderer's line breaks before block elements are a process-wide setting: set for this
  // block, then back to TypeDoc's default.
  td.JSX.setRenderSettings({ pretty: breaks });
  let content: string;
  try {
    content = td.JSX.renderElement(
      td.JSX.createElement(
        td.JSX.Fragment,
        null,
        preview
          ? [preview, context.commentSummary(reflection), context.commentTags(reflection)]
          : context.memberDeclaration(reflection),
        (reflection.children ?? []).map((m) => renderMember(m, context, breaks)),
      ),
    );
  } finally {
    td.JSX.setRenderSettings({ pretty: true });
  }
  return content;
}

/**
 * A member: a heading with its anchor whose text is the member's signature (`name?: Type`,
 * as TypeDoc formats it), then the rest of TypeDoc's member declaration: docs, the members of
 * an object type, tags, and where it is inherited from.
 */
function renderMember(
  member: td.DeclarationReflection,
  context: td.DefaultThemeRenderContext,
  blockLineBreaks: boolean,
): td.JSX.Element {
  const anchor = keepsAnchor(context.getAnchor(member) ?? '') ? context.getAnchor(member) : undefined;
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
      h(
        'span',
        { class: member.isDeprecated() ? 'deprecated' : undefined },
        signatureTitle(signature as td.JSX.Element),
      ),
      anchor
        ? h(
            'a',
            { href: `#${anchor}`, 'aria-label': 'Permalink', class: 'tsd-anchor-icon' },
            h(Raw, { html: ANCHOR_ICON }),
          )
        : null,
    ),
    // Where the signature block stood, its line break stays (the spec repository's pages have it),
    // when the renderer writes one.
    blockLineBreaks ? h(Raw, { html: '\n' }) : null,
    ...(rest as td.JSX.Children[]),
  );
}

/** The signature as one line of text: a line break before indentation goes, any other becomes a space. */
function signatureTitle(signature: td.JSX.Element): string {
  return td.JSX.renderElementToText(signature).replace(/\n( *)/g, (_m, indent: string) => indent || ' ');
}

/**
 * Whether the spec repository's plugin leaves an element its `id` and permalink: it takes both
 * away from `@see` and `@deprecated` headings by selecting `[id="see"],[id^="deprecated"]`, which
 * also catches any other id of those forms (a second `@see` is `see-1` and keeps its own).
 */
function keepsAnchor(id: string): boolean {
  return id !== 'see' && !id.startsWith('deprecated');
}

/** A permalink to `anchor`, as TypeDoc's default theme writes one. */
function permalink(anchor: string): td.JSX.Element {
  const { createElement: h, Raw } = td.JSX;
  return h(
    'a',
    { href: `#${anchor}`, 'aria-label': 'Permalink', class: 'tsd-anchor-icon' },
    h(Raw, { html: ANCHOR_ICON }),
  );
}

/** The first element of an HTML fragment given `id` (where the plugin moves an example heading's id). */
function withIdOnFirstElement(html: string, id: string): string {
  return html.replace(/<([a-zA-Z][a-zA-Z0-9]*)(?=[\s>/])/, `<$1 id="${id}"`);
}

/**
 * Block tags as TypeDoc's default theme renders them (a heading whose anchor is the tag name's
 * slug, with a permalink), then as the spec repository's plugin changes them: `@example` as a
 * collapsible block whose anchor, the declaration's anchor and the slug, moves to the example's
 * first element; `@see` and `@deprecated` without an anchor (see `keepsAnchor`).
 */
function commentTags(
  context: td.DefaultThemeRenderContext,
  page: td.DeclarationReflection,
  props: td.Reflection,
  blockLineBreaks: boolean,
): td.JSX.Element | undefined {
  if (!props.comment) return undefined;
  const { createElement: h, Raw, Fragment } = td.JSX;
  const notRendered = context.options.getValue('notRenderedTags');
  const tags = props.comment.blockTags.filter((t) => !t.skipRendering && !notRendered.includes(t.tag));
  const rendered = tags.map((tag) => {
    const name = tag.name ? `${td.translateTagName(tag.tag)}: ${tag.name}` : td.translateTagName(tag.tag);
    // Every tag takes a slug, in order, as the default theme gives each heading one.
    const slug = context.slugger.slug(name);
    const body = context.markdown(tag.content);
    if (tag.tag === '@example') {
      // (The plugin strips a moved id of the `deprecated…` form from the element, not the summary's permalink.)
      const anchor = `${context.getAnchor(page)}-${slug}`;
      return h(
        'details',
        { class: 'tsd-tag-example' },
        // The line break the renderer wrote before the example's heading, which became the summary.
        blockLineBreaks ? h(Raw, { html: '\n' }) : null,
        h('summary', { class: 'tsd-anchor-link' }, name, permalink(anchor)),
        h(Raw, { html: keepsAnchor(anchor) ? withIdOnFirstElement(body, anchor) : body }),
      );
    }
    const kept = keepsAnchor(slug);
    return h(
      'div',
      { class: `tsd-tag-${tag.tag.substring(1)}` },
      h('h4', { class: 'tsd-anchor-link', id: kept ? slug : undefined }, name, kept ? permalink(slug) : null),
      tag.typeAnnotation ? h('span', { class: 'tsd-type-annotation' }, tag.typeAnnotation) : null,
      h(Raw, { html: body }),
    );
  });
  return h(Fragment, null, rendered.length ? h('div', { class: 'tsd-comment tsd-typography' }, rendered) : null);
}

const ANCHOR_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><use href="assets/icons.svg#icon-anchor"/></svg>';

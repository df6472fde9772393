/**
 * Anchors in the docs site. The Schema Reference generator and the link checker both use
 * these, so that a link the checker accepts is one the generated page has.
 */
import type { SiteKind } from './spec.js';

/** Anchor of a declaration's section in the Schema Reference: its name, lower-case. */
export function declarationAnchor(name: string): string {
  return name.toLowerCase();
}

/**
 * Anchor of a member inside a declaration's section: `declaration-member`, lower-case. The
 * member part is slugged as TypeDoc slugs it (punctuation dropped, spaces to `-`), so a member
 * named `"io.example/key"` has the anchor `declaration-ioexamplekey`, as on the docs site.
 */
export function memberAnchor(declaration: string, member: string): string {
  return `${declaration}-${typedocSlug(member)}`.toLowerCase();
}

/** TypeDoc's slug of a name or title: punctuation dropped, spaces to `-` (case kept). */
export function typedocSlug(text: string): string {
  const slug = text
    .trim()
    .replace(/[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g, '')
    .replace(/\s/g, '-')
    .replace(/--+/, '-');
  return slug || '_';
}

/**
 * Anchor of a heading, by the docs site's slug rules: lower-case, spaces to `-`, punctuation
 * dropped (as GitHub and most MDX sites do).
 */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Every anchor a heading may have on the docs site. The site (Mintlify) keeps `/` and `:` in
 * slugs (`## \`tasks/get\`` is linked as `#tasks%2Fget`), and pages link `` ### `_meta` `` both
 * as `#_meta` and `#meta`; a link is accepted when it matches any of these forms.
 */
export function headingSlugs(text: string): string[] {
  const base = text.trim().toLowerCase();
  const github = headingSlug(text);
  const keepingPaths = base.replace(/[^\p{L}\p{N}\p{M}\s_\-/:]/gu, '').replace(/\s/g, '-');
  const out = new Set([github, keepingPaths]);
  for (const s of [...out]) out.add(s.replace(/^[_-]+|[_-]+$/g, ''));
  return [...out].filter((s) => s !== '');
}

/**
 * The id the docs site (Mintlify) gives a heading of this text. Learnt from its renderer and
 * pinned case by case in test/anchors.test.ts: the text is lower-cased and its spaces made `-`;
 * when it is plain ASCII, every run of other characters than letters, digits and `_` becomes
 * one `-`; otherwise the URI-escaped form is slugged the same way with the escapes kept and then
 * decoded, so `/`, `&`, `+`, `=`, `@`, `$`, `#`, `%` and non-ASCII letters stay (`the-tools/list-request`,
 * `café`); finally `? , ; : ! ' " ( ) [ ] { }` and emoji are deleted (which can leave `--`).
 */
export function siteHeadingId(text: string): string {
  const escaped = encodeURIComponent(text.toLowerCase().trim().replace(/\s+/g, '-'));
  const plain = !/%[0-9A-F]{2}/i.test(escaped);
  const slug = escaped
    .replace(/'/g, '')
    .replace(plain ? /[^a-z0-9_]+/g : /[^a-zA-Z0-9%_]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleanHeadingId(slug);
}

const DELETED_FROM_IDS =
  /[?,;:!'"()[\]{}\u200D\uFE0E\uFE0F]|\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}/gu;

/** The site's clean-up of an id (and of a link's fragment before lookup): decoded, punctuation and emoji deleted. */
export function cleanHeadingId(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return id;
  }
  return decoded.replace(DELETED_FROM_IDS, '');
}

/**
 * The ids of a page's headings in order, as the site numbers repeats: `x`, `x-2`, `x-3`, then
 * a second pass over all ids (explicit ones included, `taken`) that appends `-2`, `-3`, ... to
 * any id still seen twice. Headings deeper than `####` get no id.
 */
export function siteHeadingIds(headings: { depth: number; text: string }[], taken: Iterable<string> = []): string[] {
  const counts = new Map<string, number>();
  const seen = new Set(taken);
  const out: string[] = [];
  for (const h of headings) {
    if (h.depth > 4) continue;
    const base = siteHeadingId(h.text);
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    let id = n > 1 ? `${base}-${n}` : base;
    if (seen.has(id)) {
      let k = 2;
      while (seen.has(`${id}-${k}`)) k++;
      id = `${id}-${k}`;
    }
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** Components that never render an `id` they are given (the site's list). */
const WITHOUT_ID = new Set(
  'Info Warning Note Tip Check Danger Callout AccordionGroup Card CardGroup Tabs CodeGroup Column Columns CustomCode CustomComponent DynamicCustomComponent Expandable Frame GitHub Github Icon Latex Mermaid Panel Popup Prompt RequestExample ResponseExample SnippetGroup Steps Tile Tooltip Tree FileTree Variation Visibility MDX Badge Color ZoomImage'.split(
    ' ',
  ),
);
/** Elements whose `id` the site cleans as it cleans heading ids. */
const CLEANED_ID = new Set(['h1', 'h2', 'h3', 'h4', 'Heading', 'Step', 'Update']);
/** Components that get an id from their `title` when they have none. */
const TITLED = new Set(['Accordion', 'Tab', 'View']);

const TAG = /<([A-Za-z][\w.]*)(\s[^<>]*?)?\/?>/g;
const ATTRIBUTE = /(?:^|\s)(id|title)=(?:"([^"]*)"|'([^']*)'|\{\s*"([^"]*)"\s*\})/g;

/**
 * Anchors that elements of a page's text give it: `id` attributes (kept as written, or cleaned
 * on headings, absent on the components that drop them) and the ids the site derives from
 * the titles of accordions and tabs.
 */
export function explicitIds(text: string): string[] {
  const out: string[] = [];
  for (const tag of text.matchAll(TAG)) {
    const name = tag[1];
    if (WITHOUT_ID.has(name)) continue;
    let id: string | undefined;
    let title: string | undefined;
    for (const a of (tag[2] ?? '').matchAll(ATTRIBUTE)) {
      const value = a[2] ?? a[3] ?? a[4] ?? '';
      if (a[1] === 'id') id = value;
      else title = value;
    }
    if (id !== undefined) out.push(CLEANED_ID.has(name) ? cleanHeadingId(id) : id);
    else if (title !== undefined && TITLED.has(name))
      out.push(
        title
          .toLowerCase()
          .replace(/'/g, '')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, ''),
      );
  }
  return out;
}

/**
 * GitHub's heading slug, as github-slugger makes it (Docusaurus too): lower-cased; every
 * character other than a letter, mark, number, connector punctuation (`_`), space or `-`
 * dropped; each space made `-` (runs are not merged, ends not trimmed).
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * Python-Markdown's `toc` slug, MkDocs's default: the text decomposed (NFKD) and kept to ASCII;
 * characters other than word characters, whitespace and `-` dropped; trimmed, lower-cased; runs
 * of `-` and whitespace made one `-`.
 */
export function pythonMarkdownSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x00-\x7F]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-');
}

/** Characters VitePress's slug (@mdit-vue/shared) turns into `-`, runs of them as one. */
const VITEPRESS_SEPARATORS = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'\u201C\u201D\u2018\u2019<>,.?/]+/g;

/**
 * VitePress's heading slug: decomposed (NFKD) with combining marks and control characters
 * dropped; runs of spaces and ASCII punctuation (and curly quotes) made one `-`, none at the
 * ends; a leading digit gets `_` before it; lower-cased.
 */
export function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    .replace(/[\u0000-\u001F]/g, '')
    .replace(VITEPRESS_SEPARATORS, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/**
 * The ids of a page's headings as the site generator of `scheme` gives them, in order. An id the
 * page gives a heading (`{#id}`) is used as written. Repeats: Mintlify's `x-2` (see
 * `siteHeadingIds`); GitHub, Docusaurus and VitePress `x-1`, `x-2`; MkDocs `x_1`, `x_2`, also
 * for an empty slug.
 */
export function headingIdsFor(
  scheme: SiteKind,
  headings: { depth: number; text: string; id?: string }[],
  taken: Iterable<string> = [],
): string[] {
  if (scheme === 'mintlify') return siteHeadingIds(headings, taken);
  const seen = new Set(taken);
  for (const h of headings) if (h.id) seen.add(h.id);
  const out: string[] = [];
  for (const h of headings) {
    if (h.id) {
      out.push(h.id);
      continue;
    }
    let id: string;
    if (scheme === 'mkdocs') {
      id = pythonMarkdownSlug(h.text);
      while (seen.has(id) || !id) {
        const numbered = /^(.*)_(\d+)$/.exec(id);
        id = numbered ? `${numbered[1]}_${Number(numbered[2]) + 1}` : `${id}_1`;
      }
    } else {
      const base = scheme === 'vitepress' ? vitepressSlug(h.text) : githubSlug(h.text);
      id = base;
      for (let n = 1; seen.has(id); n++) id = `${base}-${n}`;
    }
    seen.add(id);
    out.push(id);
  }
  return out;
}

const NAMED_ANCHOR = /<a\s[^<>]*?\bname=(?:"([^"]*)"|'([^']*)')/gi;

/** Anchors of a page's elements for a site of `scheme`: `id` attributes, and on Markdown sites `<a name>` too. */
export function explicitIdsFor(scheme: SiteKind, text: string): string[] {
  const ids = explicitIds(text);
  if (scheme === 'mintlify') return ids;
  for (const m of text.matchAll(NAMED_ANCHOR)) ids.push(m[1] ?? m[2]);
  return ids;
}

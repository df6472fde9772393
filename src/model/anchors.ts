/**
 * Anchors in the docs site. The Schema Reference generator and the link checker both use
 * these, so that a link the checker accepts is one the generated page has.
 */

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

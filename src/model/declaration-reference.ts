/**
 * TypeDoc's declaration references, as `{@link}` targets take them: an optional module source
 * (`module!`, the module name possibly quoted), then a path of components joined by `.` (a static
 * member or namespace export), `#` (an instance member) or `~` (a local), then an optional
 * `:meaning` (`:interface`, `:0`, ...) that narrows which declaration of the name is meant.
 */
export interface DeclarationReference {
  /** The module before `!`, unquoted; absent when the reference names no module. */
  module?: string;
  /** The components of the symbol path, unquoted: `['Name', 'member']`. */
  path: string[];
}

/** The parts of a declaration reference, or undefined when `text` is not one (a URL, a path). */
export function parseDeclarationReference(text: string): DeclarationReference | undefined {
  let rest = text.trim();
  let module: string | undefined;
  const source = /^(?:"((?:[^"\\]|\\.)*)"|([^"!\s.#~]+(?:[/.@-][^"!\s.#~]+)*))!/.exec(rest);
  if (source) {
    module = source[1] !== undefined ? unescape(source[1]) : source[2];
    rest = rest.slice(source[0].length);
  }
  // The meaning narrows among same-named declarations; any of them is a valid target here.
  rest = rest.replace(/:[\w]+(?:\([^)]*\))?$/, '');
  const path: string[] = [];
  const component = /^(?:"((?:[^"\\]|\\.)*)"|([\w$]+))/;
  for (;;) {
    const m = component.exec(rest);
    if (!m) return undefined;
    path.push(m[1] !== undefined ? unescape(m[1]) : m[2]);
    rest = rest.slice(m[0].length);
    if (!rest) break;
    if (!/^[.#~]/.test(rest)) return undefined;
    rest = rest.slice(1);
  }
  return module === undefined ? { path } : { module, path };
}

function unescape(quoted: string): string {
  return quoted.replace(/\\(.)/g, '$1');
}

import type { MarkdownPage, SpecVersion } from '../model/spec.js';
import type { Location } from '../core/location.js';
import type { Rule } from '../core/rule.js';
import { keptDerivation, keptValue, type Project } from '../project/project.js';
import { jsonBlockLanguage, type ProseJson } from '../prose/json-blocks.js';
import { jsonBlockValues } from '../prose/json-block-values.js';
import { readJsonBlocks } from '../prose/prose-json.js';
import { isBaseOnlyMethod, mayBeImportedMethod } from '../prose/base-messages.js';
import { messageIndex } from '../prose/schema-index.js';
import { blockContext } from '../prose/classify.js';
import { escapePointer, type JsonDocument } from '../core/json-document.js';
import { isObject } from '../util/is-object.js';
import { UNVERSIONED } from '../model/versions.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The HTTP header that carries the protocol version, with a dated value. */
const HEADER = /MCP-Protocol-Version:\s*["'`]?(\d{4}-\d{2}-\d{2})/gi;
/**
 * Text about more than one version: negotiation, older or newer peers, fallbacks. A value of
 * another version is what such text is about, not a slip.
 */
const ABOUT_VERSIONS =
  /\b(negotiat\w*|older|earlier|previous|prior|newer|later version|backward|backwards|downgrad\w*|fall ?back|legacy|unsupported|does not support|did not|supported versions?|mismatch\w*|compatib\w*)\b/i;

/** Protocol version values in a version's examples and pages name that version. */
export const consistencyProtocolVersion: Rule = {
  meta: {
    id: 'consistency/protocol-version',
    description:
      "A `protocolVersion` value (or an `MCP-Protocol-Version` header) in a version's example files and pages names that version: its schema.ts's `LATEST_PROTOCOL_VERSION`, or the version folder's date. In a version folder named by a date, `LATEST_PROTOCOL_VERSION` is that date.",
    rationale:
      "Readers of a version copy its messages; one that names another version's date was left behind when the text was carried over, and teaches a client to announce a version it does not speak.",
    defaultSeverity: 'error',
    details:
      "The version's own value is `LATEST_PROTOCOL_VERSION` from its schema.ts (a draft announces the release it becomes), else the folder name when it is a date; a version with neither is not checked. A released version (a folder named by a date, such as `2025-01-15`) whose schema.ts sets `LATEST_PROTOCOL_VERSION` to anything else (a draft's label left in when the draft was copied, or another date) is reported at the constant: the folder is what readers and the site call the version. Read: members named `protocolVersion` or `MCP-Protocol-Version` (any case) in example files and JSON blocks, and `MCP-Protocol-Version: <date>` anywhere in a page. Text about several versions is left alone: a value is not reported when the paragraph it is in (for a JSON block, the paragraph before it) speaks of negotiation, older or newer versions, fallbacks, compatibility or an unsupported version. In a spec that extends a base protocol (config `extends`), the base's messages (a method only the base declares, such as `initialize`) and the answers to them carry the base's protocol version, not the extension's, and are not read.",
    examples: {
      file: 'docs/specification/2025-01-15/basic/lifecycle.mdx',
      fail: '```json\n{ "method": "initialize", "params": { "protocolVersion": "2024-06-01" } }\n```',
      pass: '```json\n{ "method": "initialize", "params": { "protocolVersion": "2025-01-15" } }\n```',
    },
  },
  check(project, { report }) {
    for (const version of project.spec.versions) {
      // A released version's folder is named by its date: its schema.ts must announce that date.
      const latest = version.schemaTs?.byName.get('LATEST_PROTOCOL_VERSION');
      if (DATE.test(version.id) && typeof latest?.constValue === 'string' && latest.constValue !== version.id)
        report({
          message: `LATEST_PROTOCOL_VERSION is "${latest.constValue}" in ${version.id}, whose folder names the version it is ("${version.id}")`,
          location: latest.location,
        });
      const own = ownVersion(version);
      if (!own) continue;
      const say = (value: string, location: Location) =>
        report({
          message:
            version.id === UNVERSIONED
              ? `Protocol version "${value}", where the spec's protocol version is "${own}"`
              : `Protocol version "${value}" in ${version.id}, whose protocol version is "${own}"`,
          location,
        });
      for (const example of version.examples) {
        if (!example.document.ok) continue;
        // Kept while the example's document and the version's own value are the same (watch mode).
        const found = keptValue(project, exampleVersions, example.document, [own], () =>
          versionValues(example.document.value, '').filter(({ value }) => value !== own),
        );
        for (const { pointer, value } of found) say(value, example.file.location(example.document.offsetOf(pointer)));
      }
      for (const page of version.pages) {
        const found = keptValue(project, pageVersions, page, [own, version.schemaTs, project.spec.base], () => {
          const out: { value: string; location: Location }[] = [];
          const ofBase = baseValues(project, version, page);
          checkPage(project, page, own, ofBase, (value, location) => out.push({ value, location }));
          return out;
        });
        for (const { value, location } of found) say(value, location);
      }
    }
  },
};

/** The other versions an example names, kept while its document and its version's own are unchanged. */
const exampleVersions = keptDerivation<JsonDocument, { pointer: string; value: string }[]>(
  'protocol versions of an example',
);

/** The other versions a page names, kept while the page and its version's own are unchanged. */
const pageVersions = keptDerivation<MarkdownPage, { value: string; location: Location }[]>(
  'protocol versions of a page',
);

/**
 * The JSON values of a page that are the base protocol's messages (config `extends`), or answers
 * to them: their protocol version is the base's, not the extension's.
 */
function baseValues(project: Project, version: SpecVersion, page: MarkdownPage): Set<ProseJson> {
  const out = new Set<ProseJson>();
  // A types file importing a module it does not read (the base protocol's package) leaves the
  // messages it does not declare, outside its own methods' namespaces, to that module.
  const imported = !!version.schemaTs?.imports?.length;
  if (!project.spec.base && !imported) return out;
  for (const shown of readJsonBlocks(project, version, page))
    for (const { json, classification } of shown.values) {
      const method = classification.method;
      if (method === undefined) continue;
      if (isBaseOnlyMethod(project, version, method)) out.add(json);
      else if (
        imported &&
        classification.kind === 'unclassified' &&
        !declaresMethod(project, version, method) &&
        mayBeImportedMethod(project, version, method)
      )
        out.add(json);
    }
  return out;
}

function declaresMethod(project: Project, version: SpecVersion, method: string): boolean {
  const index = messageIndex(project, version);
  return !!index && (index.requests.has(method) || index.notifications.has(method));
}

function checkPage(
  project: Project,
  page: MarkdownPage,
  own: string,
  ofBase: Set<ProseJson>,
  say: (v: string, at: Location) => void,
): void {
  const text = page.file.text;
  const inBlocks: [number, number][] = [];
  for (const block of page.codeBlocks) {
    if (!jsonBlockLanguage(block.lang)) continue;
    const context = blockContext(page, block);
    if (context.paragraphs.slice(0, 1).some((p) => ABOUT_VERSIONS.test(p))) continue;
    for (const json of jsonBlockValues(project, block)) {
      if (json.errors.length || ofBase.has(json)) continue;
      for (const { pointer, value } of versionValues(json.value, '')) {
        if (value === own) continue;
        const at = json.positionOf(pointer);
        say(value, block.locate(at.line, at.column));
      }
    }
    inBlocks.push([block.location.line, block.location.line + block.value.split('\n').length + 1]);
  }
  for (const m of text.matchAll(HEADER)) {
    if (m[1] === own) continue;
    const offset = m.index + m[0].length - m[1].length;
    const location = page.file.location(offset);
    // A JSON block's header members were read with the block.
    if (inBlocks.some(([from, to]) => location.line >= from && location.line <= to)) continue;
    if (ABOUT_VERSIONS.test(paragraphAround(page, location.line))) continue;
    say(m[1], location);
  }
}

/** The version's own protocol version: LATEST_PROTOCOL_VERSION, else the folder's date. */
function ownVersion(version: SpecVersion): string | undefined {
  const latest = version.schemaTs?.byName.get('LATEST_PROTOCOL_VERSION')?.constValue;
  if (typeof latest === 'string' && DATE.test(latest)) return latest;
  return DATE.test(version.id) ? version.id : undefined;
}

/** Dated values of members named protocolVersion or MCP-Protocol-Version, at any depth. */
function versionValues(value: unknown, pointer: string, depth = 0): { pointer: string; value: string }[] {
  if (depth > 64) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => versionValues(v, `${pointer}/${i}`, depth + 1));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const at = `${pointer}/${escapePointer(key)}`;
    if (/^(protocolVersion|mcp-protocol-version)$/i.test(key))
      return typeof v === 'string' && DATE.test(v) ? [{ pointer: at, value: v }] : [];
    return versionValues(v, at, depth + 1);
  });
}

/** The lines of the paragraph holding a line (up to blank lines, at most 20 each way), joined. */
function paragraphAround(page: MarkdownPage, line: number): string {
  const lines: string[] = [];
  const text = (l: number) => page.file.lineText(l);
  for (let l = line; l > line - 20 && text(l).trim(); l--) lines.unshift(text(l));
  for (let l = line + 1; l < line + 20 && text(l).trim(); l++) lines.push(text(l));
  return lines.join(' ');
}

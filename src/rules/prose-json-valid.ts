import type { CodeBlock, MarkdownPage, SpecVersion } from '../model/spec.js';
import { validatorFor } from '../model/schema-validator.js';
import { jsonSyntaxErrors, readShownBlocks, type ShownBlock } from '../prose/prose-json.js';
import { sepTarget } from '../prose/sep-version.js';
import { jsonBlockLanguage } from '../prose/json-blocks.js';
import { httpBlocks, httpJsonBodyValues } from '../prose/http-blocks.js';
import type { Report, Rule } from '../core/rule.js';
import type { Project } from '../project/project.js';
import { prepareBaseJsonSchema } from '../generators/outputs.js';
import { declarationsSource, messageIndex } from '../prose/schema-index.js';
import type { Classification } from '../prose/classify.js';
import { nearMethod } from '../prose/schema-source.js';
import { isUnanswered } from '../prose/envelope.js';
import { isObject } from '../util/is-object.js';

/** Every JSON block in the prose parses, and what it shows matches the schema. */
export const proseJsonValid: Rule = {
  meta: {
    id: 'prose/json-valid',
    description:
      'Every ```json block in the spec pages and SEPs parses; JSON-RPC messages (matched by method, by the id of the request shown before, by context or by shape), objects the text names, objects of an interface the section declares just before, bare results of the request shown just before, and message sketches (```ts object types) validate against the schema.',
    rationale:
      'Readers copy the messages in the prose more often than the schema. A block that does not parse, or that shows a field the schema does not have, teaches the wrong wire format.',
    defaultSeverity: 'error',
    details:
      '**Several values in a block** (messages one after another) are each a message; one that does not parse is reported and the others are still checked. A request that an error of the same section answers (by id) with JSON-RPC 2.0\'s "Invalid params" (-32602), "Method not found" (-32601) or "Invalid Request" (-32600) is shown wrong on purpose: its params, its method, or all of it, are not judged (nor read by other rules); an Invalid params error whose message names what the params ask for (\"Unknown tool: x\") rather than what is malformed excuses nothing. A block whose first line is a server-sent event field (`data: {...}`, `event:`, `id:`, a `:` comment), as a streaming answer is shown, is read as the values of its `data` fields.\n\n**HTTP messages**: the body of a ```http block (a request or status line, headers, the body) whose `Content-Type` is JSON parses (only its syntax is checked).\n\n**Message sketches**: a ```ts or ```typescript block that is one object type (`{ jsonrpc: "2.0"; id: string | number; method: "tools/list" }`) is read as the message it sketches: literals are values; `string`, `number`, `boolean`, `object`, `T[]` and unions of literals of one JSON type stand for any value of that type, so only the type is checked; `unknown`, `any`, declared names and other types are not checked; an index signature leaves the object open. A sketch with `method: string` is held to the envelope only. A block may hold several object types one after another (a request, its response, an error), with comments, commas or semicolons between them: each is a sketch. A `// ...` (or `/* ... */`) comment among the members of an object says members are left out, as `...` does in JSON. A block that is anything else (interfaces, code) is real TypeScript and is left alone.\n\n**Examples of a declaration the section shows**: a JSON object (or sketch) shown after a ```ts block of the same section that declares an interface (or object type alias) having every member of the object, and that the schema defines, is validated as that declaration (`Object (shown as Tool, …)`), without asking for members the example leaves out.\n\n**Matched in other ways**: a response the nearer text does not name is matched by its section\'s prose when that says whose response it shows ("the `tasks/get` response", of one method only) and the result fits; an object nothing names, by a discriminator, a member whose value is a string constant of exactly one declaration (`"type": "resource_link"`), when its members are mostly that declaration\'s (a value two declarations share leaves it unclassified).\n\n**A spec whose JSON Schema is the source** (`layout.schema: false`, or `schemaJson` without `schema`): messages are matched by a definition\'s `method` constant, or by its `x-method` (a `FooRequest` or `FooNotification` is the message\'s params, checked at `/params`; a `FooResponse` or `FooResult` its answer\'s result); a method the schema does not name is reported only as a near namesake of one it names (custom methods are allowed), with the name meant.\n\n**The JSON-RPC envelope**: a message shown on the wire whose type does not declare the envelope\'s members it shows (`jsonrpc`, `id`: a request type of `method` and `params` only) has them checked against the envelope, not its type: the version\'s own envelope declarations, else the base protocol\'s followed by JSON-RPC 2.0\'s rules, else JSON-RPC 2.0\'s (`jsonrpc` is "2.0", `id` a string or a number, `null` only in an error response, `result` or `error` and never both, an error\'s integer `code` and string `message`); a response shown as its envelope alone (`{ "jsonrpc": "2.0", "id": 1 }`, neither `result` nor `error`) is reported, unless its block leaves members out with `...`. A foreign envelope (the base\'s, JSON-RPC 2.0\'s) leaves `result` to the response\'s result type, and a response that shows neither `jsonrpc` nor `id` (`{ "result": … }`) sketches the answer: it is held to no envelope. A version with a types file, no committed schema.json and no `generate.dialect` to generate one in has nothing to validate its blocks against: said once (`24 JSON blocks not validated: …`), unless example/valid says it of the version\'s example files. A method the types file does not declare, outside its own methods\' namespaces, is not called unknown when the file imports a module spec-check does not read (the base protocol\'s package, not installed).\n\n**A base protocol** (config `extends`, or a vendored copy the types file imports by a relative path): a message whose method only the base declares is validated against the base\'s JSON Schema, and so is the answer to it (by id) when the base names the request\'s result type; an extension that declares no error envelope has its error responses checked against the base\'s. Counted in the summary figures `sketchesValidated` and `sketchesUnclassified`.\n\n**SEPs** are read against the version that took them in, not today\'s draft: the first version whose changelog names the SEP (`SEP-1686`, a link to `seps/1686-...`); else, for a SEP whose `Status` is Final or Accepted, the first dated version after its `Created` date (the draft when none is); for a SEP still proposed (Draft, In-Review), the draft. Required members are not asked for, and a method the version lacks is not reported (the SEP may introduce it). Only a SEP still proposed is held to its version\'s schema: an adopted SEP is a record of what was proposed, and a detail the release changed later is not a defect of it, so its blocks report syntax errors only. A SEP whose status is Rejected, Withdrawn, Superseded or Dormant, or whose header gives no status, or whose version has no schema, is matched against no schema: its blocks are still parsed (a syntax error is reported), and counted in the summary figures `sepCodeBlocksSkippedNotAdopted` and `sepCodeBlocksSkippedNoVersion`.',
    examples: {
      file: 'docs/specification/draft/server/widgets.mdx',
      fail: '```json\n{ "jsonrpc": "2.0", "id": 1, "method": "widgets/lsit" }\n```',
      pass: '```json\n{ "jsonrpc": "2.0", "id": 1, "method": "widgets/list" }\n```',
    },
  },
  // The base protocol's JSON Schema, generated from its types file, is what its messages validate against.
  prepare: prepareBaseJsonSchema,
  check(project, { report, count }) {
    const { spec } = project;
    for (const version of spec.versions) {
      for (const page of version.pages)
        checkPage(project, version, page, { isSep: false, schemaProblems: true }, report, count);
      const unvalidated = unvalidatedBlocks(project, version);
      if (unvalidated.length)
        report({
          message: `${unvalidated.length} JSON block${unvalidated.length === 1 ? '' : 's'} not validated: ${version.schemaDir} has no schema.json, and none was generated from its types file (set "generate": { "dialect": "2020-12" } or "draft-07" in the config)`,
          location: unvalidated[0].location,
        });
    }
    for (const page of spec.seps) {
      const target = sepTarget(project, page);
      // An adopted SEP is a record of what was proposed: that the release then changed a detail is
      // not a defect of the SEP. Only a SEP still proposed must agree with the draft it goes into.
      if (target.version)
        checkPage(
          project,
          target.version,
          page,
          { isSep: true, schemaProblems: target.how === 'proposal' },
          report,
          count,
        );
      else {
        // Told once in the summary, by reason, rather than a finding per block.
        reportSyntaxErrors(jsonSyntaxErrors(project, page), report);
        const blocks = page.codeBlocks.filter((b) => jsonBlockLanguage(b.lang)).length;
        if (blocks)
          count(
            target.skipped === 'not-adopted' ? 'sepCodeBlocksSkippedNotAdopted' : 'sepCodeBlocksSkippedNoVersion',
            blocks,
          );
      }
    }
  },
};

/**
 * Reports a page's JSON blocks: their syntax errors, and with `schemaProblems` what does not
 * match the version's schema. An unknown method in a SEP is one the SEP introduces, not a finding.
 */
function checkPage(
  project: Project,
  version: SpecVersion,
  page: MarkdownPage,
  { isSep, schemaProblems }: { isSep: boolean; schemaProblems: boolean },
  report: (r: Report) => void,
  count: (figure: string, n?: number) => void,
): void {
  reportHttpBodySyntax(project, page, report);
  for (const shown of readShownBlocks(project, version, page, { isSep })) {
    reportSyntaxErrors([shown], report);
    let matched = 0;
    for (const { json, classification: c, problems } of shown.values) {
      if (c.unknownMethod && !isSep && schemaProblems) {
        const at = json.positionOf('/method');
        report({
          message: `Unknown method "${c.unknownMethod}": no request or notification in ${declarationsFile(project, version)} has this method${nearHint(project, version, c.unknownMethod)}`,
          location: shown.block.locate(at.line, at.column),
        });
      }
      if (c.notEnveloped && !isSep && schemaProblems) {
        const at = json.positionOf('/jsonrpc');
        report({
          message: `${describe(c)} is shown as a JSON-RPC response, but ${c.notEnveloped.result} does not extend ${c.notEnveloped.base} in ${declarationsFile(project, version)}: in this version it is not sent in a JSON-RPC response`,
          location: shown.block.locate(at.line, at.column),
        });
      }
      // An elided block (`...`, `…`) may have left its answer out on purpose.
      if (
        c.kind === 'unclassified' &&
        isObject(json.value) &&
        isUnanswered(json.value) &&
        !isSep &&
        schemaProblems &&
        !shown.sketch &&
        !/\.\.\.|…/.test(shown.block.value)
      ) {
        const at = json.positionOf('/id');
        report({
          message: `Response to id ${JSON.stringify((json.value as { id?: unknown }).id)} has neither "result" nor "error": a JSON-RPC 2.0 response carries one of them`,
          location: shown.block.locate(at.line, at.column),
        });
      }
      for (const p of schemaProblems ? problems : []) {
        report({
          message: `${describe(c)} does not match ${p.definition}${p.where}: ${p.message}`,
          location: shown.block.locate(p.line, p.column),
        });
      }
      // A sketch of the envelope alone (`method: string`) is checked against the envelope: it shows no more.
      if (c.kind !== 'unclassified' || (shown.sketch && c.checks.length)) matched++;
    }
    // Without a readable schema.json nothing was validated: the block counts in neither figure.
    // Sketches have figures of their own, so that adding them changed no figure of JSON blocks.
    if (validatorFor(project, version) && !shown.syntaxErrors.length) {
      const validated = matched === shown.values.length;
      if (shown.sketch) count(validated ? 'sketchesValidated' : 'sketchesUnclassified');
      else count(validated ? 'codeBlocksValidated' : 'codeBlocksUnclassified');
    }
  }
}

/**
 * The JSON blocks of a version's pages that nothing validated because the version has a types
 * file but no schema.json, and none could be generated in memory (no dialect to generate in):
 * said once, so that a run does not pass for a clean one.
 */
function unvalidatedBlocks(project: Project, version: SpecVersion): CodeBlock[] {
  // With example files, example/valid says it of them: one finding for the one cause.
  if (!version.schemaTs || version.jsonSchema || version.examples.length || validatorFor(project, version)) return [];
  return version.pages.flatMap((page) => page.codeBlocks.filter((b) => jsonBlockLanguage(b.lang)));
}

/** The file a version's declarations come from: its types file, or its JSON Schema where that is the source. */
function declarationsFile(project: Project, version: SpecVersion): string | undefined {
  return declarationsSource(project, version)?.file.path;
}

/** Where the JSON Schema is the source (only a near namesake is reported), the method it most likely meant. */
function nearHint(project: Project, version: SpecVersion, method: string): string {
  const index = version.source === 'jsonSchema' ? messageIndex(project, version) : undefined;
  const near = index && nearMethod(index, method);
  return near ? `; did you mean "${near}"?` : '';
}

/** The JSON bodies of a page's HTTP messages (```http blocks with a JSON `Content-Type`) parse. */
function reportHttpBodySyntax(project: Project, page: MarkdownPage, report: (r: Report) => void): void {
  for (const block of httpBlocks(project, page))
    for (const json of httpJsonBodyValues(project, block) ?? []) {
      const [first] = json.errors;
      if (first)
        report({ message: `Invalid JSON: ${first.message}`, location: block.locate(first.line, first.column) });
    }
}

function reportSyntaxErrors(shown: ShownBlock[], report: (r: Report) => void): void {
  for (const { syntaxErrors } of shown)
    for (const e of syntaxErrors) report({ message: `Invalid JSON: ${e.message}`, location: e.location });
}

function describe(c: Classification): string {
  switch (c.kind) {
    case 'request':
      return `Request "${c.method}"`;
    case 'notification':
      return `Notification "${c.method}"`;
    case 'result':
      return c.method ? `Response to "${c.method}" (matched ${c.how})` : `Response (matched ${c.how})`;
    case 'error':
      return 'Error response';
    case 'object':
      return c.how === 'by context'
        ? `Object (named ${c.declaration} by the text before it)`
        : `Object (shown as ${c.declaration}, ${c.how})`;
    default:
      return 'JSON-RPC message';
  }
}

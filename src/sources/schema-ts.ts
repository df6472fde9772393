/**
 * Reads declarations and their JSDoc from a schema.ts with the TypeScript parser. The file is
 * parsed, never executed or imported.
 */
import { typescript } from '../util/typescript.js';
import { literalValue } from '../util/ts-literal.js';
import type * as TS from 'typescript';
import path from 'node:path';
import type {
  Declaration,
  DeclarationKind,
  JsDoc,
  JsDocExample,
  JsDocInclude,
  JsDocLine,
  JsDocLink,
  JsDocTag,
  Member,
  PlainComment,
  SchemaSource,
  Suppression,
  ModuleImport,
} from '../model/spec.js';
import type { TextFile } from '../core/text-file.js';
import { DIRECTIVE, parseDirective } from './suppressions.js';
import { MAX_TYPESCRIPT_DEPTH } from '../core/limits.js';
import type { Location } from '../core/location.js';

/**
 * The declarations of a schema.ts. A text nested deeper than the parser's stack allows is not
 * parsed: it has one syntax error, at the first bracket past the limit, and no declarations.
 */
export function readSchemaSource(file: TextFile, sourceFile?: TS.SourceFile): SchemaSource & { tooDeep?: true } {
  const ts = typescript();
  const tooDeep = sourceFile ? undefined : typeScriptNestingProblem(file);
  if (tooDeep)
    return { file, declarations: [], byName: new Map(), plainComments: [], syntaxErrors: [tooDeep], tooDeep: true };
  const sf = sourceFile ?? ts.createSourceFile(file.path, file.text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const declarations: Declaration[] = [];
  const jsdocStarts = new Set<number>();

  for (const statement of sf.statements) {
    for (const decl of declarationsOf(statement, file, sf)) {
      declarations.push(decl);
      if (decl.jsdoc) jsdocStarts.add(file.offset(decl.jsdoc.location.line, decl.jsdoc.location.column));
    }
  }

  const byName = new Map<string, Declaration>();
  for (const d of declarations) if (!byName.has(d.name)) byName.set(d.name, d);

  const diagnostics = (sf as unknown as { parseDiagnostics?: TS.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  const syntaxErrors = diagnostics.map((d) => ({
    message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
    location: file.location(d.start ?? 0),
  }));

  return {
    file,
    declarations,
    byName,
    plainComments: plainComments(file, sf),
    syntaxErrors,
    imports: importsOf(file, sf),
  };
}

/** The modules a file imports or re-exports from, by its top-level statements. */
function importsOf(file: TextFile, sf: TS.SourceFile): ModuleImport[] {
  const ts = typescript();
  const out: ModuleImport[] = [];
  for (const statement of sf.statements) {
    const from =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
    if (from && ts.isStringLiteral(from))
      out.push({ specifier: from.text, location: file.location(from.getStart(sf)) });
  }
  return out;
}

type Opener = '(' | '[' | '{' | '<' | '${';

/**
 * Where a TypeScript text nests brackets, braces, parentheses, type arguments or template
 * expressions deeper than `MAX_TYPESCRIPT_DEPTH`, read with TypeScript's scanner (which does not
 * recurse, unlike its parser). A `<` that no `>` closes (a comparison) ends at the next `;` or
 * at the bracket that encloses it, and a closer that matches nothing open is passed over: the
 * count may read deeper than the parser goes, never shallower.
 */
export function typeScriptNestingProblem(file: TextFile): { message: string; location: Location } | undefined {
  const ts = typescript();
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, file.text);
  const closerOf: Partial<Record<TS.SyntaxKind, Opener>> = {
    [ts.SyntaxKind.CloseParenToken]: '(',
    [ts.SyntaxKind.CloseBracketToken]: '[',
    [ts.SyntaxKind.CloseBraceToken]: '{',
  };
  const open: Opener[] = [];
  // A closer ends the `<`s it encloses and its opener; one that closes nothing open is passed over.
  const close = (opener: Opener) => {
    let at = open.length - 1;
    while (open[at] === '<' && opener !== '<') at--;
    if (open[at] === opener) open.length = at;
  };
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    let opened: Opener | undefined;
    if (token === ts.SyntaxKind.OpenParenToken) opened = '(';
    else if (token === ts.SyntaxKind.OpenBracketToken) opened = '[';
    else if (token === ts.SyntaxKind.OpenBraceToken) opened = '{';
    else if (token === ts.SyntaxKind.LessThanToken) opened = '<';
    else if (token === ts.SyntaxKind.TemplateHead) opened = '${';
    else if (token === ts.SyntaxKind.GreaterThanToken) {
      if (open.at(-1) === '<') open.pop();
    } else if (token === ts.SyntaxKind.SemicolonToken) {
      while (open.at(-1) === '<') open.pop();
    } else if (token === ts.SyntaxKind.CloseBraceToken && open.at(-1) === '${') {
      // The end of a template expression: the template goes on (`}...${`) or ends (`}...\``).
      if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) open.pop();
    } else {
      const closes = closerOf[token];
      if (closes) close(closes);
    }
    if (opened && open.push(opened) > MAX_TYPESCRIPT_DEPTH) {
      return {
        message: `Too deeply nested to parse: over ${MAX_TYPESCRIPT_DEPTH} levels of brackets, braces, parentheses or type arguments`,
        location: file.location(scanner.getTokenStart()),
      };
    }
  }
  return undefined;
}

function declarationsOf(statement: TS.Statement, file: TextFile, sf: TS.SourceFile): Declaration[] {
  const ts = typescript();
  const exported = hasExport(statement);
  const jsdoc = readJsDoc(statement, file, sf);
  const base = (name: TS.Node & { text: string }, kind: DeclarationKind) => ({
    name: name.text,
    kind,
    exported,
    location: file.location(name.getStart(sf)),
    jsdoc,
    extends: [] as string[],
    members: [] as Member[],
  });

  if (ts.isInterfaceDeclaration(statement)) {
    const decl: Declaration = base(statement.name, 'interface');
    for (const clause of statement.heritageClauses ?? []) {
      for (const t of clause.types) decl.extends.push(t.expression.getText(sf));
    }
    decl.members = membersOf(statement.members, file, sf);
    return [decl];
  }
  if (ts.isTypeAliasDeclaration(statement)) {
    const decl: Declaration = base(statement.name, 'type');
    decl.typeText = statement.type.getText(sf);
    if (ts.isTypeLiteralNode(statement.type)) decl.members = membersOf(statement.type.members, file, sf);
    return [decl];
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations
      .filter((d): d is TS.VariableDeclaration & { name: TS.Identifier } => ts.isIdentifier(d.name))
      .map((d) => {
        const decl: Declaration = base(d.name, 'const');
        if (d.initializer) {
          decl.typeText = d.initializer.getText(sf);
          decl.constValue = literalValue(d.initializer);
        }
        return decl;
      });
  }
  if (ts.isEnumDeclaration(statement)) return [base(statement.name, 'enum')];
  if (ts.isFunctionDeclaration(statement) && statement.name) return [base(statement.name, 'function')];
  if (ts.isClassDeclaration(statement) && statement.name) return [base(statement.name, 'class')];
  return [];
}

function hasExport(node: TS.Node): boolean {
  const ts = typescript();
  return (
    (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some(
      (m) => m.kind === ts.SyntaxKind.ExportKeyword,
    ) ?? false
  );
}

function membersOf(members: TS.NodeArray<TS.TypeElement>, file: TextFile, sf: TS.SourceFile): Member[] {
  const ts = typescript();
  const out: Member[] = [];
  for (const m of members) {
    if (!ts.isPropertySignature(m) && !ts.isMethodSignature(m)) continue;
    const name = m.name;
    const text =
      ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText(sf);
    out.push({
      name: text,
      optional: !!m.questionToken,
      location: file.location(name.getStart(sf)),
      typeText: ts.isPropertySignature(m) ? (m.type?.getText(sf) ?? 'any') : m.getText(sf),
      jsdoc: readJsDoc(m, file, sf),
    });
  }
  return out;
}

// ---------------------------------------------------------------------------
// JSDoc

const INLINE_TAG = /\{@(link|linkcode|linkplain|includeCode|include)\s+([^}]*)\}/g;

/** The last JSDoc comment attached to a node (the one TypeDoc uses). */
function readJsDoc(node: TS.Node, file: TextFile, sf: TS.SourceFile): JsDoc | undefined {
  const docs = (node as unknown as { jsDoc?: TS.JSDoc[] }).jsDoc;
  const doc = docs?.at(-1);
  if (!doc) return undefined;
  const start = doc.getStart(sf);
  const raw = sf.text.slice(start, doc.end);
  const lines = commentLines(raw, start, file);

  // Split the body into the summary and block tags, by lines that start with `@`.
  const tags: JsDocTag[] = [];
  const summaryLines: string[] = [];
  let current: { name: string; lines: string[]; location: JsDocLine['location'] } | undefined;
  let inFence = false;
  for (const whole of lines) {
    if (/^\s*```/.test(whole.text)) inFence = !inFence;
    // A block tag may also start mid-line (`/** Summary. @category Things */`), as TypeDoc reads it.
    for (const line of inFence ? [whole] : splitAtBlockTags(whole)) {
      const tag = !inFence && /^@(\w+)\s?(.*)$/.exec(line.text.trimStart());
      if (tag) {
        if (current) tags.push(finishTag(current));
        current = { name: tag[1], lines: [tag[2]], location: line.location };
      } else if (current) current.lines.push(line.text);
      else summaryLines.push(line.text);
    }
  }
  if (current) tags.push(finishTag(current));

  const links: JsDocLink[] = [];
  const includes: JsDocInclude[] = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(INLINE_TAG)) {
      const location = { ...line.location, column: line.location.column + m.index! };
      const body = m[2].trim();
      if (m[1] === 'includeCode' || m[1] === 'include') {
        const rel = body.split(/\s+/)[0];
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), rel));
        // TypeDoc resolves an absolute path as it stands, and reads `file#region` or `file:lines` of `file`.
        const target = path.posix.isAbsolute(rel) ? rel : resolved.replace(/(?:#[^/]*|:[\d,-]+)$/, '');
        includes.push({
          path: rel,
          resolved,
          location,
          ...(m[1] === 'include' ? { tag: 'include' as const } : {}),
          ...(path.posix.isAbsolute(target) || target === '..' || target.startsWith('../')
            ? { outsideRoot: true }
            : {}),
        });
      } else {
        const bar = body.indexOf('|');
        const [target, label] =
          bar >= 0 ? [body.slice(0, bar).trim(), body.slice(bar + 1).trim()] : splitFirstWord(body);
        links.push({ target, label: label || undefined, location });
      }
    }
  }

  const examples: JsDocExample[] = [];
  tags.forEach((t, i) => {
    if (t.name !== 'example') return;
    const endLine = tags[i + 1]?.location.line ?? Infinity;
    const include = includes.find((inc) => inc.location.line >= t.location.line && inc.location.line < endLine);
    examples.push({ title: t.text.split('\n')[0].trim(), include, location: t.location });
  });
  const category = tags.find((t) => t.name === 'category')?.text.trim();
  const deprecatedTag = tags.find((t) => t.name === 'deprecated');

  return {
    summary: trimBlank(summaryLines).join('\n'),
    location: file.location(start),
    lines,
    tags,
    links,
    includes,
    category: category || undefined,
    deprecated: deprecatedTag ? deprecatedTag.text.trim() || true : undefined,
    examples,
    see: tags.filter((t) => t.name === 'see').map((t) => t.text.trim()),
  };
}

/** A line cut before each `@tag` that follows white space outside `{...}` and backticks. */
function splitAtBlockTags(line: JsDocLine): JsDocLine[] {
  const cuts: number[] = [];
  let braces = 0;
  let code = false;
  const t = line.text;
  for (let i = 1; i < t.length; i++) {
    const c = t[i];
    if (c === '`') code = !code;
    else if (!code && c === '{') braces++;
    else if (!code && c === '}') braces = Math.max(0, braces - 1);
    else if (
      c === '@' &&
      !code &&
      braces === 0 &&
      /\s/.test(t[i - 1]) &&
      /\w/.test(t[i + 1] ?? '') &&
      t.slice(0, i).trim()
    )
      cuts.push(i);
  }
  if (!cuts.length) return [line];
  const starts = [0, ...cuts];
  return starts.map((start, k) => ({
    text: t.slice(start, starts[k + 1] ?? t.length).trimEnd(),
    location: { ...line.location, column: line.location.column + start },
  }));
}

function splitFirstWord(body: string): [string, string] {
  const m = /^(\S+)\s*(.*)$/s.exec(body);
  return m ? [m[1], m[2]] : [body, ''];
}

function finishTag(t: { name: string; lines: string[]; location: JsDocLine['location'] }): JsDocTag {
  return { name: t.name, text: trimBlank(t.lines).join('\n'), location: t.location };
}

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && !lines[a].trim()) a++;
  while (b > a && !lines[b - 1].trim()) b--;
  return lines.slice(a, b);
}

/** The body lines of a `/** ... *\/` comment, `*` prefixes removed, each with its location. */
function commentLines(raw: string, start: number, file: TextFile): JsDocLine[] {
  const out: JsDocLine[] = [];
  let offset = start;
  const rawLines = raw.split('\n');
  rawLines.forEach((rawLine, i) => {
    let text = rawLine;
    let skip = 0;
    if (i === 0) {
      const m = /^\/\*\*\s?/.exec(text);
      skip = m ? m[0].length : 0;
    } else {
      const m = /^\s*\*(?!\/)\s?/.exec(text);
      skip = m ? m[0].length : 0;
    }
    text = text.slice(skip);
    if (i === rawLines.length - 1) text = text.replace(/\s*\*\/\s*$/, '');
    if (!(i === 0 && !text.trim()) && !(i === rawLines.length - 1 && !text.trim())) {
      out.push({ text: text.replace(/\r$/, ''), location: file.location(offset + skip) });
    }
    offset += rawLine.length + 1;
  });
  return out;
}

/** Block comments that are not JSDoc, anywhere between top-level statements. */
function plainComments(file: TextFile, sf: TS.SourceFile): PlainComment[] {
  const ts = typescript();
  const out: PlainComment[] = [];
  const seen = new Set<number>();
  const visit = (pos: number) => {
    for (const range of ts.getLeadingCommentRanges(sf.text, pos) ?? []) {
      if (seen.has(range.pos) || range.kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
      seen.add(range.pos);
      const text = sf.text.slice(range.pos, range.end);
      if (text.startsWith('/**')) continue;
      const body = text
        .replace(/^\/\*+/, '')
        .replace(/\*+\/$/, '')
        .split('\n')
        .map((l) => l.replace(/^\s*\*\s?/, ''))
        .join('\n')
        .trim();
      out.push({ text: body, location: file.location(range.pos) });
    }
  };
  for (const st of sf.statements) visit(st.pos);
  visit(sf.endOfFileToken.pos);
  return out;
}

const LINE_DIRECTIVE = new RegExp(`^//\\s*${DIRECTIVE}(?:\\s+(.*))?$`);

/** Suppressions in `//` comments of a TypeScript file (comments only: strings and JSDoc are not scanned as such). */
export function suppressionsInTypeScript(file: TextFile): Suppression[] {
  if (!file.text.includes(DIRECTIVE)) return [];
  const ts = typescript();
  const out: Suppression[] = [];
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, file.text);
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token !== ts.SyntaxKind.SingleLineCommentTrivia) continue;
    const m = LINE_DIRECTIVE.exec(scanner.getTokenText().trimEnd());
    if (!m) continue;
    const location = file.location(scanner.getTokenStart());
    out.push({ ...parseDirective(m[1] ?? ''), location, targetLine: location.line + 1 });
  }
  return out;
}

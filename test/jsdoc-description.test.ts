/**
 * Every JSDoc form of a description (leading text, `@description`, `@summary`, `@remarks`) is read
 * alike: by the shared reader, and so by jsdoc/contradiction, which reads member descriptions.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { jsdocContradiction } from '../src/rules/jsdoc-contradiction.js';
import { descriptionLines } from '../src/model/jsdoc-description.js';
import { readSchemaSource } from '../src/sources/schema-ts.js';
import { TextFile } from '../src/core/text-file.js';
import fs from 'node:fs';
import path from 'node:path';
import { copyTree, edit, runCli, sampleSpec, writeTree } from './helpers.js';
import { compareJsDoc } from '../src/sep-diff/jsdoc.js';

const TS = 'schema/draft/schema.ts';

function firstDoc(text: string) {
  const source = readSchemaSource(new TextFile(TS, text));
  return source.declarations[0].jsdoc!;
}

describe('descriptionLines', () => {
  it.each([
    [
      'leading text',
      '/**\n * A lamp on the desk.\n * @category Lamps\n */\nexport interface Lamp {}\n',
      ['A lamp on the desk.'],
    ],
    [
      '@description',
      '/**\n * @description A lamp on the desk.\n * @category Lamps\n */\nexport interface Lamp {}\n',
      ['A lamp on the desk.'],
    ],
    ['@summary', '/**\n * @summary A lamp on the desk.\n */\nexport interface Lamp {}\n', ['A lamp on the desk.']],
    [
      'leading text and @remarks, with an @example between',
      '/**\n * A lamp.\n * @example Lit\n * {"lit": true}\n * @remarks It may be dimmed.\n */\nexport interface Lamp {}\n',
      ['A lamp.', '', 'It may be dimmed.'],
    ],
  ])('reads %s', (_, text, expected) => {
    expect(descriptionLines(firstDoc(text)).map((l) => l.text.trim())).toEqual(expected);
  });

  it('locates a tag text after the tag name', () => {
    const text = '/**\n * @description A lamp.\n */\nexport interface Lamp {}\n';
    const [line] = descriptionLines(firstDoc(text));
    expect(line.location).toMatchObject({ line: 2, column: text.split('\n')[1].indexOf('A lamp') + 1 });
  });
});

describe('jsdoc/contradiction reads @description', () => {
  const schema = (doc: string) =>
    `/**\n * @description A lamp.\n */\nexport interface Lamp {\n  /** ${doc} */\n  brightness: number;\n}\n`;
  it.each([
    ['leading text', 'Optional. How bright the lamp is.'],
    ['@description', '@description Optional. How bright the lamp is.'],
  ])('reports a required member described as optional in %s', async (_, doc) => {
    const report = await check(writeTree({ [TS]: schema(doc) }), { rules: [jsdocContradiction] });
    expect(report.findings.map((f) => [f.rule, f.line])).toEqual([['jsdoc/contradiction', 5]]);
  });
});

describe('sep-diff reads @description as the summary', () => {
  const lamp = (doc: string) => firstDoc(`/**\n * ${doc}\n */\nexport interface Lamp {}\n`);
  it.each([
    ['a SEP in leading text against @description', 'A lamp on the desk.', '@description A lamp on the desk.'],
    ['a SEP in @description against leading text', '@description A lamp on the desk.', 'A lamp on the desk.'],
    ['@summary against leading text', '@summary A lamp on the desk.', 'A lamp on the desk.'],
  ])('matches %s', (_, proposed, model) => {
    const proposal = { block: undefined as never, declaration: 'Lamp', jsdoc: lamp(proposed) };
    const result = compareJsDoc(proposal, lamp(model), lamp(model).location);
    expect({ findings: result.findings.map((f) => f.message), matched: result.matched }).toEqual({
      findings: [],
      matched: 1,
    });
  });

  it('still reports a changed @description', () => {
    const proposal = {
      block: undefined as never,
      declaration: 'Lamp',
      jsdoc: lamp('@description A lamp on the shelf.'),
    };
    const result = compareJsDoc(proposal, lamp('@description A lamp on the desk.'), lamp('x').location);
    expect(result.findings).toHaveLength(1);
  });
});

describe('the Schema Reference reads @description as the summary', () => {
  it('renders a comment in @description form as the same comment in leading text', async () => {
    const root = copyTree(sampleSpec);
    const page = path.join(root, 'docs/specification/draft/schema.mdx');
    expect((await runCli(['generate', '--root', root])).code).toBe(0);
    const leading = fs.readFileSync(page, 'utf8');
    expect(leading).toContain('Identifies a request so that its response can be matched to it.');
    edit(
      root,
      'schema/draft/schema.ts',
      ' * Identifies a request so that its response can be matched to it.',
      ' * @description Identifies a request so that its response can be matched to it.',
    );
    expect((await runCli(['generate', '--root', root])).code).toBe(0);
    expect(fs.readFileSync(page, 'utf8')).toBe(leading);
  });
});

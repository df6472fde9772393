/**
 * TypeDoc's declaration references in `{@link}`: a small "gadgets" spec written in `@description`
 * form, with one link per case, resolved / outside what spec-check reads / broken with a hint.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/check.js';
import { jsdocLink } from '../src/rules/jsdoc-link.js';
import { parseDeclarationReference } from '../src/model/declaration-reference.js';
import { writeTree } from './helpers.js';

const TS = 'schema/draft/schema.ts';

/** The gadgets schema, with `link` written into the description of `Gadget.label`. */
function gadgetsSchema(link: string): string {
  return `/**
 * @description A gadget that can be switched on and off.
 * @category Gadgets
 */
export interface Gadget {
  /** @description The gadget's label. See ${link}. */
  label: string;
  /** @description Whether the gadget is on. */
  enabled?: boolean;
  /** @description Where the gadget stands. */
  position: { shelf: number; slot?: number };
}

/**
 * @description Asks for one gadget by its label.
 * @category Gadgets
 */
export interface FetchGadgetRequest {
  method: "gadgets/fetch";
  params: { label: string };
}
`;
}

async function linkReport(link: string) {
  const root = writeTree({ [TS]: gadgetsSchema(link) });
  const report = await check(root, { rules: [jsdocLink] });
  return { messages: report.findings.map((f) => f.message), unresolved: report.summary.jsdocLinksUnresolved ?? 0 };
}

describe('jsdoc/link with TypeDoc declaration references', () => {
  it.each([
    ['{@link Gadget}'],
    ['{@link Gadget.enabled}'],
    ['{@link Gadget#enabled}'],
    ['{@link Gadget~enabled}'],
    ['{@link Gadget.position.shelf}'],
    ['{@link schema!Gadget}'],
    ['{@link schema!Gadget.enabled}'],
    ['{@link schema/draft/schema!Gadget#enabled}'],
    ['{@link "schema"!FetchGadgetRequest.params}'],
    ['{@link schema.Gadget.enabled}'],
    ['{@link Gadget:interface}'],
    ['{@link Gadget.enabled | the switch}'],
    ['{@link Gadget.enabled the switch}'],
    ['{@linkcode FetchGadgetRequest#method}'],
  ])('resolves %s', async (link) => {
    expect(await linkReport(link)).toEqual({ messages: [], unresolved: 0 });
  });

  it.each([
    ['{@link @acme/base-protocol!Tool}'],
    ['{@link base!CallToolResult.content}'],
    ['{@link "other module"!Thing#part | a label}'],
  ])('counts %s, a module spec-check does not read, as unresolved and reports nothing', async (link) => {
    expect(await linkReport(link)).toEqual({ messages: [], unresolved: 1 });
  });

  it.each([
    ['{@link Gadget.enabeld}', '{@link Gadget.enabeld}: Gadget has no member enabeld; did you mean enabled?'],
    ['{@link schema!Gadget#labels}', '{@link schema!Gadget#labels}: Gadget has no member labels; did you mean label?'],
    ['{@link schema.Gadget~colour}', '{@link schema.Gadget~colour}: Gadget has no member colour'],
    [
      '{@link Gadget.position.shelfs}',
      '{@link Gadget.position.shelfs}: Gadget.position has no member shelfs; did you mean shelf?',
    ],
    ['{@link schema!Gizmo}', '{@link schema!Gizmo}: no declaration named Gizmo'],
    ['{@link Gizmo.label | its label}', '{@link Gizmo.label}: no declaration named Gizmo'],
  ])('reports %s as broken', async (link, message) => {
    expect(await linkReport(link)).toEqual({ messages: [message], unresolved: 0 });
  });
});

/** The gadgets schema documented as one module of a larger package: it also refers to `app!App.connect`. */
async function moduleLinkReport(link: string) {
  const schema = gadgetsSchema(link).replace(
    'Asks for one gadget by its label.',
    'Asks for one gadget by its label; sent by {@link app!App.fetchGadget}.',
  );
  const root = writeTree({ [TS]: schema });
  const report = await check(root, { rules: [jsdocLink] });
  return { messages: report.findings.map((f) => f.message), unresolved: report.summary.jsdocLinksUnresolved ?? 0 };
}

describe('jsdoc/link in a types file that is one module of a larger package', () => {
  it.each([['{@link applyTheme}'], ['{@link app.App.connect}'], ['{@link bridge.Bridge#close | close}']])(
    'counts %s, a name no file it reads declares, as unresolved',
    async (link) => {
      // The other module's reference counts too.
      expect(await moduleLinkReport(link)).toEqual({ messages: [], unresolved: 2 });
    },
  );

  it('still reports a near-miss of a declared name, and a missing member of a declared one', async () => {
    expect(await moduleLinkReport('{@link Gadgte}')).toEqual({
      messages: ['{@link Gadgte}: no declaration named Gadgte; did you mean Gadget?'],
      unresolved: 1,
    });
    expect(await moduleLinkReport('{@link Gadget.colour}')).toEqual({
      messages: ['{@link Gadget.colour}: Gadget has no member colour'],
      unresolved: 1,
    });
  });

  it.each([['{@link app.App.connect}'], ['{@link app-bridge.AppBridge.teardown | teardown}'], ['{@link ui.Panel}']])(
    'counts %s, a `module.Declaration` of a module it does not read, as unresolved in any types file',
    async (link) => {
      // No `module!` reference elsewhere says the file is one module of several: the form says it.
      expect(await linkReport(link)).toEqual({ messages: [], unresolved: 1 });
    },
  );

  it('still reports a lower-case first segment followed by a member, as a broken name', async () => {
    expect(await linkReport('{@link gadget.label}')).toEqual({
      messages: ['{@link gadget.label}: no declaration named gadget'],
      unresolved: 0,
    });
  });

  it('without references to other modules, reports a name nothing declares', async () => {
    expect(await linkReport('{@link applyTheme}')).toEqual({
      messages: ['{@link applyTheme}: no declaration named applyTheme'],
      unresolved: 0,
    });
  });
});

/** The gadgets schema on a base protocol (config `extends`): `link` in `Gadget.label`'s description. */
async function baseLinkReport(link: string) {
  const root = writeTree({
    [TS]: `import type { Tool } from '@acme/base-protocol';\n${gadgetsSchema(link)}\nexport interface GadgetTool { tool: Tool }\n`,
    'base/schema.ts': `/** @description A tool. */\nexport interface Tool {\n  /** @description Its name. */\n  name: string;\n  annotations?: { title?: string };\n}\n`,
  });
  const report = await check(root, {
    rules: [jsdocLink],
    extends: { schema: 'base/schema.ts', imports: ['@acme/base-protocol'] },
  });
  return { messages: report.findings.map((f) => f.message), unresolved: report.summary.jsdocLinksUnresolved ?? 0 };
}

describe('jsdoc/link into the base protocol (config extends)', () => {
  it.each([
    ['{@link @acme/base-protocol!Tool}'],
    ['{@link @acme/base-protocol!Tool.name}'],
    ['{@link @acme/base-protocol!Tool#annotations.title}'],
    ['{@link Tool.name}'],
  ])('resolves %s in the base', async (link) => {
    expect(await baseLinkReport(link)).toEqual({ messages: [], unresolved: 0 });
  });

  it.each([
    [
      '{@link @acme/base-protocol!Tool.names}',
      '{@link @acme/base-protocol!Tool.names}: Tool has no member names; did you mean name?',
    ],
    ['{@link @acme/base-protocol!Gadget}', '{@link @acme/base-protocol!Gadget}: no declaration named Gadget'],
    ['{@link Tool.title}', '{@link Tool.title}: Tool has no member title'],
  ])('reports %s as broken', async (link, message) => {
    expect(await baseLinkReport(link)).toEqual({ messages: [message], unresolved: 0 });
  });

  it('still counts a module that is neither the types file nor the base as unresolved', async () => {
    expect(await baseLinkReport('{@link @acme/ui-kit!Panel}')).toEqual({ messages: [], unresolved: 1 });
  });
});

describe('parseDeclarationReference', () => {
  it.each([
    ['Name', { path: ['Name'] }],
    ['Name.member', { path: ['Name', 'member'] }],
    ['Name#member', { path: ['Name', 'member'] }],
    ['Name~local', { path: ['Name', 'local'] }],
    ['mod!Name.member', { module: 'mod', path: ['Name', 'member'] }],
    ['@scope/pkg!Name#member', { module: '@scope/pkg', path: ['Name', 'member'] }],
    ['"a module"!Name', { module: 'a module', path: ['Name'] }],
    ['Name."odd member"', { path: ['Name', 'odd member'] }],
    ['Name:interface', { path: ['Name'] }],
  ])('reads %s', (text, expected) => {
    expect(parseDeclarationReference(text)).toEqual(expected);
  });

  it.each([['https://example.com/x'], ['Name..member'], ['Name.'], ['']])('reads %s as no reference', (text) => {
    expect(parseDeclarationReference(text)).toBeUndefined();
  });
});

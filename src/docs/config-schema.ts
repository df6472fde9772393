/**
 * schema/config.schema.json, generated so that editors complete every registered rule id (those
 * of `check` and sep-diff's kinds) with its description. `npm run docs:rules` writes it with the
 * rules reference; a test keeps it current.
 * The runtime validation (src/config/config.ts) gives the one-line messages; a test checks that
 * both accept and reject the same configs.
 */
import type { ReferencedRule } from './rules-reference.js';
import { defaultLayout } from '../sources/load.js';
import { layoutKeys, schemaJsonGenerators } from '../config/config.js';
import { generatedDialects } from '../generators/keys.js';
import { SITE_KINDS } from '../sources/site-kind.js';

export const CONFIG_SCHEMA_PATH = 'schema/config.schema.json';

/** `hasVocabularySchema`: whether schema/vocabulary.schema.json exists to be referenced. */
export function renderConfigSchema(rules: readonly ReferencedRule[], hasVocabularySchema: boolean): string {
  const layoutDescriptions: Record<(typeof layoutKeys)[number], string> = {
    schema:
      'The types file: a path with `{version}` for a folder per version (`schema/{version}/schema.ts`), or one file serving every version found in the docs (`src/spec.types.ts`). Its folder holds `examples/` and the Schema Reference template `schema.mdx`. A folder (the older form, `schema`) means `<folder>/{version}/schema.ts`. `false`: the spec has no types file of its own (or one generated from its JSON Schema, which is then not read): the JSON Schema at `schemaJson` is the source of its messages, and the rules that read a types file do not apply. A layout that names `schemaJson` and no `schema` means `false`.',
    schemaJson:
      'The JSON Schema generated from the types file, or the one that is the source where `schema` is false: a path, with `{version}` or without. Default: `schema.json` beside the types file (`schema/{version}/schema.json` without one).',
    docs: "A version's prose folder, holding its `**/*.mdx` and `**/*.md`: a path with `{version}` (`docs/specification/{version}`). Without `{version}`: the prose of an unversioned spec when no other path has one, else (the older form) a folder holding one folder per version.",
    seps: 'Folder holding the enhancement proposals (`*.md`).',
    site: "The docs site's folder, holding its `docs.json` (navigation and redirects); without one, links are judged against the spec's pages only.",
    versions:
      "How version folders are named: `dates` (`2025-06-18`, the default), `semver` (`0.3.0`, `v2`, `3.17`), or a regular expression a folder's whole name matches; `draft` is a version in each. Versions are ordered dates first, then version numbers, then other names, `draft` last. A layout whose paths hold no `{version}` is an unversioned spec.",
  };
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://spec-check.dev/schema/config.schema.json',
    title: 'spec-check configuration',
    description:
      'spec-check.config.json at the root of a spec repository (or the file given with --config). Unknown keys and unknown rule ids are errors.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'This schema, for editors.' },
      rules: {
        description: 'Rule id -> severity; "off" turns the rule off.',
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          rules.map((r) => [
            r.id,
            {
              $ref: '#/$defs/severity',
              description: `${r.description} Default: ${r.defaultSeverity}.${r.command === 'sep-diff' ? ' Reported by spec-check sep-diff.' : ''}`,
            },
          ]),
        ),
      },
      layout: {
        description: 'Where the spec lives, relative to the root.',
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          layoutKeys.map((k) => [
            k,
            {
              ...(k === 'versions'
                ? { type: 'string', minLength: 1, examples: ['dates', 'semver', 'v\\d+'] }
                : k === 'schema'
                  ? { anyOf: [{ $ref: '#/$defs/relativePath' }, { const: false }] }
                  : { $ref: '#/$defs/relativePath' }),
              description: layoutDescriptions[k],
              ...(defaultLayout[k] === undefined ? {} : { default: defaultLayout[k] }),
            },
          ]),
        ),
      },
      site: {
        description:
          "The site generator that renders the prose. Without it, the marker in the site folder or at the root decides (`docs.json` or `mint.json`: Mintlify; `mkdocs.yml`: MkDocs; `.vitepress/`: VitePress; `docusaurus.config.*`: Docusaurus); with none, MDX prose is Mintlify's and Markdown prose GitHub's. No site config is run.",
        type: 'object',
        additionalProperties: false,
        properties: {
          kind: {
            description:
              "How headings get their ids, how links to other pages resolve, and which of the generator's own syntax (admonitions, containers, includes, `{#id}`) the pages use.",
            enum: [...SITE_KINDS],
          },
        },
      },
      ignore: {
        description:
          'Paths relative to the root to leave out: a plain path leaves out that file or everything under that folder; globs (picomatch syntax, anchored at the root, dot files included): `*` matches within a path segment, `**` across segments, `?` one character, `{a,b}` either alternative, `[01]` one of the characters.',
        type: 'array',
        items: { $ref: '#/$defs/relativePath' },
      },
      vocabulary: hasVocabularySchema
        ? { description: 'Vocabulary extensions for the consistency rules.', $ref: 'vocabulary.schema.json' }
        : { description: 'Vocabulary extensions for the consistency rules.', type: 'object' },
      extends: {
        description:
          'The base protocol an extension builds on: imports of `imports` in the types file resolve to the declarations of `schema`, for schema.json and the Schema Reference.',
        type: 'object',
        additionalProperties: false,
        required: ['schema', 'imports'],
        properties: {
          schema: {
            $ref: '#/$defs/relativePath',
            type: 'string',
            pattern: '\\.ts$',
            description: "The base protocol's types file (its schema.ts), inside the root.",
          },
          imports: {
            description: 'The package specifiers that mean the base protocol (`@scope/base-protocol`).',
            type: 'array',
            minItems: 1,
            items: { type: 'string', minLength: 1 },
          },
        },
      },
      generate: {
        description: 'What `spec-check generate` and the `generated/*` rules take beyond the spec tree.',
        type: 'object',
        additionalProperties: false,
        properties: {
          dialect: {
            description:
              "JSON Schema dialect of a version whose committed schema.json names none (or that has none yet). The committed file's `$schema` always wins; without either, such a version is not generated.",
            enum: [...generatedDialects],
          },
          schemaJson: {
            description:
              'How the committed schema.json is made, so that generated/schema-json judges it against that: "typescript-json-schema" (the MCP spec repository\'s invocation, --defaultNumberType integer --required --skipLibCheck), { "generator": "typescript-json-schema", "flags": [...] } (that tool with the flags the repository\'s script passes, one token each), or "external" (another tool makes it: examples and prose are validated against the committed file, which is never called stale and which `generate` does not write). Absent: as the root\'s package.json script that writes schema.json says, where spec-check recognises its invocation; see docs/extension-specs.md, Generators.',
            oneOf: [
              { enum: [...schemaJsonGenerators] },
              {
                type: 'object',
                additionalProperties: false,
                required: ['generator'],
                properties: {
                  generator: { enum: [...schemaJsonGenerators] },
                  flags: {
                    description:
                      'typescript-json-schema\'s command-line flags, one token each, as in ["--defaultNumberType", "integer", "--required", "--noExtraProps"]; absent: the MCP spec repository\'s.',
                    type: 'array',
                    items: { type: 'string' },
                  },
                },
              },
            ],
          },
        },
      },
      spelling: {
        description: 'What `spelling/unknown-word` takes beyond the spec tree.',
        type: 'object',
        additionalProperties: false,
        properties: {
          words: {
            description:
              "Words the spec uses on purpose that the dictionaries lack (product names, jargon), accepted in any case; the spec's own identifiers need not be listed.",
            type: 'array',
            items: { type: 'string', minLength: 1, pattern: '^\\S+$' },
          },
        },
      },
    },
    $defs: {
      severity: { enum: ['off', 'warning', 'error'] },
      relativePath: {
        type: 'string',
        minLength: 1,
        not: { anyOf: [{ pattern: '^([/\\\\]|[A-Za-z]:)' }, { pattern: '(^|[/\\\\])\\.\\.([/\\\\]|$)' }] },
      },
    },
  };
  return JSON.stringify(schema, null, 2) + '\n';
}

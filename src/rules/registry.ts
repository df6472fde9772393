/**
 * What the registry knows beside the rules themselves: which command reports a rule, where the
 * rules reference explains it, and the kinds of difference `sep-diff` reports, with the same
 * metadata as a rule. A leaf module (no rule imports), so that sep-diff's comparison can take
 * its severities from here; src/rules/index.ts puts the registry together.
 */
import { pathToFileURL } from 'node:url';
import type { RuleMeta } from '../core/rule.js';
import { packageFile } from '../util/package-dir.js';
import { headingSlug } from '../model/anchors.js';

/** The command whose report carries a rule's findings. */
export type ReportingCommand = 'check' | 'sep-diff';

/** A rule as the registry lists it: its metadata, the command that reports it and its docs link. */
export interface RegisteredRule extends RuleMeta {
  command: ReportingCommand;
  docsUrl: string;
}

/**
 * docs/rules.md as installed with this spec-check (the package's `files` include docs/), so that
 * an anchor always matches the rules this version runs, and the link opens on the machine that
 * printed it. The package has no published home page to link to instead (the name `spec-check`
 * on the npm registry belongs to an unrelated package), so SARIF, read elsewhere, links only to
 * an address given with `check --rules-url` (the GitHub Action gives its own repository's).
 */
export const RULES_REFERENCE_URL = pathToFileURL(packageFile('docs/rules.md')).href;

/** The link to a rule's heading in the rules reference (`internal` has one too). */
export function docsUrlFor(id: string): string {
  return `${RULES_REFERENCE_URL}#${headingSlug(id)}`;
}

export function registered(meta: RuleMeta, command: ReportingCommand): RegisteredRule {
  return { ...meta, command, docsUrl: docsUrlFor(meta.id) };
}

const PAGE = 'docs/specification/draft/server/widgets.mdx';

/** The SEP side and the spec side of an example, as the reference shows them. */
function sides(sep: string, page: string): string {
  return `SEP, proposed wording for ${PAGE}:\n${sep}\n\n${PAGE}:\n${page}`;
}

/**
 * The differences `sep-diff` reports between a SEP's proposed wording and the spec, by the kind
 * the comparison names them with. The finding is located in the spec (where the pull request is
 * reviewed), the SEP's wording being its related location.
 */
export const sepDiffKinds = {
  missing: {
    id: 'sep-diff/missing',
    description: 'Wording the SEP proposes that the spec lacks (consecutive items or sentences: one finding).',
    rationale:
      'A SEP is accepted for the wording it proposes; an item or sentence that did not reach the spec is a requirement implementers never read.',
    defaultSeverity: 'error',
    examples: {
      fail: sides(
        '- Servers MUST send `widgets/changed` when the list changes.\n- Clients MAY cache the list.',
        '- Servers MUST send `widgets/changed` when the list changes.',
      ),
      pass: sides(
        '- Servers MUST send `widgets/changed` when the list changes.\n- Clients MAY cache the list.',
        '- Servers MUST send `widgets/changed` when the list changes.\n- Clients MAY cache the list.',
      ),
    },
  },
  extra: {
    id: 'sep-diff/extra',
    description: 'Wording in the compared stretch of the spec that the SEP does not propose.',
    rationale:
      'Text the SEP does not carry was either added during review without the SEP being updated, or left over from before it; either way the SEP and the spec no longer tell the same story.',
    defaultSeverity: 'warning',
    examples: {
      fail: sides(
        '- Clients MAY cache the list.',
        '- Clients MAY cache the list.\n- Clients SHOULD refresh the cache hourly.',
      ),
      pass: sides('- Clients MAY cache the list.', '- Clients MAY cache the list.'),
    },
  },
  'proposed-wording': {
    id: 'sep-diff/proposed-wording',
    description:
      'Wording a SEP proposes as the text of a named page (a block after a sentence or heading that names the page by path, URL or section) that the page has with its words changed: a clause dropped or added, a sentence, item or table row reworded, or a passage worded differently. Whitespace, line wrapping, Markdown markup, quotes and punctuation are not compared.',
    rationale:
      'A block the SEP proposes for a named page is the text that page was meant to carry, so every difference in its words is one the reviewer of the pull request must look at: a dropped clause narrows a requirement, a reworded sentence may change what it asks for. Wording found by searching the pages for the sentences of the Specification section is another matter (sep-diff/reworded, off by default). On 47 states of the spec repository’s history where a SEP proposes wording for pages, the 9 findings were all judged differences the reviewer must look at (a sentence that wrote out “this specification version” as the version and the SEP’s number, judged editorial, is not reported).',
    defaultSeverity: 'warning',
    examples: {
      fail: sides(
        '- Servers MUST reject a widget without a name (the `name` member is empty or absent).',
        '- Servers MUST reject a widget without a name.',
      ),
      pass: sides(
        '- Servers MUST reject a widget without a name (the `name` member is empty or absent).',
        '- Servers **MUST** reject a widget without a name\n  (the `name` member is empty or absent).',
      ),
    },
  },
  changed: {
    id: 'sep-diff/changed',
    description:
      'A sentence of a JSDoc comment the SEP gives for a declaration or member whose words differ from the comment in schema.ts (clauses dropped, added or reworded), or a passage worded differently.',
    rationale:
      'A dropped or reworded clause changes what a requirement asks for. Off by default: a SEP’s TypeScript block often restates the comments of what it changes in short form, and on the branch states of 187 real SEPs 3 of 19 judged findings on JSDoc were differences a maintainer would act on, the rest editorial (a word added, a phrase reordered, a comment restated in short form), which word-level comparison cannot tell apart. Wording proposed for a named page is compared by sep-diff/proposed-wording. Turn it on to review a SEP’s JSDoc word by word.',
    defaultSeverity: 'off',
    examples: {
      fail: sides('Servers MUST reject a widget without a name.', 'Servers MUST reject a widget.'),
      pass: sides('Servers MUST reject a widget without a name.', 'Servers MUST reject a widget without a name.'),
    },
  },
  order: {
    id: 'sep-diff/order',
    description:
      'List items in a different order in the spec than in the SEP (those outside the longest run kept in order; a moved item is one finding): any list of wording the SEP proposes for a named page, and numbered lists elsewhere (a JSDoc comment). The order of sentences and table rows is not compared.',
    rationale:
      'Steps of a procedure and lists of precedence, which a SEP numbers, mean their order: a reordered list can change what an implementation does first. In wording proposed as the text of a named page, a bulleted list is part of that text too, and a reordered one is a difference the reviewer has to look at. Elsewhere a bulleted list is reordered for reading, so such a change is left alone.',
    defaultSeverity: 'warning',
    examples: {
      fail: sides(
        '1. Validate the request.\n2. Look up the widget.',
        '1. Look up the widget.\n2. Validate the request.',
      ),
      pass: sides(
        '1. Validate the request.\n2. Look up the widget.',
        '1. Validate the request.\n2. Look up the widget.',
      ),
    },
  },
  keyword: {
    id: 'sep-diff/keyword',
    description:
      'An RFC 2119 keyword that differs from the SEP (MUST/SHALL/REQUIRED, SHOULD/RECOMMENDED, MAY/OPTIONAL and the NOT forms; upper case only).',
    rationale:
      'The keyword is the requirement: a MUST that became a SHOULD makes a mandatory behaviour optional for every implementation.',
    defaultSeverity: 'error',
    examples: {
      fail: sides('Clients MUST ignore unknown widget fields.', 'Clients SHOULD ignore unknown widget fields.'),
      pass: sides('Clients MUST ignore unknown widget fields.', 'Clients MUST ignore unknown widget fields.'),
    },
  },
  reworded: {
    id: 'sep-diff/reworded',
    description:
      'A sentence, list item or table row of the SEP’s Specification section found in the spec with some of its words changed (shown with the changed words marked).',
    rationale:
      'The Specification section is what the SEP was accepted with; an edit made to the spec alone (a clause dropped, a value changed) is either drift or a change the SEP should record. Off by default: on the branch states of 187 real SEPs, 3 of 26 judged findings changed what a sentence means, the rest were editorial (a word added, a label or example, the SEP’s sentences merged), which word-level comparison cannot tell apart. Turn it on to review a SEP’s wording word by word.',
    defaultSeverity: 'off',
    examples: {
      fail: 'SEP (Specification): Servers MUST reject a widget without a name.\n\nspec: Servers MUST reject a widget without a label.',
      pass: 'SEP (Specification): Servers MUST reject a widget without a name.\n\nspec: Servers MUST reject a widget without a name.',
    },
  },
  schema: {
    id: 'sep-diff/schema',
    description:
      'A TypeScript declaration of the SEP that schema.ts has differently: a member missing, its optionality or type changed, an `extends` dropped, or an item the SEP deprecates without `@deprecated`.',
    rationale:
      'schema.ts is the source of truth the JSON schema and the reference are generated from; a member the SEP declares optional and schema.ts requires changes what every message must carry.',
    defaultSeverity: 'error',
    examples: {
      fail: 'SEP:\ninterface Widget { name: string; label?: string }\n\nschema.ts:\ninterface Widget { name: string; label: string }',
      pass: 'SEP:\ninterface Widget { name: string; label?: string }\n\nschema.ts:\ninterface Widget { name: string; label?: string }',
    },
  },
  template: {
    id: 'sep-diff/template',
    description:
      'An example message (in the targeted pages or the SEP itself) that does not follow the message template the SEP gives for the same condition.',
    rationale:
      'Clients and tests match error messages by their template; an example that strays from it teaches a message the SEP does not define.',
    defaultSeverity: 'error',
    examples: {
      fail: `SEP: Errors use the message template \`Unknown widget: <name>\`.\n\n${PAGE}:\n{ "code": -32602, "message": "Unknown widget lamp" }`,
      pass: `SEP: Errors use the message template \`Unknown widget: <name>\`.\n\n${PAGE}:\n{ "code": -32602, "message": "Unknown widget: lamp" }`,
    },
  },
  target: {
    id: 'sep-diff/target',
    description:
      'A target page the SEP names that the spec lacks, that does not parse, or that holds none of the proposed wording.',
    rationale:
      'Wording proposed for a page that is not there (renamed, moved, misspelled in the SEP) is compared with nothing, so every other check of it is silent.',
    defaultSeverity: 'error',
    examples: {
      fail: 'SEP: Add to docs/specification/draft/server/widget.mdx:\n\n(the spec has server/widgets.mdx, no server/widget.mdx)',
      pass: 'SEP: Add to docs/specification/draft/server/widgets.mdx:\n\n(the spec has server/widgets.mdx)',
    },
  },
} as const satisfies Record<string, RuleMeta>;

export type SepDiffKind = keyof typeof sepDiffKinds;

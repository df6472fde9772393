/** What every reporter is: a pure function of a report and these options. */
import type { CheckReport } from '../core/report.js';
import type { TextFile } from '../core/text-file.js';
import type { RuleMeta } from '../core/rule.js';

export interface FormatOptions {
  color?: boolean;
  /** Text: a code frame under each finding. */
  verbose?: boolean;
  /** The spec's files by path (code frames, fingerprints). */
  source?: (file: string) => TextFile | undefined;
  /** The metadata of every rule that can report (SARIF lists them in its driver). */
  rules?: readonly RuleMeta[];
  /**
   * A public address of docs/rules.md (such as the file on GitHub at the tag of this version):
   * SARIF's `helpUri` and Markdown's rule headings link to a rule's heading there. Without it they
   * have no link: the copy installed with spec-check is a file on one machine.
   */
  rulesUrl?: string;
  /**
   * Where the checked repository's files are shown on the web, such as
   * `https://github.com/OWNER/REPO/blob/SHA`: Markdown links each location to
   * `<blobUrl>/<path>?plain=1#L<line>` (plain, so that a Markdown page shows its source lines).
   */
  blobUrl?: string;
}

export type Formatter = (report: CheckReport, options: FormatOptions) => string;

/** Web addresses in reports: a rule's heading in the rules reference, a location's line in the repository. */
import { headingSlug } from '../model/anchors.js';

/** A rule's heading in the rules reference at `rulesUrl` (its anchor as GitHub renders docs/rules.md). */
export function ruleUrl(rulesUrl: string, id: string): string {
  return `${rulesUrl.replace(/#.*$/, '')}#${headingSlug(id)}`;
}

/**
 * A line of a file under `blobUrl` (`https://github.com/OWNER/REPO/blob/SHA`). `?plain=1` shows
 * a Markdown file as source, whose lines have anchors; other files ignore it.
 */
export function lineUrl(blobUrl: string, workspacePath: string, line: number): string {
  return `${blobUrl}/${workspacePath.split('/').map(encodeURIComponent).join('/')}?plain=1#L${line}`;
}

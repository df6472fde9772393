/** The first line of every Markdown report: how a CI job finds the pull-request comment it posted before. */
export const COMMENT_MARKER = '<!-- spec-check report -->';

import type { Rule } from '../core/rule.js';

/** Hosts no reader can reach: the reader's own machine, private networks, local names. */
const PRIVATE_HOST =
  /^(localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|169\.254(?:\.\d{1,3}){2}|\[::1\]|[^/]*\.(?:local|localhost|internal|lan))$/i;

/** Links in the spec pages go to hosts every reader can reach. */
export const xrefPrivateHost: Rule = {
  meta: {
    id: 'xref/private-host',
    description:
      'A link in a spec page does not point to `localhost`, a private network address (10/8, 172.16/12, 192.168/16, link-local) or a local host name (`.local`, `.internal`).',
    rationale:
      "Such a link works only on the author's machine or network; to every reader it is broken. Example URLs belong in code blocks or plain text, where they are not links.",
    defaultSeverity: 'warning',
    examples: {
      file: 'docs/specification/draft/basic/transports.mdx',
      fail: 'Connect to [the server](http://localhost:8080/mcp).',
      pass: 'Connect to the server at `http://localhost:8080/mcp`.',
    },
  },
  check(project, { report }) {
    for (const version of project.spec.versions) {
      for (const page of version.pages) {
        for (const link of page.links) {
          const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(link.url.trim())?.[1];
          if (host && PRIVATE_HOST.test(host))
            report({
              message: `Link to ${host}, which readers cannot reach: ${link.url}`,
              location: { file: link.location.file, line: link.location.line, column: link.location.column },
            });
        }
      }
    }
  },
};

// Runs `spec-check check` in-process on request from scripts/fuzz.mjs, and reports what happened.
import { parentPort } from 'node:worker_threads';
import { main } from '../dist/cli.js';

let current;
const crash = (kind) => (error) => {
  parentPort.postMessage({ id: current, kind, message: String(error?.stack ?? error) });
};
process.on('uncaughtException', crash('uncaught exception'));
process.on('unhandledRejection', crash('unhandled rejection'));

parentPort.on('message', async ({ id, args, marker }) => {
  current = id;
  let stdout = '';
  let stderr = '';
  const started = performance.now();
  try {
    const code = await main(args, {
      stdout: (s) => (stdout += s),
      stderr: (s) => (stderr += s),
      isTTY: false,
      env: {},
    });
    let internal = [];
    if (code !== 2) {
      try {
        internal = JSON.parse(stdout)
          .findings.filter((f) => f.rule === 'internal')
          .map((f) => `${f.file}: ${f.message}`);
      } catch {
        internal = ['stdout is not one JSON document'];
      }
    }
    parentPort.postMessage({
      id,
      kind: 'done',
      code,
      stderr: stderr.trim(),
      internal,
      leaked: !!marker && (stdout.includes(marker) || stderr.includes(marker)),
      ms: performance.now() - started,
    });
  } catch (error) {
    crash('exception')(error);
  }
});

/** The entry of action.yml (bundled as action/main.mjs): runs the action with the real process, git and HTTP. */
import { spawn } from 'node:child_process';
import { ActionError, runAction, type ActionDeps } from './run.js';

const deps: ActionDeps = {
  env: process.env,
  exec: (command, args, cwd) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? 2, stdout, stderr }));
    }),
  request: async (method, url, headers, body) => {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  },
  log: (text) => void process.stdout.write(text),
};

runAction(deps).then(
  (result) => {
    const n = result.errors;
    if (n > 0) process.stdout.write(`::error::spec-check: ${n} error finding${n === 1 ? '' : 's'}\n`);
    process.exitCode = result.exitCode;
  },
  (error: unknown) => {
    // An ActionError is a one-line reason; anything else is a bug in the action, shown whole.
    const message = error instanceof ActionError ? error.message : String((error as Error).stack ?? error);
    process.stdout.write(`::error::spec-check: ${message.replace(/%/g, '%25').replace(/\r?\n/g, '%0A')}\n`);
    process.exitCode = 2;
  },
);

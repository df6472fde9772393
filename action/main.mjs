// Generated from src/action by `npm run build:action`. Do not edit by hand.

// src/action/main.ts
import { spawn } from "node:child_process";

// src/action/run.ts
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

// src/reporters/comment-marker.ts
var COMMENT_MARKER = "<!-- spec-check report -->";

// src/action/run.ts
var PACKAGE_NAME = "protocol-spec-check";
var ActionError = class extends Error {
};
function input(env, name, fallback = "") {
  const upper = name.replace(/ /g, "_").toUpperCase();
  const value = (env[`INPUT_${upper}`] ?? env[`INPUT_${upper.replace(/-/g, "_")}`])?.trim();
  return value ? value : fallback;
}
function required(env, name) {
  const value = env[name];
  if (!value) throw new ActionError(`${name} is not set: spec-check's action runs in a GitHub Actions job`);
  return value;
}
function pullRequestOf(env) {
  if (env.GITHUB_EVENT_NAME !== "pull_request" && env.GITHUB_EVENT_NAME !== "pull_request_target") return void 0;
  const eventPath = required(env, "GITHUB_EVENT_PATH");
  let event;
  try {
    event = JSON.parse(fs.readFileSync(eventPath, "utf8"));
  } catch (error) {
    throw new ActionError(`cannot read the event payload ${eventPath}: ${error.message}`);
  }
  const pr = event.pull_request;
  if (!pr?.base?.sha || !pr.head?.sha || typeof pr.number !== "number")
    throw new ActionError(
      `the ${env.GITHUB_EVENT_NAME} payload in ${eventPath} has no pull_request with base and head`
    );
  return pr;
}
function installedCli(workspace) {
  try {
    const manifest = createRequire(path.join(workspace, "package.json")).resolve(`${PACKAGE_NAME}/package.json`);
    return path.join(path.dirname(manifest), "dist", "cli.js");
  } catch {
    throw new ActionError(
      `${PACKAGE_NAME} is not installed in ${workspace}: add it as a devDependency and run npm ci before this step`
    );
  }
}
function rulesUrlOf(env, workspace) {
  const { GITHUB_SERVER_URL: server, GITHUB_ACTION_REPOSITORY: repo, GITHUB_ACTION_REF: ref } = env;
  const actionPath = env.GITHUB_ACTION_PATH;
  if (!server || !repo || !ref || !actionPath) return void 0;
  const relative = path.relative(workspace, actionPath);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return void 0;
  return `${server}/${repo}/blob/${ref}/docs/rules.md`;
}
function countsOf(sarif) {
  const results = JSON.parse(sarif).runs.flatMap((r) => r.results);
  const errors = results.filter((r) => r.level === "error").length;
  return { errors, warnings: results.length - errors };
}
async function runAction(deps2) {
  const { env } = deps2;
  const workspace = required(env, "GITHUB_WORKSPACE");
  const temp = env.RUNNER_TEMP || workspace;
  const pr = pullRequestOf(env);
  const cli = installedCli(workspace);
  if (pr) await ensureCommit(deps2, workspace, pr.base.sha);
  const common = ["check", "--root", input(env, "root", "."), "--quiet"];
  const config = input(env, "config");
  if (config) common.push("--config", config);
  const baseline = input(env, "baseline");
  if (baseline) common.push("--baseline", baseline);
  if (pr) common.push("--base", pr.base.sha);
  if (pr && input(env, "changed-only", "false") === "true") common.push("--changed");
  const rulesUrl = rulesUrlOf(env, workspace);
  const links = rulesUrl ? ["--rules-url", rulesUrl] : [];
  const headSha = pr?.head.sha ?? env.GITHUB_SHA;
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && headSha)
    links.push("--blob-url", `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/blob/${headSha}`);
  const check = async (args) => {
    const run = await deps2.exec(process.execPath, [cli, ...common, ...args], workspace);
    if (run.code !== 0 && run.code !== 1)
      throw new ActionError(run.stderr.trim().split("\n").pop() || `spec-check exited with code ${run.code}`);
    return run;
  };
  const annotations = await check(["--format", "github"]);
  deps2.log(annotations.stdout);
  const sarifFile = path.resolve(workspace, input(env, "sarif-file", path.join(temp, "spec-check.sarif")));
  await check(["--format", "sarif", "--output", sarifFile, ...links]);
  const { errors, warnings } = countsOf(fs.readFileSync(sarifFile, "utf8"));
  const markdownFile = path.join(temp, "spec-check.md");
  await check(["--format", "markdown", "--output", markdownFile, ...links]);
  const markdown = fs.readFileSync(markdownFile, "utf8");
  if (env.GITHUB_STEP_SUMMARY) fs.appendFileSync(env.GITHUB_STEP_SUMMARY, markdown + "\n");
  let commentUrl;
  if (pr && input(env, "comment", "false") === "true")
    commentUrl = await postComment(deps2, pr, markdown, errors + warnings > 0);
  if (env.GITHUB_OUTPUT) {
    const outputs = { errors, warnings, "sarif-file": sarifFile };
    if (commentUrl) outputs["comment-url"] = commentUrl;
    fs.appendFileSync(
      env.GITHUB_OUTPUT,
      Object.entries(outputs).map(([k, v]) => `${k}=${v}
`).join("")
    );
  }
  return { exitCode: errors > 0 ? 1 : 0, errors, warnings, sarifFile, commentUrl };
}
async function ensureCommit(deps2, workspace, sha) {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new ActionError(`the pull request's base is not a commit id: "${sha}"`);
  if ((await deps2.exec("git", ["cat-file", "-e", `${sha}^{commit}`], workspace)).code === 0) return;
  const fetch2 = await deps2.exec("git", ["fetch", "--no-tags", "--depth=1", "origin", sha], workspace);
  if (fetch2.code !== 0)
    throw new ActionError(`cannot fetch the base commit ${sha}: ${fetch2.stderr.trim().split("\n").pop() ?? ""}`);
}
async function postComment(deps2, pr, body, anyFindings) {
  const { env } = deps2;
  const token = input(env, "github-token") || env.GITHUB_TOKEN;
  if (!token) {
    deps2.log("::warning::spec-check: no github-token, so no pull-request comment\n");
    return void 0;
  }
  const api = `${env.GITHUB_API_URL || "https://api.github.com"}/repos/${required(env, "GITHUB_REPOSITORY")}`;
  const headers = {
    accept: "application/vnd.github+json",
    authorization: `Bearer ${token}`,
    "x-github-api-version": "2022-11-28",
    "user-agent": "spec-check-action"
  };
  const fail = (what, response2) => {
    const message = response2.body?.message;
    deps2.log(
      `::warning::spec-check: could not ${what} the pull-request comment: HTTP ${response2.status}${message ? ` ${message}` : ""}
`
    );
    return void 0;
  };
  let existing;
  for (let page = 1; !existing; page++) {
    const list = await deps2.request("GET", `${api}/issues/${pr.number}/comments?per_page=100&page=${page}`, headers);
    if (list.status !== 200) return fail("find", list);
    const comments = list.body;
    existing = comments.find((c) => c.body?.startsWith(COMMENT_MARKER));
    if (comments.length < 100) break;
  }
  if (!existing && !anyFindings) return void 0;
  const response = existing ? await deps2.request("PATCH", `${api}/issues/comments/${existing.id}`, headers, { body }) : await deps2.request("POST", `${api}/issues/${pr.number}/comments`, headers, { body });
  if (response.status !== 200 && response.status !== 201) return fail(existing ? "update" : "post", response);
  return response.body.html_url;
}

// src/action/main.ts
var deps = {
  env: process.env,
  exec: (command, args, cwd) => new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s) => stdout += s);
    child.stderr.setEncoding("utf8").on("data", (s) => stderr += s);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 2, stdout, stderr }));
  }),
  request: async (method, url, headers, body) => {
    const response = await fetch(url, {
      method,
      headers: body === void 0 ? headers : { ...headers, "content-type": "application/json" },
      body: body === void 0 ? void 0 : JSON.stringify(body)
    });
    const text = await response.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : void 0;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  },
  log: (text) => void process.stdout.write(text)
};
runAction(deps).then(
  (result) => {
    const n = result.errors;
    if (n > 0) process.stdout.write(`::error::spec-check: ${n} error finding${n === 1 ? "" : "s"}
`);
    process.exitCode = result.exitCode;
  },
  (error) => {
    const message = error instanceof ActionError ? error.message : String(error.stack ?? error);
    process.stdout.write(`::error::spec-check: ${message.replace(/%/g, "%25").replace(/\r?\n/g, "%0A")}
`);
    process.exitCode = 2;
  }
);

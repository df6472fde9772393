#!/usr/bin/env zx
// A bounded fuzzer: mutates files in a temp copy of the corpus and runs `check` in-process,
// recording uncaught exceptions, internal-rule failures, exit codes other than 0 or 1, and
// runs over 30 s (of a core's time: on a machine already loaded past its cores, the limit is stretched by
// the load, up to 5x, so that a slow shared machine is not a hang). Every run has its own seed; replay one
// with `--seed S --runs 1`.
//
//   npm run fuzz -- [--seed N] [--minutes M] [--runs R] [--corpus DIR]
import { argv, fs, path, os } from 'zx';
import { Worker } from 'node:worker_threads';

const projectRoot = path.resolve(import.meta.dirname, '..');
const corpus = path.resolve(argv.corpus ?? path.join(projectRoot, '../shared/corpus/mcp-spec'));
const baseSeed = Number(argv.seed ?? Math.floor(Math.random() * 1e9));
const minutes = Number(argv.minutes ?? 1);
const maxRuns = Number(argv.runs ?? Infinity);
const HANG_MS = 30_000;
/** The limit of one run: 30 s, times the load average over the cores when that is above 1 (at most 5). */
const hangLimitMs = () => HANG_MS * Math.min(5, Math.max(1, os.loadavg()[0] / os.availableParallelism()));

if (!fs.existsSync(corpus)) {
  console.log(`fuzz skipped: ${corpus} not found`);
  process.exit(0);
}

// A small, seedable PRNG (mulberry32), so a run can be replayed from its seed.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-fuzz-'));
fs.cpSync(corpus, work, { recursive: true });
// Outside the root: a link to it must not be followed, and its marker must appear in no output.
const canaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-check-fuzz-canary-'));
const marker = `canary-${baseSeed}-d41d8cd98f00`;
const canary = path.join(canaryDir, 'secret.mdx');
fs.writeFileSync(canary, `# ${marker}\n\n{"${marker}": 1}\n`);
fs.chmodSync(work, 0o755);
const files = fs
  .readdirSync(work, { recursive: true })
  .map(String)
  .filter((f) => /\.(json|ts|mdx|md)$/.test(f) && !f.includes('LICENSE'))
  .sort();

const mutations = {
  byteFlip(buf, rnd) {
    const out = Buffer.from(buf);
    for (let n = 1 + Math.floor(rnd() * 4); n > 0 && out.length; n--)
      out[Math.floor(rnd() * out.length)] ^= 1 << Math.floor(rnd() * 8);
    return out;
  },
  truncate(buf, rnd) {
    return buf.subarray(0, Math.floor(rnd() * buf.length));
  },
  deleteLines(buf, rnd) {
    const lines = buf.toString('utf8').split('\n');
    const at = Math.floor(rnd() * lines.length);
    lines.splice(at, 1 + Math.floor(rnd() * 5));
    return Buffer.from(lines.join('\n'));
  },
  duplicateLines(buf, rnd) {
    const lines = buf.toString('utf8').split('\n');
    const at = Math.floor(rnd() * lines.length);
    lines.splice(at, 0, ...lines.slice(at, at + 1 + Math.floor(rnd() * 5)));
    return Buffer.from(lines.join('\n'));
  },
  swapJson(buf, rnd) {
    let value;
    try {
      value = JSON.parse(buf.toString('utf8'));
    } catch {
      return mutations.byteFlip(buf, rnd);
    }
    const nodes = [];
    const walk = (v) => {
      if (v && typeof v === 'object') {
        nodes.push(v);
        Object.values(v).forEach(walk);
      }
    };
    walk(value);
    const node = nodes[Math.floor(rnd() * nodes.length)];
    if (!node) return Buffer.from('[]');
    const keys = Object.keys(node);
    if (keys.length >= 2) {
      const [a, b] = [keys[Math.floor(rnd() * keys.length)], keys[Math.floor(rnd() * keys.length)]];
      if (rnd() < 0.5) [node[a], node[b]] = [node[b], node[a]];
      else {
        node[b + '_renamed'] = node[a];
        delete node[a];
      }
    } else if (keys.length === 1) node[keys[0]] = [null, 0, '', true, {}, []][Math.floor(rnd() * 6)];
    return Buffer.from(JSON.stringify(value, null, 2));
  },
  removeClosingFence(buf, rnd) {
    const lines = buf.toString('utf8').split('\n');
    const fences = lines.map((l, i) => (/^\s*```\s*$/.test(l) ? i : -1)).filter((i) => i >= 0);
    if (!fences.length) return mutations.deleteLines(buf, rnd);
    lines.splice(fences[Math.floor(rnd() * fences.length)], 1);
    return Buffer.from(lines.join('\n'));
  },
  breakJsx(buf, rnd) {
    const text = buf.toString('utf8');
    const tags = [...text.matchAll(/<\/?[A-Za-z][^>]*>|\{|\}/g)];
    if (!tags.length) return Buffer.from(text + '\n<Note>\n');
    const m = tags[Math.floor(rnd() * tags.length)];
    return Buffer.from(text.slice(0, m.index) + text.slice(m.index + m[0].length));
  },
};

// Structural generators: input shaped to exhaust a resource (stack depth, parse time, memory) or
// to be what no text file is (control characters, binary, links). Each must give findings, not a
// crash, a hang or a silent pass; see src/core/limits.ts for the bounds they cross.
const between = (rnd, low, high) => low + Math.floor(rnd() * (high - low));
const textOf = (buf) => buf.toString('utf8');
Object.assign(mutations, {
  deepNesting(buf, rnd, rel) {
    const n = between(rnd, 90, 30_000);
    const text = textOf(buf);
    const at = Math.floor(rnd() * (text.length + 1));
    const nest = rel.endsWith('.ts')
      ? `\nexport type Deep = ${'['.repeat(n)}string${']'.repeat(n)};\n`
      : rel.endsWith('.json')
        ? ['// "\n', '"\n', ''][Math.floor(rnd() * 3)] + '['.repeat(n) + ']'.repeat(n)
        : [
            '\n' + '>'.repeat(n) + ' x\n',
            '<a>'.repeat(n / 10) + '</a>'.repeat(n / 10),
            '\n' + '  '.repeat(n / 100) + '- x\n',
          ][Math.floor(rnd() * 3)];
    return Buffer.from(rel.endsWith('.json') && rnd() < 0.5 ? nest : text.slice(0, at) + nest + text.slice(at));
  },
  largeSize(buf, rnd, rel) {
    // Megabytes of the file's own text, or of a shape that parses in quadratic time.
    const bytes = between(rnd, 300_000, 6_000_000);
    const shapes = rel.endsWith('.json') ? ['1e400,', '[1,', '"a",'] : ['*a', '~a', '[a', '> x\n', 'Prose.\n\n'];
    const unit = rnd() < 0.5 && buf.length ? textOf(buf) + '\n' : shapes[Math.floor(rnd() * shapes.length)];
    return Buffer.from(unit.repeat(Math.max(1, Math.ceil(bytes / unit.length))));
  },
  controlCharacters(buf, rnd) {
    const text = textOf(buf);
    const specials = ['\x1b[31m', '\x1b]8;;x\x07', '\r', '\u0000', '\u0007', '\ufeff', '\u202e', '\u2028', '\x08'];
    let out = text;
    for (let n = between(rnd, 1, 20); n > 0; n--) {
      const at = Math.floor(rnd() * (out.length + 1));
      out = out.slice(0, at) + specials[Math.floor(rnd() * specials.length)] + out.slice(at);
    }
    return Buffer.from(out);
  },
  binary(buf, rnd) {
    const out = Buffer.alloc(between(rnd, 1, 8192));
    for (let i = 0; i < out.length; i++) out[i] = Math.floor(rnd() * 256);
    // Half of them with no NUL byte: invalid UTF-8 or control characters, not obviously binary.
    if (rnd() < 0.5) for (let i = 0; i < out.length; i++) out[i] ||= 0xff;
    return out;
  },
  symlink(buf, rnd, rel) {
    // The file becomes a link: out of the root (to the canary), to itself (a loop), to a folder.
    const targets = [canary, path.join(work, rel), path.join(work, path.dirname(rel)), '/dev/zero', 'missing'];
    return { link: targets[Math.floor(rnd() * targets.length)] };
  },
});
const names = Object.keys(mutations);

function mutateRun(seed) {
  const rnd = prng(seed);
  const changed = [];
  for (let n = 1 + Math.floor(rnd() * 3); n > 0; n--) {
    const rel = files[Math.floor(rnd() * files.length)];
    const abs = path.join(work, rel);
    const original = changed.find((c) => c.rel === rel)?.original ?? fs.readFileSync(abs);
    const name = names[Math.floor(rnd() * names.length)];
    const current = fs.lstatSync(abs).isSymbolicLink() ? Buffer.alloc(0) : fs.readFileSync(abs);
    const mutated = mutations[name](current, rnd, rel);
    fs.rmSync(abs, { force: true });
    if (Buffer.isBuffer(mutated)) fs.writeFileSync(abs, mutated);
    else fs.symlinkSync(mutated.link, abs);
    changed.push({ rel, name, original });
  }
  return changed;
}

// Runs on the mutated versions only, when every mutated file belongs to one version.
function argsFor(changed) {
  const versions = new Set(changed.map((c) => /^(?:schema|docs\/specification)\/([^/]+)\//.exec(c.rel)?.[1] ?? '*'));
  const args = ['check', '--root', work, '--format', 'json'];
  if (!versions.has('*')) for (const v of versions) args.push('--version', v);
  return args;
}

let worker;
const pending = new Map();
function startWorker() {
  worker = new Worker(path.join(import.meta.dirname, 'fuzz-worker.mjs'));
  worker.on('message', (msg) => pending.get(msg.id)?.(msg));
  worker.on('error', (error) =>
    pending.forEach((resolve, id) => resolve({ id, kind: 'worker error', message: String(error) })),
  );
}

function runOnce(id, args) {
  return new Promise((resolve) => {
    const limitMs = hangLimitMs();
    const timer = setTimeout(() => resolve({ id, kind: 'hang', limitMs }), limitMs);
    pending.set(id, (msg) => {
      clearTimeout(timer);
      pending.delete(id);
      resolve(msg);
    });
    worker.postMessage({ id, args, marker });
  });
}

startWorker();
const deadline = Date.now() + minutes * 60_000;
const failures = [];
let runs = 0;
let slowest = 0;
console.log(
  `fuzz: base seed ${baseSeed}, ${files.length} files, up to ${minutes} min${Number.isFinite(maxRuns) ? ` or ${maxRuns} runs` : ''}`,
);
while (Date.now() < deadline && runs < maxRuns) {
  const seed = baseSeed + runs;
  const changed = mutateRun(seed);
  const result = await runOnce(seed, argsFor(changed));
  runs++;
  const what = changed.map((c) => `${c.name} ${c.rel}`).join('; ');
  let problem;
  if (result.kind === 'hang') {
    problem = `hang (over ${Math.round(result.limitMs / 1000)} s)`;
    await worker.terminate();
    startWorker();
  } else if (result.kind !== 'done') problem = `${result.kind}: ${result.message.split('\n').slice(0, 4).join(' | ')}`;
  else if (result.code !== 0 && result.code !== 1)
    problem = `exit code ${result.code}: ${result.stderr.split('\n')[0]}`;
  else if (result.internal.length) problem = `internal: ${result.internal[0]}`;
  else if (result.leaked) problem = 'the marker of a file outside the root appears in the output';
  if (result.ms) slowest = Math.max(slowest, result.ms);
  if (problem) {
    failures.push({ seed, what, problem });
    console.log(`FAIL seed ${seed}: ${problem}\n     mutations: ${what}`);
  }
  for (const c of changed.reverse()) {
    // A link is removed first: writing to it would write through it.
    fs.rmSync(path.join(work, c.rel), { force: true });
    fs.writeFileSync(path.join(work, c.rel), c.original);
  }
  if (runs % 25 === 0) console.log(`fuzz: ${runs} runs, ${failures.length} failures`);
}
await worker.terminate();
fs.rmSync(work, { recursive: true, force: true });
fs.rmSync(canaryDir, { recursive: true, force: true });
console.log(
  `fuzz: ${runs} runs, seeds ${baseSeed}..${baseSeed + runs - 1}, ${failures.length} failures, slowest run ${(slowest / 1000).toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);

// #67: a 500-unit building's billing run, printed as ratios against baselines measured in the same run:
//   `billing plan` (read the units and the chart, split, write the plan) against `units list` (one read of the
//   same units) and against `node -e 0` (goal: the plan within 1 s);
//   `billing apply --issue` (500 creates and 500 issues) against the least time the sandbox's rate limit allows
//   for its calls (goal: bounded by the rate limit alone), and `billing verify` against `units list`.
// Run by bench/run.mjs, or alone: node bench/billing.mjs [node-for-the-CLI]. Nothing here asserts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { record } from './record.mjs';

const UNITS = Number(process.env.BENCH_UNITS ?? 500);
// a limit that binds (1,000 calls over 200 a window of 2 s: at least 8 s), so the ratio says whether the run
// waits for anything but the limit
const LIMIT = process.env.BENCH_BILLING_LIMIT ?? '200/2';
const cliNode = process.argv[2] ?? process.execPath;
const bin = join(import.meta.dirname, '..', 'bin', 'condo.js');
const root = mkdtempSync(join(tmpdir(), 'condo-bench-billing-'));
const env = { ...process.env, CONDO_CONFIG_DIR: join(root, 'config'), NO_COLOR: '1', CI: '1' };

const timed = (cmd, args) => {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env, encoding: 'utf8', cwd: root, maxBuffer: 1 << 28 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, r };
};
const median = (n, run) => {
  const samples = Array.from({ length: n }, run).sort((a, b) => a - b);
  return samples[Math.floor(n / 2)];
};

const [count, seconds] = LIMIT.split('/').map(Number);
const server = spawn(
  process.execPath,
  [
    bin,
    'sandbox',
    'start',
    '--port',
    '0',
    '--units',
    String(UNITS),
    '--rate-limit',
    LIMIT,
    '--data-dir',
    join(root, 'sb'),
  ],
  { env, stdio: ['ignore', 'pipe', 'ignore'] },
);
try {
  const url = await new Promise((resolve) => server.stdout.once('data', (c) => resolve(String(c).trim())));
  const profile = ['--profile', `sandbox-${new URL(url).port}`];
  const cli = (args) => timed(cliNode, [bin, ...profile, ...args]);
  cli(['sandbox', 'budget', '--data-dir', join(root, 'sb'), '-O', join(root, 'orcamento.yaml')]);
  const node = median(5, () => timed(cliNode, ['-e', '0']).ms);
  const list = median(5, () => cli(['units', 'list', '-o', 'tsv']).ms);
  const plan = median(
    5,
    () => cli(['billing', 'plan', '--month', '01/2027', '--budget', join(root, 'orcamento.yaml')]).ms,
  );
  const planFile = join(
    root,
    readdirSync(root).find((f) => f.endsWith('.plan.json')),
  );
  const apply = cli(['--debug', 'billing', 'apply', planFile, '--issue']);
  const calls = apply.r.stderr.split('\n').filter((l) => /^< \d{3} /.test(l)).length;
  const least = Math.floor((calls - 1) / count) * seconds * 1000;
  const verify = median(3, () => cli(['billing', 'verify', planFile]).ms);
  console.log(`\nbilling run of a ${UNITS}-unit building (sandbox at --rate-limit ${LIMIT})`);
  record(`baseline: units list, ${UNITS} units`, Math.round(list), 'ms', 1);
  record(`billing plan, ${UNITS} units`, Math.round(plan), 'ms', Math.round((plan / list) * 100) / 100);
  record('baseline: the least the rate limit allows', least, 'ms', 1);
  record(
    `billing apply --issue, ${UNITS} units`,
    Math.round(apply.ms),
    'ms',
    Math.round((apply.ms / least) * 100) / 100,
  );
  record(`baseline: units list, ${UNITS} units`, Math.round(list), 'ms', 1);
  record(`billing verify, ${UNITS} units`, Math.round(verify), 'ms', Math.round((verify / list) * 100) / 100);
  console.log(`  node -e 0                          ${node.toFixed(0).padStart(6)} ms`);
  console.log(`  units list (${UNITS} units)              ${list.toFixed(0).padStart(6)} ms`);
  console.log(
    `  billing plan                       ${plan.toFixed(0).padStart(6)} ms  x${(plan / list).toFixed(2)} units list, x${(plan / node).toFixed(1)} node -e 0 (goal: within 1 s)`,
  );
  console.log(
    `  billing apply --issue              ${apply.ms.toFixed(0).padStart(6)} ms  x${(apply.ms / least).toFixed(2)} the least the limit allows (${calls} calls in windows of ${count}: >= ${(least / 1000).toFixed(0)} s)`,
  );
  console.log(
    `  billing verify                     ${verify.toFixed(0).padStart(6)} ms  x${(verify / list).toFixed(2)} units list`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}

// #68 point 5: a firm of 50 condominiums billed in one run, printed as ratios against baselines measured in the
// same run: `--all-profiles billing plan` (each condominium's budget from the firm's folder, its units and chart
// read, split, the plan written) against `--all-profiles bank-accounts list` (the firm's lightest read: one call a
// profile) and against the shell loop of `condo --profile P units list` a firm would run without it (goal: the plan
// within 10 s), and `--all-profiles billing apply --issue --yes` against its calls at each condominium's own
// rate limit (each profile has its own client: the run is bounded by the busiest condominium's limit, not by the
// sum). Run by bench/run.mjs, or alone: node bench/billing-firm.mjs [node-for-the-CLI]. Nothing here asserts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { record } from './record.mjs';

const CONDOMINIUMS = Number(process.env.BENCH_CONDOMINIUMS ?? 50);
const cliNode = process.argv[2] ?? process.execPath;
const bin = join(import.meta.dirname, '..', 'bin', 'condo.js');
const root = mkdtempSync(join(tmpdir(), 'condo-bench-firm-'));
const env = { ...process.env, CONDO_CONFIG_DIR: join(root, 'config'), NO_COLOR: '1', CI: '1' };

const timed = (args) => {
  const t0 = performance.now();
  const r = spawnSync(cliNode, [bin, ...args], { env, encoding: 'utf8', cwd: root, maxBuffer: 1 << 28 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, r };
};
const median = (n, run) => {
  const samples = Array.from({ length: n }, run).sort((a, b) => a - b);
  return samples[Math.floor(n / 2)];
};

const data = join(root, 'sb');
const server = spawn(
  process.execPath,
  [bin, 'sandbox', 'start', '--port', '0', '--condominiums', String(CONDOMINIUMS), '--data-dir', data],
  { env, stdio: ['ignore', 'pipe', 'ignore'] },
);
try {
  await new Promise((resolve) => server.stdout.once('data', resolve));
  timed(['sandbox', 'credentials', '--write-profiles', '--data-dir', data]);
  const profiles = JSON.parse(timed(['--json', 'config', 'list']).r.stdout);
  const budgets = join(root, 'orcamentos');
  mkdirSync(budgets);
  const slugs = [...new Set(profiles.map((p) => p.condominium))];
  for (const slug of slugs)
    timed(['--profile', slug, 'sandbox', 'budget', '--data-dir', data, '-O', join(budgets, `${slug}.yaml`)]);
  timed(['config', 'set', '--firm', 'budgets', budgets]);
  const list = median(3, () => timed(['--all-profiles', 'bank-accounts', 'list', '-o', 'tsv']).ms);
  const t0 = performance.now();
  for (const slug of slugs) timed(['--profile', slug, 'units', 'list', '-o', 'tsv']);
  const loop = performance.now() - t0;
  const plans = join(root, 'planos');
  const plan = median(3, () =>
    timed(['--all-profiles', 'billing', 'plan', '--month', '01/2027', '-O', plans, '-o', 'tsv']),
  ).ms;
  const planned = timed([
    '--all-profiles',
    'billing',
    'plan',
    '--month',
    '01/2027',
    '-O',
    plans,
    '-o',
    'tsv',
  ]);
  const units = planned.r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => Number(l.split('\t')[1]));
  const apply = timed([
    ...['--all-profiles', 'billing', 'apply', '--month', '01/2027', '--plans', plans, '--issue', '--yes'],
    '-o',
    'tsv',
  ]);
  const most = Math.max(...units);
  console.log(
    `\na firm's billing run: ${slugs.length} condominiums, ${units.reduce((a, b) => a + b, 0)} units`,
  );
  console.log(`  --all-profiles bank-accounts list     ${list.toFixed(0).padStart(6)} ms`);
  record('baseline: a shell loop of units list', Math.round(loop), 'ms', 1);
  record(
    `--all-profiles billing plan, ${slugs.length} condominiums`,
    Math.round(plan),
    'ms',
    Math.round((plan / loop) * 100) / 100,
  );
  record('baseline: --all-profiles bank-accounts list', Math.round(list), 'ms', 1);
  record(
    `--all-profiles billing apply --issue, ${slugs.length} condominiums`,
    Math.round(apply.ms),
    'ms',
    Math.round((apply.ms / list) * 100) / 100,
  );
  console.log(`  a shell loop of units list            ${loop.toFixed(0).padStart(6)} ms`);
  console.log(
    `  --all-profiles billing plan           ${plan.toFixed(0).padStart(6)} ms  x${(plan / list).toFixed(2)} bank-accounts list, x${(plan / loop).toFixed(2)} the loop (goal: within 10 s)`,
  );
  console.log(
    `  --all-profiles billing apply --issue  ${apply.ms.toFixed(0).padStart(6)} ms  ${(apply.ms / slugs.length).toFixed(0)} ms a condominium; the largest has ${most} units (${2 * most} calls, under its own limit of 600/60)`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}

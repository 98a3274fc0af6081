// #32's done-when as a bench: a remittance of 400,000 payments (BENCH_BIG_BATCH_PAYMENTS) written by
// `batches create`, downloaded, inspected, answered by `sandbox bank-return` (1% rejected) and its return imported,
// each step the real CLI in its own process, with its time and peak RSS, and the sandbox's peak RSS at the end.
// About five minutes; run by `BENCH_BIG_BATCH=1 npm run bench` after the rest (bench/run.mjs bundles it).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, seeded, serve } from './sandbox.js';

const [node = process.execPath] = process.argv.slice(2);
const PAYMENTS = Number(process.env.BENCH_BIG_BATCH_PAYMENTS ?? 400_000);
const root = await mkdtemp(join(tmpdir(), 'condo-bench-batch-'));
try {
  const t0 = performance.now();
  const server = await serve(await seeded(root, 'batch', PAYMENTS, () => 'marked_for_remessa'));
  console.log(
    `\n${PAYMENTS.toLocaleString('en')} payments end to end (seeded straight into the store in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  // a batch this size answers after the client's default 30 s: the wait is the user's to set
  const env = { ...server.env, CONDO_TIMEOUT_SECONDS: '900' };
  const step = (name: string, args: string[]): string => {
    const started = performance.now();
    const r = spawnSync('/usr/bin/time', ['-f', '%M', node, bin, '--profile', server.profile, ...args], {
      env,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const seconds = (performance.now() - started) / 1000;
    const rssMb = Number(r.stderr.trim().split('\n').at(-1)) / 1024;
    console.log(
      `${name.padEnd(52)} ${seconds.toFixed(1).padStart(7)} s   CLI RSS ${rssMb.toFixed(0).padStart(5)} MB   exit ${r.status}`,
    );
    if (r.status !== 0) throw new Error(`${name}: ${r.stderr.slice(-600)}`);
    return r.stdout;
  };
  const rem = join(root, 'big.rem');
  const ret = join(root, 'big.ret');
  const batch = JSON.parse(
    step('batches create', ['--json', 'batches', 'create', '--date', 'next-business-day', '--yes']),
  ).public_id as string;
  step('batches download', ['batches', 'download', batch, '-O', rem]);
  console.log(`  the remittance: ${(await stat(rem)).size.toLocaleString('en')} bytes`);
  step('cnab inspect -o tsv', ['-o', 'tsv', 'cnab', 'inspect', rem]);
  step('sandbox bank-return --reject-rate 1%', [
    'sandbox',
    'bank-return',
    rem,
    '-O',
    ret,
    '--reject-rate',
    '1%',
  ]);
  const counts = step('batches import-return', ['batches', 'import-return', ret]);
  console.log(`  ${counts.trim().split('\n').slice(0, 3).join(', ').replaceAll('\t', ' ')}`);
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  console.log(`  sandbox peak RSS ${(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024).toFixed(0)} MB`);
  server.child.kill('SIGKILL');
} finally {
  await rm(root, { recursive: true, force: true });
}

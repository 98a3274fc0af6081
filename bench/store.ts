// The sandbox's store under size, as ratios against the same measure on a small database in the same run:
//   a payable create's latency with 200 000 payables stored against a few dozen (goal <= 1.5);
//   a GET's p99 while a 300 000-line statement imports against its idle p99 (goal <= 3);
//   page 500 of a list of 200 000 payables against its page 1 (goal <= 3).
// The databases are seeded directly (SQL), the sandbox runs as its own process (`condo sandbox start`), the
// import is the real CLI's upload. Bundled and run by bench/run.mjs.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStatementOfx } from '../src/sandbox/index.js';
import { record } from './record.mjs';
import { bin, call, type Server, seeded, serve } from './sandbox.js';

const QUICK = process.env.BENCH_QUICK === '1';
const BIG = Number(process.env.BENCH_BIG ?? (QUICK ? 50_000 : 200_000));
const STATEMENT_LINES = QUICK ? 60_000 : 300_000;
const CREATES = Number(process.env.BENCH_CREATES ?? (QUICK ? 100 : 300));

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function creates(s: Server): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < CREATES; i++) {
    samples.push(
      await call(s, 'POST', '/payables', {
        supplier_id: 2,
        chart_of_accounts_id: 24,
        amount: 5_000 + i,
        forma_pagamento: 'ted',
        due_date: '2031-03-10',
        description: `Bench ${i}`,
      }),
    );
  }
  return samples.slice(Math.floor(CREATES / 10)); // the first tenth warms the server up
}

function line(name: string, ms: number, base: number, unit = 'ms'): void {
  record(name, Math.round(ms * 100) / 100, unit, Math.round((ms / base) * 100) / 100);
  console.log(`${name.padEnd(52)} ${ms.toFixed(2).padStart(9)} ${unit}  x${(ms / base).toFixed(2)}`);
}

const root = await mkdtemp(join(tmpdir(), 'condo-bench-store-'));
const servers: Server[] = [];
try {
  console.log('\nthe sandbox store (sandbox in its own process; ratios against the line above each group)');
  const small = await serve(await seeded(root, 'small', 36));
  servers.push(small);
  const big = await serve(await seeded(root, 'big', BIG));
  servers.push(big);
  const smallCreates = await creates(small);
  const bigCreates = await creates(big);
  line(
    'baseline: create, a few dozen payables (median)',
    quantile(smallCreates, 0.5),
    quantile(smallCreates, 0.5),
  );
  line(
    `create, ${BIG.toLocaleString('en')} payables (median)  goal <= 1.5`,
    quantile(bigCreates, 0.5),
    quantile(smallCreates, 0.5),
  );
  line(
    'baseline: create p99, a few dozen payables',
    quantile(smallCreates, 0.99),
    quantile(smallCreates, 0.99),
  );
  line(
    `create p99, ${BIG.toLocaleString('en')} payables`,
    quantile(bigCreates, 0.99),
    quantile(smallCreates, 0.99),
  );
  // Deep pages (#32 point 5): page 500 against page 1 of the same list, each the median of several GETs.
  const pageOf = async (query: string) => {
    const samples: number[] = [];
    for (let i = 0; i < 15; i++) samples.push(await call(big, 'GET', `/payables?${query}`));
    return quantile(samples, 0.5);
  };
  for (const [name, filter] of [
    ['pending', 'state=pending&'],
    ['every payable', ''],
    ["one supplier's", 'supplier_id=2&'],
  ] as const) {
    const first = await pageOf(`${filter}per_page=100&page=1`);
    line(`baseline: GET page 1 of ${name} (median)`, first, first);
    line(
      `GET page 500 of ${name}, ${BIG.toLocaleString('en')} payables  goal <= 3`,
      await pageOf(`${filter}per_page=100&page=500`),
      first,
    );
  }

  // A GET's latency while a 300 000-line statement imports through the CLI, in its own process.
  const ofx = join(root, 'big.ofx');
  await writeFile(
    ofx,
    buildStatementOfx({
      bankCode: '341',
      agency: '0350',
      account: '12345-1',
      start: '2026-01-01',
      end: '2026-01-31',
      balanceCents: 0,
      transactions: Array.from({ length: STATEMENT_LINES }, (_, i) => ({
        fitid: `B${i}`,
        date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
        amountCents: i % 2 ? 1_000 + i : -(1_000 + i),
        memo: `MOVIMENTO ${i}`,
      })),
    }),
  );
  const get = () => call(small, 'GET', '/payables?per_page=25');
  const idle: number[] = [];
  for (let i = 0; i < 1_000; i++) idle.push(await get());
  const busy: number[] = [];
  const started = performance.now();
  const importing = new Promise<number | null>((resolve) => {
    const cli = spawn(
      process.execPath,
      [
        bin,
        '--profile',
        small.profile,
        '--json',
        'statements',
        'import',
        ofx,
        '--account',
        String(small.paymentAccount),
      ],
      { env: small.env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    cli.on('exit', resolve);
  });
  let done = false;
  importing.then(() => {
    done = true;
  });
  while (!done) busy.push(await get());
  const status = await importing;
  const importMs = performance.now() - started;
  const idleP99 = quantile(idle, 0.99);
  line('baseline: GET payables p99, idle', idleP99, idleP99);
  line(
    `GET payables p99 during a ${STATEMENT_LINES.toLocaleString('en')}-line import  goal <= 3`,
    quantile(busy, 0.99),
    idleP99,
  );
  line('GET payables max during the import', Math.max(...busy), idleP99);
  console.log(
    `  (${busy.length} GETs during the import; the import took ${(importMs / 1000).toFixed(1)} s end to end and exited ${status})`,
  );
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await rm(root, { recursive: true, force: true });
}

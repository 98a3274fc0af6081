import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openPlain } from '../../src/sandbox/db/sqlite.js';
import { DB_FILE } from '../../src/sandbox/index.js';
import { CONDO_BIN, condoIn } from './harness.js';

/**
 * The sandbox as its own process, killed with SIGKILL in the middle of a bulk create: whatever it had answered
 * is on disk with its idempotency response, whatever it had not is not there at all, so the same command run
 * again creates exactly the missing payables.
 */
// enough that the kill lands in the middle of the run, whatever this machine's speed
const BULK = 400;
let root = '';
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
});

function startSandbox(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      CONDO_BIN,
      'sandbox',
      'start',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--rate-limit',
      '1000000/60',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
    child.stdout?.once('data', (d: Buffer) => resolve({ child, url: d.toString().trim() }));
  });
}

/** What an independent reader sees in the database (readable while the server runs, as with sqlite3). */
function count(dataDir: string, sql: string): number {
  const db = openPlain(join(dataDir, DB_FILE));
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

test('kill -9 in the middle of a 400-payable bulk create, a restart, the same command: 0 duplicated, 0 lost', async () => {
  root = await mkdtemp(join(tmpdir(), 'condo-crash-'));
  const condo = condoIn(join(root, 'config'));
  const dataDir = join(root, 'data');
  const file = join(root, 'bulk.json');
  await writeFile(
    file,
    JSON.stringify(
      Array.from({ length: BULK }, (_, i) => ({
        supplier_id: 2,
        chart_of_accounts_id: 24,
        amount: 10_000 + i,
        forma_pagamento: 'ted',
        due_date: '2031-01-20',
        description: `Lote ${i + 1}`,
      })),
    ),
  );
  const first = await startSandbox(condo.env, dataDir, 0);
  const port = Number(new URL(first.url).port);
  const command = [
    '--profile',
    `sandbox-${port}`, // the profile a sandbox on another port than 4010 writes
    'payables',
    'create',
    '--from-file',
    file,
    '--idempotency-key',
    'crash-k1',
  ];
  const interrupted = condo.run(command);

  const lotes = "SELECT count(*) AS n FROM payables WHERE description LIKE 'Lote %'";
  const deadline = Date.now() + 30_000;
  while (count(dataDir, lotes) < BULK / 4 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  const exited = new Promise((r) => first.child.once('exit', r));
  first.child.kill('SIGKILL');
  await exited;
  const atKill = count(dataDir, lotes);
  expect(atKill).toBeGreaterThan(0);
  expect(atKill).toBeLessThan(BULK);

  await startSandbox(condo.env, dataDir, port);
  await interrupted; // it may have finished through its retries, or given up on some: either way, run it again
  const again = await condo.run(command);
  expect(again.exitCode, again.stderr).toBe(0);

  expect(count(dataDir, lotes)).toBe(BULK);
  expect(
    count(dataDir, "SELECT count(DISTINCT description) AS n FROM payables WHERE description LIKE 'Lote %'"),
  ).toBe(BULK);
}, 120_000);

import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/**
 * #28 point 5: runs that can end do end. A bulk create whose server dies stops sending once one item has
 * spent the retry budget, says how far it got, and the same command finishes the job; a firm-wide read does not
 * wait 30 s on a profile whose sandbox is gone; `config prune` offers to remove such profiles, and only those.
 */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

test('a bulk create against a server that died stops, says how far it got, and a re-run finishes', async () => {
  const dataDir = join(s.condo.configDir, 'dying');
  // slow enough that the server can die in the middle of the run
  const first = await launchSandbox({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    bills: false,
    rateLimit: { count: 40, seconds: 1 },
  });
  const port = first.port;
  const env = { CONDO_RETRY_BUDGET_SECONDS: '2' };
  const login = async () => {
    const c = first.clients.find((x) => x.name === 'default');
    await s.condo.ok(
      [
        ...['auth', 'login', '--no-input', '--profile', 'dying', '--base-url', `http://127.0.0.1:${port}`],
        ...[
          '--condominium',
          c?.condominium ?? '',
          '--client-id',
          c?.client_id ?? '',
          '--client-secret-stdin',
        ],
      ],
      { stdin: c?.client_secret ?? '' },
    );
  };
  await login();
  const account = await leafExpenseAccount(s.condo, 'dying');
  const bodies = Array.from({ length: 300 }, (_, i) => ({
    chart_of_accounts_id: account,
    payee_name: `Fornecedor ${i}`,
    amount: 1000 + i,
    forma_pagamento: 'cash',
    due_date: '2030-01-10',
    description: `Item ${i}`,
  }));
  const file = join(s.condo.configDir, 'bulk.json');
  await writeFile(file, JSON.stringify(bodies));
  let second: RunningSandbox | undefined;
  try {
    let ended = false;
    const running = s.condo
      .run(['--profile', 'dying', 'payables', 'create', '--from-file', file], { spawn: true, env })
      .finally(() => {
        ended = true;
      });
    // the server dies once the run is well under way (however slowly this machine starts it)
    while (!ended) {
      const made = await s.condo.run(['--profile', 'dying', 'payables', 'list', '--limit', '40']);
      if (made.stdout.trim().split('\n').length >= 20) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const started = Date.now();
    await first.close();
    const run = await running;
    const seconds = (Date.now() - started) / 1000;
    expect(run.exitCode).toBe(7);
    expect(seconds).toBeLessThan(20);
    const done = /(\d+) of 300 created; run the same command again to finish/.exec(run.stderr);
    expect(done, run.stderr).not.toBeNull();
    expect(Number(done?.[1])).toBeGreaterThan(0);
    expect(Number(done?.[1])).toBeLessThan(300);

    await first.close();
    second = await launchSandbox({ host: '127.0.0.1', port, dataDir, bills: false });
    const again = await s.condo.run(['--profile', 'dying', 'payables', 'create', '--from-file', file], {
      env,
    });
    expect(again.exitCode, again.stderr).toBe(0);
    // the re-run counts what it made and what the first run had made, never 300 created (#66)
    const counted = /(\d+) created, 0 failed; (\d+) already there/.exec(again.stderr);
    expect(counted, again.stderr).not.toBeNull();
    expect(Number(counted?.[1]) + Number(counted?.[2])).toBe(300);
    expect(Number(counted?.[2])).toBeGreaterThanOrEqual(Number(done?.[1]));
    const all = await s.condo.json(['--profile', 'dying', 'payables', 'list', '--all']);
    expect(all).toHaveLength(300);
  } finally {
    await second?.close();
    await s.condo.run(['--profile', 'dying', 'auth', 'logout']);
  }
});

test('a profile whose sandbox is gone costs a firm-wide read a few seconds, not 30; prune offers to remove it', async () => {
  const port = await deadPort();
  const config = join(s.condo.configDir, 'config.json');
  const { readFile } = await import('node:fs/promises');
  const stored = JSON.parse(await readFile(config, 'utf8'));
  stored.profiles.gone = { ...stored.profiles.default, base_url: `http://127.0.0.1:${port}`, sandbox: true };
  stored.profiles['real-gone'] = { ...stored.profiles.default, base_url: `http://127.0.0.1:${port}` };
  delete stored.profiles['real-gone'].sandbox;
  stored.profiles.live = { ...stored.profiles.default, sandbox: true };
  await writeFile(config, JSON.stringify(stored));

  const started = Date.now();
  const r = await s.condo.run(['--profiles', 'default,gone', 'payables', 'list'], { spawn: true });
  expect((Date.now() - started) / 1000).toBeLessThan(12);
  expect(r.exitCode).toBe(7);
  expect(r.stderr).toContain('error: gone: ');
  expect(r.stderr).toContain('1 of 2 condominiums answered');

  // without a terminal, prune asks for --yes and removes nothing
  const refused = await s.condo.run('config prune');
  expect(refused.exitCode).toBe(2);
  const pruned = await s.condo.run('config prune --yes');
  expect(pruned.exitCode).toBe(0);
  expect(pruned.stdout.trim().split('\n')).toEqual(['gone']);
  const after = JSON.parse(await readFile(config, 'utf8'));
  expect(Object.keys(after.profiles)).toEqual(expect.arrayContaining(['default', 'real-gone', 'live']));
  expect(after.profiles.gone).toBeUndefined();
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { leafExpenseAccount, type Session, sandboxSession } from './harness.js';

/** Rate limits and token expiry, each against its own sandbox so its limits are its own. */

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

test('a bulk create at a tiny rate limit paces itself, honours 429 and still completes', async () => {
  // The waits are real waits of the CLI, on a clock it shares with the sandbox: they pass at once.
  s = await sandboxSession({ rateLimit: { count: 5, seconds: 2 }, skipWaits: true });
  const account = await leafExpenseAccount(s.condo);
  const file = join(s.condo.configDir, 'bulk.json');
  const bodies = Array.from({ length: 15 }, (_, i) => ({
    payee_name: `Fornecedor ${i}`,
    chart_of_accounts_id: account,
    amount: 500 + i,
    forma_pagamento: 'pix',
    due_date: '2031-03-01',
    description: `Item ${i}`,
  }));
  await writeFile(file, JSON.stringify(bodies));
  const r = await s.condo.run(['--json', '--debug', 'payables', 'create', '--from-file', file]);
  expect(r.exitCode).toBe(0);
  expect(r.stderr).toMatch(/throttle: waiting \d+ ms for the rate-limit window/);
  const results = JSON.parse(r.stdout);
  expect(results.filter((x: any) => x.ok)).toHaveLength(15);
  const listed = await s.condo.json('payables list --all');
  expect(listed.filter((p: any) => String(p.payee_name).startsWith('Fornecedor '))).toHaveLength(15);
});

test('a token the server stopped taking is replaced without the user noticing', async () => {
  // The CLI still holds the token it thinks valid; `sandbox reset` revokes every token (the server's clock moving
  // past its expiry does the same: test/unit/sandbox/auth.test.ts). The server's 401 makes the CLI renew and carry
  // on, in process and shipped alike.
  s = await sandboxSession();
  const first = (await s.condo.ok('auth token')).trim();
  await s.condo.ok('payables list');
  await s.condo.ok(['sandbox', 'reset', '--data-dir', s.dataDir, '--force']);
  const r = await s.condo.run(['--debug', 'payables', 'list']);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toMatch(/ 401 /);
  const second = (await s.condo.ok('auth token')).trim();
  expect(second).not.toBe(first);
});

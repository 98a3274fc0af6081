import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONDO_BIN, condoIn, type Session, sandboxSession } from './harness.js';

/** Profiles and the sandbox's own verbs, as a person sets them up. */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

test('config list, get, set, unset and use work on the profile in use', async () => {
  await s.login('read-only');
  expect(await s.condo.ok('config get condominium')).toBe(`${s.client('read-only').condominium}\n`);
  const listed = await s.condo.json('config list');
  expect(listed.map((p: any) => [p.name, p.current])).toEqual(
    expect.arrayContaining([
      ['default', false],
      ['read-only', true],
    ]),
  );
  expect(JSON.stringify(listed)).not.toContain(s.client('read-only').client_secret);

  await s.condo.ok('config set scopes payments.read');
  expect(await s.condo.ok('config get scopes')).toBe('payments.read\n');
  expect((await s.condo.json('auth status')).scopes).toEqual(['payments.read']);
  await s.condo.ok('config unset scopes');
  expect((await s.condo.run('config get scopes')).exitCode).toBe(1);

  const bad = await s.condo.run('config set base_url not-a-url');
  expect(bad.exitCode).toBe(2);
  expect((await s.condo.run('config use nobody')).exitCode).toBe(2);
  await s.condo.ok('config use default');
  expect((await s.condo.json('auth status')).profile).toBe('default');
});

test('auth logout removes the profile and its token; naming it afterwards is a usage error', async () => {
  await s.login('read-only', 'temporary');
  await s.condo.ok('--profile temporary auth logout');
  const r = await s.condo.run('--profile temporary payables list');
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toMatch(/profile "temporary" does not exist/);
  await s.condo.ok('config use default');
});

test('credentials from the environment need no profile, and their token is cached too', async () => {
  const me = s.client('default');
  const fresh = condoIn(join(s.condo.configDir, 'env-only'), {
    CONDO_BASE_URL: s.sandbox.baseUrl,
    CONDO_CONDOMINIUM: me.condominium,
    CONDO_CLIENT_ID: me.client_id,
    CONDO_CLIENT_SECRET: me.client_secret,
  });
  const first = (await fresh.ok('auth token')).trim();
  expect((await fresh.ok('auth token')).trim()).toBe(first);
  expect((await fresh.json('bank-accounts list')).length).toBeGreaterThan(0);
});

test('sandbox start prints its URL, writes the sandbox profile, and stops cleanly on SIGTERM', async () => {
  const root = await mkdtemp(join(tmpdir(), 'condo-sandbox-start-'));
  const condo = condoIn(join(root, 'config'));
  try {
    const child = spawn(
      process.execPath,
      [CONDO_BIN, 'sandbox', 'start', '--port', '0', '--data-dir', join(root, 'data')],
      {
        env: condo.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const url = await new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
    );
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await condo.json('--profile sandbox payables list')).length).toBe(0);
    const created = await condo.json(
      '--profile sandbox api POST payables -F chart_of_accounts_id=23 -F amount=100 -f forma_pagamento=pix -f due_date=2031-01-01 -f description=teste',
    );
    expect(created.data.state).toBe('pending');
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);

    const creds = await condo.json(['sandbox', 'credentials', '--data-dir', join(root, 'data')]);
    expect(creds.base_url).toBe(url);
    await condo.ok(['sandbox', 'reset', '--data-dir', join(root, 'data')]);
    const again = await condo.json(['sandbox', 'credentials', '--data-dir', join(root, 'data')]);
    expect(again.clients.map((c: any) => c.client_id)).toEqual(creds.clients.map((c: any) => c.client_id));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONDO_BIN, type Condo, condoIn, type Session, sandboxSession } from './harness.js';

/** Profiles and the sandbox's own verbs, as a person sets them up. */

let s: Session;
beforeAll(async () => {
  s = await sandboxSession();
});
afterAll(() => s.close());

/** `auth login` with flags and the secret on stdin, as a script does it. */
const login = (name: 'default' | 'read-only', profile: string, extra: string[] = []) =>
  s.loginRun(name, profile, extra);

test('auth login of another profile keeps the current one and says so; of the current one, says it is current', async () => {
  const other = await login('read-only', 'reader');
  expect(other.exitCode).toBe(0);
  expect(other.stderr).toContain(
    'profile "reader" saved; the current profile is still "default" (condo config use reader to switch)',
  );
  expect((await s.condo.json('auth status')).profile).toBe('default');
  const again = await login('default', 'default', ['--json']);
  expect(JSON.parse(again.stdout)).toMatchObject({ profile: 'default', current: true });
  const json = await login('read-only', 'reader', ['--json']);
  expect(JSON.parse(json.stdout)).toMatchObject({ profile: 'reader', current: false });
  await s.condo.ok('--profile reader auth logout');
});

test('config list, get, set, unset and use work on the profile in use', async () => {
  await s.login('read-only');
  await s.condo.ok('config use read-only');
  expect(await s.condo.ok('config get condominium')).toBe(`${s.client('read-only').condominium}\n`);
  const listed = await s.condo.json('config list');
  expect(listed.map((p: any) => [p.name, p.current])).toEqual(
    expect.arrayContaining([
      ['default', false],
      ['read-only', true],
    ]),
  );
  expect(JSON.stringify(listed)).not.toContain(s.client('read-only').client_secret);
  // where each secret is (#56): the private file here, the harness's CONDO_SECRET_STORE=file
  expect(listed.find((p: any) => p.name === 'read-only')).toMatchObject({
    has_secret: true,
    secret_store: 'file',
  });
  expect(await s.condo.json('auth status')).toMatchObject({
    secret_store: 'file',
    secret_where: join(s.condo.configDir, 'config.json'),
  });

  await s.condo.ok('config set scopes payments.read');
  expect(await s.condo.ok('config get scopes')).toBe('payments.read\n');
  expect((await s.condo.json('auth status')).scopes).toEqual(['payments.read']);
  await s.condo.ok('config unset scopes');
  // not set: not found (4), where 1 means done with something left for a person
  expect((await s.condo.run('config get scopes')).exitCode).toBe(4);

  const bad = await s.condo.run('config set base_url not-a-url');
  expect(bad.exitCode).toBe(2);
  expect((await s.condo.run('config use nobody')).exitCode).toBe(2);
  const inPortuguese = await s.condo.run('--lang pt-BR config use default');
  expect(inPortuguese.stderr).toBe('agora usando o perfil "default"\n');
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

/** `condo sandbox start` as a child; resolves with its URL (its first stdout line) once it listens. */
function startSandbox(condo: Condo, args: string[]) {
  const child = spawn(process.execPath, [CONDO_BIN, 'sandbox', 'start', ...args], {
    env: condo.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const announced = new Promise<string>((resolve) =>
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes('Stop with Ctrl-C')) resolve(stderr);
    }),
  );
  const url = new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  const stop = async () => {
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    return exit;
  };
  return { url, stop, announced };
}

test('sandbox start prints its URL, writes its own profile, and stops cleanly on SIGTERM', async () => {
  const root = await mkdtemp(join(tmpdir(), 'condo-sandbox-start-'));
  const condo = condoIn(join(root, 'config'));
  try {
    const first = startSandbox(condo, ['--port', '0', '--data-dir', join(root, 'data')]);
    const url = await first.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Not the default port: the profile is named for its port, so it cannot overwrite another sandbox's.
    const profile = `sandbox-${new URL(url).port}`;
    expect(await first.announced).toContain(`profile "${profile}" points at it`);
    // a new data dir holds this month's bills, one of them rejected by the bank
    const seeded = await condo.json(`--profile ${profile} payables list`);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.filter((p: any) => p.state === 'pending' && p.last_return)).toHaveLength(1);
    const created = await condo.json(
      `--profile ${profile} api POST payables -F chart_of_accounts_id=23 -F amount=100 -f forma_pagamento=pix -f due_date=2031-01-01 -f description=teste`,
    );
    expect(created.data.state).toBe('pending');

    const second = startSandbox(condo, ['--port', '0', '--data-dir', join(root, 'other')]);
    const otherUrl = await second.url;
    const profiles = await condo.json('config list');
    const byName = Object.fromEntries(profiles.map((p: any) => [p.name, p]));
    expect(byName[profile]).toMatchObject({ base_url: url, current: true });
    expect(byName[`sandbox-${new URL(otherUrl).port}`]).toMatchObject({ base_url: otherUrl, current: false });
    expect(await second.stop()).toBe(0);
    expect(await first.stop()).toBe(0);

    const creds = await condo.json(['sandbox', 'credentials', '--data-dir', join(root, 'data')]);
    expect(creds.base_url).toBe(url);
    await condo.ok(['sandbox', 'reset', '--data-dir', join(root, 'data')]);
    const again = await condo.json(['sandbox', 'credentials', '--data-dir', join(root, 'data')]);
    expect(again.clients.map((c: any) => c.client_id)).toEqual(creds.clients.map((c: any) => c.client_id));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('the sandbox helpers read the sandbox the profile points at, started with --data-dir elsewhere', async () => {
  const root = await mkdtemp(join(tmpdir(), 'condo-sandbox-dir-'));
  const condo = condoIn(join(root, 'config'));
  const running = startSandbox(condo, ['--port', '0', '--data-dir', join(root, 'elsewhere')]);
  try {
    const profile = `sandbox-${new URL(await running.url).port}`;
    await running.announced;
    // no --data-dir: the profile's sandbox, not $CONDO_CONFIG_DIR/sandbox (which has no data)
    const dda = await condo.run(['--profile', profile, 'sandbox', 'dda', '-O', join(root, 'dda.ret')]);
    expect(dda.exitCode, dda.stderr).toBe(0);
    const creds = await condo.run(['--profile', profile, '--json', 'sandbox', 'credentials']);
    expect(creds.exitCode, creds.stderr).toBe(0);
    // the running sandbox's clients, the ones the profile logs in with (not a new database's)
    expect(creds.stdout).toContain((await condo.json(['--profile', profile, 'auth', 'status'])).client_id);
  } finally {
    await running.stop();
    await rm(root, { recursive: true, force: true });
  }
});

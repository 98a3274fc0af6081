import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Condo, condoIn, runProcess, type Session, sandboxSession } from '../e2e/harness.js';

/**
 * #56 against a real Secret Service: Debian's gnome-keyring in a D-Bus session of its own, unlocked, in a throwaway
 * home (.ci/keyring starts it and runs this; `npm run test:keyring`). The built condo (bin/condo.js, dist/) and the
 * Linux single executable run as processes of their own, so that the keyring's native part and D-Bus are theirs.
 */

const BUS = process.env.DBUS_SESSION_BUS_ADDRESS;
const ROOT = resolve(import.meta.dirname, '..', '..');
const EXE = join(ROOT, 'release', 'condo-linux-x64');
let s: Session;
let dir: string;
const dirs: string[] = [];

/** The keyring's entry for service condo and this account, read with secret-tool; undefined when there is none. */
function keyringEntry(account: string): string | undefined {
  try {
    return execFileSync('secret-tool', ['lookup', 'service', 'condo', 'username', account], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    });
  } catch {
    return undefined; // secret-tool lookup ends with 1 when it finds nothing
  }
}

/** A condo with its own config folder that sees the session's keyring (or none: `bus: false`). */
function condoWithKeyring(bus = true): Condo & { config(): string } {
  const config = mkdtempSync(join(tmpdir(), 'condo-keyring-'));
  dirs.push(config);
  const condo = condoIn(config, {
    CONDO_SECRET_STORE: 'auto',
    ...(bus && BUS ? { DBUS_SESSION_BUS_ADDRESS: BUS } : {}),
  });
  const spawned = (args: string | string[], opts = {}) => condo.run(args, { ...opts, spawn: true });
  return {
    ...condo,
    run: spawned,
    ok: async (args, opts) => {
      const r = await spawned(args, opts);
      expect(r.exitCode, r.stderr).toBe(0);
      return r.stdout;
    },
    config: () => readFileSync(join(config, 'config.json'), 'utf8'),
  };
}

const loginArgs = (profile = 'prod') => {
  const me = s.client('default');
  return [
    ...['--profile', profile, 'auth', 'login', '--no-input', '--base-url', s.sandbox.baseUrl],
    ...['--condominium', me.condominium, '--client-id', me.client_id, '--client-secret-stdin'],
  ];
};

beforeAll(async () => {
  if (!BUS) throw new Error('no D-Bus session: run this through .ci/keyring (npm run test:keyring)');
  s = await sandboxSession({ login: false, shipped: true, tokenTtlSeconds: 2 });
  dir = mkdtempSync(join(tmpdir(), 'condo-keyring-'));
}, 60_000);
afterAll(async () => {
  await s?.close();
  for (const d of [dir, ...dirs]) if (d) rmSync(d, { recursive: true, force: true });
});

describe('the Secret Service', () => {
  test('a login keeps the secret and the token there, never in config.json, logs or --debug', async () => {
    const condo = condoWithKeyring();
    const secret = s.client('default').client_secret;
    const r = await condo.run(loginArgs(), { stdin: secret });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Client secret and token kept in the system keyring (Secret Service).');
    const profile = JSON.parse(condo.config()).profiles.prod;
    expect(profile).toMatchObject({ secret_store: 'keyring' });
    expect(condo.config()).not.toContain(secret);
    expect(JSON.parse(condo.config()).tokens).toEqual({});
    expect(keyringEntry(profile.keyring_account)).toBe(secret);
    const token = JSON.parse(keyringEntry(`${profile.keyring_account}:token`) as string);
    expect(token.access_token).toMatch(/^sbx_at_/);

    const status = await condo.run(['--profile', 'prod', 'auth', 'status']);
    expect(status.stdout).toMatch(/^secret\tkeyring\nsecret_where\tSecret Service$/m);
    const debug = await condo.run(['--profile', 'prod', '--debug', 'payables', 'list']);
    expect(debug.exitCode, debug.stderr).toBe(0);
    expect(debug.stderr).toContain('GET ');
    expect(`${debug.stdout}${debug.stderr}`).not.toContain(secret);
  });

  test('a token refreshed goes back to the keyring', async () => {
    const condo = condoWithKeyring();
    await condo.ok(loginArgs(), { stdin: s.client('default').client_secret });
    const account = JSON.parse(condo.config()).profiles.prod.keyring_account;
    const first = JSON.parse(keyringEntry(`${account}:token`) as string);
    await new Promise((r) => setTimeout(r, 2500)); // the sandbox's tokens live 2 s here
    await condo.ok(['--profile', 'prod', 'payables', 'list']);
    const renewed = JSON.parse(keyringEntry(`${account}:token`) as string);
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(renewed.issued_at).toBeGreaterThan(first.issued_at);
    expect(JSON.parse(condo.config()).tokens).toEqual({});
  });

  test('a profile removed takes its secret and token with it', async () => {
    const condo = condoWithKeyring();
    await condo.ok(loginArgs('old'), { stdin: s.client('default').client_secret });
    const account = JSON.parse(condo.config()).profiles.old.keyring_account;
    expect(keyringEntry(account)).toBeDefined();
    const r = await condo.run(['--profile', 'old', 'auth', 'logout']);
    expect(r.stderr).toContain("its secret and its cached token removed (the keyring's entries too)");
    expect(keyringEntry(account)).toBeUndefined();
    expect(keyringEntry(`${account}:token`)).toBeUndefined();
  });

  test('no keyring answers: the file, said once, recorded; migrate-secrets moves it once one answers', async () => {
    const offline = condoWithKeyring(false);
    const secret = s.client('default').client_secret;
    const first = await offline.run(loginArgs(), { stdin: secret });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toMatch(
      /No system keyring answered \(no D-Bus session \(DBUS_SESSION_BUS_ADDRESS is unset\), so no Secret Service\): the client secret of profile "prod" is kept in the private file/,
    );
    expect(JSON.parse(offline.config()).profiles.prod.keyring_fallback_said).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await offline.run(loginArgs(), { stdin: secret });
    expect(again.stderr).not.toContain('No system keyring answered');
    expect(offline.config()).toContain(secret);

    // the same config folder, now with the keyring
    const online = condoIn(offline.configDir, { CONDO_SECRET_STORE: 'auto', DBUS_SESSION_BUS_ADDRESS: BUS });
    const moved = await online.run(['config', 'migrate-secrets'], { spawn: true });
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/^prod\tyes\tkeyring\tSecret Service$/m);
    expect(offline.config()).not.toContain(secret);
    const ok = await online.run(['--profile', 'prod', 'payables', 'list'], { spawn: true });
    expect(ok.exitCode, ok.stderr).toBe(0);
  });

  test('the single executable loads the native part from its cache folder and keeps the secret there too', async () => {
    expect(existsSync(EXE), `${EXE}: npm run package -- --target linux`).toBe(true);
    const home = mkdtempSync(join(tmpdir(), 'condo-keyring-exe-'));
    dirs.push(home);
    copyFileSync(EXE, join(home, 'condo'));
    const env = {
      PATH: '/nonexistent',
      HOME: home,
      CONDO_CONFIG_DIR: join(home, 'config'),
      DBUS_SESSION_BUS_ADDRESS: BUS,
    };
    const r = await runProcess(join(home, 'condo'), loginArgs('exe'), {
      env,
      stdin: s.client('default').client_secret,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('kept in the system keyring (Secret Service)');
    const account = JSON.parse(readFileSync(join(home, 'config', 'config.json'), 'utf8')).profiles.exe
      .keyring_account;
    expect(keyringEntry(account)).toBe(s.client('default').client_secret);
    const list = await runProcess(join(home, 'condo'), ['--profile', 'exe', 'payables', 'list'], { env });
    expect(list.exitCode, list.stderr).toBe(0);
  });

  // last: it locks the keyring, which stays locked for the session
  test('a locked keyring: a clear line, the file offered, nothing written', async () => {
    const condo = condoWithKeyring();
    await condo.ok(loginArgs('before'), { stdin: s.client('default').client_secret });
    const configBefore = condo.config();
    // the Secret Service's own Lock (secret-tool lock hangs here, gnome-keyring 42)
    execFileSync(
      'dbus-send',
      [
        ...['--session', '--print-reply', '--dest=org.freedesktop.secrets', '/org/freedesktop/secrets'],
        ...['org.freedesktop.Secret.Service.Lock', 'array:objpath:/org/freedesktop/secrets/collection/login'],
      ],
      { stdio: 'ignore', timeout: 10_000 },
    );
    const r = await condo.run(loginArgs(), { stdin: s.client('default').client_secret });
    expect(r.exitCode).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /the system keyring \(Secret Service\) refused to keep the client secret; nothing was saved: .*unlock prompt was dismissed; unlock it and run again, or add --secret-store file to keep it in the private file/,
    );
    expect(condo.config()).toBe(configBefore);
    // a profile whose secret is there says why it cannot be read
    const list = await condo.run(['--profile', 'before', 'payables', 'list']);
    expect(list.exitCode).toBe(3);
    expect(list.stderr).toMatch(
      /refused to give the client secret of profile "before" .*unlock it and run again/,
    );
    // and the file, taken when offered
    const file = await condo.run([...loginArgs(), '--secret-store', 'file'], {
      stdin: s.client('default').client_secret,
    });
    expect(file.exitCode, file.stderr).toBe(0);
    expect(file.stderr).toContain('Client secret kept in the private file');
  });
});

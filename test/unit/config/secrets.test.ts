import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYRING_MAX_BYTES, keyringErrorOf, memoryKeyring } from '../../../src/config/keyring.js';
import { KeyringRefusedError } from '../../../src/config/secrets.js';
import { openConfigStore, type Profile, type StoredToken } from '../../../src/config/store.js';

// #56: where a profile's secret and token live, against a keyring in memory (test/keyring runs the real one)

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'sk_live_3f9a1c2b7d';
const profile: Profile = { base_url: 'https://api.example.com', condominium: 'jardim', client_id: 'c1' };
const token = (access = 'at_1'): StoredToken => ({
  access_token: access,
  expires_at: 2e12,
  scope: ['payments.read'],
});

async function storeWith(keyring = memoryKeyring(), env: NodeJS.ProcessEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'condo-secrets-'));
  dirs.push(dir);
  const store = await openConfigStore({ CONDO_CONFIG_DIR: dir, ...env }, { keyring: () => keyring });
  return { store, keyring, file: () => readFileSync(join(dir, 'config.json'), 'utf8') };
}

describe('a login', () => {
  it('keeps the secret and the token in the keyring, and neither in config.json', async () => {
    const { store, keyring, file } = await storeWith();
    const placed = await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    expect(placed.place).toBe('keyring');
    expect(file()).not.toContain(SECRET);
    expect(file()).not.toContain('at_1');
    expect(store.secret('prod')).toBe(SECRET);
    expect(store.token('profile:prod')?.access_token).toBe('at_1');
    const account = store.profile('prod')?.keyring_account as string;
    expect(keyring.entries.get(account)).toBe(SECRET);
    expect(store.secretPlace('prod').place).toBe('keyring');
  });

  it('stores a refreshed token in the keyring, replacing the old one', async () => {
    const { store, file } = await storeWith();
    await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    await store.saveToken('profile:prod', token('at_2'));
    expect(store.token('profile:prod')?.access_token).toBe('at_2');
    expect(file()).not.toContain('at_2');
  });

  it('keeps a token too large for the store in the private file, and the keyring no older one', async () => {
    const { store, keyring, file } = await storeWith();
    await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    const large = token('x'.repeat(KEYRING_MAX_BYTES));
    await store.saveToken('profile:prod', large);
    expect(store.token('profile:prod')?.access_token).toBe(large.access_token);
    expect(file()).toContain(large.access_token);
    expect([...keyring.entries.keys()].some((k) => k.endsWith(':token'))).toBe(false);
    expect(file()).not.toContain(SECRET);
  });

  it('removes the keyring entries with the profile', async () => {
    const { store, keyring } = await storeWith();
    await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    expect(keyring.entries.size).toBe(2);
    await store.deleteProfile('prod');
    expect(keyring.entries.size).toBe(0);
    expect(store.profile('prod')).toBeUndefined();
  });

  it('keeps sandbox profiles in the file', async () => {
    const { store, keyring, file } = await storeWith();
    const placed = await store.saveLogin('sbx', { ...profile, sandbox: true }, SECRET, token(), 'auto');
    expect(placed.place).toBe('file');
    expect(placed.fallback).toBeUndefined();
    expect(keyring.entries.size).toBe(0);
    expect(file()).toContain(SECRET);
  });
});

describe('the fallback', () => {
  it('puts the secret in the file where no keyring answers, said once per profile and recorded', async () => {
    const { store, keyring, file } = await storeWith(memoryKeyring({ refuse: 'unavailable' }));
    const first = await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    expect(first).toMatchObject({ place: 'file', fallback: { say: true } });
    expect(store.profile('prod')?.keyring_fallback_said).toMatch(/^\d{4}-/);
    expect(store.secret('prod')).toBe(SECRET);
    const again = await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    expect(again.fallback?.say).toBe(false);
    expect(keyring.entries.size).toBe(0);
    expect(file()).toContain(SECRET);
    // a keyring that answers later: migrate-secrets moves it, and the file no longer holds it
    keyring.refuse = undefined;
    expect((await store.moveSecret('prod', 'keyring'))?.place).toBe('keyring');
    expect(file()).not.toContain(SECRET);
    expect(store.secret('prod')).toBe(SECRET);
    expect(await store.moveSecret('prod', 'keyring')).toBeUndefined();
    expect((await store.moveSecret('prod', 'file'))?.place).toBe('file');
    expect(keyring.entries.size).toBe(0);
    expect(file()).toContain(SECRET);
  });

  it('CONDO_SECRET_STORE=file never touches the keyring', async () => {
    const keyring = memoryKeyring({ refuse: 'refused' });
    const { store } = await storeWith(keyring, { CONDO_SECRET_STORE: 'file' });
    const placed = await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    expect(placed).toMatchObject({ place: 'file' });
    expect(placed.fallback).toBeUndefined();
  });

  it('names the variable when CONDO_SECRET_STORE is not a place', async () => {
    await expect(storeWith(memoryKeyring(), { CONDO_SECRET_STORE: 'vault' })).rejects.toThrow(
      /CONDO_SECRET_STORE: "vault" is not auto, keyring or file/,
    );
  });
});

describe('a keyring that refuses', () => {
  it('fails the login with nothing written', async () => {
    const { store, keyring } = await storeWith(memoryKeyring({ refuse: 'refused' }));
    const failed = store.saveLogin('prod', profile, SECRET, token(), 'auto');
    await expect(failed).rejects.toBeInstanceOf(KeyringRefusedError);
    await expect(failed).rejects.toThrow(/refused to keep the client secret; nothing was saved/);
    expect(store.profile('prod')).toBeUndefined();
    expect(keyring.entries.size).toBe(0);
  });

  it('keeps a profile whole when its entries cannot be deleted, and says why a secret cannot be read', async () => {
    const { store, keyring } = await storeWith();
    await store.saveLogin('prod', profile, SECRET, token(), 'auto');
    keyring.refuse = 'refused';
    await expect(store.deleteProfile('prod')).rejects.toThrow(/so the profile is kept/);
    expect(store.profile('prod')).toBeDefined();
    expect(() => store.secret('prod')).toThrow(/refused to give the client secret of profile "prod"/);
    // a token it will not give is asked for again, not an error
    expect(store.token('profile:prod')).toBeUndefined();
  });

  it('asked for the keyring by name, an absent one is an error too', async () => {
    const { store } = await storeWith(memoryKeyring({ refuse: 'unavailable' }));
    await expect(store.saveLogin('prod', profile, SECRET, token(), 'keyring')).rejects.toThrow(
      /did not answer when asked to keep the client secret; nothing was saved/,
    );
    expect(store.profile('prod')).toBeUndefined();
  });
});

describe("keyring-rs's messages", () => {
  it('tell a store that said no from none at all', () => {
    expect(keyringErrorOf(new Error('Secret Service: unlock prompt was dismissed')).kind).toBe('refused');
    expect(keyringErrorOf(new Error("Couldn't access platform storage: AccessDenied")).kind).toBe(
      'unavailable',
    );
    expect(keyringErrorOf(new Error('The specified item could not be found (errSecItemNotFound)')).kind).toBe(
      'unavailable',
    );
  });
});

import { createHash } from 'node:crypto';
import type { Text } from '../domain/text.js';

/**
 * The operating system's secret store (#56): Windows Credential Manager, macOS Keychain, the Secret Service on Linux,
 * through @napi-rs/keyring (an optional dependency with prebuilt binaries; see keyring-native.ts). Each entry is a
 * service ("condo") and an account, holding one string. The store is loaded on first use only: a command that
 * reads no secret never loads the native part.
 */
export interface Keyring {
  /** Its name as a person knows it: "Secret Service", "Windows Credential Manager", … */
  readonly name: Text;
  /** The entry's text, or null when there is none. Throws KeyringError. */
  get(account: string): string | null;
  set(account: string, value: string): void;
  /** True when there was an entry to delete. */
  delete(account: string): boolean;
}

/**
 * Why the store did not do what was asked. `unavailable`: no store answers at all (a server without a desktop
 * session, CI, no native part for this platform): the private file is the place, said once per profile.
 * `refused`: a store is there and said no (locked, its unlock prompt dismissed, access denied): a person decides.
 */
export class KeyringError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'KeyringError';
  }
}

export const KEYRING_SERVICE = 'condo';

/**
 * What one entry may hold: Windows Credential Manager keeps 2,560 bytes (CRED_MAX_CREDENTIAL_BLOB_SIZE), and
 * keyring-rs writes the text as UTF-16 there, two bytes a unit. The same limit everywhere, so that a profile's
 * place does not depend on the platform it was made on.
 */
export const KEYRING_MAX_BYTES = 2560;

export function fitsKeyring(value: string): boolean {
  return value.length * 2 <= KEYRING_MAX_BYTES;
}

/**
 * The account of a profile's entry: its name and a digest of the config file's path, so that two config folders
 * (CONDO_CONFIG_DIR, a test's) with a profile "default" each keep their own. Recorded in the profile, so that moving
 * the folder does not lose it.
 */
export function keyringAccountFor(profileName: string, configPath: string): string {
  const digest = createHash('sha256').update(configPath).digest('hex').slice(0, 8);
  return `${profileName}@${digest}`;
}

/** The cached token's entry beside the secret's. */
export function tokenAccountOf(account: string): string {
  return `${account}:token`;
}

/** keyring-rs's messages (NoStorageAccess, PlatformFailure) told apart: a store that said no, or none at all. */
export function keyringErrorOf(error: unknown): KeyringError {
  const message = String((error as Error)?.message ?? error)
    .replace(/\s+/g, ' ')
    .trim();
  const refused =
    /prompt|dismiss|locked|cancel|user ?interaction|errSecAuthFailed|denied by|not allowed|-25293|-128\b/i.test(
      message,
    );
  return new KeyringError(refused ? 'refused' : 'unavailable', message);
}

/** A store in memory: the unit tests' keyring, and the shape of one that refuses (`refuse`). */
export function memoryKeyring(
  options: { refuse?: KeyringError['kind']; entries?: Map<string, string> } = {},
): Keyring & { entries: Map<string, string>; refuse?: KeyringError['kind'] } {
  const entries = options.entries ?? new Map<string, string>();
  const store = {
    name: { en: 'memory', pt: 'memória' } as Text,
    entries,
    refuse: options.refuse,
    check() {
      if (store.refuse)
        throw new KeyringError(
          store.refuse,
          store.refuse === 'refused' ? 'unlock prompt was dismissed' : 'no store answers',
        );
    },
    get(account: string) {
      store.check();
      return entries.get(account) ?? null;
    },
    set(account: string, value: string) {
      store.check();
      entries.set(account, value);
    },
    delete(account: string) {
      store.check();
      return entries.delete(account);
    },
  };
  return store;
}

interface NativeEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}
export interface KeyringModule {
  Entry: new (service: string, account: string) => NativeEntry;
}

/** This platform's store by its name. */
export function storeName(platform: NodeJS.Platform): Text {
  if (platform === 'win32')
    return { en: 'Windows Credential Manager', pt: 'Gerenciador de Credenciais do Windows' };
  if (platform === 'darwin') return { en: 'macOS Keychain', pt: 'Keychain do macOS' };
  return { en: 'Secret Service', pt: 'Secret Service' };
}

/** The system's store over the native module: every failure a KeyringError. */
export function nativeKeyring(module: KeyringModule, platform: NodeJS.Platform): Keyring {
  const entry = (account: string) => new module.Entry(KEYRING_SERVICE, account);
  const guarded =
    <A extends unknown[], R>(act: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return act(...args);
      } catch (error) {
        const failed = keyringErrorOf(error);
        // keyring-rs says AccessDenied when there is no session bus at all: say what is missing
        if (
          platform === 'linux' &&
          !process.env.DBUS_SESSION_BUS_ADDRESS &&
          /AccessDenied/.test(failed.message)
        )
          throw new KeyringError(
            'unavailable',
            'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset), so no Secret Service',
          );
        throw failed;
      }
    };
  return {
    name: storeName(platform),
    get: guarded((account: string) => entry(account).getPassword() ?? null),
    set: guarded((account: string, value: string) => entry(account).setPassword(value)),
    delete: guarded((account: string) => entry(account).deletePassword()),
  };
}

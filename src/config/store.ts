import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import envPaths from 'env-paths';
import { CondoError, ConflictError } from '../domain/errors.js';
import type { Keyring } from './keyring.js';
import {
  type FirmKey,
  type FirmSettings,
  type Profile,
  profileTokenKey,
  type StoredToken,
} from './profile.js';
import {
  openSecrets,
  type SecretPlace,
  type SecretPlacement,
  type SecretStoreChoice,
  secretStoreChoice,
} from './secrets.js';

/**
 * The profile store (one JSON file): named profiles, the current profile, and a token cache. `CONDO_CONFIG_DIR` moves
 * it (tests use a temporary one); the file is mode 0600 because it may hold client secrets and tokens: those of the
 * profiles whose secret is not in the system's keyring (secrets.ts).
 */

export * from './profile.js';

interface ConfigShape extends Record<string, unknown> {
  current_profile?: string;
  firm?: FirmSettings;
  profiles: Record<string, Profile>;
  tokens: Record<string, StoredToken>;
}

export interface ConfigStore {
  readonly path: string;
  currentProfile(): string | undefined;
  useProfile(name: string): Promise<void>;
  profile(name: string): Profile | undefined;
  profiles(): Record<string, Profile>;
  /** A setting as a profile reads it: its own value, else the firm's (#52). */
  setting<K extends FirmKey>(profile: string | undefined, key: K): Profile[K] | undefined;
  firm(): FirmSettings;
  saveFirm(settings: FirmSettings): Promise<void>;
  saveProfile(name: string, profile: Profile): Promise<void>;
  /** The profile and its secret, wherever it is (the keyring's entries first). */
  deleteProfile(name: string): Promise<void>;
  /** The profile's client secret, from the keyring or the file (an AuthError when the keyring will not give it). */
  secret(name: string): string | undefined;
  secretPlace(name: string): SecretPlace;
  /** A login's profile, secret and token, written together where `wanted` says (secrets.ts `saveLogin`). */
  saveLogin(
    name: string,
    profile: Profile,
    secret: string,
    token: StoredToken,
    wanted: SecretStoreChoice,
  ): Promise<SecretPlacement>;
  /** `config migrate-secrets`: undefined when the profile's secret is already there, or may not move. */
  moveSecret(name: string, to: 'keyring' | 'file'): Promise<SecretPlacement | undefined>;
  token(key: string): StoredToken | undefined;
  saveToken(key: string, token: StoredToken): Promise<void>;
  deleteToken(key: string): Promise<void>;
}

/** Where the file is: `CONDO_CONFIG_DIR`, else the platform's config folder for "condo" (env-paths). */
export function configPath(env: NodeJS.ProcessEnv): string {
  return join(env.CONDO_CONFIG_DIR ?? envPaths('condo', { suffix: '' }).config, 'config.json');
}

/**
 * Reads go straight to the JSON file. Every write takes an inter-process lock beside the file (proper-lockfile,
 * loaded by the first write only), reads the file afresh inside it, applies the change and puts the result in
 * place by an atomic rename, so two condo processes writing at once both keep what they wrote: a login saved
 * while twenty reads refresh their tokens is never lost to the last writer.
 */
export async function openConfigStore(
  env: NodeJS.ProcessEnv,
  options: LockOptions & { keyring?: () => Keyring } = {},
): Promise<ConfigStore> {
  const path = configPath(env);
  let snapshot: ConfigShape | undefined;
  const read = (): ConfigShape => {
    snapshot ??= readConfigFile(path);
    return snapshot;
  };
  /** One locked read-change-write of what the file holds at that moment (another process may have written since). */
  const update = async (change: (current: ConfigShape) => ConfigShape) => {
    snapshot = await lockedUpdate(path, change, options);
  };
  const without = <T>(record: Record<string, T>, key: string) => {
    const { [key]: _removed, ...rest } = record;
    return rest;
  };
  const secrets = openSecrets(
    {
      path,
      profile: (name) => read().profiles[name],
      fileToken: (key) => read().tokens[key],
      update: (change) =>
        update((c) => {
          const profiles = { ...c.profiles };
          const tokens = { ...c.tokens };
          change(profiles, tokens);
          return { ...c, profiles, tokens };
        }),
    },
    secretStoreChoice(env.CONDO_SECRET_STORE, 'CONDO_SECRET_STORE'),
    options.keyring,
  );
  return {
    path,
    currentProfile: () => read().current_profile,
    useProfile: (name) => update((c) => ({ ...c, current_profile: name })),
    profile: (name) => read().profiles[name],
    profiles: () => read().profiles,
    setting: (name, key) =>
      (name === undefined ? undefined : read().profiles[name]?.[key]) ?? read().firm?.[key],
    firm: () => read().firm ?? {},
    saveFirm: (settings) => update((c) => ({ ...c, firm: settings })),
    saveProfile: (name, profile) => update((c) => ({ ...c, profiles: { ...c.profiles, [name]: profile } })),
    deleteProfile: async (name) => {
      secrets.forget(name);
      return update(({ current_profile, ...c }) => ({
        ...c,
        ...(current_profile !== undefined && current_profile !== name ? { current_profile } : {}),
        profiles: without(c.profiles, name),
        tokens: without(c.tokens, profileTokenKey(name)),
      }));
    },
    secret: (name) => secrets.secret(name),
    secretPlace: (name) => secrets.place(name),
    saveLogin: (name, profile, secret, token, wanted) =>
      secrets.saveLogin(name, profile, secret, token, wanted),
    moveSecret: (name, to) => secrets.move(name, to),
    token: (key) => secrets.token(key),
    saveToken: (key, token) => secrets.saveToken(key, token),
    deleteToken: (key) => secrets.deleteToken(key),
  };
}

/** The file as stored: absent is empty; a file that is not a JSON object is an error naming it. */
function readConfigFile(path: string): ConfigShape {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {}, tokens: {} };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new CondoError({
      en: `the config file ${path} is not valid JSON (${(error as Error).message}); fix or remove it`,
      pt: `o arquivo de configuração ${path} não é um JSON válido (${(error as Error).message}); corrija-o ou remova-o`,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new CondoError({
      en: `the config file ${path} is not a JSON object; fix or remove it`,
      pt: `o arquivo de configuração ${path} não é um objeto JSON; corrija-o ou remova-o`,
    });
  const shape = parsed as Partial<ConfigShape>;
  return { ...shape, profiles: shape.profiles ?? {}, tokens: shape.tokens ?? {} } as ConfigShape;
}

export interface LockOptions {
  /** How long a write waits for another process's lock before it gives up (default 5 s). */
  waitMs?: number;
}

/**
 * The lock is a folder `config.json.lock` (proper-lockfile's mkdir, atomic on every file system), refreshed
 * while held and taken over when its holder died and left it older than `stale`. A lock that cannot be had
 * within `waitMs` is an error naming the file, never a silent loss.
 */
async function lockedUpdate(
  path: string,
  change: (current: ConfigShape) => ConfigShape,
  { waitMs = 5000 }: LockOptions,
): Promise<ConfigShape> {
  const dir = dirname(path);
  // 0700 and 0600 whatever the umask: the folder and the file hold client secrets and tokens
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const { lock } = await import('./lockfile.js');
  let release: () => Promise<void>;
  const started = Date.now();
  for (;;) {
    try {
      release = await lock(path, { realpath: false, stale: 10_000, update: 2_000 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() - started >= waitMs)
        throw new ConflictError(
          {
            en: `the config file ${path} is being written by another condo process and stayed locked for ${Math.round(waitMs / 1000)} s; nothing was changed (run the command again; if no condo is running, remove ${path}.lock)`,
            pt: `o arquivo de configuração ${path} está sendo gravado por outro processo do condo e ficou travado por ${Math.round(waitMs / 1000)} s; nada foi alterado (rode o comando de novo; se nenhum condo estiver rodando, apague ${path}.lock)`,
          },
          { code: 'config_locked' },
        );
      await new Promise((r) => setTimeout(r, 15 + Math.floor(Math.random() * 35)));
    }
  }
  try {
    const next = change(readConfigFile(path));
    writeFileAtomically(path, `${JSON.stringify(next, null, '\t')}\n`);
    return next;
  } finally {
    await release().catch(() => undefined);
  }
}

/** Written beside the target, flushed, then renamed over it: a reader sees the old file or the new one whole. */
function writeFileAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(temp, 0o600);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

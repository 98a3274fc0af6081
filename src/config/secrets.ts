import { AuthError, UnavailableError, UsageError } from '../domain/errors.js';
import type { Text } from '../domain/text.js';
import {
  fitsKeyring,
  type Keyring,
  KeyringError,
  keyringAccountFor,
  nativeKeyring,
  storeName as platformStore,
  tokenAccountOf,
} from './keyring.js';
import { loadKeyringModule } from './keyring-native.js';
import { type Profile, profileOfTokenKey, profileTokenKey, type StoredToken } from './profile.js';

/**
 * Where a profile's client secret and cached token live (#56, docs/DESIGN.md "The secret in the keyring"): the
 * system's keyring where one answers, else the private config file (0600), as gh does. Sandbox profiles (public
 * seed secrets) stay in the file. Every change writes the keyring first and the file second, and undoes the first
 * when the second fails: a profile never names an entry that is not there, nor loses a secret it had.
 */

/** CONDO_SECRET_STORE or `auth login --secret-store`: `auto` (the keyring where one answers), `keyring`, `file`. */
export type SecretStoreChoice = 'auto' | 'keyring' | 'file';
export const SECRET_STORE_CHOICES: readonly SecretStoreChoice[] = ['auto', 'keyring', 'file'];

export function secretStoreChoice(value: string | undefined, from: string): SecretStoreChoice {
  const wanted = (value ?? '').trim().toLowerCase() || 'auto';
  if ((SECRET_STORE_CHOICES as readonly string[]).includes(wanted)) return wanted as SecretStoreChoice;
  throw new UsageError({
    en: `${from}: "${value}" is not auto, keyring or file`,
    pt: `${from}: "${value}" não é auto, keyring nem file`,
  });
}

/** Where a profile's secret is, as `auth status` and `config list` say it. */
export interface SecretPlace {
  place: 'keyring' | 'file' | 'none';
  /** the keyring's name, or the file's path */
  where: Text;
}

/** What a login or a move did with the secret. */
export interface SecretPlacement extends SecretPlace {
  /** Set when the keyring was wanted and none answered: why, to be said (once per profile: `say`). */
  fallback?: { why: string; say: boolean };
  /** An old keyring entry the change could not delete (the keyring stopped answering): its account. */
  leftInKeyring?: string;
}

/** The config file's state as the secrets see it, and its one locked way of changing. */
export interface SecretFile {
  path: string;
  profile(name: string): Profile | undefined;
  fileToken(key: string): StoredToken | undefined;
  update(
    change: (profiles: Record<string, Profile>, tokens: Record<string, StoredToken>) => void,
  ): Promise<void>;
}

/** A keyring that refused (locked, its prompt dismissed, access denied), as the CLI says it: exit 3, what to do. */
export class KeyringRefusedError extends AuthError {}

/**
 * A keyring that was asked for and did not answer (no D-Bus session, no native part): exit 7, as a server that
 * cannot be reached, which it is.
 */
export class KeyringUnavailableError extends UnavailableError {}

/** `what` is what it was asked to do, a verb phrase ("keep the client secret; nothing was saved"). */
function refusal(
  error: KeyringError,
  store: Text,
  what: Text,
): KeyringRefusedError | KeyringUnavailableError {
  if (error.kind === 'refused')
    return new KeyringRefusedError(
      {
        en: `the system keyring (${store.en}) refused to ${what.en}: ${error.message}`,
        pt: `o chaveiro do sistema (${store.pt}) se recusou a ${what.pt}: ${error.message}`,
      },
      { code: 'keyring_refused' },
    );
  return new KeyringUnavailableError(
    {
      en: `the system keyring (${store.en}) did not answer when asked to ${what.en}: ${error.message}`,
      pt: `o chaveiro do sistema (${store.pt}) não respondeu ao pedido para ${what.pt}: ${error.message}`,
    },
    { code: 'keyring_unavailable' },
  );
}

function keyringAccess(
  file: SecretFile,
  choice: SecretStoreChoice,
  makeKeyring: () => Keyring = () => nativeKeyring(loadKeyringModule(), process.platform),
) {
  let loaded: Keyring | KeyringError | undefined;
  /** The keyring, loaded on first use; throws KeyringError when there is none (or CONDO_SECRET_STORE=file). */
  const keyring = (): Keyring => {
    if (choice === 'file') throw new KeyringError('unavailable', 'CONDO_SECRET_STORE=file leaves it unused');
    if (loaded === undefined) {
      try {
        loaded = makeKeyring();
      } catch (error) {
        loaded =
          error instanceof KeyringError
            ? error
            : new KeyringError('unavailable', String((error as Error).message));
      }
    }
    if (loaded instanceof KeyringError) throw loaded;
    return loaded;
  };
  // the store's name even when it did not load: the one this platform has
  const storeName = (): Text =>
    loaded && !(loaded instanceof KeyringError) ? loaded.name : platformStore(process.platform);
  const inKeyring = (name: string) => {
    const profile = file.profile(name);
    return profile?.secret_store === 'keyring' && profile.keyring_account
      ? profile.keyring_account
      : undefined;
  };
  /** The keyring account of a token cache key's profile, when that profile's secret is in the keyring. */
  const tokenAccount = (key: string) => {
    const profile = profileOfTokenKey(key);
    return profile === undefined ? undefined : inKeyring(profile);
  };
  const bestEffortDelete = (account: string): boolean => {
    try {
      keyring().delete(account);
      keyring().delete(tokenAccountOf(account));
      return true;
    } catch {
      return false;
    }
  };
  /**
   * The token into the keyring when it fits (true); one too large for it goes to the file, and the keyring's older
   * one is deleted, so that it is not read instead (false); false too when the keyring refused it.
   */
  const tokenToKeyring = (account: string, token: StoredToken | undefined): boolean => {
    if (!token) return false;
    const text = JSON.stringify(token);
    try {
      if (!fitsKeyring(text)) {
        keyring().delete(tokenAccountOf(account));
        return false;
      }
      keyring().set(tokenAccountOf(account), text);
      return true;
    } catch {
      return false;
    }
  };
  return { file, choice, keyring, storeName, inKeyring, tokenAccount, bestEffortDelete, tokenToKeyring };
}

type Access = ReturnType<typeof keyringAccess>;

export function openSecrets(
  file: SecretFile,
  choice: SecretStoreChoice,
  makeKeyring: () => Keyring = () => nativeKeyring(loadKeyringModule(), process.platform),
) {
  const access = keyringAccess(file, choice, makeKeyring);
  const { keyring, storeName, inKeyring, tokenAccount, tokenToKeyring } = access;
  const secrets = {
    /** The profile's client secret; an AuthError naming the keyring when it holds it and will not give it. */
    secret(name: string): string | undefined {
      const account = inKeyring(name);
      if (!account) return file.profile(name)?.client_secret;
      let value: string | null;
      try {
        value = keyring().get(account);
      } catch (error) {
        if (!(error instanceof KeyringError)) throw error;
        throw refusal(error, storeName(), {
          en: `give the client secret of profile "${name}" (unlock it and run again, or log in again with --secret-store file)`,
          pt: `entregar o segredo do cliente do perfil "${name}" (desbloqueie-o e rode de novo, ou entre de novo com --secret-store file)`,
        });
      }
      if (value === null)
        throw new AuthError(
          {
            en: `the client secret of profile "${name}" is missing from the system keyring (${storeName().en}), removed outside condo: run condo auth login --profile ${name} again`,
            pt: `o segredo do cliente do perfil "${name}" sumiu do chaveiro do sistema (${storeName().pt}), removido fora do condo: rode condo auth login --profile ${name} de novo`,
          },
          { code: 'not_logged_in' },
        );
      return value;
    },

    place(name: string): SecretPlace {
      const profile = file.profile(name);
      if (inKeyring(name)) return { place: 'keyring', where: storeName() };
      if (profile?.client_secret) return { place: 'file', where: { en: file.path, pt: file.path } };
      return { place: 'none', where: { en: '', pt: '' } };
    },

    /** A cached token: the keyring's for a profile whose secret is there (else the file's, a token too large). */
    token(key: string): StoredToken | undefined {
      const account = tokenAccount(key);
      if (account) {
        try {
          const text = keyring().get(tokenAccountOf(account));
          if (text) return JSON.parse(text) as StoredToken;
        } catch {
          // a keyring that will not give the token: a new one is asked for, as when none was cached
        }
      }
      return file.fileToken(key);
    },

    async saveToken(key: string, token: StoredToken): Promise<void> {
      const account = tokenAccount(key);
      if (account) {
        if (tokenToKeyring(account, token)) {
          if (file.fileToken(key)) await file.update((_, tokens) => delete tokens[key]);
          return;
        }
        // Too large for the store: the file keeps it. Refused: not cached (the next run asks for one again).
        if (fitsKeyring(JSON.stringify(token))) return;
      }
      await file.update((_, tokens) => {
        tokens[key] = token;
      });
    },

    async deleteToken(key: string): Promise<void> {
      const account = tokenAccount(key);
      if (account) {
        try {
          keyring().delete(tokenAccountOf(account));
        } catch {
          // an old token the keyring keeps is refused by the server and replaced on the next run
        }
      }
      if (file.fileToken(key)) await file.update((_, tokens) => delete tokens[key]);
    },

    /** Before a profile is removed: its keyring entries go first; a keyring that refuses keeps the profile whole. */
    forget(name: string): void {
      const account = inKeyring(name);
      if (!account) return;
      try {
        keyring().delete(account);
        keyring().delete(tokenAccountOf(account));
      } catch (error) {
        if (!(error instanceof KeyringError)) throw error;
        throw refusal(error, storeName(), {
          en: `delete the secret of profile "${name}", so the profile is kept (unlock it and run again)`,
          pt: `apagar o segredo do perfil "${name}", então o perfil foi mantido (desbloqueie-o e rode de novo)`,
        });
      }
    },
    saveLogin: (
      name: string,
      fields: Profile,
      secret: string,
      token: StoredToken,
      wanted: SecretStoreChoice,
    ) => saveLogin(access, name, fields, secret, token, wanted),
    move: (name: string, to: 'keyring' | 'file') => moveSecret(access, secrets, name, to),
  };
  return secrets;
}

/**
 * A login's profile, secret and token, in one change. `auto` puts the secret in the keyring where one answers,
 * else in the file (the fallback, said once per profile); a keyring that refuses is an error and nothing is
 * written (the CLI offers the file). Sandbox profiles go to the file.
 */
async function saveLogin(
  access: Access,
  name: string,
  fields: Profile,
  secret: string,
  token: StoredToken,
  wanted: SecretStoreChoice,
): Promise<SecretPlacement> {
  const { file, choice, keyring, storeName, bestEffortDelete, tokenToKeyring } = access;
  const previous = file.profile(name);
  const key = profileTokenKey(name);
  const { client_secret: _s, secret_store: _p, keyring_account: _a, ...rest } = fields;
  let fallbackWhy: string | undefined;
  if (wanted !== 'file' && choice !== 'file' && !fields.sandbox && !previous?.sandbox) {
    const account = previous?.keyring_account ?? keyringAccountFor(name, file.path);
    try {
      keyring().set(account, secret);
    } catch (error) {
      if (!(error instanceof KeyringError)) throw error;
      if (error.kind === 'refused' || wanted === 'keyring' || choice === 'keyring')
        throw refusal(error, storeName(), {
          en: 'keep the client secret; nothing was saved',
          pt: 'guardar o segredo do cliente; nada foi gravado',
        });
      fallbackWhy = error.message;
    }
    if (fallbackWhy === undefined) {
      const tokenInKeyring = tokenToKeyring(account, token);
      try {
        await file.update((profiles, tokens) => {
          profiles[name] = {
            ...rest,
            secret_store: 'keyring',
            keyring_account: account,
            ...(previous?.keyring_fallback_said
              ? { keyring_fallback_said: previous.keyring_fallback_said }
              : {}),
          };
          if (tokenInKeyring) delete tokens[key];
          else tokens[key] = token;
        });
      } catch (error) {
        if (previous?.keyring_account !== account) bestEffortDelete(account);
        throw error;
      }
      return { place: 'keyring', where: storeName() };
    }
  }
  const say = fallbackWhy !== undefined && !previous?.keyring_fallback_said;
  await file.update((profiles, tokens) => {
    const { keyring_fallback_said: _f, ...kept } = rest;
    const said = previous?.keyring_fallback_said ?? (say ? new Date().toISOString() : undefined);
    profiles[name] = { ...kept, client_secret: secret, ...(said ? { keyring_fallback_said: said } : {}) };
    tokens[key] = token;
  });
  const placed: SecretPlacement = { place: 'file', where: { en: file.path, pt: file.path } };
  if (fallbackWhy !== undefined) placed.fallback = { why: fallbackWhy, say };
  const old = previous?.secret_store === 'keyring' ? previous.keyring_account : undefined;
  if (old && !bestEffortDelete(old)) placed.leftInKeyring = old;
  return placed;
}

/**
 * `config migrate-secrets`: a profile's secret (and token) moved to the keyring or back to the file, or left
 * where it is (`undefined`). Keyring first, file second, the old place cleared last.
 */
async function moveSecret(
  access: Access,
  secrets: { secret(name: string): string | undefined; token(key: string): StoredToken | undefined },
  name: string,
  to: 'keyring' | 'file',
): Promise<SecretPlacement | undefined> {
  const { file, keyring, storeName, inKeyring, bestEffortDelete, tokenToKeyring } = access;
  const profile = file.profile(name);
  if (!profile) return undefined;
  const key = profileTokenKey(name);
  const account = inKeyring(name);
  if (to === 'keyring') {
    if (account || !profile.client_secret || profile.sandbox) return undefined;
    const target = keyringAccountFor(name, file.path);
    try {
      keyring().set(target, profile.client_secret);
    } catch (error) {
      if (!(error instanceof KeyringError)) throw error;
      throw refusal(error, storeName(), {
        en: `keep the client secret of profile "${name}"; it stays in the file`,
        pt: `guardar o segredo do cliente do perfil "${name}"; ele continua no arquivo`,
      });
    }
    const tokenInKeyring = tokenToKeyring(target, file.fileToken(key));
    try {
      await file.update((profiles, tokens) => {
        const { client_secret: _s, ...rest } = profiles[name] as Profile;
        profiles[name] = { ...rest, secret_store: 'keyring', keyring_account: target };
        if (tokenInKeyring) delete tokens[key];
      });
    } catch (error) {
      bestEffortDelete(target);
      throw error;
    }
    return { place: 'keyring', where: storeName() };
  }
  if (!account) return undefined;
  const secret = secrets.secret(name) as string;
  const token = secrets.token(key);
  await file.update((profiles, tokens) => {
    const { secret_store: _p, keyring_account: _a, ...rest } = profiles[name] as Profile;
    profiles[name] = { ...rest, client_secret: secret };
    if (token) tokens[key] = token;
  });
  const placed: SecretPlacement = { place: 'file', where: { en: file.path, pt: file.path } };
  if (!bestEffortDelete(account)) placed.leftInKeyring = account;
  return placed;
}

export type Secrets = ReturnType<typeof openSecrets>;

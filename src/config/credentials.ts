import { createHash } from 'node:crypto';
import { AuthError, UsageError } from '../domain/errors.js';
import { type ConfigStore, type Profile, profileTokenKey } from './store.js';

/** Where the API credentials come from, resolved once per invocation (docs/DESIGN.md "Credentials precedence"). */
export interface ResolvedCredentials {
  profileName: string | undefined;
  baseUrl: string;
  condominium: string;
  clientId: string;
  clientSecret: string;
  scopes: string[] | undefined;
  /** The token cache entry: per profile, or per base URL + client + condominium + scopes from the env. */
  tokenCacheKey: string;
}

export interface CredentialFlags {
  profile?: string;
  baseUrl?: string;
}

export const DEFAULT_PROFILE = 'default';

/** The profile this invocation uses: --profile, then CONDO_PROFILE, then the current one, then `default`. */
export function selectedProfileName(
  flags: CredentialFlags,
  env: NodeJS.ProcessEnv,
  store: ConfigStore,
): string {
  return flags.profile ?? env.CONDO_PROFILE ?? store.currentProfile() ?? DEFAULT_PROFILE;
}

/** Flags, then CONDO_* variables, then the profile. The secret never comes from a plain flag. */
export function resolveCredentials(
  flags: CredentialFlags,
  env: NodeJS.ProcessEnv,
  store: ConfigStore,
): ResolvedCredentials {
  const profileName = selectedProfileName(flags, env, store);
  const profile: Partial<Profile> = store.profile(profileName) ?? {};
  if (flags.profile && !store.profile(flags.profile)) {
    throw new UsageError({
      en: `profile "${flags.profile}" does not exist (see condo config list)`,
      pt: `o perfil "${flags.profile}" não existe (veja condo config list)`,
    });
  }
  const baseUrl = flags.baseUrl ?? env.CONDO_BASE_URL ?? profile.base_url;
  const condominium = env.CONDO_CONDOMINIUM ?? profile.condominium;
  const clientId = env.CONDO_CLIENT_ID ?? profile.client_id;
  // from the keyring only when everything else is there: a missing part is said without asking it
  const clientSecret =
    env.CONDO_CLIENT_SECRET ??
    (baseUrl && condominium && clientId && store.profile(profileName)
      ? store.secret(profileName)
      : undefined);
  const parts = [
    [{ en: 'base URL', pt: 'URL base' }, baseUrl],
    [{ en: 'condominium', pt: 'condomínio' }, condominium],
    [{ en: 'client id', pt: 'id do cliente' }, clientId],
    [{ en: 'client secret', pt: 'segredo do cliente' }, clientSecret],
  ] as const;
  const absent = parts.filter(([, v]) => !v).map(([name]) => name);
  if (absent.length > 0) {
    throw new AuthError(
      {
        en: `not logged in: no ${absent.map((n) => n.en).join(', ')} for profile "${profileName}" (run condo auth login, or set CONDO_BASE_URL, CONDO_CONDOMINIUM, CONDO_CLIENT_ID and CONDO_CLIENT_SECRET)`,
        pt: `não autenticado: falta ${absent.map((n) => n.pt).join(', ')} no perfil "${profileName}" (rode condo auth login, ou defina CONDO_BASE_URL, CONDO_CONDOMINIUM, CONDO_CLIENT_ID e CONDO_CLIENT_SECRET)`,
      },
      { code: 'not_logged_in' },
    );
  }
  const fromEnv = Boolean(
    env.CONDO_CLIENT_ID ||
      env.CONDO_CLIENT_SECRET ||
      env.CONDO_CONDOMINIUM ||
      flags.baseUrl ||
      env.CONDO_BASE_URL,
  );
  const scopes = profile.scopes;
  const tokenCacheKey = fromEnv
    ? `env:${createHash('sha256')
        .update([baseUrl, clientId, condominium, (scopes ?? []).join(' ')].join('\n'))
        .digest('hex')
        .slice(0, 32)}`
    : profileTokenKey(profileName);
  return {
    profileName: store.profile(profileName) ? profileName : undefined,
    baseUrl: (baseUrl as string).replace(/\/+$/, ''),
    condominium: condominium as string,
    clientId: clientId as string,
    clientSecret: clientSecret as string,
    scopes,
    tokenCacheKey,
  };
}

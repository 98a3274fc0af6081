import { resolve } from 'node:path';
import type { ConfigStore, Profile, ProfileKey } from '../../config/store.js';
import { PROFILE_KEYS as KEYS } from '../../config/store.js';
import { UsageError } from '../../domain/errors.js';
import { confirmed } from '../confirm.js';
import type { Deps } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { writeLine } from '../io.js';
import { printJson, printList } from '../output.js';

/** Keys that name who the profile is: changing one drops the cached token. */
const IDENTITY: readonly ProfileKey[] = ['base_url', 'condominium', 'client_id', 'scopes'];

function profileKey(key: string): ProfileKey {
  const normalized = key.replaceAll('-', '_');
  if (!(KEYS as readonly string[]).includes(normalized)) {
    throw new UsageError({
      en: `unknown key "${key}" (one of ${KEYS.join(', ')}; the secret is set by condo auth login)`,
      pt: `chave desconhecida "${key}" (uma de ${KEYS.join(', ')}; o segredo se define com condo auth login)`,
    });
  }
  return normalized as ProfileKey;
}

function targetProfile(deps: Deps, store: ConfigStore): string {
  return deps.globals.profile ?? deps.io.env.CONDO_PROFILE ?? store.currentProfile() ?? 'default';
}

export async function listProfiles(deps: Deps): Promise<number> {
  const store = await deps.config();
  const current = store.currentProfile();
  const rows = Object.entries(store.profiles()).map(([name, p]) => ({
    name,
    current: name === current,
    base_url: p.base_url,
    condominium: p.condominium,
    client_id: p.client_id,
    scopes: p.scopes ?? null,
    has_secret: Boolean(p.client_secret),
  }));
  await printList(deps, rows, [
    { header: 'PROFILE', value: (r) => `${r.name}${r.current && deps.format === 'table' ? ' *' : ''}` },
    { header: 'CURRENT', value: (r) => (r.current ? 'yes' : ''), words: true },
    { header: 'BASE URL', value: (r) => r.base_url },
    { header: 'CONDOMINIUM', value: (r) => r.condominium },
    { header: 'CLIENT ID', value: (r) => r.client_id },
    { header: 'SCOPES', value: (r) => (r.scopes ? r.scopes.join(' ') : '(all)') },
  ]);
  if (deps.format !== 'json')
    deps.info({ en: `config file: ${store.path}`, pt: `arquivo de configuração: ${store.path}` });
  return 0;
}

export async function getKey(deps: Deps, key: string): Promise<number> {
  const store = await deps.config();
  const k = profileKey(key);
  const name = targetProfile(deps, store);
  const profile = store.profile(name);
  if (!profile)
    throw new UsageError({ en: `profile "${name}" does not exist`, pt: `o perfil "${name}" não existe` });
  const value = profile[k];
  // unset: not found (as `git config` answers 1; here 1 means done with something left for a person)
  if (value === undefined) return ExitCode.notFound;
  deps.io.stdout.write(`${Array.isArray(value) ? value.join(' ') : value}\n`);
  return 0;
}

export async function setKey(deps: Deps, key: string, value: string): Promise<number> {
  const store = await deps.config();
  const k = profileKey(key);
  const name = targetProfile(deps, store);
  const profile: Profile = store.profile(name) ?? { base_url: '', condominium: '', client_id: '' };
  if (k === 'base_url' && !/^https?:\/\/[^\s/]+/.test(value))
    throw new UsageError({
      en: `base_url: "${value}" is not an http(s) URL`,
      pt: `base_url: "${value}" não é uma URL http(s)`,
    });
  if (k === 'early_payment_days' && !/^\d{1,3}$/.test(value))
    throw new UsageError({
      en: `early_payment_days: "${value}" is not a whole number of days`,
      pt: `early_payment_days: "${value}" não é um número inteiro de dias`,
    });
  const next: Profile =
    k === 'scopes'
      ? { ...profile, scopes: value.split(/[\s,]+/).filter(Boolean) }
      : k === 'early_payment_days'
        ? { ...profile, early_payment_days: Number(value) }
        : // a policy's or rules file's path, and the DDA files' patterns, are kept whole: `condo` runs from any
          // folder afterwards (cron from the home folder)
          k === 'policy' || k === 'rules'
          ? { ...profile, [k]: resolve(value) }
          : k === 'dda_files'
            ? { ...profile, dda_files: wholePatterns(value) }
            : { ...profile, [k]: value };
  await store.saveProfile(name, next);
  // A changed identity invalidates the cached token.
  const { profileTokenKey } = await import('../../config/store.js');
  if (IDENTITY.includes(k)) await store.deleteToken(profileTokenKey(name));
  deps.info(`${name}.${k} set`);
  return 0;
}

/** Each of the space-separated patterns whole, from this folder (a Windows path keeps its drive and separators). */
function wholePatterns(value: string): string {
  return value
    .split(/\s+/)
    .filter(Boolean)
    .map((pattern) => resolve(pattern))
    .join(' ');
}

export async function unsetKey(deps: Deps, key: string): Promise<number> {
  const store = await deps.config();
  const k = profileKey(key);
  const name = targetProfile(deps, store);
  const profile = store.profile(name);
  if (!profile)
    throw new UsageError({ en: `profile "${name}" does not exist`, pt: `o perfil "${name}" não existe` });
  const { [k]: _removed, ...rest } = profile;
  await store.saveProfile(name, rest as Profile);
  const { profileTokenKey } = await import('../../config/store.js');
  await store.deleteToken(profileTokenKey(name));
  deps.info(`${name}.${k} unset`);
  return 0;
}

/**
 * `config prune`: the sandbox profiles (those `sandbox start` or `sandbox credentials` wrote) whose sandbox no
 * longer answers, removed after asking. Other profiles are never touched: their secrets cannot be shown again.
 */
export async function pruneProfiles(deps: Deps, opts: { yes?: boolean }): Promise<number> {
  const store = await deps.config();
  const sandboxes = Object.entries(store.profiles()).filter(([, p]) => p.sandbox === true);
  const answers = await Promise.all(
    sandboxes.map(async ([name, p]) => [name, await answersPing(p)] as const),
  );
  const dead = answers.filter(([, alive]) => !alive).map(([name]) => name);
  if (dead.length === 0) {
    deps.info(
      sandboxes.length === 0
        ? 'no sandbox profiles: nothing to prune'
        : `every sandbox profile's sandbox answers (${sandboxes.length}): nothing to prune`,
    );
    return 0;
  }
  const question = `Remove ${dead.length} sandbox profile${dead.length === 1 ? '' : 's'} whose sandbox no longer answers: ${dead.join(', ')}?`;
  if (
    !(await confirmed(deps, {
      yes: opts.yes,
      question,
      verb: { en: 'prune', pt: 'remover' },
      past: { en: 'removed', pt: 'removido' },
    }))
  )
    return ExitCode.refused;
  for (const name of dead) await store.deleteProfile(name);
  if (deps.format === 'json') printJson(deps, { removed: dead });
  else for (const name of dead) writeLine(deps.io.stdout, name);
  deps.info(`${dead.length} sandbox profiles removed`);
  return 0;
}

/**
 * Whether a profile's server answers the API's liveness check (GET /api/v1/ping) within 2 s, asked through the
 * client every command uses, with no retry: a refused connection is known at once.
 */
async function answersPing(profile: Profile): Promise<boolean> {
  const { createClient } = await import('../../client/index.js');
  const client = createClient({
    baseUrl: profile.base_url,
    condominium: profile.condominium,
    clientId: profile.client_id,
    clientSecret: profile.client_secret ?? '',
    retry: { budgetMs: 0 },
    timeoutMs: 2000,
  });
  try {
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

export async function useProfile(deps: Deps, name: string): Promise<number> {
  const store = await deps.config();
  if (!store.profile(name)) {
    throw new UsageError({
      en: `profile "${name}" does not exist (known: ${Object.keys(store.profiles()).join(', ') || 'none'})`,
      pt: `o perfil "${name}" não existe (existem: ${Object.keys(store.profiles()).join(', ') || 'nenhum'})`,
    });
  }
  await store.useProfile(name);
  deps.info({ en: `now using profile "${name}"`, pt: `agora usando o perfil "${name}"` });
  return 0;
}

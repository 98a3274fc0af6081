import { resolve } from 'node:path';
import type { ConfigStore, Profile, ProfileKey } from '../../config/store.js';
import { FIRM_KEYS, PROFILE_KEYS as KEYS } from '../../config/store.js';
import { UsageError } from '../../domain/errors.js';
import { confirmed } from '../confirm.js';
import type { Deps } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { writeLine } from '../io.js';
import { printJson, printList } from '../output.js';

/** Keys that name who the profile is: changing one drops the cached token. */
const IDENTITY: readonly ProfileKey[] = ['base_url', 'condominium', 'client_id', 'scopes'];

function profileKey(key: string, firm = false): ProfileKey {
  const normalized = key.replaceAll('-', '_');
  const keys: readonly string[] = firm ? FIRM_KEYS : KEYS;
  if (!keys.includes(normalized)) {
    throw new UsageError(
      firm
        ? {
            en: `"${key}" is not a firm setting (one of ${FIRM_KEYS.join(', ')}); set it per profile, without --firm`,
            pt: `"${key}" não é uma configuração da administradora (uma de ${FIRM_KEYS.join(', ')}); defina-a por perfil, sem --firm`,
          }
        : {
            en: `unknown key "${key}" (one of ${KEYS.join(', ')}; the secret is set by condo auth login)`,
            pt: `chave desconhecida "${key}" (uma de ${KEYS.join(', ')}; o segredo se define com condo auth login)`,
          },
    );
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
    has_secret: Boolean(p.client_secret) || p.secret_store === 'keyring',
    secret_store: store.secretPlace(name).place,
  }));
  await printList(deps, rows, [
    {
      header: { en: 'PROFILE', pt: 'PERFIL' },
      value: (r) => `${r.name}${r.current && deps.format === 'table' ? ' *' : ''}`,
    },
    // the * after the profile says it on a terminal; a firm's fifty stay a table at 80 columns
    { header: { en: 'CURRENT', pt: 'ATUAL' }, value: (r) => (r.current ? 'yes' : ''), words: true, drop: 1 },
    { header: { en: 'BASE URL', pt: 'URL BASE' }, value: (r) => r.base_url, drop: 4 },
    { header: { en: 'CONDOMINIUM', pt: 'CONDOMÍNIO' }, value: (r) => r.condominium },
    { header: { en: 'CLIENT ID', pt: 'ID DO CLIENTE' }, value: (r) => r.client_id, drop: 3 },
    {
      header: { en: 'SCOPES', pt: 'ESCOPOS' },
      value: (r) => (r.scopes ? r.scopes.join(' ') : { en: '(all)', pt: '(todos)' }),
      drop: 2,
    },
    // where each profile's secret is (#56): the keyring, the private file, or none yet; the first to go at 80
    // columns (the rightmost of the lowest)
    { header: { en: 'SECRET', pt: 'SEGREDO' }, value: (r) => r.secret_store, words: true, drop: 1 },
  ]);
  if (deps.format !== 'json')
    deps.info({ en: `config file: ${store.path}`, pt: `arquivo de configuração: ${store.path}` });
  return 0;
}

/** `--firm`: the firm's section instead of a profile (#52). */
export interface FirmOption {
  firm?: boolean;
}

/** The settings a command reads and writes: a profile (which must exist to be read), or the firm's section. */
function settingsOf(deps: Deps, store: ConfigStore, firm: boolean, mustExist: boolean) {
  if (firm) return { label: 'firm', values: store.firm() as Record<string, unknown>, save: store.saveFirm };
  const name = targetProfile(deps, store);
  const profile = store.profile(name);
  if (!profile && mustExist)
    throw new UsageError({ en: `profile "${name}" does not exist`, pt: `o perfil "${name}" não existe` });
  return {
    label: name,
    name,
    values: (profile ?? { base_url: '', condominium: '', client_id: '' }) as unknown as Record<
      string,
      unknown
    >,
    save: (next: Record<string, unknown>) => store.saveProfile(name, next as unknown as Profile),
  };
}

export async function getKey(deps: Deps, key: string, opts: FirmOption = {}): Promise<number> {
  const store = await deps.config();
  const k = profileKey(key, opts.firm);
  const value = settingsOf(deps, store, Boolean(opts.firm), true).values[k];
  // unset: not found (as `git config` answers 1; here 1 means done with something left for a person)
  if (value === undefined) return ExitCode.notFound;
  deps.io.stdout.write(`${Array.isArray(value) ? value.join(' ') : value}\n`);
  return 0;
}

export async function setKey(deps: Deps, key: string, value: string, opts: FirmOption = {}): Promise<number> {
  const store = await deps.config();
  const k = profileKey(key, opts.firm);
  const stored = await checkedValue(k, value);
  const target = settingsOf(deps, store, Boolean(opts.firm), false);
  await target.save({ ...target.values, [k]: stored });
  // A changed identity invalidates the cached token.
  const { profileTokenKey } = await import('../../config/store.js');
  if (target.name !== undefined && IDENTITY.includes(k))
    await store.deleteToken(profileTokenKey(target.name));
  deps.info({ en: `${target.label}.${k} set`, pt: `${target.label}.${k} definido` });
  return 0;
}

/** A setting's value as it is kept, checked: a bad one is refused here, with its reason, not when a run reads it. */
async function checkedValue(k: ProfileKey, value: string): Promise<unknown> {
  const refuse = (en: string, pt: string): never => {
    throw new UsageError({ en: `${k}: ${en}`, pt: `${k}: ${pt}` });
  };
  switch (k) {
    case 'base_url':
      if (!/^https?:\/\/[^\s/]+/.test(value))
        refuse(`"${value}" is not an http(s) URL`, `"${value}" não é uma URL http(s)`);
      return value;
    case 'early_payment_days':
    case 'nfse.payment_days':
      if (!/^\d{1,3}$/.test(value))
        refuse(`"${value}" is not a whole number of days`, `"${value}" não é um número inteiro de dias`);
      return Number(value);
    case 'nfse.withhold_irrf': {
      const yes = /^(yes|true|on|1|sim)$/i.test(value);
      if (!yes && !/^(no|false|off|0|não|nao)$/i.test(value))
        refuse(`"${value}" is not yes or no`, `"${value}" não é sim ou não (yes/no)`);
      return yes;
    }
    case 'scopes':
      return value.split(/[\s,]+/).filter(Boolean);
    // a policy's or rules file's path, and the DDA files' patterns, are kept whole: `condo` runs from any folder
    // afterwards (cron from the home folder)
    case 'policy':
    case 'rules':
    case 'budget':
      return resolve(value);
    case 'budgets': {
      // the firm's folder of budgets, checked now: fifty plans later must not fail on a typo
      const { stat } = await import('node:fs/promises');
      const dir = resolve(value);
      const st = await stat(dir).catch(() => undefined);
      if (!st?.isDirectory())
        refuse(
          `${dir} is not a folder (it holds one <slug>.yaml a condominium)`,
          `${dir} não é uma pasta (ela guarda um <slug>.yaml por condomínio)`,
        );
      return dir;
    }
    case 'charges': {
      // compiled now, each clause checked: a month of debt statements later must not fail on a typo
      const path = resolve(value);
      const { readCharges } = await import('../../app/debt-calc.js');
      await readCharges(path, k);
      return path;
    }
    case 'dda_files':
      return wholePatterns(value);
    case 'administradora_cnpj': {
      const { isValidCnpj } = await import('../../domain/documents.js');
      const digits = value.replace(/\D/g, '');
      if (!isValidCnpj(digits))
        refuse(
          `"${value}" is not a valid CNPJ (14 digits, check digits included)`,
          `"${value}" não é um CNPJ válido (14 dígitos, com os verificadores)`,
        );
      return digits;
    }
    case 'administradora_logo':
      return checkedLogo(resolve(value), refuse);
    default:
      if (value.trim() === '')
        refuse('an empty value: use condo config unset', 'valor vazio: use condo config unset');
      return value.trim();
  }
}

/** A logo is a PNG or a JPEG by its first bytes, and at most 2 MB: read now, so fifty documents later never fail on it. */
async function checkedLogo(path: string, refuse: (en: string, pt: string) => never): Promise<string> {
  const { open } = await import('node:fs/promises');
  const { imageKind, LOGO_MAX_BYTES } = await import('../../domain/images.js');
  const file = await open(path, 'r').catch((e: NodeJS.ErrnoException) =>
    refuse(
      `cannot read ${path}: ${e.code ?? e.message}`,
      `não foi possível ler ${path}: ${e.code ?? e.message}`,
    ),
  );
  try {
    const { size } = await file.stat();
    if (size > LOGO_MAX_BYTES)
      refuse(
        `${path} has ${(size / 1024 / 1024).toFixed(1)} MB; a logo has at most 2 MB`,
        `${path} tem ${(size / 1024 / 1024).toFixed(1).replace('.', ',')} MB; um logo tem no máximo 2 MB`,
      );
    const head = Buffer.alloc(8);
    await file.read(head, 0, 8, 0);
    if (imageKind(head) === null)
      refuse(
        `${path} is not a PNG or a JPEG by its content (its first bytes), whatever its name says`,
        `${path} não é PNG nem JPEG pelo conteúdo (os primeiros bytes), seja qual for o nome`,
      );
  } finally {
    await file.close();
  }
  return path;
}

/** Each of the space-separated patterns whole, from this folder (a Windows path keeps its drive and separators). */
function wholePatterns(value: string): string {
  return value
    .split(/\s+/)
    .filter(Boolean)
    .map((pattern) => resolve(pattern))
    .join(' ');
}

export async function unsetKey(deps: Deps, key: string, opts: FirmOption = {}): Promise<number> {
  const store = await deps.config();
  const k = profileKey(key, opts.firm);
  const target = settingsOf(deps, store, Boolean(opts.firm), true);
  const { [k]: _removed, ...rest } = target.values;
  await target.save(rest);
  const { profileTokenKey } = await import('../../config/store.js');
  if (target.name !== undefined) await store.deleteToken(profileTokenKey(target.name));
  deps.info({ en: `${target.label}.${k} unset`, pt: `${target.label}.${k} removido` });
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
        ? { en: 'no sandbox profiles: nothing to prune', pt: 'nenhum perfil de sandbox: nada a remover' }
        : {
            en: `every sandbox profile's sandbox answers (${sandboxes.length}): nothing to prune`,
            pt: `o sandbox de cada perfil de sandbox responde (${sandboxes.length}): nada a remover`,
          },
    );
    return 0;
  }
  const one = dead.length === 1;
  const question = {
    en: `Remove ${dead.length} sandbox profile${one ? '' : 's'} whose sandbox no longer answers: ${dead.join(', ')}?`,
    pt: `Remover ${dead.length} ${one ? 'perfil' : 'perfis'} de sandbox cujo sandbox não responde mais: ${dead.join(', ')}?`,
  };
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
  deps.info({
    en: `${dead.length} sandbox profiles removed`,
    pt: `${dead.length} perfis de sandbox removidos`,
  });
  return 0;
}

/**
 * Whether a profile's server answers the API's liveness check (GET /api/v1/ping) within 2 s, asked through the
 * client every command uses, with no retry: a refused connection is known at once.
 */
async function answersPing(profile: Profile): Promise<boolean> {
  const { answersPing: pingOf } = await import('../../app/session.js');
  return pingOf({
    baseUrl: profile.base_url,
    condominium: profile.condominium,
    clientId: profile.client_id,
    clientSecret: profile.client_secret ?? '',
  });
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

/**
 * `config migrate-secrets` (#56): the secrets of the profiles logged in before condo used the system's keyring moved
 * there (sandbox profiles stay in the file), or, `--to file`, back. Each profile's move is whole: a keyring that
 * refuses stops the run, the profiles before it moved, that one and those after it as they were.
 */
export async function migrateSecrets(deps: Deps, opts: { to?: string }): Promise<number> {
  const to = (opts.to ?? 'keyring').trim().toLowerCase();
  if (to !== 'keyring' && to !== 'file')
    throw new UsageError({
      en: `--to: "${opts.to}" is not keyring or file`,
      pt: `--to: "${opts.to}" não é keyring nem file`,
    });
  const store = await deps.config();
  const named = deps.globals.profile ?? deps.io.env.CONDO_PROFILE;
  if (named && !store.profile(named))
    throw new UsageError({
      en: `profile "${named}" does not exist (see condo config list)`,
      pt: `o perfil "${named}" não existe (veja condo config list)`,
    });
  const names = named ? [named] : Object.keys(store.profiles()).filter((n) => !store.profile(n)?.sandbox);
  const rows: { profile: string; moved: boolean; secret_store: string; where: string }[] = [];
  for (const name of names) {
    const placed = await store.moveSecret(name, to);
    const now = store.secretPlace(name);
    rows.push({ profile: name, moved: Boolean(placed), secret_store: now.place, where: deps.t(now.where) });
    if (placed?.leftInKeyring)
      deps.warn({
        en: `profile "${name}": the keyring entry (service condo, account ${placed.leftInKeyring}) could not be deleted: remove it with your keyring's own tool`,
        pt: `perfil "${name}": a entrada do chaveiro (serviço condo, conta ${placed.leftInKeyring}) não pôde ser apagada: remova-a com a ferramenta do seu chaveiro`,
      });
  }
  await printList(deps, rows, [
    { header: { en: 'PROFILE', pt: 'PERFIL' }, value: (r) => r.profile },
    { header: { en: 'MOVED', pt: 'MOVIDO' }, value: (r) => (r.moved ? 'yes' : 'no'), words: true },
    { header: { en: 'SECRET', pt: 'SEGREDO' }, value: (r) => r.secret_store, words: true },
    { header: { en: 'WHERE', pt: 'ONDE' }, value: (r) => r.where },
  ]);
  const moved = rows.filter((r) => r.moved).length;
  if (deps.format !== 'json')
    deps.info(
      to === 'keyring'
        ? {
            en: `${moved} secrets moved to the system keyring`,
            pt: `${moved} segredos movidos para o chaveiro do sistema`,
          }
        : {
            en: `${moved} secrets moved to the private file`,
            pt: `${moved} segredos movidos para o arquivo privado`,
          },
    );
  return 0;
}

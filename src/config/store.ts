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

/**
 * The profile store (one JSON file): named profiles, the current profile, and a token cache. `CONDO_CONFIG_DIR` moves
 * it (tests use a temporary one); the file is mode 0600 because it holds client secrets and tokens.
 */

export interface Profile {
  base_url: string;
  condominium: string;
  client_id: string;
  client_secret?: string;
  scopes?: string[];
  /** The condominium's name as the server gave it at login: writes name their target without a call. */
  condominium_name?: string;
  /** Written by `sandbox start` or `sandbox credentials`: its server is a sandbox (and `config prune` may drop it). */
  sandbox?: boolean;
  /** Written by `sandbox start`: its data dir, where `sandbox statement|dda|credentials` read by default. */
  sandbox_data_dir?: string;
  /** The batch preview calls a payment this many days before its due date early (default 7). */
  early_payment_days?: number;
  /** The bank's DDA files the batch preview checks a boleto against (a path or pattern, `banco/DDA-*.ret`). */
  dda_files?: string;
  /** The firm's approval policy file (#34): `batches download` then delivers only approved files. */
  policy?: string;
  /** The firm's reconciliation rules file (#35): `statements reconcile` and `import --rules` read it. */
  rules?: string;
  /** The administradora's name, on the month's document (#36). */
  administradora?: string;
  /** Its CNPJ, its accountant's CRC and its logo (a PNG or JPEG file, kept whole), on the document's cover (#52). */
  administradora_cnpj?: string;
  administradora_crc?: string;
  administradora_logo?: string;
  /** The firm withholds IRRF where the rule needs a company as payer (#55; off by default: SC Cosit 17/2017). */
  'nfse.withhold_irrf'?: boolean;
  /** Days after an invoice's issue its supplier is paid, when neither --due nor a DDA boleto says (#55). */
  'nfse.payment_days'?: number;
}

/**
 * The firm's settings (#52), `condo config set --firm KEY VALUE`: what every profile of the firm shares (its name and
 * logo on fifty documents, its approval policy and rules), each one a profile may set for itself, which then wins.
 */
export type FirmSettings = Partial<Pick<Profile, FirmKey>>;

export interface StoredToken {
  access_token: string;
  expires_at: number;
  /** When it was issued (epoch ms): its lifetime decides when it is renewed. */
  issued_at?: number;
  scope: string[];
}

interface ConfigShape extends Record<string, unknown> {
  current_profile?: string;
  firm?: FirmSettings;
  profiles: Record<string, Profile>;
  tokens: Record<string, StoredToken>;
}

/** The keys the firm's section holds (`config set --firm`): the settings that are the firm's, not one server's. */
export const FIRM_KEYS = [
  'early_payment_days',
  'dda_files',
  'policy',
  'rules',
  'administradora',
  'administradora_cnpj',
  'administradora_crc',
  'administradora_logo',
  'nfse.withhold_irrf',
  'nfse.payment_days',
] as const;
export type FirmKey = (typeof FIRM_KEYS)[number];

/**
 * Keys `condo config get|set|unset` accepts for a profile: who it is, then every firm setting, which a profile may
 * set for itself. The secret is set only by `auth login`.
 */
export const PROFILE_KEYS = ['base_url', 'condominium', 'client_id', 'scopes', ...FIRM_KEYS] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

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
  deleteProfile(name: string): Promise<void>;
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
  options: LockOptions = {},
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
    deleteProfile: (name) =>
      update(({ current_profile, ...c }) => ({
        ...c,
        ...(current_profile !== undefined && current_profile !== name ? { current_profile } : {}),
        profiles: without(c.profiles, name),
        tokens: without(c.tokens, profileTokenKey(name)),
      })),
    token: (key) => read().tokens[key],
    saveToken: (key, token) => update((c) => ({ ...c, tokens: { ...c.tokens, [key]: token } })),
    deleteToken: async (key) => {
      if (key in read().tokens) await update((c) => ({ ...c, tokens: without(c.tokens, key) }));
    },
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

export function profileTokenKey(profile: string): string {
  return `profile:${profile}`;
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

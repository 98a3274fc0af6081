/** A profile as config.json keeps it, the firm's settings, and the cached token (src/config/store.ts). */

export interface Profile {
  base_url: string;
  condominium: string;
  client_id: string;
  /** In the private file only where the keyring is not the place (`secret_store`). */
  client_secret?: string;
  /** `keyring`: the secret and the cached token are in the system's store, under `keyring_account` (#56). */
  secret_store?: 'keyring';
  keyring_account?: string;
  /** When condo said that no keyring answered and the secret went to this file: said once per profile. */
  keyring_fallback_said?: string;
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
  /** The condominium's budget (#68), `billing plan`'s when --budget names none: a profile's own, never the firm's. */
  budget?: string;
  /** The firm's folder of budgets (#68), one `<slug>.yaml` a condominium, where a profile names no budget. */
  budgets?: string;
  /** The charges on a late quota (#69, `encargos.yaml`): the profile's, else the firm's, where --rules names none. */
  charges?: string;
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
  'budgets',
  'charges',
] as const;
export type FirmKey = (typeof FIRM_KEYS)[number];

/**
 * Keys `condo config get|set|unset` accepts for a profile: who it is, then every firm setting, which a profile may
 * set for itself. The secret is set only by `auth login`.
 */
export const PROFILE_KEYS = [
  'base_url',
  'condominium',
  'client_id',
  'scopes',
  'budget',
  ...FIRM_KEYS,
] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

export function profileTokenKey(profile: string): string {
  return `profile:${profile}`;
}

/** The profile a token cache key names, or undefined for one of credentials from the environment (`env:…`). */
export function profileOfTokenKey(key: string): string | undefined {
  return key.startsWith('profile:') ? key.slice('profile:'.length) : undefined;
}
